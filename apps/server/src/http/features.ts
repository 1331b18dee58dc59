import { type AccountFeatures, accountFeaturesFor, FREE_PLAN, isPlan } from '@eh/domain';
import type { AppContext } from '../context.ts';
import { getUserRow } from '../modules/users/queries.ts';
import type { Caller } from './auth.ts';

/** The plan features (SPEC §3/§4) of a caller; anonymous callers and unknown users have the free ones. */
export async function featuresOf(ctx: AppContext, caller: Caller | undefined): Promise<AccountFeatures> {
  const row = caller ? await getUserRow(ctx.db, { id: caller.sub }) : undefined;
  if (!row) return accountFeaturesFor({ plan: FREE_PLAN, subscriptionType: 'free', status: 'active' });
  return accountFeaturesFor({
    plan: isPlan(row.plan) ? row.plan : FREE_PLAN,
    subscriptionType: row.subscriptionType,
    status: row.subscriptionStatus,
  });
}
