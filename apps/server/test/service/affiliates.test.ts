/**
 * The affiliate program on the service tier: joining (requested → approved / rejected / revoked by a super admin,
 * with the words of each refusal), the sign-up source (first wins), commissions on referred payments (pending →
 * accounted once the payment settles, lapsed or reversed when it is refunded) and the balance, ARR and referrals they
 * add up to, and monthly payouts: offline with the test provider, and through Stripe Connect against a local
 * stand-in of Stripe's API (stripe-connect-standin.ts), never twice a month.
 */
import { affiliateCommissions, affiliatePayouts, planPrices } from '@eh/db';
import {
  type AffiliateDecision,
  ARR_HISTORY_DAYS,
  DEFAULT_AFFILIATE_COMMISSION_PERCENT,
  MS_PER_DAY,
  nextPayoutDate,
  periodOf,
  REFUND_WINDOW_DAYS,
} from '@eh/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/kernel/http/auth.ts';
import { payOutNow, settleNow } from '../../src/modules/affiliates/jobs.ts';
import * as affiliates from '../../src/modules/affiliates/service.ts';
import { personAccount } from '../../src/modules/billing/payments/person.ts';
import { billingProviderFor, TestBillingProvider } from '../../src/modules/billing/payments/providers.ts';
import * as payments from '../../src/modules/billing/payments/service.ts';
import { parseStripeEvent } from '../../src/modules/billing/payments/webhook-events.ts';
import { setSuperAdmin } from '../../src/modules/community/service.ts';
import * as usersService from '../../src/modules/users/service.ts';
import { eachDatabase, type ServiceContext } from './context.ts';
import { startStripeStandIn } from './stripe-connect-standin.ts';

const PRO_YEARLY = 23988;
const PLUS_MONTHLY = 999;
const TEST_CARD = '4242424242424242';

const daysFrom = (date: Date, days: number) => new Date(date.getTime() + days * MS_PER_DAY).toISOString();

/** A super admin, who decides on affiliate requests. */
async function superAdmin(service: ServiceContext, email: string): Promise<Caller> {
  const who = await service.user({ email });
  await setSuperAdmin(service.ctx, { email, superAdmin: true });
  return who;
}

// ---------------------------------------------------------------------------------------------------------------
// BILLING_PROVIDER=test: joining, the source, commissions, offline payouts

describe('with test billing', () => {
  /** Configured above the default rate, so the rate read is the configured one. */
  const PERCENT = 25;
  /** 25 % of $239.88, rounded down to the cent. */
  const COMMISSION = Math.floor((PRO_YEARLY * PERCENT) / 100);

  eachDatabase(
    (service) => {
      const ctx = () => service().ctx;
      const provider = () => {
        const billing = billingProviderFor(ctx().config);
        if (!(billing instanceof TestBillingProvider)) throw new Error('the test billing provider is not configured');
        return billing;
      };
      let boss: Caller;
      let affiliate: Caller;
      let code = '';

      const join = async (who: Caller) => {
        const { affiliate: joined } = await affiliates.requestToJoin(ctx(), who);
        if (!joined) throw new Error('no affiliate row after asking to join');
        return joined;
      };
      const decide = (userId: string, status: AffiliateDecision, who: Caller = boss) =>
        affiliates.decide(ctx(), who, userId, status);
      const subscribe = (
        who: Caller,
        body: { plan?: 'earningshub_plus'; priceType?: 'monthly'; affiliateId?: string },
      ) =>
        payments.subscribe(ctx(), provider(), personAccount(ctx(), who), {
          plan: 'earningshub_pro',
          priceType: 'yearly',
          stripePaymentMethodId: TEST_CARD,
          ...body,
        });
      /** A new account that arrived by an affiliate's link (`source`) and subscribes to Pro, yearly. */
      const referredSubscriber = async (email: string, source: string | null = code) => {
        const who = await service().user({ email });
        if (source) {
          const recorded = await usersService.recordSource(ctx(), who, { signupSource: 'web', affiliateId: source });
          expect(recorded.signup).toEqual({ signupSource: 'web', affiliateId: source });
        }
        await subscribe(who, {});
        return who;
      };
      const commissions = async (who: Caller = affiliate) => (await affiliates.charges(ctx(), who)).charges;
      const balance = (who: Caller = affiliate) => affiliates.balance(ctx(), who);
      const refund = (who: Caller) => payments.requestRefund(ctx(), provider(), personAccount(ctx(), who));

      beforeAll(async () => {
        const billing = provider();
        billing.connect(async (payload) => {
          const parsed = parseStripeEvent(JSON.parse(payload));
          if (parsed) await payments.applyEvent(ctx(), billing, parsed);
        });
        boss = await superAdmin(service(), 'boss.affiliates@example.com');
        affiliate = await service().user({ email: 'partner.affiliates@example.com' });
      });

      it('tells anyone the configured rate, the settling days and the Connect countries, sorted by name', () => {
        expect(affiliates.program(ctx())).toEqual({
          commissionPercent: PERCENT,
          settleDays: REFUND_WINDOW_DAYS,
          payoutSchedule: 'monthly',
          linkParam: 'affiliate',
          provider: 'test',
          testMode: true,
          label: 'Test payouts — no money is paid out',
          payoutsAvailable: true,
        });
        const { countries } = affiliates.countries();
        expect(countries).toContainEqual({ code: 'US', name: 'United States' });
        expect(countries).toContainEqual({ code: 'GB', name: 'United Kingdom' });
        expect(countries.map((c) => c.name)).toEqual(
          [...countries.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')),
        );
      });

      it('tells a stranger they are no member, and refuses them the dashboard, decisions and a payout account', async () => {
        const stranger = await service().user();
        expect(await affiliates.mine(ctx(), stranger)).toEqual({ affiliate: null, superAdmin: false });
        const notMember = {
          statusCode: 403,
          message: 'Join the affiliate program first: this is an affiliate’s dashboard.',
        };
        for (const dashboard of [
          affiliates.charges,
          affiliates.balance,
          affiliates.payments,
          affiliates.accounts,
          affiliates.arr,
        ])
          await expect(dashboard(ctx(), stranger), dashboard.name).rejects.toMatchObject(notMember);
        const notAdmin = { statusCode: 403, message: 'Only a super admin decides on affiliate requests.' };
        await expect(affiliates.requests(ctx(), stranger)).rejects.toMatchObject(notAdmin);
        await expect(decide(affiliate.sub, 'approved', stranger)).rejects.toMatchObject(notAdmin);
        await expect(affiliates.connect(ctx(), stranger, 'US')).rejects.toMatchObject({
          statusCode: 403,
          message: 'Join the affiliate program first: a payout account is for approved affiliates.',
        });
      });

      it('request → rejected → requested → approved → revoked → reinstated, decided by a super admin', async () => {
        const first = await join(affiliate);
        expect(first).toMatchObject({ status: 'requested', decidedAt: null });
        code = first.code;
        expect(code).toMatch(/^[a-z2-9]{8}$/);
        // Asking again changes nothing.
        expect((await join(affiliate)).code).toBe(code);
        expect(await affiliates.mine(ctx(), affiliate)).toMatchObject({
          affiliate: { status: 'requested', code },
          superAdmin: false,
        });
        // Not approved yet: no payout account.
        await expect(affiliates.connect(ctx(), affiliate, 'US')).rejects.toMatchObject({
          statusCode: 403,
          message: 'Your affiliate request is requested: a payout account is for approved affiliates.',
        });

        const listed = await affiliates.requests(ctx(), boss, 'requested');
        expect(listed.affiliates).toContainEqual(
          expect.objectContaining({
            userId: affiliate.sub,
            email: 'partner.affiliates@example.com',
            status: 'requested',
            code,
          }),
        );
        expect((await affiliates.mine(ctx(), boss)).superAdmin).toBe(true);

        await expect(decide(affiliate.sub, 'revoked')).rejects.toMatchObject({
          statusCode: 409,
          message: 'This affiliate is requested: the request cannot be revoked.',
        });
        const rejected = await decide(affiliate.sub, 'rejected');
        expect(rejected).toMatchObject({ status: 'rejected', userId: affiliate.sub });
        expect(rejected.decidedAt).not.toBeNull();
        expect((await join(affiliate)).status).toBe('requested');
        expect((await decide(affiliate.sub, 'approved')).status).toBe('approved');
        await expect(decide(affiliate.sub, 'approved')).rejects.toMatchObject({
          statusCode: 409,
          message: 'This affiliate is approved: the request cannot be approved.',
        });

        // Nobody decides on their own membership; an unknown user has no request.
        await join(boss);
        await expect(decide(boss.sub, 'approved')).rejects.toMatchObject({
          statusCode: 403,
          message: 'Another super admin decides on your own affiliate membership.',
        });
        await expect(decide('00000000-0000-4000-8000-000000000000', 'approved')).rejects.toMatchObject({
          statusCode: 404,
          message: 'This user has not asked to join the affiliate program.',
        });

        expect((await decide(affiliate.sub, 'revoked')).status).toBe('revoked');
        await expect(affiliates.requestToJoin(ctx(), affiliate)).rejects.toMatchObject({
          statusCode: 409,
          message: 'Your affiliate membership was revoked: you cannot ask to join again. Contact support.',
        });
        expect((await decide(affiliate.sub, 'approved')).status).toBe('approved');
      });

      it('records the first sign-up source only: a later affiliate link does not replace it', async () => {
        const who = await service().user();
        const first = await usersService.recordSource(ctx(), who, { signupSource: 'web', affiliateId: code });
        expect(first.signup).toEqual({ signupSource: 'web', affiliateId: code });
        const second = await usersService.recordSource(ctx(), who, { signupSource: 'ios', affiliateId: 'othercode' });
        expect(second.signup).toEqual({ signupSource: 'web', affiliateId: code });
      });

      it('a referred payment earns a pending commission, accounted once it settles, reversed by a later refund', async () => {
        const subscriber = await referredSubscriber('referred.one@example.com');
        const [earned] = await commissions();
        expect(earned).toMatchObject({
          kind: 'commission',
          amount: COMMISSION,
          chargeAmount: PRO_YEARLY,
          percent: PERCENT,
          plan: 'earningshub_pro',
          interval: 'yearly',
          accountingStatus: 'pending',
          paymentStatus: 'paid',
          paidOut: false,
        });
        const now = new Date();
        expect(await affiliates.balance(ctx(), affiliate, now)).toEqual({
          currency: 'usd',
          pending: COMMISSION,
          available: 0,
          paidOut: 0,
          reversed: 0,
          commissionPercent: PERCENT,
          nextPayoutOn: nextPayoutDate(now).toISOString(),
        });
        const { accounts } = await affiliates.accounts(ctx(), affiliate);
        expect(accounts).toEqual([
          expect.objectContaining({
            label: 'Referral 1',
            plan: 'earningshub_pro',
            status: 'active',
            earned: COMMISSION,
          }),
        ]);
        // The subscriber is never named to the affiliate.
        expect(JSON.stringify(accounts)).not.toContain('referred.one');
        const arr = await affiliates.arr(ctx(), affiliate);
        expect(arr.arr).toBe(PRO_YEARLY);
        expect(arr.series).toHaveLength(ARR_HISTORY_DAYS);
        expect(arr.series.at(-1)?.arr).toBe(PRO_YEARLY);
        expect(arr.series[0]?.arr).toBe(0);

        // Not yet settled a day before the refund window ends; settled once it has.
        const chargedAt = new Date(earned?.chargedAt ?? '');
        expect(await settleNow(ctx(), daysFrom(chargedAt, REFUND_WINDOW_DAYS - 1))).toEqual({
          accounted: 0,
          lapsed: 0,
        });
        expect((await commissions())[0]?.accountingStatus).toBe('pending');
        expect(await settleNow(ctx(), daysFrom(chargedAt, REFUND_WINDOW_DAYS + 1))).toEqual({
          accounted: 1,
          lapsed: 0,
        });
        expect((await commissions())[0]).toMatchObject({
          accountingStatus: 'accounted',
          accountedAt: daysFrom(chargedAt, REFUND_WINDOW_DAYS),
        });
        expect(await balance()).toMatchObject({ pending: 0, available: COMMISSION, reversed: 0 });

        // A refund after it was accounted: a reversal nets it out of the next payout.
        await refund(subscriber);
        const rows = await commissions();
        // Newest first: the reversal is filed under the payment's date, after the commission.
        expect(rows.map((row) => [row.kind, row.amount, row.accountingStatus, row.paymentStatus])).toEqual([
          ['reversal', -COMMISSION, 'accounted', 'refunded'],
          ['commission', COMMISSION, 'accounted', 'refunded'],
        ]);
        expect(rows.find((row) => row.kind === 'reversal')?.reason).toBe('refunded');
        expect(await balance()).toMatchObject({ pending: 0, available: 0, reversed: COMMISSION });
        // The refunded payment no longer counts in ARR, and its referral earned nothing in the end.
        expect((await affiliates.arr(ctx(), affiliate)).arr).toBe(0);
        expect((await affiliates.accounts(ctx(), affiliate)).accounts).toEqual([
          expect.objectContaining({ label: 'Referral 1', status: 'canceled', earned: 0 }),
        ]);
      });

      it('a refund before the payment settles lapses the commission (not applicable), and settling leaves it so', async () => {
        const subscriber = await referredSubscriber('referred.two@example.com');
        expect((await balance()).pending).toBe(COMMISSION);
        await refund(subscriber);
        const lapsed = (await commissions()).find(
          (row) => row.paymentStatus === 'refunded' && row.accountingStatus === 'not_applicable',
        );
        expect(lapsed).toMatchObject({ kind: 'commission', reason: 'refunded' });
        expect(await settleNow(ctx(), daysFrom(new Date(), REFUND_WINDOW_DAYS + 2))).toEqual({
          accounted: 0,
          lapsed: 0,
        });
        expect((await commissions()).filter((row) => row.accountingStatus === 'not_applicable')).toHaveLength(1);
        expect(await balance()).toMatchObject({ pending: 0, available: 0, reversed: 2 * COMMISSION });
      });

      it('earns nothing on one’s own payments, for an affiliate not approved, or without a referral', async () => {
        const before = (await commissions()).length;
        // The affiliate subscribes through their own link.
        await usersService.recordSource(ctx(), affiliate, { affiliateId: code });
        await subscribe(affiliate, {});
        // Someone whose request is only pending.
        const pendingOne = await service().user();
        const pendingCode = (await join(pendingOne)).code;
        await referredSubscriber('referred.three@example.com', pendingCode);
        expect(await commissions(pendingOne)).toEqual([]);
        // No referral at all.
        await referredSubscriber('referred.four@example.com', null);
        expect(await commissions()).toHaveLength(before);
      });

      it('carries the affiliate id given at subscribe time when the account recorded none, and revoking lapses pending ones', async () => {
        const who = await service().user({ email: 'referred.five@example.com' });
        await subscribe(who, { affiliateId: code.toUpperCase(), plan: 'earningshub_plus', priceType: 'monthly' });
        const row = (await commissions()).find((c) => c.accountingStatus === 'pending');
        expect(row).toMatchObject({
          kind: 'commission',
          amount: Math.floor((PLUS_MONTHLY * PERCENT) / 100),
          plan: 'earningshub_plus',
          interval: 'monthly',
        });
        await decide(affiliate.sub, 'revoked');
        const after = await commissions();
        expect(after.some((c) => c.accountingStatus === 'pending')).toBe(false);
        expect(after.find((c) => c.id === row?.id)).toMatchObject({
          accountingStatus: 'not_applicable',
          reason: 'revoked',
        });
        // A revoked affiliate still sees what was earned.
        expect((await affiliates.charges(ctx(), affiliate)).charges).toEqual(after);
        await decide(affiliate.sub, 'approved');
      });

      it('onboards a payout account offline: the test page finishes it; payouts then go out once a month', async () => {
        const connect = await affiliates.connect(ctx(), affiliate, 'GB');
        expect(connect).toMatchObject({ countryCode: 'GB', testMode: true, expiresAt: null });
        const link = new URL(connect.url);
        expect(link.pathname).toBe('/affiliate-program');
        const accountId = link.searchParams.get('testOnboarding') ?? '';
        expect(accountId).toMatch(/^acct_test_/);
        expect(await affiliates.onboardingStatus(ctx(), affiliate)).toEqual({
          status: 'pending',
          countryCode: 'GB',
          detailsSubmitted: false,
          payoutsEnabled: false,
          testMode: true,
        });
        // Someone else's account id is not theirs to finish.
        await expect(affiliates.finishTestOnboarding(ctx(), boss, accountId)).rejects.toMatchObject({
          statusCode: 404,
          message: 'You have no payout account with this id.',
        });
        expect(await affiliates.finishTestOnboarding(ctx(), affiliate, accountId)).toMatchObject({
          status: 'complete',
          countryCode: 'GB',
        });
        // A finished account stays in its country; asking for the same country resumes it.
        await expect(affiliates.connect(ctx(), affiliate, 'US')).rejects.toMatchObject({
          statusCode: 409,
          message: 'Your payout account is in United Kingdom and ready: it cannot move to another country.',
        });
        expect((await affiliates.connect(ctx(), affiliate, 'GB')).url).toContain(accountId);

        // One more referred payment, settled, then its month paid out: once.
        await referredSubscriber('referred.six@example.com');
        const fresh = (await commissions()).find((c) => c.accountingStatus === 'pending');
        const settlesOn = new Date(daysFrom(new Date(fresh?.chargedAt ?? ''), REFUND_WINDOW_DAYS));
        expect(await settleNow(ctx(), daysFrom(settlesOn, 1))).toEqual({ accounted: 1, lapsed: 0 });
        // The first referral's commission and its reversal net to nothing: this one is what is due.
        const { available } = await balance();
        expect(available).toBe(COMMISSION);
        const period = periodOf(settlesOn);
        expect(await payOutNow(ctx(), { period })).toEqual({ period, created: 1, paid: 1, failed: 0 });
        expect(await payOutNow(ctx(), { period })).toEqual({ period, created: 0, paid: 0, failed: 0 });
        expect((await affiliates.payments(ctx(), affiliate)).payments).toEqual([
          expect.objectContaining({ period, amount: available, status: 'paid', provider: 'test', failure: null }),
        ]);
        expect(await balance()).toMatchObject({ available: 0, paidOut: available });
        const accounted = (await commissions()).filter((c) => c.accountingStatus === 'accounted');
        expect(accounted.map((c) => c.amount)).toEqual([COMMISSION, -COMMISSION, COMMISSION]);
        expect(accounted.every((c) => c.paidOut)).toBe(true);
      });
    },
    { env: { BILLING_PROVIDER: 'test', AFFILIATE_COMMISSION_PERCENT: String(PERCENT) } },
  );
});

// ---------------------------------------------------------------------------------------------------------------
// BILLING_PROVIDER=stripe: Connect Express and transfers at the SDK boundary

const stripe = await startStripeStandIn();
afterAll(() => stripe.close());

describe('with Stripe (a stand-in of its API)', () => {
  /** The default rate: nothing configures another. */
  const COMMISSION = Math.floor((PRO_YEARLY * DEFAULT_AFFILIATE_COMMISSION_PERCENT) / 100);
  const postsTo = (path: string) => stripe.seen.filter((s) => s.method === 'POST' && s.path === path);

  eachDatabase(
    (service) => {
      const ctx = () => service().ctx;
      let boss: Caller;
      let events = 0;

      /** Stripe's invoice.paid for the referred subscription's first year, dated `created`. */
      async function invoicePaid(subscriptionId: string, chargeId: string, created: Date) {
        const at = Math.floor(created.getTime() / 1000);
        const parsed = parseStripeEvent({
          id: `evt_aff_${++events}`,
          object: 'event',
          type: 'invoice.paid',
          created: at,
          data: {
            object: {
              id: `in_${chargeId}`,
              object: 'invoice',
              subscription: subscriptionId,
              charge: chargeId,
              amount_paid: PRO_YEARLY,
              currency: 'usd',
              description: 'Pro (yearly)',
              lines: { object: 'list', data: [{ period: { end: at + 365 * 86_400 } }] },
            },
          },
        });
        if (!parsed) throw new Error('invoice.paid is an event the state machine reads');
        expect(await payments.applyEvent(ctx(), billingProviderFor(ctx().config), parsed)).toEqual({
          received: true,
          duplicate: false,
        });
      }

      /** An approved affiliate with a finished payout account in `country`, and one referred payment accounted. */
      async function affiliateWithEarnings(name: string, country: string, chargedAt: Date) {
        const who = await service().user({ email: `${name}.connect@example.com` });
        const { affiliate: joined } = await affiliates.requestToJoin(ctx(), who);
        await affiliates.decide(ctx(), boss, who.sub, 'approved');
        const link = await affiliates.connect(ctx(), who, country);
        const accountId = /\/e\/(acct_standin\d+)\//.exec(link.url)?.[1] ?? '';
        expect(link).toMatchObject({ countryCode: country, testMode: false });
        expect(link.expiresAt).not.toBeNull();
        const state = stripe.accounts.get(accountId);
        if (!state) throw new Error(`no account ${accountId}`);
        expect((await affiliates.onboardingStatus(ctx(), who)).status).toBe('pending');
        // The affiliate finishes Stripe's hosted onboarding.
        state.details_submitted = true;
        state.payouts_enabled = true;
        expect(await affiliates.onboardingStatus(ctx(), who)).toMatchObject({
          status: 'complete',
          countryCode: country,
          testMode: false,
        });
        const subscriber = await service().user({ email: `${name}.referred@example.com` });
        await usersService.recordSource(ctx(), subscriber, { affiliateId: joined?.code });
        await payments.subscribe(ctx(), billingProviderFor(ctx().config), personAccount(ctx(), subscriber), {
          plan: 'earningshub_pro',
          priceType: 'yearly',
          stripePaymentMethodId: `pm_card_${name}`,
        });
        await invoicePaid(`sub_aff${stripe.subscriptionsCreated()}`, `ch_${name}`, chargedAt);
        return { who, accountId };
      }

      beforeAll(async () => {
        // A fresh database: Stripe starts with nothing either.
        stripe.reset();
        await ctx()
          .db.update(planPrices)
          .set({ stripePriceId: 'price_pro_yearly' })
          .where(
            and(eq(planPrices.plan, 'earningshub_pro'), eq(planPrices.interval, 'yearly'), eq(planPrices.active, true)),
          );
        boss = await superAdmin(service(), 'boss.connect@example.com');
      });

      it('opens an Express account for transfers (recipient abroad) and links to Stripe’s onboarding', async () => {
        const chargedAt = new Date(Date.UTC(2026, 0, 3));
        const { accountId } = await affiliateWithEarnings('abroad', 'GB', chargedAt);
        const [created] = postsTo('/v1/accounts');
        expect(created?.form.get('type')).toBe('express');
        expect(created?.form.get('country')).toBe('GB');
        expect(created?.form.get('capabilities[transfers][requested]')).toBe('true');
        expect(created?.form.get('tos_acceptance[service_agreement]')).toBe('recipient');
        const [link] = postsTo('/v1/account_links');
        expect(link?.form.get('account')).toBe(accountId);
        expect(link?.form.get('type')).toBe('account_onboarding');
        expect(link?.form.get('return_url')).toBe(`${ctx().config.PUBLIC_URL}/affiliate-program?onboarding=return`);
        expect(link?.form.get('refresh_url')).toBe(`${ctx().config.PUBLIC_URL}/affiliate-program?onboarding=refresh`);
        const home = await affiliateWithEarnings('home', 'US', chargedAt);
        const us = postsTo('/v1/accounts').at(-1);
        expect(us?.form.get('tos_acceptance[service_agreement]')).toBeNull();
        expect(home.accountId).not.toBe(accountId);
      });

      it('pays a month out once per affiliate: one transfer each, with the payout’s group and idempotency key', async () => {
        const period = '2026-01';
        // Both payments of the first test were taken on 3 January and settle on the 17th.
        expect(await settleNow(ctx(), '2026-01-20T00:00:00Z')).toEqual({ accounted: 2, lapsed: 0 });
        expect(await payOutNow(ctx(), { period })).toEqual({ period, created: 2, paid: 2, failed: 0 });
        expect(stripe.transfers).toHaveLength(2);
        const payouts = await ctx().db.select().from(affiliatePayouts).where(eq(affiliatePayouts.period, period));
        expect(payouts).toHaveLength(2);
        for (const payout of payouts) {
          const transfer = stripe.transfers.find((t) => t.transfer_group === payout.transferGroup);
          expect(transfer).toMatchObject({ amount: COMMISSION, currency: 'usd', destination: payout.destination });
          expect(payout).toMatchObject({ status: 'paid', transferId: transfer?.id, amount: COMMISSION });
          const posted = postsTo('/v1/transfers').find((s) => s.form.get('transfer_group') === payout.transferGroup);
          expect(posted?.idempotencyKey).toBe(payout.transferGroup);
        }
        // Again for the same month: nothing new, no transfer.
        expect(await payOutNow(ctx(), { period, asOf: '2026-02-01T05:00:00Z' })).toEqual({
          period,
          created: 0,
          paid: 0,
          failed: 0,
        });
        expect(stripe.transfers).toHaveLength(2);
        const rows = await ctx().db.select().from(affiliateCommissions);
        const accounted = rows.filter((row) => row.accountingStatus === 'accounted');
        expect(accounted).toHaveLength(2);
        expect(accounted.every((row) => row.payoutId !== null)).toBe(true);
      });

      it('a refused transfer fails the payout; a later run retries it once, and finds a transfer already made', async () => {
        const period = '2026-02';
        const chargedAt = new Date(Date.UTC(2026, 1, 2));
        const short = await affiliateWithEarnings('short', 'US', chargedAt);
        const lost = await affiliateWithEarnings('lost', 'FR', chargedAt);
        expect(await settleNow(ctx(), '2026-02-20T00:00:00Z')).toEqual({ accounted: 2, lapsed: 0 });
        stripe.refuseNext.add(short.accountId);
        const before = stripe.transfers.length;
        expect(await payOutNow(ctx(), { period, asOf: '2026-03-01T01:00:00Z' })).toEqual({
          period,
          created: 2,
          paid: 1,
          failed: 1,
        });
        expect((await affiliates.payments(ctx(), short.who)).payments).toEqual([
          expect.objectContaining({
            period,
            amount: COMMISSION,
            status: 'failed',
            failure: 'You have insufficient available funds in your Stripe account.',
          }),
        ]);
        // Within the attempt's grace another run leaves it alone.
        expect(await payOutNow(ctx(), { period, asOf: '2026-03-01T01:05:00Z' })).toEqual({
          period,
          created: 0,
          paid: 0,
          failed: 0,
        });
        // The next hourly run pays it.
        expect(await payOutNow(ctx(), { period, asOf: '2026-03-01T02:00:00Z' })).toEqual({
          period,
          created: 0,
          paid: 1,
          failed: 0,
        });
        expect(stripe.transfers.length).toBe(before + 2);
        expect((await affiliates.payments(ctx(), short.who)).payments[0]).toMatchObject({
          status: 'paid',
          failure: null,
        });
        expect(await affiliates.balance(ctx(), lost.who)).toMatchObject({ available: 0, paidOut: COMMISSION });

        // A payout whose transfer was made but whose answer was lost: the retry finds it by its group.
        const [payout] = await ctx()
          .db.select()
          .from(affiliatePayouts)
          .where(and(eq(affiliatePayouts.affiliateUserId, lost.who.sub), eq(affiliatePayouts.period, period)));
        if (!payout) throw new Error('no payout');
        await ctx()
          .db.update(affiliatePayouts)
          .set({ status: 'failed', transferId: null, paidAt: null })
          .where(eq(affiliatePayouts.id, payout.id));
        const posts = postsTo('/v1/transfers').length;
        expect(await payOutNow(ctx(), { period, asOf: '2026-03-01T03:00:00Z' })).toEqual({
          period,
          created: 0,
          paid: 1,
          failed: 0,
        });
        expect(postsTo('/v1/transfers')).toHaveLength(posts);
        const [after] = await ctx().db.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, payout.id));
        expect(after).toMatchObject({ status: 'paid', transferId: payout.transferId });
      });
    },
    {
      env: {
        BILLING_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_affiliatestandin',
        STRIPE_WEBHOOK_SECRET: 'whsec_affiliatesstandin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_affiliatestandin',
        STRIPE_API_BASE: stripe.url,
      },
    },
  );
});
