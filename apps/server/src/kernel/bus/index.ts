import type { MessageBus } from './bus.ts';
import { createMemoryBus } from './memory.ts';

export type { MessageBus } from './bus.ts';

/**
 * Redis when a URL is configured (channels named under `namespace` there), else this process's own bus. The Redis
 * client is loaded only then: a node without Redis does not spend the 0.1 s and 6 MB its modules take.
 */
export async function createBus(redisUrl: string | undefined, namespace = ''): Promise<MessageBus> {
  if (!redisUrl) return createMemoryBus();
  const { createRedisBus } = await import('./redis.ts');
  return createRedisBus(redisUrl, namespace);
}
