import { setTimeout as sleep } from 'node:timers/promises';
import { Redis, type RedisOptions } from 'ioredis';
import type { BusHandler, BusStatus, MessageBus } from './bus.ts';

/** How long a publish waits for Redis before it falls back to this node's own handlers. */
export const PUBLISH_TIMEOUT_MS = 500;
/** Longest pause between reconnection attempts, so the bus is back within about a second of Redis. */
export const RECONNECT_MAX_DELAY_MS = 1000;

const retryStrategy = (attempt: number) => Math.min(attempt * 100, RECONNECT_MAX_DELAY_MS);

/** Ends a client without waiting on a Redis that is not there (QUIT would sit in the offline queue). */
async function end(client: Redis) {
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}

/** A bus over Redis pub/sub; every channel is `namespace` + its name there, and its plain name to handlers. */
export async function createRedisBus(url: string, namespace = ''): Promise<MessageBus> {
  const base: RedisOptions = { lazyConnect: true, retryStrategy };
  // Publishes fail at once while Redis is gone (no offline queue, no retries) and go to this node's handlers.
  const pub = new Redis(url, { ...base, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  // Subscriptions wait for Redis however long it takes; ioredis subscribes again to every channel on reconnect.
  const sub = new Redis(url, { ...base, maxRetriesPerRequest: null });
  const channels = new Map<string, Set<BusHandler>>();
  const listeners = new Set<(status: BusStatus) => void>();
  // Plugins let go of their subscriptions in their own onClose hooks, which may run after the bus closed.
  let closed = false;
  let lostAt: number | null = null;

  const tell = (status: BusStatus) => {
    for (const listener of listeners) listener(status);
  };
  // Every failed reconnection emits 'error'; an outage is told once, and without a listener ioredis prints each.
  const lose = (error: unknown) => {
    if (closed || lostAt !== null) return;
    lostAt = Date.now();
    tell({ connected: false, error });
  };
  const regain = () => {
    if (closed || lostAt === null || pub.status !== 'ready' || sub.status !== 'ready') return;
    const downForMs = Date.now() - lostAt;
    lostAt = null;
    tell({ connected: true, downForMs });
  };
  for (const client of [pub, sub]) {
    client.on('error', lose);
    client.on('close', () => lose(new Error('the connection to Redis closed')));
    client.on('ready', regain);
  }

  const deliver = (channel: string, raw: string) => {
    const handlers = channels.get(channel);
    if (!handlers) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    for (const handler of handlers) handler(message);
  };
  sub.on('message', (channel: string, raw: string) => {
    if (channel.startsWith(namespace)) deliver(channel.slice(namespace.length), raw);
  });

  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (error) {
    closed = true;
    pub.disconnect();
    sub.disconnect();
    throw error;
  }

  return {
    kind: 'redis',
    get connected() {
      return lostAt === null;
    },
    async publish(channel, message) {
      const raw = JSON.stringify(message);
      if (pub.status === 'ready') {
        const timeout = new AbortController();
        const sent = await Promise.race([
          pub.publish(namespace + channel, raw).then(
            () => true,
            () => false,
          ),
          sleep(PUBLISH_TIMEOUT_MS, false, { signal: timeout.signal }).catch(() => false),
        ]);
        timeout.abort();
        if (sent) return;
      }
      // Other nodes miss it; they refresh what they keep when the bus is back (onStatus).
      queueMicrotask(() => deliver(channel, raw));
    },
    async subscribe(channel, handler) {
      let set = channels.get(channel);
      if (!set) {
        set = new Set();
        channels.set(channel, set);
        const subscribing = sub.subscribe(namespace + channel);
        // During an outage the subscription is sent when Redis is back; the handler already hears this node.
        if (sub.status === 'ready') await subscribing;
        else subscribing.catch(() => {});
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && !closed) {
          channels.delete(channel);
          const unsubscribing = sub.unsubscribe(namespace + channel).catch(() => {});
          // Waits for Redis only while it is there, and not for long: through an outage the command would sit in
          // the subscriber's offline queue, and a node stopping then would never finish (close drops the queue).
          if (sub.status === 'ready') await Promise.race([unsubscribing, sleep(PUBLISH_TIMEOUT_MS)]);
        }
      };
    },
    onStatus(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async close() {
      closed = true;
      channels.clear();
      listeners.clear();
      await Promise.allSettled([end(pub), end(sub)]);
    },
  };
}
