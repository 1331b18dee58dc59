import {
  type BillingInterval,
  type BillingProviderName,
  formatCents,
  isPlan,
  type PaymentStatus,
  PLAN_NAMES,
  type SubscriptionStatus,
} from '@eh/domain';

/**
 * The words the subscription screens say (manage subscription, charge history, the canceled-subscription banner):
 * SPEC §3's statuses and providers in plain English, named once.
 */

/** SPEC §3 subscription status, as the reader sees it. */
export const SUBSCRIPTION_STATUS_WORDS: Readonly<Record<SubscriptionStatus, string>> = {
  active: 'Active',
  delinquent: 'Payment overdue',
  pending: 'Waiting for the first payment',
  canceled: 'Canceled',
};

/** What each status means for the reader, under the status. */
export const SUBSCRIPTION_STATUS_NOTES: Readonly<Record<SubscriptionStatus, string>> = {
  active: 'Your plan’s features are on.',
  delinquent: 'The last payment failed: the paid features are off until it is paid.',
  pending: 'The paid features turn on once the first payment goes through.',
  canceled: 'This subscription has ended: your account is on the Free plan.',
};

/** SPEC §3 payment status. */
export const PAYMENT_STATUS_WORDS: Readonly<Record<PaymentStatus, string>> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

/** SPEC §3 payment providers, plus the offline `test` provider. */
export const PROVIDER_WORDS: Readonly<Record<BillingProviderName, string>> = {
  stripe: 'Card, through Stripe',
  test: 'Test billing',
  apple: 'App Store',
};

export const INTERVAL_WORDS: Readonly<Record<BillingInterval, string>> = { yearly: 'Yearly', monthly: 'Monthly' };

const PER_INTERVAL: Readonly<Record<BillingInterval, string>> = { yearly: 'a year', monthly: 'a month' };

/** "$96 a year". */
export function pricePerInterval(cents: number, currency: string, interval: BillingInterval): string {
  return `${formatCents(cents, currency)} ${PER_INTERVAL[interval]}`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A billing date as the screens show it ("Jun 5, 2026"); the reader's locale and time zone. */
export function billingDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** The facts of a subscription the period line reads. */
export interface SubscriptionPeriod {
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * The line about what happens next: the next charge, the end of a subscription set to cancel ("Ends on …"), or
 * the end of one that is over. Null when the provider has not said when the period ends.
 */
export function periodLine(subscription: SubscriptionPeriod, now = new Date()): string | null {
  const end = subscription.currentPeriodEnd;
  if (subscription.status === 'canceled') {
    return end && new Date(end) <= now ? `Ended on ${billingDate(end)}` : 'Ended';
  }
  if (subscription.status === 'delinquent') return 'A payment is due now';
  if (!end) return null;
  const when = billingDate(end);
  if (subscription.cancelAtPeriodEnd) return `Ends on ${when}`;
  if (subscription.status === 'pending') return null;
  return `Next charge on ${when}`;
}

/**
 * A charge's description in words: the server writes a plan's charges as `<plan> (<interval>)`
 * (`earningshub_pro (yearly)` → "Pro plan, yearly"); any other description (the provider's own) shows as written.
 */
export function chargeDescription(description: string): string {
  const match = /^(\S+) \((yearly|monthly)\)$/.exec(description.trim());
  const plan = match?.[1];
  if (!match || !plan || !isPlan(plan)) return description;
  return `${PLAN_NAMES[plan]} plan, ${match[2]}`;
}

const CARD_BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** A card as the screens name it: "Visa ending in 4242". */
export function cardName(card: { brand: string; last4: string }): string {
  const brand = CARD_BRANDS[card.brand.toLowerCase()] ?? (card.brand ? card.brand : 'Card');
  return `${brand} ending in ${card.last4}`;
}

/** "expires 12/2029". */
export function cardExpiry(card: { expMonth: number; expYear: number }): string {
  return `expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}
