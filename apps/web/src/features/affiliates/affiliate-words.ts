import {
  type AccountingStatus,
  AFFILIATE_LINK_PARAM,
  type AffiliatePayoutStatus,
  type AffiliateRequestStatus,
  type CommissionLapseReason,
  type ConnectOnboardingStatus,
  formatCents,
} from '@eh/domain';

/**
 * The words the affiliate screens say: SPEC §3's request and accounting statuses, payouts and onboarding in plain
 * English, and the program explained with the server's own numbers. Named once.
 */

export const REQUEST_STATUS_WORDS: Readonly<Record<AffiliateRequestStatus, string>> = {
  requested: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Not approved',
  revoked: 'Revoked',
};

/** What each status means for the member, under it. */
export const REQUEST_STATUS_NOTES: Readonly<Record<AffiliateRequestStatus, string>> = {
  requested: 'We review each request by hand. Your referral link works once you are approved.',
  approved: 'Share your link: subscriptions bought through it earn you a commission.',
  rejected: 'Your request was not approved. You can ask again.',
  revoked:
    'Your membership was revoked: your link no longer earns commissions and pending ones lapsed. Commissions already accounted are still paid out.',
};

export const ACCOUNTING_STATUS_WORDS: Readonly<Record<AccountingStatus, string>> = {
  pending: 'Pending',
  accounted: 'Accounted',
  not_applicable: 'Not applicable',
};

export const LAPSE_WORDS: Readonly<Record<CommissionLapseReason, string>> = {
  refunded: 'payment refunded',
  disputed: 'payment disputed',
  revoked: 'membership revoked',
};

export const PAYOUT_STATUS_WORDS: Readonly<Record<AffiliatePayoutStatus, string>> = {
  pending: 'Sending',
  paid: 'Paid',
  failed: 'Failed, retried hourly',
};

export const ONBOARDING_STATUS_WORDS: Readonly<Record<ConnectOnboardingStatus, string>> = {
  not_started: 'Not connected',
  pending: 'Onboarding not finished',
  complete: 'Ready for payouts',
};

/** The referral link of a code on this site: `https://host/?affiliate=CODE`. */
export function referralLink(origin: string, code: string): string {
  const url = new URL('/', origin);
  url.searchParams.set(AFFILIATE_LINK_PARAM, code);
  return url.toString();
}

/** The program in three sentences, with the server's rate and settling days. */
export function programSteps(program: { commissionPercent: number; settleDays: number }): string[] {
  return [
    `You earn ${program.commissionPercent}% of every payment made by the subscribers you refer, for as long as they keep paying.`,
    `A commission stays pending for ${program.settleDays} days, while the payment can still be refunded; then it is accounted. A refunded or disputed payment takes its commission back.`,
    'On the first of each month, what was accounted the month before is paid to your bank through Stripe Connect.',
  ];
}

/** "$47.97" or "−$47.97" for a reversal. */
export function signedCents(cents: number, currency: string): string {
  return cents < 0 ? `−${formatCents(-cents, currency)}` : formatCents(cents, currency);
}

/** "January 2026" for a payout period `2026-01`. */
export function periodLabel(period: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}
