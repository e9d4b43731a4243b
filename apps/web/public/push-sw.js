/*
 * Web Push in the service worker (docs/decisions/0022). Imported by the generated Workbox service worker
 * (vite.config.ts: workbox.importScripts). A message is JSON { title, body, url, tag } from the server
 * (apps/server/src/lib/web-push.ts); a tap opens `url` in an open window of the app, or a new one.
 */
self.addEventListener('push', (event) => {
  let message = { title: 'Streckenpass', body: '', url: '/dashboard', tag: 'streckenpass' };
  try {
    message = { ...message, ...(event.data ? event.data.json() : {}) };
  } catch {
    if (event.data) message.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      lang: 'de',
      icon: '/icons/icon-192.png',
      badge: '/icons/favicon-32.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || '/dashboard';
  const target = new URL(path, self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === target.origin && 'navigate' in client) {
          return client.focus().then(() => client.navigate(target.href));
        }
      }
      return self.clients.openWindow(target.href);
    }),
  );
});
