import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createLiveCalls } from './service.ts';

export { createLiveCalls, type LiveCalls } from './service.ts';

/** Starts the live-calls loop of a worker node (jobs/index.ts); returns its stop. */
export function startLiveCallsLoop(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  const loop = createLiveCalls(ctx, log.child({ loop: 'live-calls' }), { demo: ctx.config.SEED_DEMO });
  loop.start();
  return () => loop.stop();
}
