import { billingCustomers, type Database, subscriptions } from '@eh/db';
import { and, desc, eq, like, or } from 'drizzle-orm';
import { APPLE, type SubscriptionRow } from '../payments/queries.ts';

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
