/*
 * Baitcheck's service worker, scope `/` (plain JavaScript, served as is: it is not bundled).
 * Today it shows the web push alerts the server sends (issue 19). A later issue adds offline
 * caching to this same file: one worker per scope.
 */

// A new version takes over at once: there is no cache yet whose pages an old one still serves.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
      icon: '/favicon.svg',
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
