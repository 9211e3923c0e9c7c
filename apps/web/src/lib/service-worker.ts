/**
 * The service worker (`public/sw.js`): the app shell kept for offline use, and web push. One
 * registration for both: `main.tsx` starts it in production builds (never in the dev server or
 * tests, where a worker keeping files would serve yesterday's code), and web push registers the
 * same worker when it is switched on (push needs it wherever it runs).
 */

export const SERVICE_WORKER_URL = '/sw.js';

/** How often an open page asks whether a new version was deployed (also when shown again, and back online). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** How long the worker that took over has to say which build it is. */
const BUILD_ANSWER_MS = 5_000;

/** Registers the worker for the whole site, or returns the registration already there. */
export function registerServiceWorker(container: ServiceWorkerContainer = navigator.serviceWorker): Promise<ServiceWorkerRegistration | undefined> {
  // typed as always giving one, but a browser whose service workers are blocked by policy gives none
  return container.register(SERVICE_WORKER_URL, { scope: '/' }) as Promise<ServiceWorkerRegistration | undefined>;
}

/** The hashed files (`/assets/…`) this page was built with: its entry script, preloads and styles. */
export function readPageShell(doc: Document = document): string[] {
  const paths = new Set<string>();
  for (const element of doc.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]')) {
    const url = new URL(element instanceof HTMLScriptElement ? element.src : element.href, doc.baseURI);
    if (url.origin === doc.defaultView?.location.origin && url.pathname.startsWith('/assets/')) paths.add(url.pathname);
  }
  return [...paths];
}

/**
 * Whether the page runs an older build than the worker now in charge: a file it was built with is
 * not in the worker's shell. An unbuilt worker (the dev server's) or one that did not say is no
 * reason to reload.
 */
export function isStalePage(pageShell: readonly string[], workerShell: readonly string[] | null): boolean {
  if (!workerShell) return false;
  return pageShell.some((path) => !workerShell.includes(path));
}

/** Asks the worker which build it is: its shell, or null (not built, or no answer in time). */
export function askWorkerShell(worker: ServiceWorker, timeoutMs = BUILD_ANSWER_MS): Promise<string[] | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<{ shell?: unknown }>) => {
      clearTimeout(timer);
      channel.port1.close();
      const shell = event.data?.shell;
      resolve(Array.isArray(shell) ? shell.filter((path): path is string => typeof path === 'string') : null);
    };
    worker.postMessage({ type: 'baitcheck:build?' }, [channel.port2]);
  });
}

/** A click the browser would follow to another page of this app (not a new tab, a download, or `#main`). */
function isInAppMove(event: MouseEvent, win: Window): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target && link.target !== '_self')) return false;
  const to = new URL(link.href, win.location.href);
  return to.origin === win.location.origin && to.pathname + to.search !== win.location.pathname + win.location.search;
}

/**
 * Loads the new version when the person next moves to another screen, never under their hands:
 * what they typed or the result they are reading stays until they leave it (and the scan forms'
 * drafts survive the load). An in-app link is left to the browser, which loads the page whole
 * instead of the router showing it; Back and Forward reload at the new address.
 */
function loadNewVersionOnNextMove(win: Window, reload: () => void, signal: AbortSignal): void {
  win.document.addEventListener(
    'click',
    (event) => {
      // the router (React's listener on #root) never sees the click, so the browser follows the link
      if (isInAppMove(event, win)) event.stopPropagation();
    },
    { capture: true, signal },
  );
  win.addEventListener('popstate', () => reload(), { once: true, signal });
}

/** Asks now and then whether a new version was deployed; a new one takes over by itself (sw.js). */
function keepUpToDate(registration: ServiceWorkerRegistration | undefined, win: Window, signal: AbortSignal): void {
  if (signal.aborted || !registration) return;
  const check = () => {
    registration.update().catch(() => {
      // offline, or the server is away: the next check will do
    });
  };
  win.document.addEventListener(
    'visibilitychange',
    () => {
      if (win.document.visibilityState === 'visible') check();
    },
    { signal },
  );
  win.addEventListener('online', check, { signal });
  const timer = win.setInterval(check, UPDATE_CHECK_MS);
  signal.addEventListener('abort', () => win.clearInterval(timer));
}

interface StartOptions {
  /** Only production builds have a worker that keeps files (Vite's `import.meta.env.PROD`). */
  production?: boolean;
  win?: Window;
  /** How the page reloads (tests watch it). */
  reload?: () => void;
}

/**
 * Registers the worker once the page has loaded (its downloads do not compete with the first
 * screen's) and keeps this page in step with it: what the page loaded before the worker took it
 * over is handed to the worker to keep, and when a newer build takes over, the page loads that
 * build when the person next changes screen. Failures are logged only; the app works without it.
 * Returns what stops it (tests).
 */
export function startServiceWorker({ production = import.meta.env.PROD, win = window, reload = () => win.location.reload() }: StartOptions = {}): () => void {
  const container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  const stopped = new AbortController();
  const stop = () => stopped.abort();
  const { signal } = stopped;
  if (!production || !container) return stop;
  // the iOS and Android apps carry their files with them
  if ((win as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor?.isNativePlatform?.()) return stop;

  // read before any screen's code adds links of its own to the document
  const pageShell = readPageShell(win.document);
  let reloading = false;
  container.addEventListener(
    'controllerchange',
    () => {
      const worker = container.controller;
      if (!worker) return;
      // the files loaded before it was in charge (a first visit): the worker keeps those of its build
      const loaded = (win.performance.getEntriesByType?.('resource') ?? []).map((entry) => entry.name);
      worker.postMessage({ type: 'baitcheck:keep', urls: [...pageShell, ...loaded] });
      void askWorkerShell(worker).then((workerShell) => {
        if (reloading || signal.aborted || !isStalePage(pageShell, workerShell)) return;
        reloading = true;
        loadNewVersionOnNextMove(win, reload, signal);
      });
    },
    { signal },
  );

  const register = () => {
    registerServiceWorker(container).then(
      (registration) => keepUpToDate(registration, win, signal),
      (error: unknown) => console.error('The service worker could not be registered', error),
    );
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true, signal });
  return stop;
}
