import {
  ACCOUNTING_STATUSES,
  AFFILIATE_DECISIONS,
  AFFILIATE_PAYOUT_STATUSES,
  AFFILIATE_REQUEST_STATUSES,
  BILLING_INTERVALS,
  BILLING_PROVIDERS,
  COMMISSION_KINDS,
  COMMISSION_LAPSE_REASONS,
  CONNECT_ONBOARDING_STATUSES,
  PAYMENT_STATUSES,
  PAYOUT_PERIOD_PATTERN,
  STRIPE_CONNECT_COUNTRIES,
  SUBSCRIPTION_STATUSES,
} from '@eh/domain';
import { z } from 'zod';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import { SafeString } from './text.ts';

/** SPEC §7 Affiliate and payout (decision 0028): joining, the payout account, commissions and payouts. */
const TAGS = ['affiliates'];

/** The only `type` these calls serve: the affiliate's view (SPEC names `?type=affiliate`). */
const AffiliateType = z.object({
  type: z.literal('affiliate', 'must be affiliate').default('affiliate'),
});

// ---- the program and the caller's membership ---------------------------------------------------------------------

export const AffiliateProgram = z.object({
  /** The whole percent of each referred payment an affiliate earns (AFFILIATE_COMMISSION_PERCENT). */
  commissionPercent: z.number().int(),
  /** Days after a payment before its commission is accounted (the refund window). */
  settleDays: z.number().int(),
  payoutSchedule: z.literal('monthly'),
  /** The query parameter of a referral link (`?affiliate=CODE`). */
  linkParam: z.string(),
  /** Payouts go through Stripe Connect, or in test billing nowhere (nothing is paid). */
  provider: z.enum(BILLING_PROVIDERS),
  testMode: z.boolean(),
  label: z.string().nullable(),
  /** False when this server sells nothing (billing off): nobody can connect a payout account. */
  payoutsAvailable: z.boolean(),
});
export type AffiliateProgram = z.infer<typeof AffiliateProgram>;

export const getAffiliateProgram = defineRoute({
  method: 'GET',
  path: paths.getAffiliateProgram,
  group: 'public',
  summary: 'The affiliate program: the commission rate, when commissions settle, how payouts are made',
  tags: TAGS,
  response: AffiliateProgram,
});

export const AffiliateView = z.object({
  status: z.enum(AFFILIATE_REQUEST_STATUSES),
  /** What the referral link carries; credited only while approved. */
  code: z.string(),
  requestedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  termsAcceptedAt: z.iso.datetime(),
});
export type AffiliateView = z.infer<typeof AffiliateView>;

export const MyAffiliate = z.object({
  /** Null until the caller asks to join. */
  affiliate: AffiliateView.nullable(),
  /** Whether the caller decides on requests (a super admin). */
  superAdmin: z.boolean(),
});
export type MyAffiliate = z.infer<typeof MyAffiliate>;

export const getMyAffiliate = defineRoute({
  method: 'GET',
  path: paths.getMyAffiliate,
  group: 'portfolios',
  summary: "The caller's affiliate membership (request status and code), or null before they ask to join",
  tags: TAGS,
  response: MyAffiliate,
});

export const postAffiliateRequest = defineRoute({
  method: 'POST',
  path: paths.postAffiliateRequest,
  group: 'portfolios',
  summary: 'Asks to join the affiliate program, accepting the affiliate terms (a super admin decides)',
  tags: TAGS,
  body: z.object({
    affiliateTermsOfServiceAccepted: z.literal(true, 'must be true: accept the affiliate terms to join'),
  }),
  response: MyAffiliate,
});

// ---- decisions (a super admin) -------------------------------------------------------------------------------------

export const AffiliateRequestRow = AffiliateView.extend({
  userId: z.uuid(),
  email: z.string().nullable(),
  name: z.string().nullable(),
});
export type AffiliateRequestRow = z.infer<typeof AffiliateRequestRow>;

export const getAffiliateRequests = defineRoute({
  method: 'GET',
  path: paths.getAffiliateRequests,
  group: 'portfolios',
  summary: 'Affiliates and requests to join, oldest request first (super admins only)',
  tags: TAGS,
  query: z.object({
    status: z.enum(AFFILIATE_REQUEST_STATUSES, `must be one of ${AFFILIATE_REQUEST_STATUSES.join(', ')}`).optional(),
  }),
  response: z.object({ affiliates: z.array(AffiliateRequestRow) }),
});

export const postAffiliateDecision = defineRoute({
  method: 'POST',
  path: paths.postAffiliateDecision,
  group: 'portfolios',
  summary: 'Approves or rejects a request, or revokes an affiliate (super admins only)',
  tags: TAGS,
  params: z.object({ userId: z.uuid('must be a user id (a UUID)') }),
  body: z.object({
    status: z.enum(AFFILIATE_DECISIONS, `must be one of ${AFFILIATE_DECISIONS.join(', ')}`),
  }),
  response: AffiliateRequestRow,
});

// ---- the payout account (Stripe Connect Express) ------------------------------------------------------------------

const CountryCode = SafeString.trim()
  .toUpperCase()
  .pipe(
    z.enum(
      STRIPE_CONNECT_COUNTRIES,
      'must be a country Stripe Connect pays out in (GET /core/stripe/connect/countries)',
    ),
  );

export const getConnectCountries = defineRoute({
  method: 'GET',
  path: paths.getConnectCountries,
  group: 'public',
  summary: 'The countries a payout account (Stripe Connect Express) can be opened in',
  tags: TAGS,
  response: z.object({ countries: z.array(z.object({ code: z.string(), name: z.string() })) }),
});

export const postStripeConnect = defineRoute({
  method: 'POST',
  path: paths.postStripeConnect,
  group: 'portfolios',
  summary: "Opens (or resumes) the approved affiliate's payout account in a country: answers the onboarding link",
  tags: TAGS,
  body: z.object({ countryCode: CountryCode }),
  response: z.object({
    /** Stripe's hosted onboarding, or in test billing the app's own test onboarding page. */
    url: z.string(),
    expiresAt: z.iso.datetime().nullable(),
    countryCode: z.string(),
    testMode: z.boolean(),
  }),
});

export const OnboardingStatus = z.object({
  status: z.enum(CONNECT_ONBOARDING_STATUSES),
  countryCode: z.string().nullable(),
  detailsSubmitted: z.boolean(),
  payoutsEnabled: z.boolean(),
  testMode: z.boolean(),
});
export type OnboardingStatus = z.infer<typeof OnboardingStatus>;

export const getOnboardingStatus = defineRoute({
  method: 'GET',
  path: paths.getOnboardingStatus,
  group: 'portfolios',
  summary: "Where the caller's payout account onboarding stands (Stripe is asked afresh)",
  tags: TAGS,
  response: OnboardingStatus,
});

export const postTestOnboarding = defineRoute({
  method: 'POST',
  path: paths.postTestOnboarding,
  group: 'portfolios',
  summary: "Test billing only: finishes the caller's simulated onboarding (Stripe's hosted pages stand in offline)",
  tags: TAGS,
  body: z.object({
    accountId: SafeString.trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
  }),
  response: OnboardingStatus,
});

// ---- the dashboard: the five ?type=affiliate calls ------------------------------------------------------------------

export const CommissionView = z.object({
  id: z.number().int(),
  kind: z.enum(COMMISSION_KINDS),
  /** Cents earned (negative for a reversal). */
  amount: z.number().int(),
  /** Cents of the referred payment. */
  chargeAmount: z.number().int(),
  currency: z.string(),
  percent: z.number().int(),
  plan: z.string(),
  interval: z.enum(BILLING_INTERVALS),
  accountingStatus: z.enum(ACCOUNTING_STATUSES),
  reason: z.enum(COMMISSION_LAPSE_REASONS).nullable(),
  /** The referred payment's status now (null when it is gone with its account). */
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  chargedAt: z.iso.datetime(),
  settlesAt: z.iso.datetime(),
  accountedAt: z.iso.datetime().nullable(),
  paidOut: z.boolean(),
});
export type CommissionView = z.infer<typeof CommissionView>;

export const getAffiliateCharges = defineRoute({
  method: 'GET',
  path: paths.getAffiliateCharges,
  group: 'portfolios',
  summary: "The affiliate's commissions on referred payments, newest first (the latest 500)",
  tags: TAGS,
  query: AffiliateType,
  response: z.object({ charges: z.array(CommissionView) }),
});

export const AffiliateBalance = z.object({
  currency: z.string(),
  /** Cents waiting for their payments to settle. */
  pending: z.number().int(),
  /** Cents accounted and not paid out yet (reversals netted): the next payout. */
  available: z.number().int(),
  /** Cents transferred so far. */
  paidOut: z.number().int(),
  /** Cents of commissions that lapsed (refunded, disputed, revoked) or were reversed. */
  reversed: z.number().int(),
  commissionPercent: z.number().int(),
  nextPayoutOn: z.iso.datetime(),
});
export type AffiliateBalance = z.infer<typeof AffiliateBalance>;

export const getAffiliateBalance = defineRoute({
  method: 'GET',
  path: paths.getAffiliateBalance,
  group: 'portfolios',
  summary: "The affiliate's balance: pending, available for the next payout, paid out",
  tags: TAGS,
  query: AffiliateType,
  response: AffiliateBalance,
});

export const PayoutView = z.object({
  id: z.number().int(),
  period: z.string().regex(PAYOUT_PERIOD_PATTERN),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(AFFILIATE_PAYOUT_STATUSES),
  provider: z.enum(BILLING_PROVIDERS),
  failure: z.string().nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
});
export type PayoutView = z.infer<typeof PayoutView>;

export const getAffiliatePayments = defineRoute({
  method: 'GET',
  path: paths.getAffiliatePayments,
  group: 'portfolios',
  summary: "The affiliate's payouts (monthly transfers to the payout account), newest first",
  tags: TAGS,
  query: AffiliateType,
  response: z.object({ payments: z.array(PayoutView) }),
});

export const ReferredAccount = z.object({
  /** A stable label for a referred subscription (the subscriber is not named to the affiliate). */
  label: z.string(),
  plan: z.string(),
  interval: z.enum(BILLING_INTERVALS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Cents a period. */
  amount: z.number().int(),
  currency: z.string(),
  since: z.iso.datetime(),
  /** Cents earned on it so far (pending and accounted, less what refunds took back). */
  earned: z.number().int(),
});
export type ReferredAccount = z.infer<typeof ReferredAccount>;

export const getAffiliateAccounts = defineRoute({
  method: 'GET',
  path: paths.getAffiliateAccounts,
  group: 'portfolios',
  summary: 'The subscriptions the affiliate referred (those with a payment), newest first',
  tags: TAGS,
  response: z.object({ accounts: z.array(ReferredAccount) }),
});

export const AffiliateArr = z.object({
  currency: z.string(),
  /** Cents: the referred subscriptions' payments covering today, as a year's worth. */
  arr: z.number().int(),
  /** One point a day, oldest first, ending today. */
  series: z.array(z.object({ date: z.string(), arr: z.number().int() })),
});
export type AffiliateArr = z.infer<typeof AffiliateArr>;

export const getAffiliateArr = defineRoute({
  method: 'GET',
  path: paths.getAffiliateArr,
  group: 'portfolios',
  summary: "The annual recurring revenue of the affiliate's referred subscriptions, now and day by day",
  tags: TAGS,
  query: AffiliateType,
  response: AffiliateArr,
});

// ---- operators (admin token): the jobs run now, with a clock ------------------------------------------------------

export const postAffiliateSettle = defineRoute({
  method: 'POST',
  path: paths.postAffiliateSettle,
  group: 'public',
  summary: 'Settles the pending commissions due by asOf (default now): the job the worker runs hourly (admin token)',
  tags: ['admin'],
  body: z.object({ asOf: z.iso.datetime('must be an ISO date-time').optional() }),
  response: z.object({ accounted: z.number().int(), lapsed: z.number().int() }),
});

export const postAffiliatePayouts = defineRoute({
  method: 'POST',
  path: paths.postAffiliatePayouts,
  group: 'public',
  summary: 'Pays a month out (default: the month before asOf, else now): the monthly job, run now (admin token)',
  tags: ['admin'],
  body: z.object({
    period: SafeString.regex(PAYOUT_PERIOD_PATTERN, 'must be a month YYYY-MM').optional(),
    asOf: z.iso.datetime('must be an ISO date-time').optional(),
  }),
  response: z.object({
    period: z.string(),
    created: z.number().int(),
    paid: z.number().int(),
    failed: z.number().int(),
  }),
});
