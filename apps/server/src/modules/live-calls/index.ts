import type { FastifyBaseLogger } from 'fastify';
import { LIVE_CHANNEL } from '../../kernel/channels.ts';
import type { AppContext } from '../../kernel/context.ts';
import type { ServerModule } from '../../kernel/module.ts';
import { liveCallsRoutes } from './routes.ts';
import { createLiveCalls } from './service.ts';

export { createLiveCalls, type LiveCalls } from './service.ts';

/** The worker's live-calls loop: calls move on by the clock, live transcripts are spoken, the demo's replays scheduled. */
function liveCallsLoop(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  const loop = createLiveCalls(ctx, log.child({ loop: 'live-calls' }), { demo: ctx.config.SEED_DEMO });
  loop.start();
  return () => loop.stop();
}

export const liveCallsModule: ServerModule = {
  name: 'live-calls',
  routes: [liveCallsRoutes],
  loops: [liveCallsLoop],
  publishes: [LIVE_CHANNEL],
};
