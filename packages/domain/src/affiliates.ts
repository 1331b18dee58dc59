/**
 * The affiliate program (SPEC §3 request status and accounting status, §6 affiliate; decision 0028): who
 * may join, what a referred payment earns, when that commission settles, which month's payout it joins, and the
 * referred ARR over time. Pure rules: the server applies them, the web explains them with the same numbers.
 */
import { type BillingInterval, PERIOD_DAYS, REFUND_WINDOW_DAYS } from './billing.ts';
import { MS_PER_DAY } from './time.ts';

/** SPEC §3 request status: an affiliate's request to join and what a super admin decided. */
export const AFFILIATE_REQUEST_STATUSES = ['requested', 'approved', 'rejected', 'revoked'] as const;
export type AffiliateRequestStatus = (typeof AFFILIATE_REQUEST_STATUSES)[number];

/** What a super admin does with a request (the status it leads to). */
export const AFFILIATE_DECISIONS = [
  'approved',
  'rejected',
  'revoked',
] as const satisfies readonly AffiliateRequestStatus[];
export type AffiliateDecision = (typeof AFFILIATE_DECISIONS)[number];

/**
 * SPEC §3 accounting status of a commission: `pending` until the payment settles, then `accounted` (owed to the
 * affiliate, paid in the next monthly payout); `not_applicable` when it earns nothing after all (the payment was
 * refunded or disputed before it settled, or the affiliate was revoked meanwhile).
 */
export const ACCOUNTING_STATUSES = ['not_applicable', 'pending', 'accounted'] as const;
export type AccountingStatus = (typeof ACCOUNTING_STATUSES)[number];

/**
 * A commission row is the share of one referred payment; a reversal row takes back an accounted one whose payment
 * was refunded or disputed later (a negative amount, netted in the next payout).
 */
export const COMMISSION_KINDS = ['commission', 'reversal'] as const;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

/** Why a commission earns nothing: its payment went back, or the affiliate was revoked before it settled. */
export const COMMISSION_LAPSE_REASONS = ['refunded', 'disputed', 'revoked'] as const;
export type CommissionLapseReason = (typeof COMMISSION_LAPSE_REASONS)[number];

/** The percentage of each referred payment an affiliate earns unless AFFILIATE_COMMISSION_PERCENT says otherwise. */
export const DEFAULT_AFFILIATE_COMMISSION_PERCENT = 20;

/**
 * A payment settles once it can no longer be refunded in the app: {@link REFUND_WINDOW_DAYS} days after it was
 * taken. Its commission is pending until then.
 */
export const AFFILIATE_SETTLE_DAYS = REFUND_WINDOW_DAYS;

/** Payouts: once a month, for the commissions accounted before the month began. */
export const AFFILIATE_PAYOUT_SCHEDULE = 'monthly' as const;

/** A payout's life: created for its period, then paid by the transfer, or failed (retried for the same period). */
export const AFFILIATE_PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type AffiliatePayoutStatus = (typeof AFFILIATE_PAYOUT_STATUSES)[number];

/** Where the payout account's onboarding stands (Stripe Connect Express). */
export const CONNECT_ONBOARDING_STATUSES = ['not_started', 'pending', 'complete'] as const;
export type ConnectOnboardingStatus = (typeof CONNECT_ONBOARDING_STATUSES)[number];

/** The referral link's query parameter: `/?affiliate=CODE`. */
export const AFFILIATE_LINK_PARAM = 'affiliate';

/** An affiliate code: what a referral link carries (letters and digits, lower case when we make it). */
export const AFFILIATE_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;
/** The codes we make: 8 characters without look-alikes (no 0/o, 1/l/i). */
export const AFFILIATE_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const AFFILIATE_CODE_LENGTH = 8;

export function isAffiliateCode(value: string): boolean {
  return AFFILIATE_CODE_PATTERN.test(value);
}

/** A new code from random bytes (one byte a character; the alphabet's 31 letters, so a small bias is harmless). */
export function affiliateCodeOf(bytes: Uint8Array): string {
  let code = '';
  for (let i = 0; i < AFFILIATE_CODE_LENGTH; i += 1)
    code += AFFILIATE_CODE_ALPHABET[(bytes[i] ?? 0) % AFFILIATE_CODE_ALPHABET.length];
  return code;
}

/**
 * The countries a Stripe Connect Express account (the affiliate's payout account) can be opened in, by ISO 3166-1
 * alpha-2 code: Stripe's self-serve countries (https://docs.stripe.com/connect/express-accounts).
 */
export const STRIPE_CONNECT_COUNTRIES = [
  'AT',
  'AU',
  'BE',
  'BG',
  'BR',
  'CA',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GI',
  'GR',
  'HK',
  'HR',
  'HU',
  'IE',
  'IT',
  'JP',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'MX',
  'MY',
  'NL',
  'NO',
  'NZ',
  'PL',
  'PT',
  'RO',
  'SE',
  'SG',
  'SI',
  'SK',
  'TH',
  'AE',
  'US',
] as const;
export type ConnectCountry = (typeof STRIPE_CONNECT_COUNTRIES)[number];

export function isConnectCountry(code: string): code is ConnectCountry {
  return (STRIPE_CONNECT_COUNTRIES as readonly string[]).includes(code);
}

/** A country's English name ("GB" → "United Kingdom"); the code itself where the runtime knows no name. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * What a super admin's decision does to a request: approve a request (or reinstate a rejected or revoked
 * affiliate), reject a request, revoke an approved affiliate. Null when the decision does not apply.
 */
export function decide(current: AffiliateRequestStatus, decision: AffiliateDecision): AffiliateRequestStatus | null {
  switch (decision) {
    case 'approved':
      return current === 'approved' ? null : 'approved';
    case 'rejected':
      return current === 'requested' ? 'rejected' : null;
    case 'revoked':
      return current === 'approved' ? 'revoked' : null;
  }
}

/**
 * What a request to join does: a first request or one after a rejection asks again; a pending or approved one
 * stays as it is; a revoked affiliate cannot ask again (only a super admin reinstates them). Null: refused.
 */
export function requestAgain(current: AffiliateRequestStatus | null): AffiliateRequestStatus | null {
  if (current === null || current === 'rejected') return 'requested';
  if (current === 'revoked') return null;
  return current;
}

/** The commission on a payment of `cents`: the percentage, rounded down to the cent (never more than the rate). */
export function commissionCents(cents: number, percent: number): number {
  if (cents <= 0 || percent <= 0) return 0;
  return Math.floor((cents * percent) / 100);
}

/** When a payment taken at `chargedAt` settles (its commission is accounted from then on). */
export function settlesAt(chargedAt: Date): Date {
  return new Date(chargedAt.getTime() + AFFILIATE_SETTLE_DAYS * MS_PER_DAY);
}

/** A payout period: the calendar month (UTC) as `YYYY-MM`. */
export type PayoutPeriod = `${number}-${number}`;

export const PAYOUT_PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function periodOf(date: Date): PayoutPeriod {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}` as PayoutPeriod;
}

/** The month a payout run at `now` pays: the one that just ended. */
export function payoutPeriodAt(now: Date): PayoutPeriod {
  return periodOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
}

/** A period's first instant and the first instant after it (UTC). */
export function periodBounds(period: string): { start: Date; end: Date } {
  const match = PAYOUT_PERIOD_PATTERN.exec(period);
  if (!match) throw new Error(`not a payout period: ${period}`);
  const year = Number(match[1]);
  const month = Number(match[2]) - 1;
  return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
}

/** The day the payout of the commissions accounted by `now` is made: the first of the next month (UTC). */
export function nextPayoutDate(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** A recurring payment as a year's worth: monthly × 12, yearly as it is. */
export function annualizedCents(cents: number, interval: BillingInterval): number {
  return interval === 'monthly' ? cents * 12 : cents;
}

/** A referred payment as ARR sees it: it counts for the period it paid for. */
export interface ArrPayment {
  chargedAt: Date;
  /** Cents paid. */
  amount: number;
  interval: BillingInterval;
}

/** The ARR at `at`: every payment whose period covers that instant, as a year's worth. */
export function arrAt(payments: readonly ArrPayment[], at: Date): number {
  const t = at.getTime();
  let total = 0;
  for (const payment of payments) {
    const from = payment.chargedAt.getTime();
    if (from <= t && t < from + PERIOD_DAYS[payment.interval] * MS_PER_DAY)
      total += annualizedCents(payment.amount, payment.interval);
  }
  return total;
}

/** Days of ARR history the dashboard's chart shows. */
export const ARR_HISTORY_DAYS = 180;

/** The ARR at the end of each UTC day from `days - 1` days before `now` up to `now` itself (the last point). */
export function arrSeries(
  payments: readonly ArrPayment[],
  now: Date,
  days = ARR_HISTORY_DAYS,
): { date: string; arr: number }[] {
  const points: { date: string; arr: number }[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let i = days - 1; i >= 0; i -= 1) {
    const dayStart = today - i * MS_PER_DAY;
    const at = i === 0 ? now : new Date(dayStart + MS_PER_DAY - 1);
    points.push({ date: new Date(dayStart).toISOString().slice(0, 10), arr: arrAt(payments, at) });
  }
  return points;
}
