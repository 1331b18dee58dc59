import { coupons, type Database, planPrices, subscriptions, users } from '@eh/db';
import { and, asc, eq, sql } from 'drizzle-orm';

export type PlanPriceRow = typeof planPrices.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

type Db = Pick<Database, 'select'>;

/** An app's active prices, plan by plan. */
export async function activePrices(db: Db, params: { app: string }): Promise<PlanPriceRow[]> {
  return db
    .select()
    .from(planPrices)
    .where(and(eq(planPrices.app, params.app), eq(planPrices.active, true)))
    .orderBy(asc(planPrices.amount), asc(planPrices.id));
}

/** A coupon by name, whatever its case (the unique index is on lower(name)). */
export async function couponNamed(db: Db, params: { name: string }): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(sql`lower(${coupons.name}) = lower(${params.name})`).limit(1);
  return row;
}

export async function couponById(db: Db, params: { id: number }): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, params.id)).limit(1);
  return row;
}

/** What the prices call needs of the caller's subscription (the plus period an upgrade credits). */
export async function subscriptionOf(db: Db, params: { userId: string }) {
  const [row] = await db
    .select({
      plan: users.plan,
      subscriptionType: users.subscriptionType,
      status: users.subscriptionStatus,
      price: users.price,
      priceType: users.priceType,
      nextChargeDate: users.nextChargeDate,
    })
    .from(users)
    .where(eq(users.id, params.userId))
    .limit(1);
  return row;
}

/** Whether a subscriber (a person or a team) ever subscribed with this coupon (a coupon is used once per subscriber). */
export async function couponUsedBy(
  db: Db,
  params: { couponId: number } & ({ userId: string; organizationId?: undefined } | { organizationId: string }),
): Promise<boolean> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.couponId, params.couponId),
        params.organizationId !== undefined
          ? eq(subscriptions.organizationId, params.organizationId)
          : eq(subscriptions.userId, params.userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
