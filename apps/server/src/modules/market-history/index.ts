import { MARKET_CHANGED_CHANNEL } from '../../kernel/channels.ts';
import type { Loop, ServerModule } from '../../kernel/module.ts';
import { createDemoResults } from './demo-results.ts';
import { MARKET_HISTORY_JOB_HANDLERS } from './jobs.ts';
import { marketHistoryRoutes } from './routes.ts';

export { demoMarketSeed } from './demo-market.ts';
export { type HistoryStatus, historyFilling, historyPending, historyStatus, resumeHistory } from './history.ts';

/** The demo market's results land at their time (not at tomorrow's roll), and so reach the calendar live. */
const demoResultsLoop: Loop = (ctx, log) => {
  if (!ctx.config.SEED_DEMO) return () => {};
  const results = createDemoResults(ctx, log.child({ loop: 'demo-results' }));
  results.start();
  return () => results.stop();
};

export const marketHistoryModule: ServerModule = {
  name: 'market-history',
  routes: [marketHistoryRoutes],
  jobs: { lane: 'main', handlers: MARKET_HISTORY_JOB_HANDLERS },
  loops: [demoResultsLoop],
  publishes: [MARKET_CHANGED_CHANNEL],
};
