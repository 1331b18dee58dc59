import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Plan prices (issue 18): configuration, seeded for the demo and changed without a deploy. One row per app, plan
 * and interval that is sold (an old price is kept inactive, so a subscription can still name it). Amount in
 * cents; the team plan's is per licence. `stripePriceId` is filled once the price exists in Stripe.
 */
export const planPrices = pgTable(
  'plan_prices',
  {
    id: serial('id').primaryKey(),
    app: text('app').notNull(),
    plan: text('plan').notNull(),
    interval: text('interval', { enum: ['monthly', 'yearly'] }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    active: boolean('active').notNull().default(true),
    stripePriceId: text('stripe_price_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One active price per app, plan and interval.
    uniqueIndex('plan_prices_active_idx').on(t.app, t.plan, t.interval).where(sql`${t.active}`),
    uniqueIndex('plan_prices_stripe_idx').on(t.stripePriceId),
    check('plan_prices_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * Coupons (SPEC §3 discount type; issue 18): `value` is cents for `amount`, a whole percent for `percent`. The
 * name is unique whatever its case (looked up by lower(name)). `plans` empty means every paid plan; `source` names
 * the partner that hands it out (cnbc, wolf). Redemptions by subscriber come with subscriptions.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    discountType: text('discount_type', { enum: ['amount', 'percent'] }).notNull(),
    value: integer('value').notNull(),
    duration: text('duration', { enum: ['once', 'repeating', 'forever'] })
      .notNull()
      .default('once'),
    durationMonths: integer('duration_months'),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isFreeAfterPromo: boolean('is_free_after_promo').notNull().default(false),
    plans: jsonb('plans').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    source: text('source'),
    stripeCouponId: text('stripe_coupon_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_name_lower_idx').on(sql`lower(${t.name})`),
    uniqueIndex('coupons_stripe_idx').on(t.stripeCouponId),
    index('coupons_source_idx').on(t.source),
    check('coupons_value_check', sql`${t.value} > 0 and (${t.discountType} = 'amount' or ${t.value} <= 100)`),
    check('coupons_redemptions_check', sql`${t.redemptions} >= 0`),
  ],
);
