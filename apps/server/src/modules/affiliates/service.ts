import { randomBytes } from 'node:crypto';
import type {
  AffiliateArr,
  AffiliateBalance,
  AffiliateProgram,
  AffiliateRequestRow,
  AffiliateView,
  CommissionView,
  MyAffiliate,
  OnboardingStatus,
  PayoutView,
  ReferredAccount,
} from '@eh/contracts';
import { ErrorCode } from '@eh/contracts';
import {
  ACCOUNT_PAGE_PATHS,
  AFFILIATE_LINK_PARAM,
  AFFILIATE_PAYOUT_SCHEDULE,
  AFFILIATE_SETTLE_DAYS,
  type AffiliateDecision,
  type AffiliateRequestStatus,
  ARR_HISTORY_DAYS,
  affiliateCodeOf,
  arrAt,
  arrSeries,
  CURRENCY,
  countryName,
  decide as decideRequest,
  MS_PER_DAY,
  nextPayoutDate,
  PERIOD_DAYS,
  requestAgain,
  STRIPE_CONNECT_COUNTRIES,
  TEST_PAYOUTS_LABEL,
} from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import type { Caller } from '../../kernel/http/auth.ts';
import { forbidden, HttpError, notFound } from '../../kernel/http/errors.ts';
import { sendAccountMail } from '../notifications/index.ts';
import { ensureUser } from '../users/index.ts';
import { type ConnectProvider, connectProviderFor } from './connect.ts';
import * as q from './queries.ts';

const conflict = (message: string) => new HttpError(409, ErrorCode.conflict, message);
export const PAYOUTS_OFF_MESSAGE = 'Payouts are not available on this server: it sells no plans.';
const unavailable = () => new HttpError(503, ErrorCode.unavailable, PAYOUTS_OFF_MESSAGE);

const iso = (date: Date | null) => date?.toISOString() ?? null;

// ---- the program and membership ------------------------------------------------------------------------------------

export function program(ctx: AppContext): AffiliateProgram {
  const provider = connectProviderFor(ctx.config);
  const testMode = provider?.name !== 'stripe';
  return {
    commissionPercent: ctx.config.AFFILIATE_COMMISSION_PERCENT,
    settleDays: AFFILIATE_SETTLE_DAYS,
    payoutSchedule: AFFILIATE_PAYOUT_SCHEDULE,
    linkParam: AFFILIATE_LINK_PARAM,
    provider: provider?.name ?? 'test',
    testMode,
    label: testMode ? TEST_PAYOUTS_LABEL : null,
    payoutsAvailable: provider !== null,
  };
}

function affiliateView(row: q.AffiliateRow): AffiliateView {
  return {
    status: row.status,
    code: row.code,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    termsAcceptedAt: row.termsAcceptedAt.toISOString(),
  };
}

export async function mine(ctx: AppContext, caller: Caller): Promise<MyAffiliate> {
  const [row, superAdmin] = await Promise.all([q.affiliateOf(ctx.db, caller.sub), q.isSuperAdmin(ctx.db, caller.sub)]);
  return { affiliate: row ? affiliateView(row) : null, superAdmin };
}

/** Codes are random; a collision with another affiliate's is retried with a fresh one. */
const CODE_ATTEMPTS = 5;

/**
 * Asks to join, the terms accepted (the contract takes only `true`). A first request or one after a rejection asks
 * again; a pending or approved member stays as they are; a revoked one is refused.
 */
export async function requestToJoin(ctx: AppContext, caller: Caller, now = new Date()): Promise<MyAffiliate> {
  await ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  await ctx.db.transaction(async (tx) => {
    const row = await q.affiliateOf(tx, caller.sub, true);
    const next = requestAgain(row?.status ?? null);
    if (next === null)
      throw conflict('Your affiliate membership was revoked: you cannot ask to join again. Contact support.');
    if (row) {
      if (next !== row.status)
        await q.updateAffiliate(tx, caller.sub, {
          status: next,
          termsAcceptedAt: now,
          requestedAt: now,
          decidedAt: null,
          decidedBy: null,
        });
      return;
    }
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
      const inserted = await q.insertAffiliate(tx, {
        userId: caller.sub,
        code: affiliateCodeOf(randomBytes(8)),
        status: 'requested',
        termsAcceptedAt: now,
        requestedAt: now,
      });
      if (inserted || (await q.affiliateOf(tx, caller.sub))) return;
    }
    throw new Error('no free affiliate code after several attempts');
  });
  return mine(ctx, caller);
}

// ---- decisions (a super admin) ---------------------------------------------------------------------------------------

async function requireSuperAdmin(ctx: AppContext, caller: Caller) {
  if (!(await q.isSuperAdmin(ctx.db, caller.sub))) throw forbidden('Only a super admin decides on affiliate requests.');
}

function requestRow(row: NonNullable<Awaited<ReturnType<typeof q.affiliateWithUser>>>): AffiliateRequestRow {
  return { ...affiliateView(row.affiliate), userId: row.affiliate.userId, email: row.email, name: row.name };
}

export async function requests(ctx: AppContext, caller: Caller, status?: AffiliateRequestStatus) {
  await requireSuperAdmin(ctx, caller);
  return { affiliates: (await q.listAffiliates(ctx.db, { status })).map(requestRow) };
}

/**
 * A super admin approves or rejects a request, or revokes (or reinstates) an affiliate; never their own. Revoking
 * lapses the affiliate's pending commissions; what was accounted is still paid out.
 */
export async function decide(
  ctx: AppContext,
  caller: Caller,
  userId: string,
  decision: AffiliateDecision,
  now = new Date(),
): Promise<AffiliateRequestRow> {
  await requireSuperAdmin(ctx, caller);
  if (userId === caller.sub) throw forbidden('Another super admin decides on your own affiliate membership.');
  await ctx.db.transaction(async (tx) => {
    const row = await q.affiliateOf(tx, userId, true);
    if (!row) throw notFound('This user has not asked to join the affiliate program.');
    const next = decideRequest(row.status, decision);
    if (next === null) throw conflict(`This affiliate is ${row.status}: the request cannot be ${decision}.`);
    await q.updateAffiliate(tx, userId, { status: next, decidedAt: now, decidedBy: caller.sub });
    if (next === 'revoked') await q.lapsePendingOf(tx, userId, now);
    // The row is locked and its status moved: the decision is told once, with it.
    await sendAccountMail(
      tx,
      ctx.config,
      { userId },
      {
        kind: 'affiliateDecided',
        decision,
        code: row.code,
        commissionPercent: ctx.config.AFFILIATE_COMMISSION_PERCENT,
        settleDays: AFFILIATE_SETTLE_DAYS,
      },
    );
  });
  const row = await q.affiliateWithUser(ctx.db, userId);
  if (!row) throw notFound('This user has not asked to join the affiliate program.');
  return requestRow(row);
}

// ---- the payout account ---------------------------------------------------------------------------------------------

export function countries() {
  return {
    countries: STRIPE_CONNECT_COUNTRIES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
      a.name.localeCompare(b.name, 'en'),
    ),
  };
}

function requireProvider(ctx: AppContext): ConnectProvider {
  const provider = connectProviderFor(ctx.config);
  if (!provider) throw unavailable();
  return provider;
}

async function requireApproved(ctx: AppContext, caller: Caller) {
  const row = await q.affiliateOf(ctx.db, caller.sub);
  if (!row) throw forbidden('Join the affiliate program first: a payout account is for approved affiliates.');
  if (row.status !== 'approved')
    throw forbidden(`Your affiliate request is ${row.status}: a payout account is for approved affiliates.`);
  return row;
}

/**
 * Opens the approved affiliate's payout account in the country (or resumes the one opened there) and answers the
 * onboarding link. An account in another country whose onboarding is unfinished is replaced (Stripe fixes an
 * account's country); a finished one stays.
 */
export async function connect(ctx: AppContext, caller: Caller, countryCode: string) {
  const provider = requireProvider(ctx);
  const row = await requireApproved(ctx, caller);
  const ours = row.connectAccountId && row.connectProvider === provider.name ? row.connectAccountId : null;
  const finished = ours !== null && row.connectDetailsSubmitted && row.connectPayoutsEnabled;
  let accountId = ours && row.connectCountry === countryCode ? ours : null;
  if (!accountId && finished)
    throw conflict(
      `Your payout account is in ${countryName(row.connectCountry ?? '')} and ready: it cannot move to another country.`,
    );
  if (!accountId) {
    accountId = await provider.createAccount({ country: countryCode, email: caller.email, userId: caller.sub });
    await q.updateAffiliate(ctx.db, caller.sub, {
      connectProvider: provider.name,
      connectAccountId: accountId,
      connectCountry: countryCode,
      connectDetailsSubmitted: false,
      connectPayoutsEnabled: false,
    });
  }
  const page = new URL(ACCOUNT_PAGE_PATHS.affiliateProgram, ctx.config.PUBLIC_URL);
  const link = await provider.onboardingLink(accountId, {
    returnUrl: `${page}?onboarding=return`,
    refreshUrl: `${page}?onboarding=refresh`,
  });
  return {
    url: link.url,
    expiresAt: iso(link.expiresAt),
    countryCode,
    testMode: provider.name === 'test',
  };
}

function statusView(row: q.AffiliateRow | undefined, provider: ConnectProvider | null): OnboardingStatus {
  const testMode = provider?.name !== 'stripe';
  const account = row?.connectAccountId && row.connectProvider === provider?.name ? row : null;
  if (!account)
    return { status: 'not_started', countryCode: null, detailsSubmitted: false, payoutsEnabled: false, testMode };
  const complete = account.connectDetailsSubmitted && account.connectPayoutsEnabled;
  return {
    status: complete ? 'complete' : 'pending',
    countryCode: account.connectCountry,
    detailsSubmitted: account.connectDetailsSubmitted,
    payoutsEnabled: account.connectPayoutsEnabled,
    testMode,
  };
}

/** Where onboarding stands; Stripe is asked afresh (its answer is kept for the payout job). */
export async function onboardingStatus(ctx: AppContext, caller: Caller): Promise<OnboardingStatus> {
  const provider = connectProviderFor(ctx.config);
  let row = await q.affiliateOf(ctx.db, caller.sub);
  if (provider && row?.connectAccountId && row.connectProvider === provider.name) {
    const state = await provider.accountState(row.connectAccountId);
    if (
      state &&
      (state.detailsSubmitted !== row.connectDetailsSubmitted || state.payoutsEnabled !== row.connectPayoutsEnabled)
    )
      row = await q.updateAffiliate(ctx.db, caller.sub, {
        connectDetailsSubmitted: state.detailsSubmitted,
        connectPayoutsEnabled: state.payoutsEnabled,
      });
  }
  return statusView(row, provider);
}

/** Test billing: the app's onboarding page finishes the caller's simulated account (nothing is verified). */
export async function finishTestOnboarding(ctx: AppContext, caller: Caller, accountId: string) {
  const provider = connectProviderFor(ctx.config);
  if (provider?.name !== 'test') throw notFound('Test onboarding exists only in test billing.');
  const row = await q.affiliateOf(ctx.db, caller.sub);
  if (row?.connectProvider !== 'test' || row.connectAccountId !== accountId)
    throw notFound('You have no payout account with this id.');
  const updated = await q.updateAffiliate(ctx.db, caller.sub, {
    connectDetailsSubmitted: true,
    connectPayoutsEnabled: true,
  });
  return statusView(updated, provider);
}

// ---- the dashboard -------------------------------------------------------------------------------------------------

/** The dashboard is the affiliate's own: anyone who ever asked to join (a revoked one still sees what was earned). */
async function requireMember(ctx: AppContext, caller: Caller) {
  const row = await q.affiliateOf(ctx.db, caller.sub);
  if (!row) throw forbidden('Join the affiliate program first: this is an affiliate’s dashboard.');
  return row;
}

export async function charges(ctx: AppContext, caller: Caller): Promise<{ charges: CommissionView[] }> {
  await requireMember(ctx, caller);
  const rows = await q.commissionsOf(ctx.db, caller.sub);
  return {
    charges: rows.map(({ commission: c, paymentStatus, payoutStatus }) => ({
      id: c.id,
      kind: c.kind,
      amount: c.amount,
      chargeAmount: c.chargeAmount,
      currency: c.currency,
      percent: c.percent,
      plan: c.plan,
      interval: c.interval,
      accountingStatus: c.accountingStatus,
      reason: c.reason,
      paymentStatus: paymentStatus ?? null,
      chargedAt: c.chargedAt.toISOString(),
      settlesAt: c.settlesAt.toISOString(),
      accountedAt: iso(c.accountedAt),
      paidOut: payoutStatus === 'paid',
    })),
  };
}

export async function balance(ctx: AppContext, caller: Caller, now = new Date()): Promise<AffiliateBalance> {
  await requireMember(ctx, caller);
  const sums = await q.balanceOf(ctx.db, { affiliateUserId: caller.sub, currency: CURRENCY });
  return {
    currency: CURRENCY,
    pending: sums.pending,
    available: sums.available,
    paidOut: sums.paidOut,
    reversed: sums.lapsed + sums.reversed,
    commissionPercent: ctx.config.AFFILIATE_COMMISSION_PERCENT,
    nextPayoutOn: nextPayoutDate(now).toISOString(),
  };
}

export async function payments(ctx: AppContext, caller: Caller): Promise<{ payments: PayoutView[] }> {
  await requireMember(ctx, caller);
  return {
    payments: (await q.payoutsOf(ctx.db, caller.sub)).map((row) => ({
      id: row.id,
      period: row.period,
      amount: row.amount,
      currency: row.currency,
      status: row.status,
      provider: row.provider,
      failure: row.failure,
      createdAt: row.createdAt.toISOString(),
      paidAt: iso(row.paidAt),
    })),
  };
}

export async function accounts(ctx: AppContext, caller: Caller): Promise<{ accounts: ReferredAccount[] }> {
  await requireMember(ctx, caller);
  const rows = await q.referredSubscriptionsOf(ctx.db, caller.sub);
  // Numbered in the order they first paid, so a label never changes; shown newest first.
  const numbered = rows.map(({ subscription: s, earned, since }, index) => ({
    label: `Referral ${index + 1}`,
    plan: s.plan,
    interval: s.interval,
    status: s.status,
    amount: s.amount,
    currency: s.currency,
    since: new Date(since).toISOString(),
    earned: Number(earned),
  }));
  return { accounts: numbered.reverse() };
}

export async function arr(ctx: AppContext, caller: Caller, now = new Date()): Promise<AffiliateArr> {
  await requireMember(ctx, caller);
  // Payments older than the chart by more than a year cover none of its days.
  const from = new Date(now.getTime() - (ARR_HISTORY_DAYS + PERIOD_DAYS.yearly) * MS_PER_DAY);
  const payments = await q.arrPaymentsOf(ctx.db, { affiliateUserId: caller.sub, from, currency: CURRENCY });
  return { currency: CURRENCY, arr: arrAt(payments, now), series: arrSeries(payments, now) };
}
