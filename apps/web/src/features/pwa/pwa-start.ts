/**
 * The installable app's page side (docs/decisions/0029-installable-web-app.md), loaded after the first paint from
 * main.tsx in a chunk of its own: registers the service worker once the page has loaded, tells the store when a
 * new build waits (SPEC §3 update-available) and keeps the browser's install offer for the menu's "Install app".
 */

import { isNative } from '../../platform/platform.ts';
import type { AppDispatch, AppStore } from '../../shared/store.ts';
import { installAvailableChanged, updateAvailableChanged } from './pwa-slice.ts';
import { registerServiceWorker } from './service-worker.ts';

/** Chromium's install offer (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let registration: ServiceWorkerRegistration | null = null;
let installOffer: InstallPromptEvent | null = null;
let started = false;

export function startPwa(store: AppStore): void {
  if (started || isNative() || !('serviceWorker' in navigator)) return;
  started = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Offered from the menu instead of the browser's own mini bar.
    event.preventDefault();
    installOffer = event as InstallPromptEvent;
    store.dispatch(installAvailableChanged(true));
  });
  window.addEventListener('appinstalled', () => {
    installOffer = null;
    store.dispatch(installAvailableChanged(false));
  });
  const start = () => void watch(store).catch(() => undefined);
  // After the page's own files: the worker's precache never competes with the first page.
  if (document.readyState === 'complete') setTimeout(start, 0);
  else window.addEventListener('load', () => setTimeout(start, 0), { once: true });
}

async function watch(store: AppStore) {
  const reg = await registerServiceWorker();
  registration = reg;
  const waiting = (worker: ServiceWorker | null) => {
    // A worker installed beside an active one is a new build; the very first install activates by itself.
    if (worker && reg.active) store.dispatch(updateAvailableChanged(true));
  };
  const follow = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') waiting(worker);
    });
  if (reg.waiting) waiting(reg.waiting);
  // The browser looks for a new build on every page load: it may be installing already.
  follow(reg.installing);
  reg.addEventListener('updatefound', () => follow(reg.installing));
  // A tab left open for days looks for a new build whenever the reader comes back to it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void reg.update().catch(() => undefined);
  });
  const ready = await navigator.serviceWorker.ready;
  // The hashed files this page fetched before the worker was there: cached, so the page opens offline too.
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/assets/`));
  ready.active?.postMessage({ type: 'CACHE_ASSETS', urls });
}

/** "Reload": the waiting build takes over, then the page reloads into it. */
export function applyUpdate(): void {
  const worker = registration?.waiting;
  if (!worker) {
    location.reload();
    return;
  }
  let reloaded = false;
  const reload = () => {
    if (reloaded) return;
    reloaded = true;
    location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload);
  // A page the old worker did not control gets no controllerchange: the new worker's activation is the signal.
  worker.addEventListener('statechange', () => {
    if (worker.state === 'activated') reload();
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** The browser's install dialog; the offer is used up either way. */
export async function promptInstall(dispatch: AppDispatch): Promise<void> {
  const offer = installOffer;
  if (!offer) return;
  installOffer = null;
  dispatch(installAvailableChanged(false));
  await offer.prompt();
}
