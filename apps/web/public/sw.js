/*
 * Baitcheck's service worker, scope `/` (plain JavaScript, served as is: it is not bundled; the
 * build only fills in BUILD below). One worker per scope, so it does both jobs:
 * - web push (issue 19): shows the alerts the server pushes, and a tap opens the page they name;
 * - offline (issue 20): each build's app shell (index.html and what it loads) is kept at install,
 *   so the app opens without a connection; pages are asked of the network first, the build's own
 *   files of the cache first. Nothing under /api is ever answered or kept here: the app must see
 *   the network as it is (the offline banner, a failed scan).
 * README, "Install Baitcheck on a phone", says the same for people.
 */

/**
 * This build: { version, shell: [paths kept at install], files: [the build's other paths] }.
 * Filled in by vite-plugins/service-worker-build.ts; null as served by the dev server, where the
 * worker keeps nothing and answers nothing (push only).
 */
const BUILD = /* @baitcheck-build */ null;

const CACHE_PREFIX = 'baitcheck-';
const CACHE = BUILD ? `${CACHE_PREFIX}${BUILD.version}` : null;
const SHELL_PAGE = '/index.html';
/** What a share to the app (the manifest's share_target, GET /scan) carries. */
const SHARE_PARAMS = ['title', 'text', 'url'];

// A new version takes over at once (skipWaiting, then claim): the page it takes from an older
// one notices and reloads itself when it next changes screen (src/lib/service-worker.ts).
self.addEventListener('install', (event) => {
  self.skipWaiting();
  if (BUILD) event.waitUntil(keepShell());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // the versions before this one, and everything when this one keeps nothing (dev)
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

/**
 * Fetches this build's shell into its cache; any file missing fails the install, so the worker
 * before stays in charge and the browser tries again later. index.html is checked to be this
 * build's (a deploy between fetching sw.js and index.html would pair another build's page with
 * these files). Then the hashed files the version before kept and this build still has are taken
 * over, so screens opened before still open offline.
 */
async function keepShell() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    BUILD.shell.map(async (path) => {
      // hashed files may come from the HTTP cache; the rest are revalidated
      const response = await fetch(new Request(path, { cache: isHashed(path) ? 'default' : 'no-cache' }));
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      if (path === SHELL_PAGE) {
        const html = await response.clone().text();
        const missing = BUILD.shell.filter((file) => isHashed(file) && !html.includes(file));
        if (missing.length > 0) throw new Error(`${SHELL_PAGE} is not this build's: it does not load ${missing.join(', ')}`);
      }
      await cache.put(path, response);
    }),
  );
  const wanted = new Set(BUILD.files.filter(isHashed));
  for (const name of await caches.keys()) {
    if (!name.startsWith(CACHE_PREFIX) || name === CACHE) continue;
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      const path = new URL(request.url).pathname;
      if (!wanted.has(path) || (await cache.match(path))) continue;
      const response = await old.match(request);
      if (response) await cache.put(path, response);
    }
  }
}

/** Vite's hashed files: a name under /assets/ never changes its bytes. */
function isHashed(path) {
  return path.startsWith('/assets/');
}

/** Where a tap goes when the push named no page (spec: a phishing alert opens its History entry, a security update Home). */
function fallbackUrl(data) {
  if (data.type === 'phishing_alert' && data.messageId) return `/history?messageId=${encodeURIComponent(data.messageId)}`;
  return '/';
}

// The server's push payload: { type, messageId, title, body, url, notificationId }.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = data.title || 'Baitcheck';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || '',
      // one notification per alert: a repeat of the same alert replaces it
      tag: data.notificationId || undefined,
      data: { url: data.url || fallbackUrl(data), type: data.type, messageId: data.messageId ?? null },
      // a PNG: Android does not draw an SVG notification icon
      icon: '/icons/icon-192.png',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  let target = new URL(data.url || fallbackUrl(data), self.location.origin);
  // only ever our own pages
  if (target.origin !== self.location.origin) target = new URL('/', self.location.origin);
  const path = target.pathname + target.search + target.hash;

  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        // The page moves in the app (no reload, drafts kept); it listens for this message.
        open.postMessage({ type: 'baitcheck:navigate', url: path });
        return;
      }
      await self.clients.openWindow(path);
    })(),
  );
});

/** /api and below, as the server's router sees the path (it decodes it: /%61pi/… is /api/…). */
function isApiPath(pathname) {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // a malformed escape: the server refuses it too; the raw path is checked
  }
  return [pathname, decoded].some((path) => path === '/api' || path.startsWith('/api/'));
}

/** A share to the app: the text shared is read by the page, and sent to no server. */
function isShare(url) {
  return url.pathname === '/scan' && SHARE_PARAMS.some((name) => url.searchParams.has(name));
}

/** A page: the network's answer (always this server's latest), this build's index.html offline. */
async function answerNavigation(request, url) {
  const cache = await caches.open(CACHE);
  if (isShare(url)) {
    // GET /scan?text=… would put the shared message in a request to the server (DESIGN.md:
    // nothing is sent that the person did not ask for): the page comes from here, or is asked
    // for without the query
    return (await cache.match(SHELL_PAGE, { ignoreVary: true })) ?? fetch(SHELL_PAGE);
  }
  try {
    return await fetch(request);
  } catch (error) {
    const page = await cache.match(SHELL_PAGE, { ignoreVary: true });
    if (page) return page;
    throw error;
  }
}

/** A file of the build: from this build's cache, else the network's answer, kept when whole (200). */
async function answerFile(event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(event.request, { ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.status === 200) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

/**
 * Share to Baitcheck (the manifest's share_target, POST /share): a text, a link or a picture
 * shared from another app. The picture is kept in its own cache (one at a time) for the Scan
 * screen to read on this device (src/features/scan/screenshot/shared-image.ts); the text and
 * link go to the Scan screen's address, as a share by GET would. Nothing here is sent to the
 * server. Handled with or without a build (dev too): it is the app's, not the offline shell's.
 */
const SHARED_IMAGE_CACHE = 'shared-image';
const SHARED_IMAGE_KEY = '/shared-image';
const SHARED_IMAGE_MAX_BYTES = 15 * 1024 * 1024;

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== '/share') return;
  event.respondWith(receiveShare(request));
});

async function receiveShare(request) {
  const query = new URLSearchParams();
  try {
    const form = await request.formData();
    for (const name of ['title', 'text', 'url']) {
      const value = form.get(name);
      if (typeof value === 'string' && value.trim() !== '') query.set(name, value);
    }
    // several files may come: the first picture among them, else the first file (the Scan screen
    // then says it is not a picture)
    const files = form.getAll('image').filter((file) => typeof file === 'object' && file !== null && file.size > 0);
    const picture = files.find((file) => typeof file.type === 'string' && file.type.startsWith('image/')) ?? files[0];
    if (picture) {
      const cache = await caches.open(SHARED_IMAGE_CACHE);
      // a picture too big to read is not kept: the Scan screen says so (image=too-big)
      if (picture.size > SHARED_IMAGE_MAX_BYTES) {
        await cache.delete(SHARED_IMAGE_KEY);
        query.set('image', 'too-big');
      } else {
        const headers = { 'content-type': picture.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(picture.name || 'shared picture') };
        await cache.put(SHARED_IMAGE_KEY, new Response(picture, { headers }));
        query.set('image', '1');
      }
    }
  } catch {
    query.set('image', 'failed');
  }
  const search = query.toString();
  return Response.redirect(new URL(`/scan${search ? `?${search}` : ''}`, self.location.origin).href, 303);
}

if (BUILD) {
  const ownFiles = new Set([...BUILD.shell, ...BUILD.files]);
  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    // other sites, and the API: the browser's own handling, untouched
    if (url.origin !== self.location.origin || isApiPath(url.pathname)) return;
    if (request.mode === 'navigate') {
      event.respondWith(answerNavigation(request, url));
      return;
    }
    if (isHashed(url.pathname) || ownFiles.has(url.pathname)) event.respondWith(answerFile(event));
  });
}

self.addEventListener('message', (event) => {
  const data = event.data || {};
  // the page asks which build took it over, to know whether it runs an older one
  if (data.type === 'baitcheck:build?') {
    event.ports[0]?.postMessage({ type: 'baitcheck:build', version: BUILD ? BUILD.version : null, shell: BUILD ? BUILD.shell : null });
    return;
  }
  // what the page loaded before this worker took it over (its first visit): kept like the rest
  if (data.type === 'baitcheck:keep' && BUILD && Array.isArray(data.urls)) {
    event.waitUntil(keepLoaded(data.urls));
  }
});

async function keepLoaded(urls) {
  const cache = await caches.open(CACHE);
  const own = new Set([...BUILD.shell, ...BUILD.files]);
  await Promise.all(
    urls.slice(0, 500).map(async (href) => {
      let url;
      try {
        url = new URL(href, self.location.origin);
      } catch {
        return;
      }
      if (url.origin !== self.location.origin || !own.has(url.pathname) || (await cache.match(url.pathname))) return;
      try {
        const response = await fetch(url.pathname);
        if (response.status === 200) await cache.put(url.pathname, response);
      } catch {
        // offline again: it is kept the next time the page loads it
      }
    }),
  );
}
