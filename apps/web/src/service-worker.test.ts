import { File as NodeFile } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BUILD_MARKER, describeBuild, injectBuild, shellOf, type ServiceWorkerBuild } from '../vite-plugins/service-worker-build';

const SOURCE = readFileSync(join(import.meta.dirname, '../public/sw.js'), 'utf8');
const ORIGIN = 'https://baitcheck.test';

type Listener = (event: Record<string, unknown>) => void;
type RequestLike = Request | { url: string; method?: string; mode?: string } | string;

const urlOf = (input: RequestLike) => new URL(typeof input === 'string' ? input : input.url, ORIGIN).href;

/** The browser's Cache Storage, in memory: one Map of URL to response per cache name. */
class FakeCache {
  readonly entries = new Map<string, Response>();
  async match(input: RequestLike) {
    return this.entries.get(urlOf(input))?.clone();
  }
  async put(input: RequestLike, response: Response) {
    this.entries.set(urlOf(input), response);
  }
  async delete(input: RequestLike) {
    return this.entries.delete(urlOf(input));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  paths() {
    return [...this.entries.keys()].map((url) => new URL(url).pathname).sort();
  }
}

class FakeCacheStorage {
  readonly stores = new Map<string, FakeCache>();
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new FakeCache());
    return this.stores.get(name)!;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
}

/**
 * The server and the connection: `files` by path (a missing one is a 404, a page navigation gets
 * index.html), `online` false makes
 * every fetch fail as a browser's does. Every request is recorded with its full address.
 */
function makeNetwork(files: Record<string, string> = {}) {
  const network = {
    files,
    online: true,
    requested: [] as string[],
    fetch: vi.fn(async (input: RequestLike) => {
      const url = urlOf(input);
      network.requested.push(url);
      if (!network.online) throw new TypeError('Failed to fetch');
      // like the server: a page navigation to any app path gets index.html
      const navigation = typeof input === 'object' && input.mode === 'navigate';
      const body = network.files[new URL(url).pathname] ?? (navigation ? network.files['/index.html'] : undefined);
      return body === undefined ? new Response('not found', { status: 404 }) : new Response(body, { status: 200 });
    }),
  };
  return network;
}

/** Requests as a worker sees them; relative addresses are the worker's origin's, as in a browser. */
class WorkerRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, ORIGIN).href : input, init);
  }
}

/** Runs public/sw.js (or `source`) against a stand-in for the service worker's global scope, as the browser would. */
function loadWorker(
  windows: Array<{ url: string }> = [],
  { source = SOURCE, caches = new FakeCacheStorage(), network = makeNetwork() }: { source?: string; caches?: FakeCacheStorage; network?: ReturnType<typeof makeNetwork> } = {},
) {
  // a worker may add several listeners for one event, as sw.js does for fetch
  const listeners = new Map<string, Listener[]>();
  const shown: Array<{ title: string; options: Record<string, unknown> }> = [];
  const clients = windows.map((w) => ({ ...w, focus: vi.fn(async () => undefined), postMessage: vi.fn() }));
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (name: string, listener: Listener) => listeners.set(name, [...(listeners.get(name) ?? []), listener]),
    skipWaiting: vi.fn(),
    registration: { showNotification: vi.fn(async (title: string, options: Record<string, unknown>) => void shown.push({ title, options })) },
    clients: { claim: vi.fn(), matchAll: vi.fn(async () => clients), openWindow: vi.fn(async () => undefined) },
  };
  new Function('self', 'caches', 'fetch', 'Request', source)(self, caches, network.fetch, WorkerRequest);
  /** Dispatches an event and waits for what it asked the browser to wait for. */
  const dispatch = async (name: string, event: Record<string, unknown>) => {
    const pending: Array<Promise<unknown>> = [];
    for (const listener of listeners.get(name)!) listener({ ...event, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  };
  /**
   * A fetch as the page makes it: the worker's answer, or undefined when it left the request to
   * the browser (no respondWith). Waits for what the worker keeps afterwards too.
   */
  const request = async (path: string, { mode = 'cors', method = 'GET', body }: { mode?: string; method?: string; body?: FormData | Error } = {}) => {
    let answer: Promise<Response> | undefined;
    const pending: Array<Promise<unknown>> = [];
    // every listener hears the request; the first to answer it answers
    const event = {
      request: { url: new URL(path, ORIGIN).href, method, mode, formData: async () => (body instanceof Error ? Promise.reject(body) : (body ?? new FormData())) },
      respondWith: (p: Promise<Response>) => (answer ??= p),
      waitUntil: (p: Promise<unknown>) => pending.push(p),
    };
    for (const listener of listeners.get('fetch') ?? []) listener(event);
    if (!answer) return undefined;
    const response = await answer;
    await Promise.all(pending);
    return response;
  };
  return { self, shown, clients, dispatch, request, listeners, caches, network };
}

const payload = { type: 'phishing_alert', messageId: 'm-1', title: 'Phishing detected', body: 'A text message from +1 555 0100 looks like phishing.', url: '/history?messageId=m-1', notificationId: 'n-1' };
const pushEvent = (data: unknown) => ({ data: { json: () => data, text: () => JSON.stringify(data) } });

describe('the service worker (public/sw.js)', () => {
  it('shows a push as a notification, one per alert, carrying where a tap goes', async () => {
    const worker = loadWorker();
    await worker.dispatch('push', pushEvent(payload));
    expect(worker.shown).toEqual([
      {
        title: 'Phishing detected',
        options: expect.objectContaining({ body: payload.body, tag: 'n-1', icon: '/icons/icon-192.png', data: { url: '/history?messageId=m-1', type: 'phishing_alert', messageId: 'm-1' } }),
      },
    ]);
  });

  it('opens the History entry of a phishing alert, and Home for a security update, in a new window when none is open', async () => {
    const worker = loadWorker();
    const close = vi.fn();
    await worker.dispatch('notificationclick', { notification: { close, data: { url: '/history?messageId=m-1', type: 'phishing_alert', messageId: 'm-1' } } });
    expect(close).toHaveBeenCalled();
    expect(worker.self.clients.openWindow).toHaveBeenCalledWith('/history?messageId=m-1');
    // a push without a url: the spec's targets
    await worker.dispatch('notificationclick', { notification: { close, data: { type: 'security_update', messageId: null } } });
    expect(worker.self.clients.openWindow).toHaveBeenLastCalledWith('/');
    await worker.dispatch('notificationclick', { notification: { close, data: { type: 'phishing_alert', messageId: 'a b' } } });
    expect(worker.self.clients.openWindow).toHaveBeenLastCalledWith('/history?messageId=a%20b');
  });

  it('moves an open Baitcheck window to the entry instead of opening another, and never leaves the site', async () => {
    const worker = loadWorker([{ url: `${ORIGIN}/scan` }]);
    await worker.dispatch('notificationclick', { notification: { close: vi.fn(), data: { url: '/history?messageId=m-1' } } });
    expect(worker.clients[0]!.focus).toHaveBeenCalled();
    expect(worker.clients[0]!.postMessage).toHaveBeenCalledWith({ type: 'baitcheck:navigate', url: '/history?messageId=m-1' });
    expect(worker.self.clients.openWindow).not.toHaveBeenCalled();
    await worker.dispatch('notificationclick', { notification: { close: vi.fn(), data: { url: 'https://evil.example/login' } } });
    expect(worker.clients[0]!.postMessage).toHaveBeenLastCalledWith({ type: 'baitcheck:navigate', url: '/' });
  });
});

// ---- Offline (issue 20): a build as vite-plugins/service-worker-build.ts describes it ----

const indexOf = (entry: string, css: string) =>
  `<!doctype html><html><head><link rel="icon" href="/favicon.svg" type="image/svg+xml" /><link rel="manifest" href="/manifest.webmanifest" />` +
  `<script type="module" crossorigin src="${entry}"></script><link rel="modulepreload" crossorigin href="/assets/cn-1.js">` +
  `<link rel="stylesheet" crossorigin href="${css}"></head><body><div id="root"></div></body></html>`;

/** A deployed build: its files on the server, and the worker source the build makes for it. */
function deploy(version: 'v1' | 'v2') {
  const html = version === 'v1' ? indexOf('/assets/index-v1.js', '/assets/index-v1.css') : indexOf('/assets/index-v2.js', '/assets/index-v1.css');
  const files: Record<string, string> = {
    '/index.html': html,
    [`/assets/index-${version}.js`]: `entry ${version}`,
    '/assets/index-v1.css': 'body{}',
    '/assets/cn-1.js': 'shared',
    // the Scan screen's chunk is the same in both builds; History's changed in v2
    '/assets/scan-page-1.js': 'scan screen',
    [version === 'v1' ? '/assets/history-page-1.js' : '/assets/history-page-2.js']: `history ${version}`,
    '/favicon.svg': '<svg/>',
    '/manifest.webmanifest': '{"name":"Baitcheck"}',
  };
  const built = Object.keys(files).filter((path) => path.startsWith('/assets/'));
  const build = describeBuild(html, built, (path) => files[path]!);
  return { files, build, source: injectBuild(SOURCE, build) };
}

/** A worker of `build` installed and activated, as the browser does on a first visit. */
async function installed(version: 'v1' | 'v2', caches = new FakeCacheStorage(), network = makeNetwork()) {
  const { files, build, source } = deploy(version);
  network.files = files;
  const worker = loadWorker([], { source, caches, network });
  await worker.dispatch('install', {});
  await worker.dispatch('activate', {});
  return { ...worker, build };
}

describe('the build tells the worker what to keep (vite-plugins/service-worker-build.ts)', () => {
  it("keeps index.html and every file of ours it loads, never another site's", () => {
    const html = indexOf('/assets/index-v1.js', '/assets/index-v1.css') + '<script src="https://cdn.example/x.js"></script><img src="//cdn.example/y.png">';
    expect(shellOf(html).sort()).toEqual(['/assets/cn-1.js', '/assets/index-v1.css', '/assets/index-v1.js', '/favicon.svg', '/index.html', '/manifest.webmanifest']);
  });

  it('versions a build by every byte whose file name does not say it: a changed favicon or OCR model is a new version', () => {
    const html = indexOf('/assets/index-v1.js', '/assets/index-v1.css');
    const read = (bytes: Record<string, string>) => (path: string) => bytes[path] ?? 'x';
    const files = ['/assets/index-v1.js', '/assets/index-v1.css', '/assets/cn-1.js', '/ocr/eng.traineddata.gz'];
    const first = describeBuild(html, files, read({}));
    expect(first.version).toMatch(/^[0-9a-f]{16}$/);
    expect(describeBuild(html, files, read({})).version).toBe(first.version);
    expect(describeBuild(html, files, read({ '/favicon.svg': '<svg>new</svg>' })).version).not.toBe(first.version);
    expect(describeBuild(html, files, read({ '/ocr/eng.traineddata.gz': 'new model' })).version).not.toBe(first.version);
    expect(describeBuild(html, [...files, '/assets/history-page-2.js'], read({})).version).not.toBe(first.version);
    // a hashed file is known by its name, which changes with its bytes
    expect(describeBuild(html, files, read({ '/assets/cn-1.js': 'other' })).version).toBe(first.version);
    expect(first.files).toEqual(['/ocr/eng.traineddata.gz']);
  });

  it('fills in the marker of public/sw.js once, and refuses a worker without it', () => {
    expect(SOURCE.split(BUILD_MARKER)).toHaveLength(2);
    const build: ServiceWorkerBuild = { version: 'abc', shell: ['/index.html'], files: [] };
    expect(injectBuild(SOURCE, build)).toContain('const BUILD = {"version":"abc","shell":["/index.html"],"files":[]};');
    expect(() => injectBuild('self.addEventListener("push", () => {});', build)).toThrow(/no longer holds/);
  });
});

describe('the service worker offline', () => {
  it('as the dev server serves it (no build): keeps nothing, answers nothing, and clears what a build kept', async () => {
    const caches = new FakeCacheStorage();
    await (await caches.open('baitcheck-old')).put('/index.html', new Response('old'));
    await caches.open('someone-else');
    const worker = loadWorker([], { caches });
    await worker.dispatch('install', {});
    await worker.dispatch('activate', {});
    // pages and files are the browser's (the only request it answers is a share: POST /share)
    expect(await worker.request('/index.html', { mode: 'navigate' })).toBeUndefined();
    expect(await worker.request('/assets/index-v1.js')).toBeUndefined();
    expect(await caches.keys()).toEqual(['someone-else']);
    expect(worker.self.skipWaiting).toHaveBeenCalled();
    expect(worker.self.clients.claim).toHaveBeenCalled();
    expect(worker.network.requested).toEqual([]);
  });

  it("keeps the build's app shell at install, in a cache named by its version, and takes over at once", async () => {
    const worker = await installed('v1');
    expect(await worker.caches.keys()).toEqual([`baitcheck-${worker.build.version}`]);
    expect(worker.caches.stores.get(`baitcheck-${worker.build.version}`)!.paths()).toEqual([
      '/assets/cn-1.js',
      '/assets/index-v1.css',
      '/assets/index-v1.js',
      '/favicon.svg',
      '/index.html',
      '/manifest.webmanifest',
    ]);
    expect(worker.self.skipWaiting).toHaveBeenCalled();
    expect(worker.self.clients.claim).toHaveBeenCalled();
  });

  it("fails the install (the worker before stays) when a file is missing, or index.html is another build's", async () => {
    const { files, source } = deploy('v1');
    const missing = makeNetwork({ ...files });
    delete missing.files['/assets/index-v1.css'];
    await expect(loadWorker([], { source, network: missing }).dispatch('install', {})).rejects.toThrow('/assets/index-v1.css answered 404');
    // deployed again between fetching sw.js and index.html
    const newer = makeNetwork({ ...files, '/index.html': deploy('v2').files['/index.html']! });
    await expect(loadWorker([], { source, network: newer }).dispatch('install', {})).rejects.toThrow(/not this build's.*index-v1\.js/);
  });

  it("asks the network first for a page, and answers with the build's index.html when offline", async () => {
    const worker = await installed('v1');
    worker.network.files['/index.html'] = 'the latest deploy';
    const online = await worker.request('/history?messageId=m-1', { mode: 'navigate' });
    expect(await online!.text()).toBe('the latest deploy');
    worker.network.online = false;
    for (const path of ['/', '/history?messageId=m-1', '/settings']) {
      const offline = await worker.request(path, { mode: 'navigate' });
      expect(await offline!.text(), path).toBe(indexOf('/assets/index-v1.js', '/assets/index-v1.css'));
    }
  });

  it('never answers or keeps anything under /api, however it is spelled, nor requests other than GET or to other sites', async () => {
    const worker = await installed('v1');
    const before = worker.network.requested.length;
    for (const [path, mode] of [
      ['/api/health', 'cors'],
      ['/api/notifications/stream', 'cors'],
      ['/api', 'cors'],
      // the server's router decodes the path: this is /api/… to it
      ['/%61pi/family/join', 'navigate'],
      ['/api/family/join', 'navigate'],
      ['https://other.example/assets/x.js', 'cors'],
    ] as const) {
      expect(await worker.request(path, { mode }), path).toBeUndefined();
    }
    expect(await worker.request('/scan', { method: 'POST', mode: 'navigate' })).toBeUndefined();
    expect(worker.network.requested.length).toBe(before);
    worker.network.online = false;
    // offline, the app sees the failure itself (the banner says offline, a scan says it failed)
    expect(await worker.request('/api/protection-status')).toBeUndefined();
  });

  it('answers hashed files from the cache first and keeps those fetched, so a screen opened once opens offline', async () => {
    const worker = await installed('v1');
    const cache = worker.caches.stores.get(`baitcheck-${worker.build.version}`)!;
    const first = await worker.request('/assets/scan-page-1.js');
    expect(await first!.text()).toBe('scan screen');
    expect(cache.paths()).toContain('/assets/scan-page-1.js');
    // a file that is not there is not kept
    expect((await worker.request('/assets/gone-9.js'))!.status).toBe(404);
    expect(cache.paths()).not.toContain('/assets/gone-9.js');
    worker.network.online = false;
    const requested = worker.network.requested.length;
    expect(await (await worker.request('/assets/scan-page-1.js'))!.text()).toBe('scan screen');
    expect(await (await worker.request('/favicon.svg'))!.text()).toBe('<svg/>');
    expect(worker.network.requested.length).toBe(requested);
    await expect(worker.request('/assets/history-page-1.js')).rejects.toThrow('Failed to fetch');
  });

  it('opens a share to the app from the kept page: the shared text is sent to no server', async () => {
    const worker = await installed('v1');
    const requested = worker.network.requested.length;
    const page = await worker.request('/scan?text=Your%20parcel%20is%20held&url=https%3A%2F%2Fdhl-redelivery.info', { mode: 'navigate' });
    expect(await page!.text()).toBe(indexOf('/assets/index-v1.js', '/assets/index-v1.css'));
    expect(worker.network.requested.length).toBe(requested);
    // nothing kept yet (the cache was cleared): the page is asked for without the share
    await worker.caches.delete(`baitcheck-${worker.build.version}`);
    await worker.request('/scan?title=Hi&text=Your%20parcel%20is%20held', { mode: 'navigate' });
    expect(worker.network.requested.slice(requested)).toEqual([`${ORIGIN}/index.html`]);
  });

  it("on an update, keeps the new build's shell, takes over the hashed files both builds have, and deletes the old cache", async () => {
    const caches = new FakeCacheStorage();
    const network = makeNetwork();
    const v1 = await installed('v1', caches, network);
    await v1.request('/assets/scan-page-1.js');
    await v1.request('/assets/history-page-1.js');
    const v2 = deploy('v2');
    network.files = v2.files;
    const next = loadWorker([], { source: v2.source, caches, network });
    await next.dispatch('install', {});
    // both caches while the new worker waits to take over
    expect((await caches.keys()).sort()).toEqual([`baitcheck-${v1.build.version}`, `baitcheck-${v2.build.version}`].sort());
    await next.dispatch('activate', {});
    expect(await caches.keys()).toEqual([`baitcheck-${v2.build.version}`]);
    expect(caches.stores.get(`baitcheck-${v2.build.version}`)!.paths()).toEqual([
      '/assets/cn-1.js',
      '/assets/index-v1.css',
      '/assets/index-v2.js',
      // visited under v1 and unchanged: still there offline
      '/assets/scan-page-1.js',
      '/favicon.svg',
      '/index.html',
      '/manifest.webmanifest',
    ]);
    network.online = false;
    expect(await (await next.request('/', { mode: 'navigate' }))!.text()).toBe(v2.files['/index.html']);
  });

  it('tells the page which build it is, and keeps what the page loaded before it was in charge (its own files only)', async () => {
    const worker = await installed('v1');
    const port = { postMessage: vi.fn() };
    await worker.dispatch('message', { data: { type: 'baitcheck:build?' }, ports: [port] });
    expect(port.postMessage).toHaveBeenCalledWith({ type: 'baitcheck:build', version: worker.build.version, shell: worker.build.shell });
    await worker.dispatch('message', {
      data: {
        type: 'baitcheck:keep',
        urls: [`${ORIGIN}/assets/scan-page-1.js`, `${ORIGIN}/api/protection-status`, 'https://other.example/assets/history-page-1.js', `${ORIGIN}/assets/not-of-this-build.js`, 'not a url:'],
      },
      ports: [],
    });
    const kept = worker.caches.stores.get(`baitcheck-${worker.build.version}`)!.paths();
    expect(kept).toContain('/assets/scan-page-1.js');
    expect(kept).not.toContain('/assets/not-of-this-build.js');
    expect(worker.network.requested.some((url) => url.includes('/api/') || url.includes('other.example'))).toBe(false);
  });
});

describe('the service worker as the share target (POST /share)', () => {
  // the form as the worker reads it (Node's File: jsdom's cannot go into a Response, a browser's can)
  const shareOf = (fields: Record<string, string | NodeFile | NodeFile[]>) =>
    ({
      get: (name: string) => [fields[name] ?? null].flat()[0],
      getAll: (name: string) => (name in fields ? [fields[name]].flat() : []),
    }) as unknown as FormData;

  it.each([['with a build', 'v1'], ['as the dev server serves it', null]] as const)('keeps a shared picture for the Scan screen and opens it (%s)', async (_, version) => {
    const caches = new FakeCacheStorage();
    const worker = version ? loadWorker([], { caches, source: deploy(version).source }) : loadWorker([], { caches });
    const picture = new NodeFile([new Uint8Array([137, 80, 78, 71])], 'Screenshot 1.png', { type: 'image/png' });
    const res = (await worker.request('/share', { method: 'POST', mode: 'navigate', body: shareOf({ image: picture, text: '' }) }))!;
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${ORIGIN}/scan?image=1`);
    const kept = (await (await caches.open('shared-image')).match('/shared-image'))!;
    expect(kept.headers.get('content-type')).toBe('image/png');
    expect(decodeURIComponent(kept.headers.get('x-file-name')!)).toBe('Screenshot 1.png');
    expect(new Uint8Array(await kept.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
    expect(worker.network.requested).toEqual([]);
  });

  it('opens the Scan screen with a shared text and link, and says when a picture is too large or the share unreadable', async () => {
    const caches = new FakeCacheStorage();
    const worker = loadWorker([], { caches });
    const text = await worker.request('/share', { method: 'POST', mode: 'navigate', body: shareOf({ title: 'Parcel', text: 'Pay 1.99 now', url: 'https://pay.example/x' }) });
    expect(new URL(text!.headers.get('location')!).search).toBe('?title=Parcel&text=Pay+1.99+now&url=https%3A%2F%2Fpay.example%2Fx');
    const huge = new NodeFile([new Uint8Array(15 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    const big = await worker.request('/share', { method: 'POST', mode: 'navigate', body: shareOf({ image: huge }) });
    expect(big!.headers.get('location')).toBe(`${ORIGIN}/scan?image=too-big`);
    expect(await (await caches.open('shared-image')).match('/shared-image')).toBeUndefined();
    // a body that is not a form
    const broken = await worker.request('/share', { method: 'POST', mode: 'navigate', body: new TypeError('not a form') });
    expect(broken!.headers.get('location')).toBe(`${ORIGIN}/scan?image=failed`);
    // any other POST is the browser's, /share on another site included
    expect(await worker.request('/api/scan/text', { method: 'POST' })).toBeUndefined();
    expect(await worker.request('https://elsewhere.example/share', { method: 'POST', mode: 'navigate', body: shareOf({ text: 'x' }) })).toBeUndefined();
  });

  it('keeps the first picture when several files are shared, whatever comes before it', async () => {
    const caches = new FakeCacheStorage();
    const worker = loadWorker([], { caches });
    const notes = new NodeFile(['not a picture'], 'first.png', { type: 'text/plain' });
    const picture = new NodeFile([new Uint8Array([137, 80, 78, 71])], 'second.png', { type: 'image/png' });
    const res = await worker.request('/share', { method: 'POST', mode: 'navigate', body: shareOf({ image: [notes, picture] }) });
    expect(res!.headers.get('location')).toBe(`${ORIGIN}/scan?image=1`);
    const kept = (await (await caches.open('shared-image')).match('/shared-image'))!;
    expect(decodeURIComponent(kept.headers.get('x-file-name')!)).toBe('second.png');
    // no picture at all: the file is kept, and the Scan screen says it is not a picture
    await worker.request('/share', { method: 'POST', mode: 'navigate', body: shareOf({ image: [notes] }) });
    expect((await (await caches.open('shared-image')).match('/shared-image'))!.headers.get('content-type')).toBe('text/plain');
  });
});
