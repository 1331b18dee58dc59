/**
 * Push tokens. A push token (SPEC §3: token, appName) names its transport by its appName: the web
 * client stores the browser's PushSubscription, as JSON, under appName 'web'; the native shells store the
 * device token their platform gives under 'earningshub-ios' (an APNs device token) or 'earningshub-android'
 * (an FCM registration token). Any other appName is taken for an FCM token (the Firebase SDKs hand out FCM
 * tokens on both platforms).
 */
import { z } from 'zod';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';

export const WEB_PUSH_APP_NAME = 'web';
export const IOS_PUSH_APP_NAME = 'earningshub-ios';
export const ANDROID_PUSH_APP_NAME = 'earningshub-android';

export type PushTransport = 'webpush' | 'apns' | 'fcm';

/** Which transport carries a token: the appName decides; a JSON subscription is web push whatever it is filed under. */
export function pushTransportOf(appName: string, token: string): PushTransport {
  if (appName === WEB_PUSH_APP_NAME || token.trimStart().startsWith('{')) return 'webpush';
  if (appName === IOS_PUSH_APP_NAME || appName.endsWith('-ios')) return 'apns';
  return 'fcm';
}

/** The browser's PushSubscription.toJSON(): an https endpoint of its push service and the two encryption keys. */
export interface WebPushSubscription {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/** Base64url of a P-256 public key (65 bytes, uncompressed) and of the 16-byte auth secret. */
const P256DH = /^[A-Za-z0-9_-]{86,88}={0,2}$/;
const AUTH = /^[A-Za-z0-9_-]{22,24}={0,2}$/;
/** An IPv4 or bracketed IPv6 literal. */
const LITERAL_HOST = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * Reads a web push token: the subscription, or the field that is wrong (named from the request's `body.token`).
 * The endpoint must be https: every browser's push service is, and the sender must not be pointed elsewhere.
 */
export function parseWebPushSubscription(
  token: string,
  /** 'send': the sender reads tokens already checked on the way in; it only needs them whole (tests use http). */
  mode: 'register' | 'send' = 'register',
): { ok: true; subscription: WebPushSubscription } | { ok: false; field: string; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(token);
  } catch {
    return { ok: false, field: 'body.token', message: "must be the browser's PushSubscription as JSON" };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, field: 'body.token', message: "must be the browser's PushSubscription as a JSON object" };
  }
  const { endpoint, keys, expirationTime } = json as Record<string, unknown>;
  let url: URL | null = null;
  try {
    url = typeof endpoint === 'string' ? new URL(endpoint) : null;
  } catch {
    url = null;
  }
  const schemes = mode === 'register' ? ['https:'] : ['https:', 'http:'];
  if (!url || !schemes.includes(url.protocol) || typeof endpoint !== 'string') {
    return { ok: false, field: 'body.token.endpoint', message: 'must be an https:// URL of a push service' };
  }
  // Push services have names; an address or this machine is never one (the server would post to it).
  if (mode === 'register' && (LITERAL_HOST.test(url.hostname) || url.hostname === 'localhost')) {
    return { ok: false, field: 'body.token.endpoint', message: 'must be an https:// URL of a push service' };
  }
  if (typeof keys !== 'object' || keys === null) {
    return { ok: false, field: 'body.token.keys', message: 'must hold the p256dh and auth keys' };
  }
  const { p256dh, auth } = keys as Record<string, unknown>;
  if (typeof p256dh !== 'string' || !P256DH.test(p256dh)) {
    return { ok: false, field: 'body.token.keys.p256dh', message: 'must be the base64url P-256 public key' };
  }
  if (typeof auth !== 'string' || !AUTH.test(auth)) {
    return { ok: false, field: 'body.token.keys.auth', message: 'must be the base64url 16-byte auth secret' };
  }
  const expires = typeof expirationTime === 'number' ? expirationTime : null;
  return { ok: true, subscription: { endpoint, expirationTime: expires, keys: { p256dh, auth } } };
}

export const getVapidPublicKey = defineRoute({
  method: 'GET',
  path: paths.getVapidPublicKey,
  group: 'public',
  summary: "The server's VAPID public key, for the browser's push subscription (404 when web push is off)",
  tags: ['notifications'],
  response: z.object({ publicKey: z.string() }),
});
