/*
 * The product's one service worker (issue 17). Registered only when the user turns on browser notifications
 * (features/push), never on page load. Today it shows web push notifications and opens their page on a click;
 * later issues add to this same file (offline caching), since a scope has one service worker.
 *
 * A push's payload is the JSON the server encrypts for this browser (channels/push.ts webPushPayload):
 * { title, body, url, tag, data }.
 */

const APP_ICON = '/logo.svg';

self.addEventListener('install', () => {
  // Nothing to cache yet: take over at once so the first push after turning notifications on is shown.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The pushed JSON, or a plain text push shown as its body. */
function readPush(data) {
  if (!data) return {};
  try {
    const json = data.json();
    return json && typeof json === 'object' ? json : { body: String(json) };
  } catch {
    return { body: data.text() };
  }
}

/** Only a page of the web (http or https) is opened from a notification. */
function safeUrl(url) {
  try {
    const parsed = new URL(url, self.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const push = readPush(event.data);
  const title = typeof push.title === 'string' && push.title ? push.title : 'EarningsHub';
  const options = {
    body: typeof push.body === 'string' ? push.body : '',
    icon: APP_ICON,
    badge: APP_ICON,
    // One notification per delivery: a push delivered twice by the push service replaces itself.
    tag: typeof push.tag === 'string' ? push.tag : undefined,
    data: {
      ...(push.data && typeof push.data === 'object' ? push.data : {}),
      url: safeUrl(push.url) ?? self.location.origin,
    },
  };
  // Chromium requires every push to show a notification (userVisibleOnly): waitUntil keeps the worker alive for it.
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = safeUrl(event.notification.data?.url) ?? self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
