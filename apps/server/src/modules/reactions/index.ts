import { MARKET_CHANGED_CHANNEL } from '../../kernel/channels.ts';
import type { ServerModule } from '../../kernel/module.ts';
import { REACTION_JOB_HANDLERS, reactionsLoop } from './jobs.ts';
import { reactionsRoutes } from './routes.ts';

export { REACTIONS_DATASET } from './jobs.ts';
export { typicalMoves } from './queries.ts';
export { type RecomputeParams, type RecomputeResult, recomputeReactions } from './recompute.ts';

/** How stocks react to their reports (decision 0045): the stored reactions, their recompute and their API. */
export const reactionsModule: ServerModule = {
  name: 'reactions',
  routes: [reactionsRoutes],
  jobs: { lane: 'main', handlers: REACTION_JOB_HANDLERS },
  loops: [reactionsLoop],
  publishes: [MARKET_CHANGED_CHANNEL],
};
