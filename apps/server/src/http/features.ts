import {
  type AccountFeatures,
  accountFeaturesFor,
  accountOfSubscription,
  bestFeatures,
  FREE_PLAN,
  isPlan,
} from '@eh/domain';
import type { AppContext } from '../context.ts';
import { teamSubscriptionOfMember } from '../modules/teams/queries.ts';
import { getUserRow } from '../modules/users/queries.ts';
import type { Caller } from './auth.ts';

/** The plan features (SPEC §3/§4) of a caller; anonymous callers and unknown users have the free ones. */
export function featuresOf(ctx: AppContext, caller: Caller | undefined): Promise<AccountFeatures> {
  return featuresOfUser(ctx, caller?.sub);
}

/**
 * What a team member gets from their team (issue 20): the features of the team's newest subscription as its state
 * machine left it (active: the team plan's; delinquent, pending or canceled: none), or null outside a team.
 */
export async function teamFeaturesOf(ctx: AppContext, userId: string): Promise<AccountFeatures | null> {
  const team = await teamSubscriptionOfMember(ctx.db, userId);
  if (!team || !isPlan(team.plan)) return null;
  return accountFeaturesFor(accountOfSubscription(team.status, team.plan));
}

/**
 * The plan features of a user by id (the worker has no caller): the better of their own plan's and their team's;
 * an unknown user has the free ones.
 */
export async function featuresOfUser(ctx: AppContext, userId: string | undefined): Promise<AccountFeatures> {
  const [row, team] = userId
    ? await Promise.all([getUserRow(ctx.db, { id: userId }), teamFeaturesOf(ctx, userId)])
    : [undefined, null];
  if (!row) return accountFeaturesFor({ plan: FREE_PLAN, subscriptionType: 'free', status: 'active' });
  const own = accountFeaturesFor({
    plan: isPlan(row.plan) ? row.plan : FREE_PLAN,
    subscriptionType: row.subscriptionType,
    status: row.subscriptionStatus,
  });
  return bestFeatures(own, team);
}
