/**
 * The product's one service worker (public/sw.js) and its one registration, shared by the installable app
 * (pwa-start.ts, for every visitor after the first paint) and web push (features/push/web-push.ts, from the
 * user's click): the same script and scope, registered once per page.
 */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';

let registering: Promise<ServiceWorkerRegistration> | null = null;

/** Registers the worker (the browser keeps one registration per scope; a second call returns this one). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  if (!registering) {
    registering = navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
    // A failed registration (offline at the first visit) is tried again by the next caller.
    registering.catch(() => {
      registering = null;
    });
  }
  return registering;
}
