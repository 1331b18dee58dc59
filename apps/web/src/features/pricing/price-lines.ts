/**
 * The words of a price on screen, from the server's price list and quotes (cents). Pure TypeScript.
 */
import { type BillingInterval, formatCents, isPlan, type Plan } from '@eh/domain';
import type { CouponResponse, PlansResponse, PricesResponse } from './billing-api.ts';

/** The address parameter that carries a coupon code (a partner home links to /pricing?coupon=CNBC). */
export const COUPON_PARAM = 'coupon';

export type PlanOffer = PlansResponse['plans'][number];
export type Quote = NonNullable<PricesResponse['monthly']>;

const UNIT: Readonly<Record<BillingInterval, string>> = { monthly: 'month', yearly: 'year' };

export interface PriceLine {
  /** "$239.88" */
  amount: string;
  /** "/ year", "per member / month" */
  per: string;
  /** The saving, or the other interval's price; null when there is nothing to add. */
  note: string | null;
}

/** A plan's price for an interval, with the yearly saving (or, monthly, what a year would cost instead). */
export function priceLine(offer: PlanOffer, interval: BillingInterval): PriceLine | null {
  const price = offer[interval];
  if (!price) return null;
  if (price.amount === 0) return { amount: formatCents(0), per: 'forever', note: null };
  const per = `${offer.perLicense ? 'per member ' : ''}/ ${UNIT[interval]}`;
  const { amount: saving, percent } = offer.yearlySaving;
  let note: string | null = null;
  if (saving > 0 && interval === 'yearly') note = `Save ${formatCents(saving)} (${percent}%) over paying monthly`;
  if (saving > 0 && interval === 'monthly' && offer.yearly)
    note = `Or ${formatCents(offer.yearly.amount)} a year: ${percent}% less`;
  return { amount: formatCents(price.amount), per, note };
}

/** The largest yearly saving of the list, as a whole percent (the interval switch says "save up to …"). */
export function bestYearlySaving(plans: readonly PlanOffer[]): number {
  return Math.max(0, ...plans.map((offer) => offer.yearlySaving.percent));
}

/** What a quote with a coupon costs: "$19.99 / month for 12 months, then $24.99 / month". Null without a discount. */
export function promoLine(quote: Quote): string | null {
  if (quote.discount === 0) return null;
  const unit = UNIT[quote.interval];
  const during = formatCents(quote.subtotal - quote.discount);
  const after = `${formatCents(quote.afterPromo)} / ${unit}`;
  if (quote.promoCharges === null) return `${during} / ${unit} for as long as you keep the plan`;
  if (quote.promoCharges === 1) return `${during} for the first ${unit}, then ${after}`;
  return `${during} / ${unit} for ${quote.promoCharges} ${unit}s, then ${after}`;
}

/** The plans a coupon is for, by label: "Pro and Partner Pro", or "every paid plan". */
export function couponPlans(coupon: Pick<CouponResponse, 'plans'>, labels: Readonly<Record<Plan, string>>): string {
  const names = coupon.plans.filter(isPlan).map((plan) => labels[plan]);
  if (names.length === 0) return 'every paid plan';
  if (names.length === 1) return names[0] as string;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** A coupon in a phrase: "20% off Pro and Partner Pro for 12 months", "$50 off the first payment of Pro". */
export function couponSummary(coupon: CouponResponse, labels: Readonly<Record<Plan, string>>): string {
  const plans = couponPlans(coupon, labels);
  if (coupon.isFreeAfterPromo) return `${plans} free for the first payment`;
  const off = coupon.discountType === 'percent' ? `${coupon.value}% off` : `${formatCents(coupon.value)} off`;
  if (coupon.duration === 'forever') return `${off} ${plans} for as long as you keep the plan`;
  if (coupon.duration === 'repeating' && coupon.durationMonths)
    return `${off} ${plans} for ${coupon.durationMonths} month${coupon.durationMonths === 1 ? '' : 's'}`;
  return `${off} the first payment of ${plans}`;
}

/** Whether a coupon applies to a plan (an empty list: every paid plan). */
export function couponFits(coupon: Pick<CouponResponse, 'plans'>, plan: Plan): boolean {
  return plan !== 'free' && (coupon.plans.length === 0 || coupon.plans.includes(plan));
}

/** A server message without its leading field name ("path.couponName: Coupon X expired…" → "Coupon X expired…"). */
export function withoutField(message: string): string {
  return message.replace(/^(path|query|body)\.[A-Za-z]+: /, '');
}
