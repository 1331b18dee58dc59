/**
 * A person as the subscriber: their users row is billed, their plan is priced once (with the credit of an upgrade
 * from plus to pro), and a subscription writes SPEC §4's upgrade state on that row. The engine (service.ts) does
 * the rest, as it does for a team.
 */
import {
  type BillingInterval,
  type CurrentPeriod,
  FREE_PLAN,
  isPayingPlus,
  type Plan,
  UPGRADE_FROM_PLAN,
  UPGRADE_TO_PLAN,
  upgradeSuccessState,
} from '@eh/domain';
import type { AppContext } from '../../../kernel/context.ts';
import type { Caller } from '../../../kernel/http/auth.ts';
import { badField, notFound } from '../../../kernel/http/errors.ts';
import type { BillingProvider } from './providers.ts';
import * as q from './queries.ts';
import { appAccountTokenOf } from './queries.ts';
import { type SubscribeRequest, type SubscriberAccount, subscriptionOf } from './service.ts';

export interface SubscribeBody extends SubscribeRequest {
  plan: Plan;
}

type UserRow = NonNullable<Awaited<ReturnType<typeof q.userById>>>;

async function requireUser(ctx: AppContext, caller: Caller) {
  const user = await q.userById(ctx.db, caller.sub);
  // The users row is made by GET /core/users/me; a token without one has nothing to bill.
  if (!user) throw notFound('No account for this user yet: open the app once (GET /core/users/me).');
  return user;
}

/** The plus period an upgrade to pro credits (decision 0020): the caller's own, paying plus with a next charge. */
function upgradePeriod(user: UserRow, plan: Plan): CurrentPeriod | null {
  if (plan !== UPGRADE_TO_PLAN || user.plan !== UPGRADE_FROM_PLAN || !user.nextChargeDate) return null;
  if (
    !isPayingPlus({ plan: UPGRADE_FROM_PLAN, subscriptionType: user.subscriptionType, status: user.subscriptionStatus })
  )
    return null;
  return { paidCents: Math.round(user.price * 100), interval: user.priceType, periodEnd: user.nextChargeDate };
}

/** GET /payments/subscription: the caller's newest subscription and the token the native app buys with. */
export async function subscription(ctx: AppContext, provider: BillingProvider, caller: Caller) {
  const base = await subscriptionOf(ctx, provider, { userId: caller.sub });
  // The native app buys with it, so App Store notifications name this account (decision 0022).
  const appAccountToken = await appAccountTokenOf(ctx.db, caller.sub);
  return { ...base, ...(appAccountToken ? { appAccountToken } : {}) };
}

const successOf = (plan: Plan, interval: BillingInterval, dueNow: number, now: Date) =>
  upgradeSuccessState(plan, dueNow / 100, interval, now);

/** The caller as the engine's subscriber. */
export function personAccount(
  ctx: AppContext,
  caller: Caller,
): SubscriberAccount<SubscribeBody, Awaited<ReturnType<typeof subscription>>> {
  return {
    subscriber: { userId: caller.sub },
    async contact() {
      const user = await requireUser(ctx, caller);
      return { id: user.id, email: user.email };
    },
    async order(body, now) {
      if (body.plan === FREE_PLAN) throw badField('body.plan', 'the Free plan is not bought: cancel instead');
      const user = await requireUser(ctx, caller);
      const { plan, priceType } = body;
      return {
        plan,
        licenseCount: 1,
        upgradeFrom: upgradePeriod(user, plan),
        description: `${plan} (${priceType})`,
        isCurrent: (current) => current.plan === plan && current.interval === priceType,
        alreadySubscribed: `You already subscribe to this plan (${priceType}).`,
        notSold: `this plan is not sold ${priceType}`,
        periodEnd: (_created, quote) => new Date(successOf(plan, priceType, quote.dueNow, now).nextChargeDate),
        async record(tx, quote) {
          const success = successOf(plan, priceType, quote.dueNow, now);
          await q.updateAccount(tx, user.id, {
            plan: success.plan,
            subscriptionType: success.subscriptionType,
            subscriptionStatus: success.status,
            price: success.price,
            priceType: success.priceType,
            nextChargeDate: new Date(success.nextChargeDate),
          });
        },
      };
    },
    view: (provider) => subscription(ctx, provider, caller),
    words: {
      cardNeeded: 'a card is needed: add one or send its payment method id',
      nothingToCancel: 'You have no subscription to cancel.',
      couponUsed: (name) => `You have already used coupon ${name}.`,
    },
  };
}
