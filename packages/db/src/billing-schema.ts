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
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations } from './teams-schema.ts';
import { users } from './users-schema.ts';

/**
 * Plan prices: configuration, seeded for the demo and changed without a deploy. One row per app, plan
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
 * Coupons (SPEC §3 discount type): `value` is cents for `amount`, a whole percent for `percent`. The
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

/** Where a subscription is paid (SPEC §3 payment providers, plus the offline `test` provider). */
const BILLING_PROVIDER_ENUM = ['stripe', 'test', 'apple'] as const;

/** A user's customer at a billing provider (Stripe's `cus_…`; the test provider's own ids). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    id: serial('id').primaryKey(),
    /** The subscriber: a user, or (team billing) an organization; exactly one is set. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: BILLING_PROVIDER_ENUM }).notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_customers_user_idx').on(t.userId, t.provider),
    uniqueIndex('billing_customers_organization_idx').on(t.organizationId, t.provider),
    check('billing_customers_subscriber_check', sql`(${t.userId} is null) <> (${t.organizationId} is null)`),
    uniqueIndex('billing_customers_provider_idx').on(t.provider, t.providerCustomerId),
  ],
);

/** A card saved for a user: only what the screens show (brand, last four, expiry), never the number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    /** The subscriber: a user, or (team billing) an organization; exactly one is set. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: BILLING_PROVIDER_ENUM }).notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    index('payment_methods_organization_idx').on(t.organizationId),
    check('payment_methods_subscriber_check', sql`(${t.userId} is null) <> (${t.organizationId} is null)`),
    uniqueIndex('payment_methods_provider_idx').on(t.provider, t.providerPaymentMethodId),
  ],
);

/**
 * A subscription at a provider. Status is SPEC §3's (active, delinquent, pending, canceled); `lastEventAt` and
 * `lastEventId` are the newest webhook event applied, so an older one delivered late never moves it backwards.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    /** The subscriber: a user, or (team billing) an organization; exactly one is set. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: BILLING_PROVIDER_ENUM }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    plan: text('plan').notNull(),
    interval: text('interval', { enum: ['monthly', 'yearly'] }).notNull(),
    /** Cents each period (after the coupon, for the first period). */
    amount: integer('amount').notNull(),
    /**
     * Cents each period before any coupon or credit: the plan's price times the licences. With the coupon it says
     * what the next charge will be; null on subscriptions stored before it was kept (their amount stands in).
     */
    listAmount: integer('list_amount'),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['active', 'delinquent', 'pending', 'canceled'] }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    affiliateId: text('affiliate_id'),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    lastEventId: text('last_event_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_organization_idx').on(t.organizationId),
    check('subscriptions_subscriber_check', sql`(${t.userId} is null) <> (${t.organizationId} is null)`),
    uniqueIndex('subscriptions_provider_idx').on(t.provider, t.providerSubscriptionId),
    check('subscriptions_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** Money taken (or tried): SPEC §3 payment status pending, paid, failed, refunded, disputed. */
export const charges = pgTable(
  'charges',
  {
    id: serial('id').primaryKey(),
    /** The subscriber: a user, or (team billing) an organization; exactly one is set. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'refunded', 'disputed'] }).notNull(),
    provider: text('provider', { enum: BILLING_PROVIDER_ENUM }).notNull(),
    providerChargeId: text('provider_charge_id').notNull(),
    description: text('description').notNull().default(''),
    receiptUrl: text('receipt_url'),
    refunded: boolean('refunded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('charges_user_idx').on(t.userId, t.createdAt),
    index('charges_organization_idx').on(t.organizationId, t.createdAt),
    check('charges_subscriber_check', sql`(${t.userId} is null) <> (${t.organizationId} is null)`),
    uniqueIndex('charges_provider_idx').on(t.provider, t.providerChargeId),
    check('charges_amount_check', sql`${t.amount} >= 0`),
  ],
);

/** Webhook events applied, by provider and event id: a replayed event is recognised and changes nothing. */
export const processedWebhookEvents = pgTable(
  'processed_webhook_events',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: BILLING_PROVIDER_ENUM }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('processed_webhook_events_idx').on(t.provider, t.eventId)],
);
