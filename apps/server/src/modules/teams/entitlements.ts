import type { Database } from '@eh/db';
import {
  type AccountFeatures,
  accountFeaturesFor,
  accountOfSubscription,
  bestFeatures,
  FREE_PLAN,
  isPlan,
} from '@eh/domain';
import type { Entitlements, TeamGrant } from '../../kernel/entitlements.ts';
import { getUserRow, getUserRows, type UserRow } from '../users/index.ts';
import { teamSubscriptionOfMember, teamSubscriptionsOfMembers } from './queries.ts';

type TeamRow = NonNullable<Awaited<ReturnType<typeof teamSubscriptionOfMember>>>;

function grantOf(team: TeamRow | undefined): TeamGrant | null {
  if (!team || !isPlan(team.plan)) return null;
  const features = accountFeaturesFor(accountOfSubscription(team.status, team.plan));
  return { organization: team.organization, plan: team.plan, features };
}

/** The better of a user's own plan's features and their team's; no user row has the free ones. */
function featuresFrom(row: UserRow | undefined, team: TeamGrant | null): AccountFeatures {
  if (!row) return accountFeaturesFor({ plan: FREE_PLAN, subscriptionType: 'free', status: 'active' });
  const own = accountFeaturesFor({
    plan: isPlan(row.plan) ? row.plan : FREE_PLAN,
    subscriptionType: row.subscriptionType,
    status: row.subscriptionStatus,
  });
  return bestFeatures(own, team?.features ?? null);
}

/** Plan entitlements from the users' and teams' rows: a user's own plan and the subscription of their team. */
export function accountEntitlements(db: Database): Entitlements {
  async function fromTeam(userId: string): Promise<TeamGrant | null> {
    return grantOf(await teamSubscriptionOfMember(db, userId));
  }
  return {
    fromTeam,
    async ofUser(userId) {
      const [row, team] = userId
        ? await Promise.all([getUserRow(db, { id: userId }), fromTeam(userId)])
        : [undefined, null];
      return featuresFrom(row, team);
    },
    async ofUsers(userIds) {
      const ids = [...new Set(userIds)];
      const [rows, teams] = await Promise.all([getUserRows(db, { ids }), teamSubscriptionsOfMembers(db, ids)]);
      return new Map(ids.map((id) => [id, featuresFrom(rows.get(id), grantOf(teams.get(id)))]));
    },
  };
}
