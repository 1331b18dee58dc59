import { type AccountFeatures, accountFeaturesFor, FREE_PLAN, isPlan } from '@eh/domain';
import type { AppContext } from '../context.ts';
import { getUserRow } from '../modules/users/queries.ts';
import type { Caller } from './auth.ts';

/** The plan features (SPEC §3/§4) of a caller; anonymous callers and unknown users have the free ones. */
export function featuresOf(ctx: AppContext, caller: Caller | undefined): Promise<AccountFeatures> {
  return featuresOfUser(ctx, caller?.sub);
}

/** The plan features of a user by id (the worker has no caller); an unknown user has the free ones. */
export async function featuresOfUser(ctx: AppContext, userId: string | undefined): Promise<AccountFeatures> {
  const row = userId ? await getUserRow(ctx.db, { id: userId }) : undefined;
  if (!row) return accountFeaturesFor({ plan: FREE_PLAN, subscriptionType: 'free', status: 'active' });
  return accountFeaturesFor({
    plan: isPlan(row.plan) ? row.plan : FREE_PLAN,
    subscriptionType: row.subscriptionType,
    status: row.subscriptionStatus,
  });
}
