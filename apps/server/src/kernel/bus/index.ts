import type { MessageBus } from './bus.ts';
import { createMemoryBus } from './memory.ts';
import { createRedisBus } from './redis.ts';

export type { MessageBus } from './bus.ts';

export function createBus(redisUrl: string | undefined): Promise<MessageBus> {
  return redisUrl ? createRedisBus(redisUrl) : Promise.resolve(createMemoryBus());
}
