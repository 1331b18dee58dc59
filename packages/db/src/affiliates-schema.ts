import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { charges, subscriptions } from './billing-schema.ts';
import { users } from './users-schema.ts';

/**
 * Affiliates (decision 0028): one row per user who asked to join. `code` is what their referral link
 * carries (`?affiliate=code`); `status` is SPEC §3's request status, decided by a super admin. The payout account
 * is a Stripe Connect Express account (the `test` billing provider's own ids offline) opened in `connectCountry`;
 * its onboarding is done once Stripe has the details and allows payouts.
 */
export const affiliates = pgTable(
  'affiliates',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    status: text('status', { enum: ['requested', 'approved', 'rejected', 'revoked'] }).notNull(),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    connectProvider: text('connect_provider', { enum: ['stripe', 'test'] }),
    connectAccountId: text('connect_account_id'),
    connectCountry: text('connect_country'),
    connectDetailsSubmitted: boolean('connect_details_submitted').notNull().default(false),
    connectPayoutsEnabled: boolean('connect_payouts_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('affiliates_code_idx').on(sql`lower(${t.code})`),
    uniqueIndex('affiliates_connect_account_idx').on(t.connectAccountId),
    index('affiliates_status_idx').on(t.status, t.requestedAt),
  ],
);

/**
 * Payouts: one per affiliate, month and currency at most (the unique key that keeps a month from being
 * paid twice), transferred to the Connect account; `transferGroup` names it at Stripe so a retry finds a transfer
 * already made.
 */
export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: serial('id').primaryKey(),
    affiliateUserId: uuid('affiliate_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The month paid for, `YYYY-MM` (UTC). */
    period: text('period').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** Cents transferred. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    destination: text('destination').notNull(),
    transferGroup: text('transfer_group').notNull(),
    transferId: text('transfer_id'),
    failure: text('failure'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('affiliate_payouts_period_idx').on(t.affiliateUserId, t.period, t.currency),
    index('affiliate_payouts_status_idx').on(t.period, t.status),
    check('affiliate_payouts_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * The commission ledger: a `commission` row per paid payment of a referred subscription (the configured
 * percentage, SPEC §3 accounting status pending → accounted, or not_applicable when it lapses), and a `reversal`
 * row (negative, accounted at once) for an accounted commission whose payment was refunded or disputed later.
 * Accounted rows join a payout (`payoutId`) once; the charge's plan and interval are copied for the dashboard.
 */
export const affiliateCommissions = pgTable(
  'affiliate_commissions',
  {
    id: serial('id').primaryKey(),
    affiliateUserId: uuid('affiliate_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['commission', 'reversal'] }).notNull(),
    chargeId: integer('charge_id').references(() => charges.id, { onDelete: 'set null' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    reversesId: integer('reverses_id').references((): AnyPgColumn => affiliateCommissions.id, {
      onDelete: 'set null',
    }),
    /** Cents of the referred payment. */
    chargeAmount: integer('charge_amount').notNull(),
    /** Cents earned: positive for a commission, negative for a reversal. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('usd'),
    percent: smallint('percent').notNull(),
    plan: text('plan').notNull(),
    interval: text('interval', { enum: ['monthly', 'yearly'] }).notNull(),
    accountingStatus: text('accounting_status', { enum: ['not_applicable', 'pending', 'accounted'] }).notNull(),
    /** Why it earns nothing (not_applicable), or why a reversal was made. */
    reason: text('reason', { enum: ['refunded', 'disputed', 'revoked'] }),
    chargedAt: timestamp('charged_at', { withTimezone: true }).notNull(),
    settlesAt: timestamp('settles_at', { withTimezone: true }).notNull(),
    accountedAt: timestamp('accounted_at', { withTimezone: true }),
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    payoutId: integer('payout_id').references(() => affiliatePayouts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('affiliate_commissions_charge_idx').on(t.chargeId, t.kind),
    index('affiliate_commissions_affiliate_idx').on(t.affiliateUserId, t.chargedAt.desc()),
    index('affiliate_commissions_pending_idx').on(t.settlesAt).where(sql`${t.accountingStatus} = 'pending'`),
    index('affiliate_commissions_unpaid_idx')
      .on(t.affiliateUserId, t.accountedAt)
      .where(sql`${t.accountingStatus} = 'accounted' and ${t.payoutId} is null`),
    index('affiliate_commissions_payout_idx').on(t.payoutId),
    check(
      'affiliate_commissions_sign_check',
      sql`(${t.kind} = 'commission' and ${t.amount} >= 0) or (${t.kind} = 'reversal' and ${t.amount} <= 0)`,
    ),
  ],
);
