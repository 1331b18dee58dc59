import { randomUUID } from 'node:crypto';
import { billingCustomers, type Database, subscriptions } from '@eh/db';
import { and, desc, eq, like, or } from 'drizzle-orm';
import { customerOf, type SubscriptionRow, saveCustomer, userById } from './payments-queries.ts';

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

/** The user an appAccountToken names, if any. */
export async function userOfAppAccountToken(db: Database, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.provider, APPLE), eq(billingCustomers.providerCustomerId, token.toLowerCase())))
    .limit(1);
  // Apple customers are users' (an organization's row has no user).
  return row?.userId ?? undefined;
}

/**
 * The newest of our rows for an App Store subscription: keyed by its originalTransactionId, or
 * `<originalTransactionId>:<transactionId>` when it started again after it had ended (a canceled row stays canceled).
 */
export async function currentAppleSubscription(db: Database, originalTransactionId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, APPLE),
        or(
          eq(subscriptions.providerSubscriptionId, originalTransactionId),
          like(subscriptions.providerSubscriptionId, `${originalTransactionId}:%`),
        ),
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row;
}

/** Records an App Store subscription (pending until its events apply); one row per key whoever comes first. */
export async function startAppleSubscription(
  db: Database,
  values: Omit<typeof subscriptions.$inferInsert, 'provider' | 'status'>,
): Promise<SubscriptionRow> {
  await db
    .insert(subscriptions)
    .values({ ...values, provider: APPLE, status: 'pending' })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.provider, APPLE), eq(subscriptions.providerSubscriptionId, values.providerSubscriptionId)),
    )
    .limit(1);
  if (!row) throw new Error(`the App Store subscription ${values.providerSubscriptionId} was not stored`);
  return row;
}
