import { randomUUID } from 'node:crypto';
import { idpUsers, organizationMembers, organizations, subscriptions, users } from '@eh/db';
import { createSealer, idpSecret } from '../idp/seal.ts';
import { createVerifier } from '../idp/srp.ts';
import type { Seed } from '../kernel/seed.ts';
import { PRICES } from './billing.ts';

/** One signed-in account per plan, for trying the product on one machine (embedded mode only). */
export const DEMO_PASSWORD = 'Demo-earnings-1';
export const DEMO_ACCOUNTS = [
  { email: 'free@demo.earningshub.dev', plan: 'free' },
  { email: 'plus@demo.earningshub.dev', plan: 'earningshub_plus' },
  { email: 'pro@demo.earningshub.dev', plan: 'earningshub_pro' },
  { email: 'team@demo.earningshub.dev', plan: 'earningshub_team' },
] as const;

/** What a demo account pays: its plan's yearly price in the starting price list, in dollars. */
const yearlyPrice = (plan: string) => (PRICES.find((row) => row.plan === plan)?.yearly ?? 0) / 100;

/**
 * The team account's team, in the state the product leaves a team it sold: the account owns it, is its member,
 * and the team's yearly subscription (test billing) pays its licences; the account's own plan stays free, as a
 * team owner's does.
 */
const DEMO_TEAM = { name: 'Demo Research', licenses: 5 } as const;

export const demoAccountsSeed: Seed = {
  name: 'demo-accounts',
  // A known password must never exist on a shared database.
  applies: (env) => env.embedded && env.config.SEED_DEMO,
  async run(db, env) {
    const sealer = createSealer(idpSecret(env.config.DATA_DIR, env.config.IDP_SECRET, env.embedded));
    const poolName = env.config.IDP_USER_POOL_ID.split('_')[1] ?? env.config.IDP_USER_POOL_ID;
    const nextCharge = new Date(Date.now() + 30 * 86_400_000);
    for (const account of DEMO_ACCOUNTS) {
      const sub = randomUUID();
      const { salt, verifier } = createVerifier(poolName, account.email, DEMO_PASSWORD);
      await db.insert(idpUsers).values({
        sub,
        username: account.email,
        email: account.email,
        emailVerified: true,
        status: 'CONFIRMED',
        salt,
        sealedVerifier: sealer.seal(verifier),
      });
      const team = account.plan === 'earningshub_team';
      const paid = account.plan !== 'free' && !team;
      await db.insert(users).values({
        id: sub,
        email: account.email,
        name: `Demo ${account.plan === 'free' ? 'free' : account.plan.replace('earningshub_', '')} user`,
        plan: paid ? account.plan : 'free',
        subscriptionType: paid ? 'paid' : 'free',
        subscriptionStatus: 'active',
        price: paid ? yearlyPrice(account.plan) : 0,
        priceType: 'yearly',
        nextChargeDate: paid ? nextCharge : null,
      });
      if (!team) continue;
      const [organization] = await db
        .insert(organizations)
        .values({
          name: DEMO_TEAM.name,
          billingEmail: account.email,
          ownerId: sub,
          subscriptionPlanId: account.plan,
          licenseCount: DEMO_TEAM.licenses,
        })
        .returning({ id: organizations.id });
      if (!organization) throw new Error('the demo team was not created');
      await db.insert(organizationMembers).values({ organizationId: organization.id, userId: sub, role: 'owner' });
      await db.insert(subscriptions).values({
        organizationId: organization.id,
        provider: 'test',
        providerSubscriptionId: `demo-team-${organization.id}`,
        plan: account.plan,
        interval: 'yearly',
        amount: Math.round(yearlyPrice(account.plan) * 100) * DEMO_TEAM.licenses,
        status: 'active',
        currentPeriodEnd: nextCharge,
      });
    }
  },
};
