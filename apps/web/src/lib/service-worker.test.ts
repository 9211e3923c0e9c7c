import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_WORKER_URL, isStalePage, readPageShell, startServiceWorker } from './service-worker';

const PAGE_SHELL = ['/assets/index-v1.js', '/assets/cn-1.js', '/assets/index-v1.css'];

/** The page as index.html made it: its entry script, a preload and the styles (and a font link of another site). */
function addPageShell() {
  const script = Object.assign(document.createElement('script'), { type: 'module', src: PAGE_SHELL[0] });
  const preload = Object.assign(document.createElement('link'), { rel: 'modulepreload', href: PAGE_SHELL[1] });
  const styles = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: PAGE_SHELL[2] });
  const foreign = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: 'https://fonts.example/assets/x.css' });
  const elements = [script, preload, styles, foreign];
  document.head.append(...elements);
  return () => elements.forEach((element) => element.remove());
}

/** A worker that says which build it is, as public/sw.js does, or never answers. */
function makeWorker(shell: string[] | null | 'silent') {
  return {
    postMessage: vi.fn((message: { type: string }, transfer?: MessagePort[]) => {
      if (message.type === 'baitcheck:build?' && shell !== 'silent') transfer?.[0]?.postMessage({ type: 'baitcheck:build', shell });
    }),
  };
}

/** navigator.serviceWorker, with the registration it gives and who is in charge of the page. */
function installContainer({ refuse = false, noRegistration = false }: { refuse?: boolean; noRegistration?: boolean } = {}) {
  const registration = { update: vi.fn(async () => undefined) };
  const container = Object.assign(new EventTarget(), {
    controller: null as ReturnType<typeof makeWorker> | null,
    register: vi.fn(async () => {
      if (refuse) throw new DOMException('The operation is insecure.', 'SecurityError');
      // a browser whose service workers are blocked (Playwright's serviceWorkers: 'block') answers with none
      return noRegistration ? undefined : registration;
    }),
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  /** A new worker takes the page over (skipWaiting and claim in sw.js). */
  const takeOver = (worker: ReturnType<typeof makeWorker>) => {
    container.controller = worker;
    container.dispatchEvent(new Event('controllerchange'));
  };
  return { container, registration, takeOver };
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  vi.restoreAllMocks();
});

function start(options: Parameters<typeof startServiceWorker>[0] = {}) {
  const stop = startServiceWorker({ production: true, ...options });
  cleanups.push(stop);
  return stop;
}

/** Clicks a link as a person would, and tells whether the app's router (a listener below the document) saw it. */
function clickLink(href: string, attributes: Record<string, string> = {}) {
  const link = Object.assign(document.createElement('a'), { href, textContent: 'go' });
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.body.append(link);
  let routerSaw = false;
  // the router's own handler: it takes the click from the browser (no page load)
  const router = (event: Event) => {
    routerSaw = true;
    event.preventDefault();
  };
  document.body.addEventListener('click', router);
  // after the module's own listener (same place, added later): jsdom cannot load pages
  const noNavigation = (event: Event) => event.preventDefault();
  document.addEventListener('click', noNavigation, true);
  link.click();
  document.body.removeEventListener('click', router);
  document.removeEventListener('click', noNavigation, true);
  link.remove();
  return routerSaw;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the service worker registration (lib/service-worker.ts)', () => {
  it('registers nothing in the dev server or tests: only production builds', () => {
    const { container } = installContainer();
    cleanups.push(startServiceWorker());
    expect(container.register).not.toHaveBeenCalled();
  });

  it('registers /sw.js for the whole site once the page has loaded', async () => {
    const { container } = installContainer();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    start();
    expect(container.register).not.toHaveBeenCalled();
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_URL, { scope: '/' });
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
  });

  it('logs a refused registration, and the app goes on without it', async () => {
    installContainer({ refuse: true });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    start();
    await flush();
    expect(error).toHaveBeenCalledWith('The service worker could not be registered', expect.any(DOMException));
  });

  it('registers nothing in the iOS and Android apps, nor where the browser has no service workers', () => {
    const { container } = installContainer();
    vi.stubGlobal('Capacitor', { isNativePlatform: () => true });
    try {
      start();
      expect(container.register).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    expect(() => start()).not.toThrow();
  });

  it('asks whether a new version was deployed when the page is shown again', async () => {
    const { registration } = installContainer();
    start();
    await flush();
    expect(registration.update).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(registration.update).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('asks nothing, and throws nothing, when the browser registered no worker (service workers blocked)', async () => {
    installContainer({ noRegistration: true });
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error);
    window.addEventListener('error', onError);
    start();
    await flush();
    expect(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('online'));
    }).not.toThrow();
    window.removeEventListener('error', onError);
    expect(errors).toEqual([]);
  });

  it("reads the page's own build from its document: the hashed files of this site only", () => {
    cleanups.push(addPageShell());
    expect(readPageShell().sort()).toEqual([...PAGE_SHELL].sort());
    expect(isStalePage(PAGE_SHELL, [...PAGE_SHELL, '/index.html'])).toBe(false);
    expect(isStalePage(PAGE_SHELL, ['/index.html', '/assets/index-v2.js', '/assets/cn-1.js', '/assets/index-v1.css'])).toBe(true);
    // a worker that keeps nothing (the dev server's), or did not say: no reason to reload
    expect(isStalePage(PAGE_SHELL, null)).toBe(false);
  });

  it('hands the worker that takes the page over what the page loaded before it', async () => {
    cleanups.push(addPageShell());
    const { takeOver } = installContainer();
    start();
    const worker = makeWorker(PAGE_SHELL);
    takeOver(worker);
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'baitcheck:keep', urls: expect.arrayContaining(PAGE_SHELL) });
  });

  it('keeps the page as it is when the worker that takes over is of its own build', async () => {
    cleanups.push(addPageShell());
    const { takeOver } = installContainer();
    const reload = vi.fn();
    start({ reload });
    takeOver(makeWorker(['/index.html', ...PAGE_SHELL]));
    await flush();
    expect(clickLink('/history')).toBe(true);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('loads a newer build at the next move to another screen, never under the person’s hands', async () => {
    cleanups.push(addPageShell());
    const { takeOver } = installContainer();
    const reload = vi.fn();
    start({ reload });
    takeOver(makeWorker(['/index.html', '/assets/index-v2.js', '/assets/cn-1.js', '/assets/index-v1.css']));
    await flush();
    // nothing happens until they move: what they typed or are reading stays
    expect(reload).not.toHaveBeenCalled();
    // not a move: a new tab, a download, another site, the page's own #main
    expect(clickLink('/history', { target: '_blank' })).toBe(true);
    expect(clickLink('/export.csv', { download: '' })).toBe(true);
    expect(clickLink('https://other.example/')).toBe(true);
    expect(clickLink('#main')).toBe(true);
    // an in-app link: the browser follows it itself (a whole page load), the router never sees it
    expect(clickLink('/history')).toBe(false);
    // Back or Forward: the page at the new address is loaded again
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload on the word of a worker that does not answer', async () => {
    cleanups.push(addPageShell());
    const { takeOver } = installContainer();
    const reload = vi.fn();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      start({ reload });
      takeOver(makeWorker('silent'));
      await vi.advanceTimersByTimeAsync(10_000);
    } finally {
      vi.useRealTimers();
    }
    expect(clickLink('/history')).toBe(true);
  });
});
