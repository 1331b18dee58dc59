import type { BusHandler, MessageBus } from './bus.ts';

export function createMemoryBus(): MessageBus {
  const channels = new Map<string, Set<BusHandler>>();
  return {
    kind: 'memory',
    // Nothing to lose: every subscriber is in this process.
    connected: true,
    async publish(channel, message) {
      // Round-trip through JSON so handlers see what they would see from Redis.
      const copy: unknown = JSON.parse(JSON.stringify(message));
      for (const handler of channels.get(channel) ?? []) queueMicrotask(() => handler(copy));
    },
    async subscribe(channel, handler) {
      let set = channels.get(channel);
      if (!set) {
        set = new Set();
        channels.set(channel, set);
      }
      set.add(handler);
      return async () => {
        set.delete(handler);
      };
    },
    onStatus: () => () => {},
    async close() {
      channels.clear();
    },
  };
}
