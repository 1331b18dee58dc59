/**
 * This browser's side of web push: what it supports, the permission, and its subscription. Nothing here runs on page
 * load except reading state (an existing registration and subscription); asking for permission and subscribing
 * happen only in `subscribe`, called from the user's click. The service worker itself is registered for every
 * visitor after the first paint (features/pwa): `subscribe` reuses that registration.
 */
import { isNative } from '../../platform/platform.ts';
import { registerServiceWorker, SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from '../pwa/index.ts';

export { SERVICE_WORKER_URL };
/** A browser that cannot reach its push service may never answer subscribe(): the user is told after this long. */
export const SUBSCRIBE_TIMEOUT_MS = 30_000;

/** off: supported, not subscribed; blocked: the user denied notifications (only site settings can undo it). */
export type BrowserPushState = 'unsupported' | 'blocked' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    !isNative() &&
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The subscription this browser already has, without registering anything. */
export async function existingSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function readState(): Promise<BrowserPushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await existingSubscription()) ? 'on' : 'off';
}

/** The VAPID key (base64url) as the bytes PushManager.subscribe takes. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = (publicKey + '='.repeat((4 - (publicKey.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export type SubscribeOutcome =
  | { kind: 'subscribed'; subscription: PushSubscription }
  | { kind: 'denied' }
  | { kind: 'dismissed' };

/** From the user's click: the service worker, the permission prompt, then the push service's subscription. */
export async function subscribe(publicKey: string): Promise<SubscribeOutcome> {
  // Asked first, straight from the click: browsers only show the prompt for a user gesture.
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return { kind: 'denied' };
  if (permission !== 'granted') return { kind: 'dismissed' };
  await registerServiceWorker();
  const registration = await navigator.serviceWorker.ready;
  const key = applicationServerKey(publicKey);
  const current = await registration.pushManager.getSubscription();
  // A subscription made with another server key cannot be used with ours: replace it.
  if (current && !sameKey(current.options.applicationServerKey, key)) await current.unsubscribe();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`its push service did not answer in ${SUBSCRIBE_TIMEOUT_MS / 1000} seconds`)),
      SUBSCRIBE_TIMEOUT_MS,
    );
  });
  const subscription = await Promise.race([
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    timeout,
  ]).finally(() => clearTimeout(timer));
  return { kind: 'subscribed', subscription };
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
}

/** Turns this browser's subscription off. SPEC §7 has no call to delete a push token: the server drops it when the
 * push service next answers that the subscription is gone. */
export async function unsubscribe(): Promise<void> {
  await (await existingSubscription())?.unsubscribe();
}
