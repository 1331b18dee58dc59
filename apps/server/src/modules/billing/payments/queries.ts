import { randomUUID } from 'node:crypto';
import {
  billingCustomers,
  charges,
  coupons,
  type Database,
  paymentMethods,
  planPrices,
  processedWebhookEvents,
  subscriptions,
  users,
} from '@eh/db';
import type { BillingProviderName } from '@eh/domain';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';

/** Drizzle's transaction handle shares the query API, so every query here runs inside one or on the pool. */
type Db = Database;

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export type ChargeRow = typeof charges.$inferSelect;

export async function userById(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Who pays: a person or a team (its organization); billing customers and cards carry exactly one of the two ids. */
export type Subscriber =
  | { userId: string; organizationId?: undefined }
  | { organizationId: string; userId?: undefined };

function owns(
  table: typeof billingCustomers | typeof paymentMethods | typeof subscriptions | typeof charges,
  subscriber: Subscriber,
) {
  return subscriber.organizationId !== undefined
    ? eq(table.organizationId, subscriber.organizationId)
    : eq(table.userId, subscriber.userId);
}

export async function customerOf(db: Db, params: Subscriber & { provider: BillingProviderName }) {
  const [row] = await db
    .select()
    .from(billingCustomers)
    .where(and(owns(billingCustomers, params), eq(billingCustomers.provider, params.provider)))
    .limit(1);
  return row?.providerCustomerId;
}

/** Saves a customer id; a concurrent first call keeps the one saved first. */
export async function saveCustomer(
  db: Db,
  params: Subscriber & { provider: BillingProviderName; providerCustomerId: string },
) {
  await db.insert(billingCustomers).values(params).onConflictDoNothing();
  return customerOf(db, params);
}

export async function methodsOf(db: Db, params: Subscriber & { provider: BillingProviderName }) {
  return db
    .select()
    .from(paymentMethods)
    .where(and(owns(paymentMethods, params), eq(paymentMethods.provider, params.provider)))
    .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id));
}

/** One of the subscriber's cards (another's is not found). */
export async function methodOf(db: Db, params: Subscriber & { id: number }) {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, params.id), owns(paymentMethods, params)))
    .limit(1);
  return row;
}

export async function insertMethod(db: Db, values: typeof paymentMethods.$inferInsert) {
  const [row] = await db
    .insert(paymentMethods)
    .values(values)
    .onConflictDoUpdate({
      target: [paymentMethods.provider, paymentMethods.providerPaymentMethodId],
      set: { brand: values.brand },
    })
    .returning();
  return row as PaymentMethodRow;
}

export async function deleteMethod(db: Db, params: Subscriber & { id: number }) {
  await db.delete(paymentMethods).where(and(eq(paymentMethods.id, params.id), owns(paymentMethods, params)));
}

/**
 * The subscriber's newest subscription: the one a person's users row reflects and a team's members' features
 * follow.
 */
export async function latestSubscription(db: Db, subscriber: Subscriber) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(owns(subscriptions, subscriber))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row;
}

/** A subscription by the provider's id, locked for the rest of the transaction. */
export async function subscriptionForUpdate(
  db: Db,
  params: { provider: BillingProviderName; providerSubscriptionId: string },
) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, params.provider),
        eq(subscriptions.providerSubscriptionId, params.providerSubscriptionId),
      ),
    )
    .limit(1)
    .for('update');
  return row;
}

export async function subscriptionById(db: Db, id: number) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  return row;
}

/**
 * Sets a live subscription's cancel at period end; false when it already was so (the provider's webhook got there
 * first) or the subscription is over, so only the write that moves it tells the subscriber.
 */
export async function setCancelAtPeriodEnd(db: Db, id: number, cancel: boolean): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: cancel, updatedAt: new Date() })
    .where(
      and(
        eq(subscriptions.id, id),
        sql`${subscriptions.cancelAtPeriodEnd} <> ${cancel}`,
        sql`${subscriptions.status} <> 'canceled'`,
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

export async function insertSubscription(db: Db, values: typeof subscriptions.$inferInsert) {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row as SubscriptionRow;
}

export async function updateSubscription(db: Db, id: number, set: Partial<typeof subscriptions.$inferInsert>) {
  await db
    .update(subscriptions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}

export async function updateAccount(db: Db, userId: string, set: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Records an event as processed; false when it already was (a replay). */
export async function markProcessed(
  db: Db,
  params: { provider: BillingProviderName; eventId: string; type: string },
): Promise<boolean> {
  const rows = await db
    .insert(processedWebhookEvents)
    .values(params)
    .onConflictDoNothing()
    .returning({ id: processedWebhookEvents.id });
  return rows.length > 0;
}

/** How many charges of a subscription went through (paid, and later refunded or disputed too): a coupon's count. */
export async function chargesMadeOf(db: Db, subscriptionId: number): Promise<number> {
  const [row] = await db
    .select({ made: sql<number>`count(*)::int` })
    .from(charges)
    .where(and(eq(charges.subscriptionId, subscriptionId), sql`${charges.status} in ('paid', 'refunded', 'disputed')`));
  return row?.made ?? 0;
}

/** A charge by the provider's charge id or the invoice it paid (both are keys the provider may name). */
export async function chargeByProviderIds(db: Db, provider: BillingProviderName, ids: (string | null)[]) {
  const keys = ids.filter((key): key is string => key !== null);
  if (keys.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(charges)
    .where(and(eq(charges.provider, provider), or(...keys.map((key) => eq(charges.providerChargeId, key)))))
    .limit(1)
    .for('update');
  return row;
}

export async function insertCharge(db: Db, values: typeof charges.$inferInsert) {
  const [row] = await db.insert(charges).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCharge(db: Db, id: number, set: Partial<typeof charges.$inferInsert>) {
  await db.update(charges).set(set).where(eq(charges.id, id));
}

export async function chargesOf(db: Db, subscriber: Subscriber) {
  return db
    .select()
    .from(charges)
    .where(owns(charges, subscriber))
    .orderBy(desc(charges.createdAt), desc(charges.id))
    .limit(500);
}

/** The active price row of a plan and interval (what the subscription is sold at). */
export async function activePrice(db: Db, params: { app: string; plan: string; interval: 'monthly' | 'yearly' }) {
  const [row] = await db
    .select()
    .from(planPrices)
    .where(
      and(
        eq(planPrices.app, params.app),
        eq(planPrices.plan, params.plan),
        eq(planPrices.interval, params.interval),
        eq(planPrices.active, true),
      ),
    )
    .limit(1);
  return row;
}

/** Counts one use; false when the coupon reached its most uses meanwhile (two buyers of its last use). */
export async function redeemCoupon(db: Db, couponId: number): Promise<boolean> {
  const rows = await db
    .update(coupons)
    .set({ redemptions: sql`${coupons.redemptions} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        or(isNull(coupons.maxRedemptions), sql`${coupons.redemptions} < ${coupons.maxRedemptions}`),
      ),
    )
    .returning({ id: coupons.id });
  return rows.length > 0;
}

/** Marks a paid charge refunded; false when it already was (a second refund request at the same time). */
export async function markChargeRefunded(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(charges)
    .set({ status: 'refunded', refunded: true })
    .where(and(eq(charges.id, id), eq(charges.refunded, false)))
    .returning({ id: charges.id });
  return rows.length > 0;
}

/** Apple's name for the provider (SPEC §3 payment providers). */
export const APPLE = 'apple' as const;

/**
 * The user's appAccountToken (decision 0022): a random UUID kept as their customer id at `apple` in
 * billing_customers, made on first use; a concurrent first call keeps the one saved first. Undefined without a users
 * row (nothing to link to yet).
 */
export async function appAccountTokenOf(db: Database, userId: string): Promise<string | undefined> {
  const known = await customerOf(db, { userId, provider: APPLE });
  if (known) return known;
  if (!(await userById(db, userId))) return undefined;
  return saveCustomer(db, { userId, provider: APPLE, providerCustomerId: randomUUID() });
}
