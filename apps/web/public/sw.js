/*
 * The product's one service worker: web push and the installable app's offline shell
 * (docs/decisions/0029-installable-web-app.md). Registered for every visitor after the first paint
 * (features/pwa/service-worker.ts); turning on browser notifications reuses that registration.
 *
 * Caching: the build (scripts/pwa.ts) fills BUILD below with its version and the files to precache (the shell,
 * the first load's scripts, the icons). Hashed assets (/assets/) are answered from the cache first (their names
 * change with their contents); pages go to the network first and fall back to the cached shell offline. The
 * services (/api, /idp, /sync) never touch the cache: an answer on screen is always the server's own.
 * A new build installs beside the running one and waits: the page offers "Update available — Reload", which
 * posts SKIP_WAITING; old caches are removed when the new worker activates.
 *
 * A push's payload is the JSON the server encrypts for this browser (channels/push.ts webPushPayload):
 * { title, body, url, tag, data }.
 */

const BUILD = { version: 'dev', precache: [] };

const APP_ICON = '/logo.svg';
const CACHE_PREFIX = 'eh-';
const CACHE = `${CACHE_PREFIX}${BUILD.version}`;
const SHELL = '/';
const SERVICE_PREFIXES = ['/api', '/idp', '/sync'];

const isService = (path) => SERVICE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** A file this build already has in an older build's cache (hashed names) is copied, not fetched again. */
async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    BUILD.precache.map(async (url) => {
      const hashed = url.startsWith('/assets/') ? await caches.match(url) : undefined;
      if (hashed) return cache.put(url, hashed);
      const response = await fetch(url, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`precache ${url}: ${response.status}`);
      return cache.put(url, response);
    }),
  );
}

self.addEventListener('install', (event) => {
  // The first install activates at once (nothing to replace); a new build waits for the page's SKIP_WAITING.
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE).map((name) => caches.delete(name)),
      );
    })(),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data;
  if (message?.type === 'SKIP_WAITING') self.skipWaiting();
  // The page's hashed files fetched before this worker controlled it: cached so the same page opens offline.
  if (message?.type === 'CACHE_ASSETS' && Array.isArray(message.urls)) {
    event.waitUntil(
      (async () => {
        const cache = await caches.open(CACHE);
        for (const href of message.urls) {
          const url = new URL(href, self.location.origin);
          if (url.origin !== self.location.origin || !url.pathname.startsWith('/assets/')) continue;
          if (await cache.match(url.pathname)) continue;
          const response = await fetch(url.pathname).catch(() => null);
          if (response?.ok) await cache.put(url.pathname, response);
        }
      })(),
    );
  }
});

async function cacheFirst(request, path) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(path);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(path, response.clone());
  return response;
}

async function networkFirstPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    // Offline: the cached shell draws the app, which says its data cannot be loaded.
    const shell = await caches.match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isService(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request, url.pathname));
    return;
  }
  // The public files of the shell (icons, manifest): the network first, the cache offline.
  if (BUILD.precache.includes(url.pathname)) {
    event.respondWith(
      fetch(request).catch(async (error) => (await caches.match(url.pathname)) ?? Promise.reject(error)),
    );
  }
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
