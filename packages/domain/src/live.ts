/**
 * The live socket's rules (SPEC §4 Live socket, §5 socket credential, §8 socket errors, §9): the targets a client
 * subscribes to, how subscriptions are batched, how quotes are coalesced, which close codes a client reconnects
 * after, and when a quote moves. Pure, so the server (apps/server/src/sync) and the web client share them.
 */
import { socketReconnectDelay } from './backoff.ts';
import type { MarketAssetType } from './market.ts';
import { marketSession } from './market-hours.ts';

/** SPEC §7/§9: the live quote display refreshes every second, so each client gets one `quotes` message a second. */
export const LIVE_QUOTE_FLUSH_MS = 1000;
/** SPEC §9: subscriptions made within this delay travel (and are applied) together. */
export const LIVE_SUBSCRIPTION_BATCH_MS = 500;
/** SPEC §7: the client keeps the last 50 messages. */
export const LIVE_MESSAGES_KEPT = 50;
/** SPEC §8: a news subscription that failed is retried once, after 3 s. */
export const LIVE_NEWS_RETRY_MS = 3000;
/** SPEC §5: a token longer than this is sent (and verified) as a token; anything shorter is the anonymous id. */
export const SOCKET_TOKEN_MIN_LENGTH = 40;

/** SPEC §7: what a client subscribes to. */
export const LIVE_TARGETS = [
  'portfolios',
  'stocks',
  'otcs',
  'cryptos',
  'news',
  'newsSymbols',
  'newsFilter',
  'filesFilter',
  'events',
] as const;
export type LiveTarget = (typeof LIVE_TARGETS)[number];

/** The targets whose items are symbols of one asset type: their quotes. */
export const LIVE_QUOTE_TARGETS = {
  stocks: 'stock',
  otcs: 'otc',
  cryptos: 'crypto',
} as const satisfies Partial<Record<LiveTarget, MarketAssetType>>;

/** `events: ['all']` follows every event (the call-events subscription a client keeps across disconnects). */
export const LIVE_ALL_EVENTS = 'all';

/** A subscription's targets, each a list of items (symbols, list ids, content types, filters, event ids). */
export type LiveTargetsShape = { [K in LiveTarget]?: readonly (string | number)[] | undefined };

/** SPEC §5: which query parameter carries the client's credential. */
export function socketCredential(token: string | null | undefined, anonymousId: string) {
  return token && token.length > SOCKET_TOKEN_MIN_LENGTH ? { token } : { anonymousId };
}

/** Items are compared as given: symbols are compared upper-case (the server resolves spellings such as BRK-B). */
const itemKey = (target: LiveTarget, item: string | number) =>
  typeof item === 'number'
    ? `#${item}`
    : target in LIVE_QUOTE_TARGETS || target === 'newsSymbols'
      ? item.toUpperCase()
      : item;

/** How many items the targets name. */
export function targetCount(targets: LiveTargetsShape): number {
  let count = 0;
  for (const target of LIVE_TARGETS) count += targets[target]?.length ?? 0;
  return count;
}

/** `a` with `b`'s items added, each item once (first spelling kept); targets without items are left out. */
export function mergeTargets<T extends LiveTargetsShape>(a: T, b: T): T {
  const result: LiveTargetsShape = {};
  for (const target of LIVE_TARGETS) {
    const seen = new Map<string, string | number>();
    for (const item of [...(a[target] ?? []), ...(b[target] ?? [])]) {
      const key = itemKey(target, item);
      if (!seen.has(key)) seen.set(key, item);
    }
    if (seen.size > 0) result[target] = [...seen.values()];
  }
  return result as T;
}

/** `a` without `b`'s items; targets left without items are left out. */
export function subtractTargets<T extends LiveTargetsShape>(a: T, b: T): T {
  const result: LiveTargetsShape = {};
  for (const target of LIVE_TARGETS) {
    const removed = new Set((b[target] ?? []).map((item) => itemKey(target, item)));
    const kept = (a[target] ?? []).filter((item) => !removed.has(itemKey(target, item)));
    if (kept.length > 0) result[target] = kept;
  }
  return result as T;
}

export type SubscriptionAction = 'subscribe' | 'unsubscribe';

/** What a batch sends when it is due: at most one subscribe and one unsubscribe. */
export interface SubscriptionChanges<T extends LiveTargetsShape> {
  subscribe: T | null;
  unsubscribe: T | null;
}

/**
 * SPEC §9's subscription batching: calls made within {@link LIVE_SUBSCRIPTION_BATCH_MS} are merged, the later call
 * winning for an item named by both (subscribe then unsubscribe leaves an unsubscribe), and taken as one change.
 */
export function createSubscriptionBatch<T extends LiveTargetsShape>() {
  let subscribe = {} as T;
  let unsubscribe = {} as T;
  return {
    add(action: SubscriptionAction, targets: T) {
      if (action === 'subscribe') {
        unsubscribe = subtractTargets(unsubscribe, targets);
        subscribe = mergeTargets(subscribe, targets);
      } else {
        subscribe = subtractTargets(subscribe, targets);
        unsubscribe = mergeTargets(unsubscribe, targets);
      }
    },
    get empty() {
      return targetCount(subscribe) === 0 && targetCount(unsubscribe) === 0;
    },
    /** The merged changes, and an empty batch for the next calls. */
    take(): SubscriptionChanges<T> {
      const changes = {
        subscribe: targetCount(subscribe) > 0 ? subscribe : null,
        unsubscribe: targetCount(unsubscribe) > 0 ? unsubscribe : null,
      };
      subscribe = {} as T;
      unsubscribe = {} as T;
      return changes;
    },
  };
}

/** The key quotes are coalesced and routed by: asset type and symbol as stored (upper-case). */
export const quoteKey = (type: MarketAssetType, symbol: string) => `${type}:${symbol.toUpperCase()}`;

/**
 * Per client, the newest quote of each asset since the last send: a newer tick replaces an older one, so a client
 * gets at most one quote per asset per {@link LIVE_QUOTE_FLUSH_MS}, however fast the feed ticks.
 */
export function createCoalescer<T>() {
  let pending = new Map<string, T>();
  return {
    put(key: string, value: T) {
      pending.set(key, value);
    },
    get size() {
      return pending.size;
    },
    /** The pending values in the order their assets first ticked, and an empty buffer. */
    take(): T[] {
      if (pending.size === 0) return [];
      const values = [...pending.values()];
      pending = new Map();
      return values;
    },
    clear() {
      pending.clear();
    },
  };
}

/** SPEC §7: `list` with `item` appended, only the newest `limit` kept. */
export function keepLast<T>(list: readonly T[], item: T, limit: number = LIVE_MESSAGES_KEPT): T[] {
  const next = [...list, item];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** Close codes of the live socket: the standard ones it uses and its own (4000-4999, RFC 6455 §7.4.2). */
export const LIVE_CLOSE_CODES = {
  /** The client closed it (or the server, for no fault of either). */
  normal: 1000,
  /** SPEC §4: the server is going away (shutdown, restart, deploy): reconnect. */
  goingAway: 1001,
  /** Never sent: the browser's code for a connection lost without a close frame (network, crash). */
  abnormal: 1006,
  /** The client sent messages faster than the allowance, again and again after being told. */
  policyViolation: 1008,
  /** A frame beyond the hard size limit (the socket library closes with it). */
  tooBig: 1009,
  /** The server restarts. */
  serviceRestart: 1012,
  /** A slow client: more unsent data piled up than the bound allows; it is dropped rather than buffered. */
  tryAgainLater: 1013,
  /** The connection named no valid `app` or credential. */
  badRequest: 4000,
  /** The token did not verify (expired, signed out, forged): reconnect with a fresh one or anonymously. */
  unauthorized: 4001,
} as const;

/**
 * Whether a client reconnects after a close with `code`: SPEC §4 names 1001; a lost connection (1006), a server
 * restart (1012) and a slow-client drop (1013) are transient too, so they get the same backoff. A close the
 * client asked for, a policy close or a refused credential does not reconnect as it was.
 */
export function reconnectsAfter(code: number): boolean {
  return (
    code === LIVE_CLOSE_CODES.goingAway ||
    code === LIVE_CLOSE_CODES.abnormal ||
    code === LIVE_CLOSE_CODES.serviceRestart ||
    code === LIVE_CLOSE_CODES.tryAgainLater
  );
}

/** The wait before reconnect `retry` after a close with `code`, or null: no reconnect (or SPEC §8's last retry). */
export function reconnectDelayAfter(code: number, retry: number): number | null {
  return reconnectsAfter(code) ? socketReconnectDelay(retry) : null;
}

/** Whether an asset's price moves at `now`: crypto around the clock, the rest in the regular session. */
export function quoteMovesAt(type: MarketAssetType, now: Date): boolean {
  return type === 'crypto' || marketSession(now).status === 'open';
}
