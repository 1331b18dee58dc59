/**
 * Plan prices, coupons and the price to pay (SPEC §1 plans, §3 Payment and discount type, §7 prices call).
 * Money is integer cents everywhere: no float ever holds an amount.
 */
import { PLUS_PLAN, type Plan, PRO_PLAN, type PriceType, TEAM_PLAN } from './plans.ts';
import { MS_PER_DAY } from './time.ts';

/** SPEC §3 billing interval (the filter's `any` is not a price). */
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const satisfies readonly PriceType[];
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** SPEC §3 Payment: priceType defaults to yearly. */
export const DEFAULT_PRICE_TYPE: BillingInterval = 'yearly';

/** SPEC §3 discount type. */
export const DISCOUNT_TYPES = ['amount', 'percent'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** How long a coupon's discount lasts (Stripe's coupon durations): the first charge, some months, or always. */
export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

/** The app whose plans the pricing page sells (SPEC §1: `{product}_plus` and so on). */
export const DEFAULT_APP = 'earningshub';

/** Team is sold per licence; a team buys at least one and, online, at most this many. */
export const MAX_TEAM_LICENSES = 500;

/** Length of a billing period for proration: a month is the 30 days SPEC §9 puts between charges. */
export const PERIOD_DAYS: Readonly<Record<BillingInterval, number>> = { monthly: 30, yearly: 365 };

export const CURRENCY = 'usd';

export interface IntervalPrice {
  amount: number;
  currency: string;
}

/** A plan's price per interval as the pricing configuration holds it (amount in cents, per licence for team). */
export interface PlanPrices {
  plan: Plan;
  monthly: IntervalPrice | null;
  yearly: IntervalPrice | null;
}

/** What a year costs billed monthly minus billed yearly, in cents and as a whole percent (rounded down). */
export function yearlySaving(monthlyCents: number, yearlyCents: number): { amount: number; percent: number } {
  const twelveMonths = monthlyCents * 12;
  const amount = Math.max(0, twelveMonths - yearlyCents);
  return { amount, percent: twelveMonths > 0 ? Math.floor((amount * 100) / twelveMonths) : 0 };
}

/** Whether a plan is sold per licence. */
export function isPerLicense(plan: Plan): boolean {
  return plan === TEAM_PLAN;
}

export interface Coupon {
  name: string;
  discountType: DiscountType;
  /** Cents off for `amount`; whole percent (1–100) for `percent`. */
  value: number;
  duration: CouponDuration;
  /** For `repeating`: how many months the discount lasts. */
  durationMonths: number | null;
  maxRedemptions: number | null;
  redemptions: number;
  expiresAt: Date | null;
  /**
   * "Free after promo": with this coupon the subscriber pays nothing while the promotion lasts (a free trial a
   * partner offers), whatever the value; the regular price comes after.
   */
  isFreeAfterPromo: boolean;
  /** The plans it applies to; empty means every paid plan. */
  plans: readonly Plan[];
}

export type CouponProblem = 'expired' | 'usedUp' | 'wrongPlan';

/** Why a coupon cannot be used for `plan` at `now`, or null when it can. Checked in this order. */
export function couponProblem(coupon: Coupon, plan: Plan, now: Date): CouponProblem | null {
  if (coupon.expiresAt !== null && coupon.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return 'usedUp';
  if (coupon.plans.length > 0 && !coupon.plans.includes(plan)) return 'wrongPlan';
  return null;
}

/** The cents a coupon takes off `amount`: a percent rounded half up to the cent, an amount never below zero. */
export function discountCents(amount: number, coupon: Pick<Coupon, 'discountType' | 'value' | 'isFreeAfterPromo'>) {
  if (coupon.isFreeAfterPromo) return amount;
  if (coupon.discountType === 'percent') {
    const percent = Math.min(100, Math.max(0, coupon.value));
    return Math.floor((amount * percent + 50) / 100);
  }
  return Math.min(amount, Math.max(0, coupon.value));
}

/** The subscription being upgraded (plus → pro): what it paid for its current period and when that ends. */
export interface CurrentPeriod {
  paidCents: number;
  interval: BillingInterval;
  /** The end of the period paid for (the next charge date). */
  periodEnd: Date;
}

/**
 * The unused part of the current period, credited on an upgrade: the amount paid times whole days left over the
 * period's days ({@link PERIOD_DAYS}), rounded down so the credit never exceeds what was paid. Days left are
 * counted up (a period ending in 2.1 days has 3 days left) and capped at the period's length; a period already
 * over leaves nothing.
 */
export function prorationCredit(current: CurrentPeriod, now: Date): { daysLeft: number; credit: number } {
  const periodDays = PERIOD_DAYS[current.interval];
  const msLeft = current.periodEnd.getTime() - now.getTime();
  const daysLeft = msLeft <= 0 ? 0 : Math.min(periodDays, Math.ceil(msLeft / MS_PER_DAY));
  return { daysLeft, credit: Math.floor((Math.max(0, current.paidCents) * daysLeft) / periodDays) };
}

export interface PriceQuote {
  interval: BillingInterval;
  currency: string;
  /** Per licence (or the plan's price). */
  unitAmount: number;
  licenseCount: number;
  /** unitAmount × licenseCount. */
  subtotal: number;
  /** What the coupon takes off the subtotal. */
  discount: number;
  /** The unused part of the plan being upgraded from. */
  prorationCredit: number;
  /** To pay now: subtotal − discount − credit, never below zero. */
  dueNow: number;
  /** Each charge once the promotion is over (the coupon still applies for `forever`). */
  afterPromo: number;
  /** The subscriber pays nothing now: no card is needed for this charge (SPEC §3 Payment isFreeAfterPromo). */
  isFreeAfterPromo: boolean;
  /** How many charges the discount covers: 1 (once), months of charges (repeating), or null (forever, or none). */
  promoCharges: number | null;
}

export interface PriceInput {
  interval: BillingInterval;
  price: IntervalPrice;
  licenseCount: number;
  coupon: Coupon | null;
  /** On an upgrade plus → pro: the plus period being replaced. */
  upgradeFrom: CurrentPeriod | null;
  now: Date;
}

/** How many charges of `interval` a coupon's discount covers. */
function promoChargesOf(coupon: Coupon, interval: BillingInterval): number | null {
  if (coupon.duration === 'once') return 1;
  if (coupon.duration === 'forever') return null;
  const months = Math.max(1, coupon.durationMonths ?? 1);
  return interval === 'monthly' ? months : Math.ceil(months / 12);
}

/**
 * The price to pay for a plan: the unit price times the licences, less the coupon, less the unused part of the
 * plan upgraded from (credited once, on the first charge). All amounts in cents.
 */
export function quotePrice(input: PriceInput): PriceQuote {
  const licenseCount = Math.max(1, Math.floor(input.licenseCount));
  const subtotal = input.price.amount * licenseCount;
  const coupon = input.coupon;
  const discount = coupon ? discountCents(subtotal, coupon) : 0;
  const credit = input.upgradeFrom ? prorationCredit(input.upgradeFrom, input.now).credit : 0;
  const dueNow = Math.max(0, subtotal - discount - credit);
  const afterPromo = coupon?.duration === 'forever' ? subtotal - discount : subtotal;
  return {
    interval: input.interval,
    currency: input.price.currency,
    unitAmount: input.price.amount,
    licenseCount,
    subtotal,
    discount,
    prorationCredit: Math.min(credit, subtotal - discount),
    dueNow,
    afterPromo,
    isFreeAfterPromo: dueNow === 0,
    promoCharges: coupon ? promoChargesOf(coupon, input.interval) : null,
  };
}

/** An upgrade with proration is plus → pro: the only move the prices call prorates (issue 18). */
export const UPGRADE_FROM_PLAN: Plan = PLUS_PLAN;
export const UPGRADE_TO_PLAN: Plan = PRO_PLAN;

/** Cents as dollars for display: 2499 → "$24.99", 9600 → "$96". */
export function formatCents(cents: number, currency = CURRENCY): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
