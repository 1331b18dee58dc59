import { Redis } from 'ioredis';
import type { BusHandler, MessageBus } from './bus.ts';

export async function createRedisBus(url: string): Promise<MessageBus> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 3 };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  await Promise.all([pub.connect(), sub.connect()]);
  const channels = new Map<string, Set<BusHandler>>();
  // Plugins let go of their subscriptions in their own onClose hooks, which may run after the bus closed.
  let closed = false;
  sub.on('message', (channel: string, raw: string) => {
    const handlers = channels.get(channel);
    if (!handlers) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    for (const handler of handlers) handler(message);
  });
  return {
    kind: 'redis',
    async publish(channel, message) {
      await pub.publish(channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      let set = channels.get(channel);
      if (!set) {
        set = new Set();
        channels.set(channel, set);
        await sub.subscribe(channel);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
        if (set.size === 0 && !closed) {
          channels.delete(channel);
          await sub.unsubscribe(channel);
        }
      };
    },
    async close() {
      closed = true;
      channels.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
