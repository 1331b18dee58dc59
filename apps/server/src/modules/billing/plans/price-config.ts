import { planPrices } from '@eh/db';
import { type BillingInterval, isPlan, PLAN_NAMES, type Plan } from '@eh/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../kernel/context.ts';

/**
 * Prices are configuration: an operator lists them, changes one (the old row stays, inactive, so the
 * subscriptions that name it keep their price), and, with Stripe, creates the Stripe prices they sell through.
 */
export type PriceRow = typeof planPrices.$inferSelect;

export async function listPrices(ctx: AppContext): Promise<PriceRow[]> {
  return ctx.db
    .select()
    .from(planPrices)
    .where(eq(planPrices.active, true))
    .orderBy(asc(planPrices.app), asc(planPrices.amount), asc(planPrices.id));
}

/** Replaces the active price of one app, plan and interval; a new amount needs a new Stripe price (sync again). */
export async function setPrice(
  ctx: AppContext,
  input: { app: string; plan: Plan; interval: BillingInterval; amount: number; currency: string },
): Promise<PriceRow> {
  return ctx.db.transaction(async (tx) => {
    const where = and(
      eq(planPrices.app, input.app),
      eq(planPrices.plan, input.plan),
      eq(planPrices.interval, input.interval),
      eq(planPrices.active, true),
    );
    await tx.update(planPrices).set({ active: false }).where(where);
    const [row] = await tx
      .insert(planPrices)
      .values({ ...input, active: true })
      .returning();
    if (!row) throw new Error('the new price was not stored');
    return row;
  });
}

/** What sells a price at Stripe (StripeBillingProvider.ensurePrice, or a stand-in in tests). */
export interface PriceSeller {
  ensurePrice(price: PriceToSell): Promise<string>;
}

/** Gives every active price without one its Stripe price id; returns the rows it filled. */
export async function syncStripePrices(ctx: AppContext, seller: PriceSeller): Promise<PriceRow[]> {
  const missing = await ctx.db
    .select()
    .from(planPrices)
    .where(and(eq(planPrices.active, true), isNull(planPrices.stripePriceId)))
    .orderBy(asc(planPrices.id));
  const filled: PriceRow[] = [];
  for (const row of missing) {
    if (!isPlan(row.plan)) continue;
    const stripePriceId = await seller.ensurePrice({
      app: row.app,
      plan: row.plan,
      interval: row.interval,
      amount: row.amount,
      currency: row.currency,
      productName: `EarningsHub ${PLAN_NAMES[row.plan]}`,
    });
    const [updated] = await ctx.db
      .update(planPrices)
      .set({ stripePriceId })
      .where(eq(planPrices.id, row.id))
      .returning();
    if (updated) filled.push(updated);
  }
  return filled;
}

/** One of our price rows, as Stripe sells it. */
export interface PriceToSell {
  app: string;
  plan: string;
  interval: BillingInterval;
  /** Cents. */
  amount: number;
  currency: string;
  productName: string;
}
