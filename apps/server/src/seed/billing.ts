import { coupons, planPrices } from '@eh/db';
import { DEFAULT_APP, FREE_PLAN, PARTNER_PRO_PLAN, PLUS_PLAN, type Plan, PRO_PLAN, TEAM_PLAN } from '@eh/domain';
import type { Seed } from '../kernel/seed.ts';

const DAY_MS = 86_400_000;

/**
 * The starting price list, in cents (team per licence): a year costs about ten monthly charges. Configuration, not
 * code: the rows can be changed (or a price deactivated and a new one added) without a deploy.
 */
export const PRICES: readonly { plan: Plan; monthly: number; yearly: number }[] = [
  { plan: FREE_PLAN, monthly: 0, yearly: 0 },
  { plan: PLUS_PLAN, monthly: 999, yearly: 9588 },
  { plan: PRO_PLAN, monthly: 2499, yearly: 23988 },
  { plan: PARTNER_PRO_PLAN, monthly: 1999, yearly: 19188 },
  { plan: TEAM_PLAN, monthly: 2999, yearly: 28788 },
];

/** Every database starts with the price list of the app the pricing page sells. */
export const planPricesSeed: Seed = {
  name: 'plan-prices',
  async run(db) {
    await db
      .insert(planPrices)
      .values(
        PRICES.flatMap(({ plan, monthly, yearly }) => [
          { app: DEFAULT_APP, plan, interval: 'monthly' as const, amount: monthly },
          { app: DEFAULT_APP, plan, interval: 'yearly' as const, amount: yearly },
        ]),
      )
      .onConflictDoNothing();
  },
};

/** Demo coupons: the two partners' offers, one expired and one used up, so each answer can be seen. */
export const demoCouponsSeed: Seed = {
  name: 'demo-coupons',
  applies: (env) => env.config.SEED_DEMO,
  async run(db) {
    const now = Date.now();
    await db
      .insert(coupons)
      .values([
        {
          name: 'CNBC',
          discountType: 'percent',
          value: 20,
          duration: 'repeating',
          durationMonths: 12,
          maxRedemptions: 10_000,
          expiresAt: new Date(now + 365 * DAY_MS),
          plans: [PRO_PLAN, PARTNER_PRO_PLAN],
          source: 'cnbc',
        },
        {
          name: 'WOLF',
          discountType: 'amount',
          value: 5000,
          duration: 'once',
          maxRedemptions: 1_000,
          expiresAt: new Date(now + 365 * DAY_MS),
          plans: [PRO_PLAN, PARTNER_PRO_PLAN],
          source: 'wolf',
        },
        {
          name: 'TRYPRO',
          discountType: 'percent',
          value: 100,
          duration: 'once',
          isFreeAfterPromo: true,
          plans: [PRO_PLAN],
        },
        {
          name: 'SPRING2025',
          discountType: 'percent',
          value: 30,
          duration: 'once',
          expiresAt: new Date(now - 30 * DAY_MS),
        },
        {
          name: 'LAUNCH100',
          discountType: 'amount',
          value: 1000,
          duration: 'once',
          maxRedemptions: 100,
          redemptions: 100,
        },
      ])
      .onConflictDoNothing();
  },
};
