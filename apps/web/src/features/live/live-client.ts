/**
 * The live socket's client (SPEC §4 Live socket, §5 socket credential, §7 Live socket, §8 socket errors, §9): one
 * connection to `/sync` per app, with `app` and the credential of the moment. It resubscribes what it follows
 * when a connection opens, reconnects after a close the server meant as "come back" (1001, and the transient
 * ones of `reconnectsAfter`) on SPEC §9's backoff until the tenth retry, then logs it and stops; pauses and
 * unpauses; and batches subscription changes (500 ms). Knows nothing of React or Redux: live-start.ts wires it
 * to the store, the page's visibility and the session.
 *
 * Types only from `@eh/contracts` (its values build zod schemas, which stay out of the web bundle).
 */
import type { LIVE_TARGET_ITEMS_MAX, LiveClientMessage, LiveServerMessage, LiveTargetItems } from '@eh/contracts';
import {
  createSubscriptionBatch,
  LIVE_ALL_EVENTS,
  LIVE_CLOSE_CODES,
  LIVE_NEWS_RETRY_MS,
  LIVE_SUBSCRIPTION_BATCH_MS,
  LIVE_TARGETS,
  mergeTargets,
  reconnectDelayAfter,
  reconnectsAfter,
  SOCKET_MAX_RECONNECT_RETRIES,
  socketReconnectDelay,
  subtractTargets,
  targetCount,
} from '@eh/domain';

/** Most items of one target a message may name (the contract's limit, repeated here without zod). */
const TARGET_ITEMS_MAX: typeof LIVE_TARGET_ITEMS_MAX = 200;
/** Subscribe requests remembered for a retry when the server answers `unavailable`. */
const REQUESTS_KEPT = 50;

/** An event handler checked bivariantly, as the DOM's are (the browser's WebSocket passes its own event types). */
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'];

/** The subset of the browser's WebSocket the client uses (tests pass a fake). */
export interface LiveSocket {
  onopen: Handler<unknown> | null;
  onclose: Handler<{ code: number }> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onerror: Handler<unknown> | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** SPEC §5: the credential a connection carries. */
export type LiveCredential = { token: string } | { anonymousId: string };

/**
 * - idle: not started, or disconnected on purpose;
 * - connecting: the first connection (or the first after a disconnect) is being made;
 * - open: connected;
 * - reconnecting: lost, waiting for (or making) the next attempt;
 * - stopped: given up (SPEC §8: too many retries) or closed for a reason a retry would not mend.
 */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'stopped';

export type SubscribeResult = { ok: true } | { ok: false; reason: 'not_open' | 'no_targets' };

export interface LiveClientOptions {
  /** The socket's address without its query (`wss://host/sync`). */
  url: string;
  /** `app` of SPEC §7 (`earningshub`). */
  app: string;
  /** The credential for the next connection, asked afresh for each (a token may have been refreshed). */
  credential: () => LiveCredential | Promise<LiveCredential>;
  createSocket: (url: string) => LiveSocket;
  onMessage?: (message: LiveServerMessage) => void;
  onStatus?: (status: LiveStatus, retries: number) => void;
  /** Where the client says what went wrong (SPEC §8: too many retries is logged). */
  log?: (message: string) => void;
}

const fail = (reason: 'not_open' | 'no_targets'): SubscribeResult => ({ ok: false, reason });

/** The news part of `targets` (null when it names no news): SPEC §8 retries it once. */
function newsPart(targets: LiveTargetItems): LiveTargetItems | null {
  const { news, newsSymbols, newsFilter } = targets;
  const part: LiveTargetItems = {
    ...(news?.length ? { news } : {}),
    ...(newsSymbols?.length ? { newsSymbols } : {}),
    ...(newsFilter?.length ? { newsFilter } : {}),
  };
  return targetCount(part) > 0 ? part : null;
}

/** `targets` cut into messages of at most {@link TARGET_ITEMS_MAX} items per target. */
export function chunkTargets(targets: LiveTargetItems, max: number = TARGET_ITEMS_MAX): LiveTargetItems[] {
  const chunks: LiveTargetItems[] = [];
  for (const target of LIVE_TARGETS) {
    const items = (targets[target] ?? []) as readonly (string | number)[];
    for (let start = 0, index = 0; start < items.length; start += max, index += 1) {
      const chunk = (chunks[index] ?? {}) as Record<string, (string | number)[]>;
      chunk[target] = items.slice(start, start + max);
      chunks[index] = chunk;
    }
  }
  return chunks;
}

/** The connection's address: `app` and the credential in the query (SPEC §7). */
export function liveSocketAddress(url: string, app: string, credential: LiveCredential): string {
  const params = new URLSearchParams({ app, ...credential });
  return `${url}${url.includes('?') ? '&' : '?'}${params}`;
}

export function createLiveClient(options: LiveClientOptions) {
  const log = options.log ?? ((message: string) => console.warn(`live socket: ${message}`));
  let status: LiveStatus = 'idle';
  let socket: LiveSocket | null = null;
  /** Bumped by every new attempt and every disconnect: callbacks of an older socket are ignored. */
  let generation = 0;
  /** Reconnect retries since the last welcome (SPEC §9: at most 10). */
  let retries = 0;
  let paused = false;
  /** What this client follows: sent again whole on every open. */
  let subscriptions: LiveTargetItems = {};
  let batch = createSubscriptionBatch<LiveTargetItems>();
  let batchTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const laterRetries = new Set<ReturnType<typeof setTimeout>>();
  const requests = new Map<string, { targets: LiveTargetItems; retried: boolean }>();
  let requestCount = 0;
  const openListeners = new Set<() => void>();

  let told: { status: LiveStatus; retries: number } = { status, retries };
  /** Tells onStatus of a new status or a new retry count. */
  const setStatus = (next: LiveStatus) => {
    status = next;
    if (told.status === status && told.retries === retries) return;
    told = { status, retries };
    options.onStatus?.(status, retries);
  };

  const send = (message: LiveClientMessage) => {
    try {
      socket?.send(JSON.stringify(message));
    } catch {
      // A socket closing under us: its close event follows and decides what happens next.
    }
  };

  const sendSubscribe = (targets: LiveTargetItems, retried = false) => {
    for (const chunk of chunkTargets(targets)) {
      requestCount += 1;
      const requestId = `s${requestCount}`;
      requests.set(requestId, { targets: chunk, retried });
      if (requests.size > REQUESTS_KEPT) requests.delete(requests.keys().next().value as string);
      send({ type: 'subscribe', targets: chunk, requestId });
    }
  };

  const clearBatch = () => {
    if (batchTimer) clearTimeout(batchTimer);
    batchTimer = null;
    batch = createSubscriptionBatch<LiveTargetItems>();
  };

  /** SPEC §9: changes made within 500 ms travel together. */
  const flushBatch = () => {
    batchTimer = null;
    if (status !== 'open') return;
    const changes = batch.take();
    if (changes.unsubscribe)
      for (const chunk of chunkTargets(changes.unsubscribe)) send({ type: 'unsubscribe', targets: chunk });
    if (changes.subscribe) sendSubscribe(changes.subscribe);
  };

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      laterRetries.delete(timer);
      fn();
    }, ms);
    laterRetries.add(timer);
  };

  function subscribeWith(targets: LiveTargetItems, retryNews: boolean): SubscribeResult {
    if (targetCount(targets) === 0) return fail('no_targets');
    if (status !== 'open') {
      // SPEC §8: a news subscription is tried once more, 3 s later.
      const news = retryNews ? newsPart(targets) : null;
      if (news) later(LIVE_NEWS_RETRY_MS, () => subscribeWith(news, false));
      return fail('not_open');
    }
    subscriptions = mergeTargets(subscriptions, targets);
    batch.add('subscribe', targets);
    batchTimer ??= setTimeout(flushBatch, LIVE_SUBSCRIPTION_BATCH_MS);
    return { ok: true };
  }

  const opened = (gen: number) => {
    if (gen !== generation) return;
    setStatus('open');
    // Those who follow things add theirs first, so that one message carries everything.
    for (const listener of [...openListeners]) listener();
    clearBatch();
    if (targetCount(subscriptions) > 0) sendSubscribe(subscriptions);
    if (paused) send({ type: 'pause' });
  };

  const received = (gen: number, data: unknown) => {
    if (gen !== generation || typeof data !== 'string') return;
    let message: LiveServerMessage;
    try {
      message = JSON.parse(data) as LiveServerMessage;
    } catch {
      log('a frame that is not JSON was ignored');
      return;
    }
    if (typeof message !== 'object' || message === null || typeof message.type !== 'string') return;
    if (message.type === 'welcome') {
      // The credential was taken: the retries start again from the first.
      retries = 0;
    } else if (message.type === 'subscribed' && message.requestId) {
      requests.delete(message.requestId);
    } else if (message.type === 'error' && message.requestId) {
      const request = requests.get(message.requestId);
      requests.delete(message.requestId);
      // The server could not apply it now and asks for it again: once, 3 s later (news: SPEC §8).
      if (message.code === 'unavailable' && request && !request.retried) {
        later(LIVE_NEWS_RETRY_MS, () => {
          // What is still followed of it (what was given up meanwhile stays given up).
          const still = subtractTargets(request.targets, subtractTargets(request.targets, subscriptions));
          if (status === 'open' && targetCount(still) > 0) sendSubscribe(still, true);
        });
      }
    }
    options.onMessage?.(message);
  };

  const closed = (gen: number, code: number) => {
    if (gen !== generation) return;
    socket = null;
    clearBatch();
    const delay =
      reconnectDelayAfter(code, retries) ??
      // A token that no longer verifies: the next attempt asks for a fresh one (or goes anonymous).
      (code === LIVE_CLOSE_CODES.unauthorized ? socketReconnectDelay(retries) : null);
    if (delay === null) {
      if (reconnectsAfter(code) || code === LIVE_CLOSE_CODES.unauthorized)
        log(`gave up after ${SOCKET_MAX_RECONNECT_RETRIES} reconnect retries (last close ${code})`);
      else log(`closed with ${code}; not reconnecting`);
      setStatus('stopped');
      return;
    }
    retries += 1;
    setStatus('reconnecting');
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void attempt();
    }, delay);
  };

  async function attempt() {
    const gen = ++generation;
    let credential: LiveCredential;
    try {
      credential = await options.credential();
    } catch {
      credential = { anonymousId: '' };
    }
    if (gen !== generation) return;
    let next: LiveSocket;
    try {
      next = options.createSocket(liveSocketAddress(options.url, options.app, credential));
    } catch {
      // A malformed address or a browser refusing the socket: the same as a connection lost at once.
      closed(gen, LIVE_CLOSE_CODES.abnormal);
      return;
    }
    socket = next;
    next.onopen = () => opened(gen);
    next.onmessage = (event) => received(gen, event.data);
    next.onclose = (event) => closed(gen, event.code);
    next.onerror = () => {
      // The close event that follows carries the code.
    };
  }

  return {
    get status() {
      return status;
    },
    get retries() {
      return retries;
    },
    get paused() {
      return paused;
    },
    /** What the client follows (and sends again on every open). */
    get subscriptions(): LiveTargetItems {
      return subscriptions;
    },

    /** SPEC §4: connects (at startup); nothing when a connection is already made or being made. */
    connect() {
      if (status !== 'idle' && status !== 'stopped') return;
      retries = 0;
      setStatus('connecting');
      void attempt();
    },

    /** SPEC §4: closes the connection and forgets what it followed, except the call-events subscription. */
    disconnect() {
      generation += 1;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      for (const timer of laterRetries) clearTimeout(timer);
      laterRetries.clear();
      requests.clear();
      clearBatch();
      const callEvents = (subscriptions.events ?? []).filter((item) => item === LIVE_ALL_EVENTS);
      subscriptions = callEvents.length > 0 ? { events: callEvents } : {};
      const current = socket;
      socket = null;
      if (current) {
        current.onopen = current.onmessage = current.onclose = current.onerror = null;
        try {
          current.close(LIVE_CLOSE_CODES.normal, 'client disconnect');
        } catch {
          // Already closing.
        }
      }
      retries = 0;
      setStatus('idle');
    },

    /**
     * Follows `targets` (batched with the calls of the next 500 ms). SPEC §8: fails without an open connection or
     * without targets (nothing is followed then; a news subscription is tried once more 3 s later).
     */
    subscribe(targets: LiveTargetItems): SubscribeResult {
      return subscribeWith(targets, true);
    },

    /** Stops following `targets`; fails, as subscribe does, without an open connection or targets. */
    unsubscribe(targets: LiveTargetItems): SubscribeResult {
      if (targetCount(targets) === 0) return fail('no_targets');
      subscriptions = subtractTargets(subscriptions, targets);
      if (status !== 'open') return fail('not_open');
      batch.add('unsubscribe', targets);
      batchTimer ??= setTimeout(flushBatch, LIVE_SUBSCRIPTION_BATCH_MS);
      return { ok: true };
    },

    /** SPEC §4: the tab is hidden; the server holds the quotes back (coalesced) until unpause. */
    pause() {
      if (paused) return;
      paused = true;
      if (status === 'open') send({ type: 'pause' });
    },
    unpause() {
      if (!paused) return;
      paused = false;
      if (status === 'open') send({ type: 'unpause' });
    },

    /** Called on every open, before the client sends what it follows (a listener may subscribe there). */
    onOpen(listener: () => void): () => void {
      openListeners.add(listener);
      return () => openListeners.delete(listener);
    },
  };
}

export type LiveClient = ReturnType<typeof createLiveClient>;
