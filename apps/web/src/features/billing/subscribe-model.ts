/**
 * The rules of the subscribe flow that need no screen: which plan and interval a request names, whether the
 * price is an upgrade plus → pro, the words of the pay button and the renewal, and SPEC §4's upgrade success
 * applied to the cached user. Pure TypeScript.
 */
import {
  accountFeaturesFor,
  BILLING_INTERVALS,
  type BillingInterval,
  DEFAULT_PRICE_TYPE,
  formatCents,
  isPayingPlus,
  isPlan,
  PARTNER_PRO_PLAN,
  type Plan,
  PRO_PLAN,
  UPGRADE_FROM_PLAN,
  UPGRADE_TO_PLAN,
  upgradeSuccessState,
} from '@eh/domain';
import type { ApiError } from '../../shared/api.ts';
import type { Me } from '../../shared/users-api.ts';
import type { Quote } from '../pricing/index.ts';
import { SUBSCRIBE_PLANS } from '../pricing/index.ts';

/** The address parameters of /stripe/checkout and the subscribe modal's props (SPEC §3 Payment). */
export const CHECKOUT_PARAMS = { plan: 'plan', priceType: 'priceType', coupon: 'coupon' } as const;

/** The plan a request names (its id or its label), Pro when it names none it can sell (SPEC §7: plan defaults to pro). */
export function requestedPlan(value: unknown, labels: Readonly<Record<Plan, string>>): Plan {
  const plan = isPlan(value) ? value : (SUBSCRIBE_PLANS.find((p) => labels[p] === value) ?? null);
  if (plan === PARTNER_PRO_PLAN) return plan;
  return plan && SUBSCRIBE_PLANS.includes(plan) ? plan : PRO_PLAN;
}

/** The interval a request names, yearly when it names none (SPEC §3: priceType defaults to yearly). */
export function requestedPriceType(value: unknown): BillingInterval {
  return BILLING_INTERVALS.find((interval) => interval === value) ?? DEFAULT_PRICE_TYPE;
}

/** The plans the flow offers: the web's two, and partner pro when that is what was asked for. */
export function offeredPlans(requested: Plan): readonly Plan[] {
  return SUBSCRIBE_PLANS.includes(requested) ? SUBSCRIBE_PLANS : [requested, ...SUBSCRIBE_PLANS];
}

/** The plan a coupon's offer leads to: Pro when it is for Pro, else the first plan the web sells that it fits. */
export function offerPlan(coupon: { plans: readonly Plan[] }): Plan {
  const fits = (plan: Plan) => coupon.plans.length === 0 || coupon.plans.includes(plan);
  return (
    [PRO_PLAN, ...SUBSCRIBE_PLANS].find(fits) ?? coupon.plans.find((plan) => plan === PARTNER_PRO_PLAN) ?? PRO_PLAN
  );
}

/** Whether the price to pay is an upgrade plus → pro that credits the unused plus days (decision 0020). */
export function isProUpgrade(me: Pick<Me, 'accountSubscription'> | null | undefined, plan: Plan): boolean {
  if (!me || plan !== UPGRADE_TO_PLAN) return false;
  const { accountSubscription: sub } = me;
  return sub.plan === UPGRADE_FROM_PLAN && isPayingPlus(sub);
}

/** Whether the user pays for a plan now (a first purchase shows the welcome). */
export function isPayingNow(me: Pick<Me, 'accountSubscription'> | null | undefined): boolean {
  return me?.accountSubscription.subscriptionType === 'paid' && me.accountSubscription.status !== 'delinquent';
}

/** "Pay $191.90" on the button, or "Start Pro" when nothing is due today (a free first payment). */
export function payLabel(quote: Quote | null, planLabel: string): string {
  if (!quote || quote.dueNow === 0) return `Start ${planLabel}`;
  return `Pay ${formatCents(quote.dueNow, quote.currency)}`;
}

const UNIT: Readonly<Record<BillingInterval, string>> = { monthly: 'month', yearly: 'year' };

/** What happens after today's payment: the renewal in words, the promotion's end included. */
export function renewalLine(quote: Quote): string {
  const unit = UNIT[quote.interval];
  const after = `${formatCents(quote.afterPromo, quote.currency)} / ${unit}`;
  if (quote.promoCharges !== null && quote.promoCharges > 1 && quote.discount > 0) {
    const during = formatCents(quote.subtotal - quote.discount, quote.currency);
    return `Renews at ${during} / ${unit} until the offer's ${quote.promoCharges} ${unit}s are used, then ${after}, until you cancel.`;
  }
  return `Renews every ${unit} at ${formatCents(quote.afterPromo, quote.currency)} until you cancel.`;
}

/**
 * SPEC §4 plan upgrade success, applied to the cached user at once: paid, active, the plan, price and price type
 * bought, the next charge 30 days ahead, and the features that follow. A display override stays as it was.
 */
export function withUpgrade(me: Me, plan: Plan, priceCents: number, priceType: BillingInterval, now: Date): Me {
  const state = upgradeSuccessState(plan, priceCents / 100, priceType, now);
  const overridden = me.displayPlan !== me.accountSubscription.plan;
  return {
    ...me,
    displayPlan: overridden ? me.displayPlan : plan,
    accountSubscription: state,
    accountFeatures: accountFeaturesFor(state),
  };
}

/** Billing is off on this deployment: every payment call answers 503 (decision 0021). */
export function isBillingOff(error: ApiError | undefined | null): boolean {
  return !!error && 'status' in error && error.status === 503;
}
