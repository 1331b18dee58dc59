import type { MessageBus } from './bus.ts';
import { createMemoryBus } from './memory.ts';
import { createRedisBus } from './redis.ts';

export type { MessageBus } from './bus.ts';

/** Redis when a URL is configured (channels named under `namespace` there), else this process's own bus. */
export function createBus(redisUrl: string | undefined, namespace = ''): Promise<MessageBus> {
  return redisUrl ? createRedisBus(redisUrl, namespace) : Promise.resolve(createMemoryBus());
}
