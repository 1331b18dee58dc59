import { users } from '@eh/db';
import { FREE_PLAN, type Plan, upgradeSuccessState } from '@eh/domain';
import { eq, sql } from 'drizzle-orm';
import { accountsChanged } from '../../kernel/account-memory.ts';
import type { AppContext } from '../../kernel/context.ts';
import { notFound } from '../../kernel/http/errors.ts';

/**
 * The admin's plan change (no billing yet): a paid plan is stored as an upgrade success (SPEC §4: paid, active,
 * next charge 30 days ahead, the price kept); free clears the subscription. Emails match case-insensitively.
 */
export async function setPlan(ctx: AppContext, email: string, plan: Plan, now = new Date()) {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (!row) throw notFound(`No user with email ${email} (they must have signed in once)`);
  const set =
    plan === FREE_PLAN
      ? { plan, subscriptionType: 'free' as const, subscriptionStatus: 'active' as const, nextChargeDate: null }
      : (() => {
          const state = upgradeSuccessState(plan, row.price, row.priceType, now);
          return {
            plan,
            subscriptionType: state.subscriptionType,
            subscriptionStatus: state.status,
            nextChargeDate: new Date(state.nextChargeDate),
          };
        })();
  await ctx.db
    .update(users)
    .set({ ...set, updatedAt: now })
    .where(eq(users.id, row.id));
  await accountsChanged(ctx);
  return {
    id: row.id,
    email: row.email ?? email,
    plan,
    subscriptionType: set.subscriptionType,
    status: set.subscriptionStatus,
    nextChargeDate: set.nextChargeDate?.toISOString() ?? null,
  };
}
