import type { ServerModule } from '../../kernel/module.ts';
import { AFFILIATE_JOB_HANDLERS, AFFILIATE_POLL_MS, affiliateKickLoop } from './jobs.ts';
import { affiliatesRoutes } from './routes.ts';

export { accountCharge } from './commissions.ts';
export { payOutNow, settleNow } from './jobs.ts';

/** Commissions settle and the month that ended is paid out, in a lane of their own. */
export const affiliatesModule: ServerModule = {
  name: 'affiliates',
  routes: [affiliatesRoutes],
  jobs: { lane: 'affiliates', handlers: AFFILIATE_JOB_HANDLERS, pollMs: AFFILIATE_POLL_MS },
  loops: [affiliateKickLoop],
};
