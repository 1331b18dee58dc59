import type { Database } from '@eh/db';
import { accountFeaturesFor, accountOfSubscription, bestFeatures, FREE_PLAN, isPlan } from '@eh/domain';
import type { Entitlements, TeamGrant } from '../../kernel/entitlements.ts';
import { getUserRow } from '../users/index.ts';
import { teamSubscriptionOfMember } from './queries.ts';

/** Plan entitlements from the users' and teams' rows: a user's own plan and the subscription of their team. */
export function accountEntitlements(db: Database): Entitlements {
  async function fromTeam(userId: string): Promise<TeamGrant | null> {
    const team = await teamSubscriptionOfMember(db, userId);
    if (!team || !isPlan(team.plan)) return null;
    const features = accountFeaturesFor(accountOfSubscription(team.status, team.plan));
    return { organization: team.organization, plan: team.plan, features };
  }
  return {
    fromTeam,
    async ofUser(userId) {
      const [row, team] = userId
        ? await Promise.all([getUserRow(db, { id: userId }), fromTeam(userId)])
        : [undefined, null];
      if (!row) return accountFeaturesFor({ plan: FREE_PLAN, subscriptionType: 'free', status: 'active' });
      const own = accountFeaturesFor({
        plan: isPlan(row.plan) ? row.plan : FREE_PLAN,
        subscriptionType: row.subscriptionType,
        status: row.subscriptionStatus,
      });
      return bestFeatures(own, team?.features ?? null);
    },
  };
}
