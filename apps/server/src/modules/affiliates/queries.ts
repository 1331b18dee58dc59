import {
  affiliateCommissions,
  affiliatePayouts,
  affiliates,
  charges,
  type Database,
  organizations,
  subscriptions,
  users,
} from '@eh/db';
import type { AccountingStatus, AffiliateRequestStatus, BillingProviderName, CommissionLapseReason } from '@eh/domain';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';

/** Drizzle's transaction handle shares the query API, so every query here runs inside one or on the pool. */
type Db = Database;

export type AffiliateRow = typeof affiliates.$inferSelect;
export type CommissionRow = typeof affiliateCommissions.$inferSelect;
export type PayoutRow = typeof affiliatePayouts.$inferSelect;

// ---- membership ----------------------------------------------------------------------------------------------------

export async function affiliateOf(db: Db, userId: string, lock = false) {
  const query = db.select().from(affiliates).where(eq(affiliates.userId, userId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The affiliate a referral code names, whatever its case. */
export async function affiliateByCode(db: Db, code: string) {
  const [row] = await db.select().from(affiliates).where(sql`lower(${affiliates.code}) = lower(${code})`).limit(1);
  return row;
}

/** A new member's row; undefined when the user or the code is taken (a concurrent request, a code collision). */
export async function insertAffiliate(db: Db, values: typeof affiliates.$inferInsert) {
  const [row] = await db.insert(affiliates).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateAffiliate(db: Db, userId: string, set: Partial<typeof affiliates.$inferInsert>) {
  const [row] = await db
    .update(affiliates)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(affiliates.userId, userId))
    .returning();
  return row;
}

export async function isSuperAdmin(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ superAdmin: users.superAdmin }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.superAdmin ?? false;
}

const requestColumns = {
  affiliate: affiliates,
  email: users.email,
  name: users.name,
};

/** Affiliates with their account's email and name, oldest request first (at most 500). */
export async function listAffiliates(db: Db, params: { status?: AffiliateRequestStatus | undefined }) {
  return db
    .select(requestColumns)
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(params.status ? eq(affiliates.status, params.status) : undefined)
    .orderBy(asc(affiliates.requestedAt), asc(affiliates.userId))
    .limit(500);
}

export async function affiliateWithUser(db: Db, userId: string) {
  const [row] = await db
    .select(requestColumns)
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(eq(affiliates.userId, userId))
    .limit(1);
  return row;
}

// ---- commissions (the billing webhook's hook) ----------------------------------------------------------------------

/** A charge by the provider's ids (the keys the billing webhook stores it under). */
export async function chargeByKeys(db: Db, provider: BillingProviderName, keys: string[]) {
  if (keys.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(charges)
    .where(and(eq(charges.provider, provider), inArray(charges.providerChargeId, keys)))
    .limit(1);
  return row;
}

/**
 * The subscription a charge paid, with what names its referrer: the subscriber's recorded sign-up affiliate
 * (first source wins) and the subscription's own `affiliateId`, and who the subscriber is (a team's owner for a
 * team's subscription), so nobody earns on their own payments.
 */
export async function referralOf(db: Db, subscriptionId: number) {
  const [row] = await db
    .select({
      subscription: subscriptions,
      signupAffiliateId: sql<string | null>`${users.signup}->>'affiliateId'`,
      subscriberId: sql<string | null>`coalesce(${subscriptions.userId}, ${organizations.ownerId})`,
    })
    .from(subscriptions)
    .leftJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(organizations, eq(organizations.id, subscriptions.organizationId))
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1);
  return row;
}

export async function commissionOfCharge(db: Db, chargeId: number) {
  const [row] = await db
    .select()
    .from(affiliateCommissions)
    .where(and(eq(affiliateCommissions.chargeId, chargeId), eq(affiliateCommissions.kind, 'commission')))
    .limit(1)
    .for('update');
  return row;
}

/** Records a ledger row once per charge and kind (a replayed event finds it there). */
export async function insertCommission(db: Db, values: typeof affiliateCommissions.$inferInsert) {
  const [row] = await db.insert(affiliateCommissions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function lapseCommission(db: Db, id: number, reason: CommissionLapseReason, at: Date) {
  await db
    .update(affiliateCommissions)
    .set({ accountingStatus: 'not_applicable', reason, lapsedAt: at })
    .where(and(eq(affiliateCommissions.id, id), eq(affiliateCommissions.accountingStatus, 'pending')));
}

/** A revoked affiliate's pending commissions lapse. */
export async function lapsePendingOf(db: Db, affiliateUserId: string, at: Date) {
  await db
    .update(affiliateCommissions)
    .set({ accountingStatus: 'not_applicable', reason: 'revoked', lapsedAt: at })
    .where(
      and(
        eq(affiliateCommissions.affiliateUserId, affiliateUserId),
        eq(affiliateCommissions.accountingStatus, 'pending'),
      ),
    );
}

/**
 * Settles every pending commission due by `asOf` whose payment is on record: accounted (from the moment it
 * settled) when the payment still stands, not applicable when it was refunded or disputed meanwhile.
 */
export async function settleDue(db: Db, asOf: Date): Promise<{ status: AccountingStatus }[]> {
  const stands = sql`(${charges.status} = 'paid' and not ${charges.refunded})`;
  return db
    .update(affiliateCommissions)
    .set({
      accountingStatus: sql`case when ${stands} then 'accounted' else 'not_applicable' end`,
      accountedAt: sql`case when ${stands} then ${affiliateCommissions.settlesAt} end`,
      lapsedAt: sql`case when ${stands} then null else ${asOf.toISOString()}::timestamptz end`,
      reason: sql`case when ${stands} then null when ${charges.status} = 'disputed' then 'disputed' else 'refunded' end`,
    })
    .from(charges)
    .where(
      and(
        eq(charges.id, affiliateCommissions.chargeId),
        eq(affiliateCommissions.accountingStatus, 'pending'),
        lte(affiliateCommissions.settlesAt, asOf),
      ),
    )
    .returning({ status: affiliateCommissions.accountingStatus });
}

/** Pending commissions due by `asOf` whose charge is gone: the payment was made, so they are accounted. */
export async function settleOrphans(db: Db, asOf: Date): Promise<{ status: AccountingStatus }[]> {
  return db
    .update(affiliateCommissions)
    .set({ accountingStatus: 'accounted', accountedAt: sql`${affiliateCommissions.settlesAt}` })
    .where(
      and(
        eq(affiliateCommissions.accountingStatus, 'pending'),
        lte(affiliateCommissions.settlesAt, asOf),
        isNull(affiliateCommissions.chargeId),
      ),
    )
    .returning({ status: affiliateCommissions.accountingStatus });
}

// ---- payouts -----------------------------------------------------------------------------------------------------

/** Approved or revoked affiliates with a payout account at this provider and accounted commissions not paid out. */
export async function payoutCandidates(db: Db, params: { provider: 'stripe' | 'test'; before: Date }) {
  return db
    .selectDistinct({
      userId: affiliates.userId,
      accountId: affiliates.connectAccountId,
      payoutsEnabled: affiliates.connectPayoutsEnabled,
      detailsSubmitted: affiliates.connectDetailsSubmitted,
    })
    .from(affiliates)
    .innerJoin(affiliateCommissions, eq(affiliateCommissions.affiliateUserId, affiliates.userId))
    .where(
      and(
        eq(affiliates.connectProvider, params.provider),
        sql`${affiliates.connectAccountId} is not null`,
        eq(affiliateCommissions.accountingStatus, 'accounted'),
        isNull(affiliateCommissions.payoutId),
        lt(affiliateCommissions.accountedAt, params.before),
      ),
    );
}

/** The accounted rows a payout of the period takes, locked for the transaction. */
export async function unpaidRowsForUpdate(db: Db, params: { affiliateUserId: string; before: Date }) {
  return db
    .select({
      id: affiliateCommissions.id,
      amount: affiliateCommissions.amount,
      currency: affiliateCommissions.currency,
    })
    .from(affiliateCommissions)
    .where(
      and(
        eq(affiliateCommissions.affiliateUserId, params.affiliateUserId),
        eq(affiliateCommissions.accountingStatus, 'accounted'),
        isNull(affiliateCommissions.payoutId),
        lt(affiliateCommissions.accountedAt, params.before),
      ),
    )
    .for('update');
}

/** The period's payout for the affiliate and currency; undefined when it exists already (never twice a month). */
export async function insertPayout(db: Db, values: typeof affiliatePayouts.$inferInsert) {
  const [row] = await db.insert(affiliatePayouts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function attachToPayout(db: Db, payoutId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(affiliateCommissions)
    .set({ payoutId })
    .where(and(inArray(affiliateCommissions.id, ids), isNull(affiliateCommissions.payoutId)));
}

/** The period's payouts not paid yet (made now, or left by a failure or a stop). */
export async function unpaidPayouts(db: Db, params: { period: string; provider: 'stripe' | 'test' }) {
  return db
    .select()
    .from(affiliatePayouts)
    .where(
      and(
        eq(affiliatePayouts.period, params.period),
        eq(affiliatePayouts.provider, params.provider),
        ne(affiliatePayouts.status, 'paid'),
      ),
    )
    .orderBy(asc(affiliatePayouts.id));
}

/** Claims a payout for one transfer attempt; false when it is paid or another run attempted it since `staleBefore`. */
export async function claimPayout(db: Db, params: { id: number; at: Date; staleBefore: Date }): Promise<boolean> {
  const rows = await db
    .update(affiliatePayouts)
    .set({ attemptedAt: params.at, attempts: sql`${affiliatePayouts.attempts} + 1` })
    .where(
      and(
        eq(affiliatePayouts.id, params.id),
        ne(affiliatePayouts.status, 'paid'),
        or(isNull(affiliatePayouts.attemptedAt), lt(affiliatePayouts.attemptedAt, params.staleBefore)),
      ),
    )
    .returning({ id: affiliatePayouts.id });
  return rows.length > 0;
}

export async function updatePayout(db: Db, id: number, set: Partial<typeof affiliatePayouts.$inferInsert>) {
  await db.update(affiliatePayouts).set(set).where(eq(affiliatePayouts.id, id));
}

// ---- the dashboard -------------------------------------------------------------------------------------------------

export async function commissionsOf(db: Db, affiliateUserId: string) {
  return db
    .select({ commission: affiliateCommissions, paymentStatus: charges.status, payoutStatus: affiliatePayouts.status })
    .from(affiliateCommissions)
    .leftJoin(charges, eq(charges.id, affiliateCommissions.chargeId))
    .leftJoin(affiliatePayouts, eq(affiliatePayouts.id, affiliateCommissions.payoutId))
    .where(eq(affiliateCommissions.affiliateUserId, affiliateUserId))
    .orderBy(desc(affiliateCommissions.chargedAt), desc(affiliateCommissions.id))
    .limit(500);
}

/** The balance's sums, in cents, for one currency. */
export async function balanceOf(db: Db, params: { affiliateUserId: string; currency: string }) {
  const c = affiliateCommissions;
  const [sums] = await db
    .select({
      pending: sql<string>`coalesce(sum(${c.amount}) filter (where ${c.accountingStatus} = 'pending'), 0)`,
      available: sql<string>`coalesce(sum(${c.amount}) filter (where ${c.accountingStatus} = 'accounted'
        and (${affiliatePayouts.id} is null or ${affiliatePayouts.status} <> 'paid')), 0)`,
      lapsed: sql<string>`coalesce(sum(${c.amount}) filter (where ${c.accountingStatus} = 'not_applicable'), 0)`,
      reversed: sql<string>`coalesce(sum(-${c.amount}) filter (where ${c.kind} = 'reversal'), 0)`,
    })
    .from(c)
    .leftJoin(affiliatePayouts, eq(affiliatePayouts.id, c.payoutId))
    .where(and(eq(c.affiliateUserId, params.affiliateUserId), eq(c.currency, params.currency)));
  const [paid] = await db
    .select({ paidOut: sql<string>`coalesce(sum(${affiliatePayouts.amount}), 0)` })
    .from(affiliatePayouts)
    .where(
      and(
        eq(affiliatePayouts.affiliateUserId, params.affiliateUserId),
        eq(affiliatePayouts.currency, params.currency),
        eq(affiliatePayouts.status, 'paid'),
      ),
    );
  return {
    pending: Number(sums?.pending ?? 0),
    available: Number(sums?.available ?? 0),
    lapsed: Number(sums?.lapsed ?? 0),
    reversed: Number(sums?.reversed ?? 0),
    paidOut: Number(paid?.paidOut ?? 0),
  };
}

export async function payoutsOf(db: Db, affiliateUserId: string) {
  return db
    .select()
    .from(affiliatePayouts)
    .where(eq(affiliatePayouts.affiliateUserId, affiliateUserId))
    .orderBy(desc(affiliatePayouts.period), desc(affiliatePayouts.id))
    .limit(120);
}

/** The subscriptions the affiliate earned on, with what each earned and when it was first paid. */
export async function referredSubscriptionsOf(db: Db, affiliateUserId: string) {
  const c = affiliateCommissions;
  const earned = db
    .select({
      subscriptionId: c.subscriptionId,
      // Commissions that stand, less what reversals took back.
      earned: sql<string>`coalesce(sum(${c.amount}) filter (where ${c.accountingStatus} <> 'not_applicable'), 0)`.as(
        'earned',
      ),
      since: sql<Date>`min(${c.chargedAt})`.as('since'),
    })
    .from(c)
    .where(and(eq(c.affiliateUserId, affiliateUserId), sql`${c.subscriptionId} is not null`))
    .groupBy(c.subscriptionId)
    .as('earned');
  return db
    .select({ subscription: subscriptions, earned: earned.earned, since: earned.since })
    .from(earned)
    .innerJoin(subscriptions, eq(subscriptions.id, earned.subscriptionId))
    .orderBy(asc(earned.since), asc(subscriptions.id))
    .limit(1000);
}

/** The payments ARR counts: the affiliate's commissions charged since `from` whose payment still stands. */
export async function arrPaymentsOf(db: Db, params: { affiliateUserId: string; from: Date; currency: string }) {
  const c = affiliateCommissions;
  return db
    .select({ chargedAt: c.chargedAt, amount: c.chargeAmount, interval: c.interval })
    .from(c)
    .leftJoin(charges, eq(charges.id, c.chargeId))
    .where(
      and(
        eq(c.affiliateUserId, params.affiliateUserId),
        eq(c.kind, 'commission'),
        ne(c.accountingStatus, 'not_applicable'),
        sql`(${charges.id} is null or (${charges.status} = 'paid' and not ${charges.refunded}))`,
        eq(c.currency, params.currency),
        gte(c.chargedAt, params.from),
      ),
    )
    .limit(100_000);
}
