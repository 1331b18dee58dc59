/**
 * Plan prices, coupons and the price to pay (SPEC §1 plans, §3 Payment and discount type, §7 prices call).
 * Money is integer cents everywhere: no float ever holds an amount.
 */
import { PLUS_PLAN, type Plan, PRO_PLAN, type PriceType, type SubscriptionStatus, TEAM_PLAN } from './plans.ts';
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

/**
 * What a subscription's next charge will be: its list amount (price × licences) less the coupon while the coupon
 * still covers charges (`chargesMade` paid so far, the first one included), the list amount after it; a forever
 * coupon always. A proration credit only ever lowers the first charge.
 */
export function nextChargeCents(input: {
  listAmount: number;
  coupon: Coupon | null;
  interval: BillingInterval;
  chargesMade: number;
}): number {
  const { coupon, listAmount } = input;
  if (!coupon) return listAmount;
  const discounted = listAmount - discountCents(listAmount, coupon);
  const covered = promoChargesOf(coupon, input.interval);
  return covered === null || input.chargesMade < covered ? discounted : listAmount;
}

/** An upgrade with proration is plus → pro: the only move the prices call prorates. */
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

// ---- subscriptions: one state machine for every provider ------------------------------------------------

/** SPEC §3 payment status. */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'disputed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** SPEC §3 payment providers, plus `test`: the offline provider that charges nothing. */
export const BILLING_PROVIDERS = ['stripe', 'test', 'apple'] as const;
export type BillingProviderName = (typeof BILLING_PROVIDERS)[number];

/** The label every place the offline provider shows carries. */
export const TEST_BILLING_LABEL = 'Test billing — no card is charged';
/** The affiliate program's words for the same mode: no card is involved there, only payouts that are not made. */
export const TEST_PAYOUTS_LABEL = 'Test payouts — no money is paid out';

/** The webhook events the state machine applies (Stripe's names; the test provider sends the same). */
export const BILLING_EVENT_TYPES = [
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'charge.refunded',
  'charge.dispute.created',
] as const;
export type BillingEventType = (typeof BILLING_EVENT_TYPES)[number];

export function isBillingEventType(value: string): value is BillingEventType {
  return (BILLING_EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * A provider's subscription status in SPEC §3's words. Stripe: trialing and active pay; past_due and unpaid are
 * behind on payment (delinquent); incomplete waits for the first payment (pending); canceled, incomplete_expired
 * and ended are over. Unknown words change nothing (null).
 */
export function subscriptionStatusOf(providerStatus: string): SubscriptionStatus | null {
  switch (providerStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'delinquent';
    case 'incomplete':
    case 'paused':
      return 'pending';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return null;
  }
}

/** What the state machine keeps of a subscription. */
export interface SubscriptionSnapshot {
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The creation time of the newest event applied (null before any). */
  lastEventAt: Date | null;
}

/** A provider's event reduced to what the rules read (the server parses the provider's payload into it). */
export interface BillingEvent {
  id: string;
  type: BillingEventType;
  created: Date;
  /** customer.subscription.updated: the provider's status word. */
  providerStatus?: string | undefined;
  currentPeriodEnd?: Date | null | undefined;
  cancelAtPeriodEnd?: boolean | undefined;
}

export interface SubscriptionTransition {
  next: SubscriptionSnapshot;
  /** False when the event is older than the last one applied, or the subscription is over: nothing moves. */
  applied: boolean;
}

/**
 * Applies one event to a subscription. Rules: an event created before the last one applied changes nothing (a
 * late delivery never moves a subscription backwards; events of the same second apply in arrival order); a
 * canceled subscription stays canceled (a new one is created to subscribe again); invoice.paid → active with the
 * new period end; invoice.payment_failed → delinquent; subscription.updated → the mapped status and its period
 * and cancel-at-period-end; subscription.deleted → canceled; charge events leave the subscription as it is.
 */
export function applySubscriptionEvent(current: SubscriptionSnapshot, event: BillingEvent): SubscriptionTransition {
  const unchanged = { next: current, applied: false };
  if (current.lastEventAt && event.created.getTime() < current.lastEventAt.getTime()) return unchanged;
  if (current.status === 'canceled') return unchanged;
  const next: SubscriptionSnapshot = { ...current, lastEventAt: event.created };
  switch (event.type) {
    case 'invoice.paid':
      next.status = 'active';
      if (event.currentPeriodEnd) next.currentPeriodEnd = event.currentPeriodEnd;
      break;
    case 'invoice.payment_failed':
      next.status = 'delinquent';
      break;
    case 'customer.subscription.updated': {
      const status = event.providerStatus ? subscriptionStatusOf(event.providerStatus) : null;
      if (status) next.status = status;
      if (event.currentPeriodEnd) next.currentPeriodEnd = event.currentPeriodEnd;
      if (event.cancelAtPeriodEnd !== undefined) next.cancelAtPeriodEnd = event.cancelAtPeriodEnd;
      break;
    }
    case 'customer.subscription.deleted':
      next.status = 'canceled';
      next.cancelAtPeriodEnd = false;
      break;
    case 'charge.refunded':
    case 'charge.dispute.created':
      return { next: current, applied: true };
  }
  return { next, applied: true };
}

/** The payment status an event gives the charge it names (null: the event is not about a charge). */
export function paymentStatusOf(type: BillingEventType): PaymentStatus | null {
  switch (type) {
    case 'invoice.paid':
      return 'paid';
    case 'invoice.payment_failed':
      return 'failed';
    case 'charge.refunded':
      return 'refunded';
    case 'charge.dispute.created':
      return 'disputed';
    default:
      return null;
  }
}

/**
 * A charge's status never goes back: a refunded or disputed charge stays so, a paid one is not marked failed or
 * pending again by a late event.
 */
export function nextPaymentStatus(current: PaymentStatus, incoming: PaymentStatus): PaymentStatus {
  const rank: Readonly<Record<PaymentStatus, number>> = { pending: 0, failed: 1, paid: 2, refunded: 3, disputed: 3 };
  return rank[incoming] >= rank[current] ? incoming : current;
}

/**
 * The users row's accountSubscription (what the gates read, SPEC §4) for a subscription's status: active and
 * delinquent are the paid plan (delinquent loses the paid features through isPaying); pending has not paid yet
 * (free features); canceled is over (free plan).
 */
export function accountOfSubscription(
  status: SubscriptionStatus,
  plan: Plan,
): { plan: Plan; subscriptionType: 'free' | 'paid'; status: SubscriptionStatus } {
  if (status === 'active' || status === 'delinquent') return { plan, subscriptionType: 'paid', status };
  if (status === 'pending') return { plan, subscriptionType: 'free', status };
  return { plan: 'free', subscriptionType: 'free', status: 'canceled' };
}

/** Stripe's documented test cards the offline provider knows (https://docs.stripe.com/testing). */
export const TEST_CARDS: Readonly<Record<string, { brand: string; decline: string | null }>> = {
  '4242424242424242': { brand: 'visa', decline: null },
  '5555555555554444': { brand: 'mastercard', decline: null },
  '4000000000000002': { brand: 'visa', decline: 'Your card was declined.' },
  '4000000000009995': { brand: 'visa', decline: 'Your card has insufficient funds.' },
};

/** A test card number without spaces or dashes, or null when it is not one the test provider knows. */
export function testCardOf(input: string): { number: string; brand: string; decline: string | null } | null {
  const number = input.replace(/[\s-]/g, '');
  // Own keys only: '__proto__' or 'constructor' must not find Object.prototype's members.
  const card = Object.hasOwn(TEST_CARDS, number) ? TEST_CARDS[number] : undefined;
  return card ? { number, ...card } : null;
}

/**
 * How long after a payment it may be refunded (SPEC gives no window,
 * so this is the product's choice, named once here).
 */
export const REFUND_WINDOW_DAYS = 14;
