/**
 * Billing on the service tier, with the offline test provider (its events applied as the webhook route applies them
 * once their signature checks out): the price list and its quotes (coupons, licences, the plus → pro proration),
 * why a coupon cannot be used, subscribing (a refused card, a coupon used once and raced for, a change of plan),
 * refunds, cancelling at the period end, and the state the provider's events move: exactly once, never backwards.
 */
import { coupons, planPrices, processedWebhookEvents, users } from '@eh/db';
import { DEFAULT_APP, MS_PER_DAY, PERIOD_DAYS, type Plan, prorationCredit, REFUND_WINDOW_DAYS } from '@eh/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/kernel/context.ts';
import type { Caller } from '../../src/kernel/http/auth.ts';
import { personAccount, type SubscribeBody, subscription } from '../../src/modules/billing/payments/person.ts';
import { billingProviderFor, TestBillingProvider } from '../../src/modules/billing/payments/providers.ts';
import * as q from '../../src/modules/billing/payments/queries.ts';
import * as payments from '../../src/modules/billing/payments/service.ts';
import { parseStripeEvent } from '../../src/modules/billing/payments/webhook-events.ts';
import * as planQueries from '../../src/modules/billing/plans/queries.ts';
import * as plans from '../../src/modules/billing/plans/service.ts';
import * as usersService from '../../src/modules/users/service.ts';
import { eachDatabase } from './context.ts';

/** The seeded prices, in cents. */
const PLUS_MONTHLY = 999;
const PLUS_YEARLY = 9588;
const PRO_MONTHLY = 2499;
const PRO_YEARLY = 23988;
const TEAM_MONTHLY = 2999;
const TEST_CARD = '4242424242424242';
const TEST_LABEL = 'Test billing — no card is charged';

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** A day as the product writes one ('Oct 29, 2026'), in UTC as coupons' expiries are stored. */
const dayOf = (date: Date | null | undefined) =>
  date?.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

eachDatabase(
  (service) => {
    const ctx = () => service().ctx;
    /** The provider the routes use on this configuration. */
    const provider = () => {
      const billing = billingProviderFor(ctx().config);
      if (!(billing instanceof TestBillingProvider)) throw new Error('the test billing provider is not configured');
      return billing;
    };
    const account = (who: Caller) => personAccount(ctx(), who);
    /** Pro, yearly unless said: the contract's defaults. */
    const subscribe = (who: Caller, body: Partial<SubscribeBody> = {}, now?: Date) =>
      payments.subscribe(
        ctx(),
        provider(),
        account(who),
        { plan: 'earningshub_pro', priceType: 'yearly', ...body },
        now,
      );
    const me = (who: Caller) => usersService.me(ctx(), who);
    const chargesOf = async (who: Caller) => (await payments.chargeHistory(ctx(), { userId: who.sub })).charges;
    const subscriptionOf = async (who: Caller) => {
      const row = await q.latestSubscription(ctx().db, { userId: who.sub });
      if (!row) throw new Error('no subscription');
      return row;
    };
    const redemptionsOf = async (name: string) =>
      (await ctx().db.select({ redemptions: coupons.redemptions }).from(coupons).where(eq(coupons.name, name)))[0];
    const couponId = async (name: string) => {
      const row = await planQueries.couponNamed(ctx().db, { name });
      if (!row) throw new Error(`no seeded coupon ${name}`);
      return row.id;
    };

    let eventCount = 0;
    /** A Stripe-shaped event through the state machine; `created` in seconds; a fresh id unless given. */
    async function deliver(type: string, object: Record<string, unknown>, created: number, id?: string) {
      const parsed = parseStripeEvent({
        id: id ?? `evt_svc_${++eventCount}`,
        object: 'event',
        type,
        created,
        data: { object },
      });
      if (!parsed) throw new Error(`${type} is not an event the state machine reads`);
      return payments.applyEvent(ctx(), provider(), parsed);
    }

    /** A new person subscribed to Pro, yearly, with the test card. */
    async function subscribedPro(): Promise<Caller> {
      const who = await service().user();
      await subscribe(who, { stripePaymentMethodId: TEST_CARD });
      return who;
    }

    beforeAll(() => {
      const billing = provider();
      billing.connect(async (payload) => {
        const parsed = parseStripeEvent(JSON.parse(payload));
        if (parsed) await payments.applyEvent(ctx(), billing, parsed);
      });
    });

    describe('the price list', () => {
      it('lists every plan with the seeded monthly and yearly prices in cents and the yearly saving', async () => {
        const list = await plans.plans(ctx(), DEFAULT_APP);
        expect(list.defaultPriceType).toBe('yearly');
        expect(list.billing).toEqual({ provider: 'test', testMode: true, label: TEST_LABEL });
        const byPlan = Object.fromEntries(list.plans.map((p) => [p.plan, p]));
        expect(Object.keys(byPlan)).toEqual([
          'free',
          'savvy_trader_pro',
          'earningshub_plus',
          'earningshub_pro',
          'earningshub_team',
        ]);
        expect(byPlan.earningshub_pro).toMatchObject({
          perLicense: false,
          monthly: { amount: PRO_MONTHLY, currency: 'usd' },
          yearly: { amount: PRO_YEARLY, currency: 'usd' },
          yearlySaving: { amount: PRO_MONTHLY * 12 - PRO_YEARLY, percent: 20 },
        });
        expect(byPlan.earningshub_team?.perLicense).toBe(true);
        expect(byPlan.free?.monthly?.amount).toBe(0);
        // An app with no prices has no plans.
        expect((await plans.plans(ctx(), 'other_app')).plans).toEqual([]);
      });

      it('tells the pricing page that nothing is sold where the deployment chose no provider', async () => {
        const off: AppContext = { ...ctx(), config: { ...ctx().config, BILLING_PROVIDER: 'off' } };
        const list = await plans.plans(off, DEFAULT_APP);
        expect(list.billing).toBeNull();
        expect(list.appleProducts).toEqual([]);
        expect(list.plans).toHaveLength(5);
      });

      it('prices are configuration: a changed row shows at once', async () => {
        const plusMonthly = and(eq(planPrices.plan, 'earningshub_plus'), eq(planPrices.interval, 'monthly'));
        await ctx().db.update(planPrices).set({ amount: 1099 }).where(plusMonthly);
        try {
          const offer = (await plans.plans(ctx(), DEFAULT_APP)).plans.find((p) => p.plan === 'earningshub_plus');
          expect(offer?.monthly?.amount).toBe(1099);
          expect(offer?.yearlySaving.amount).toBe(1099 * 12 - PLUS_YEARLY);
        } finally {
          await ctx().db.update(planPrices).set({ amount: PLUS_MONTHLY }).where(plusMonthly);
        }
      });
    });

    describe('coupons', () => {
      it('answers a valid coupon, whatever the case of its name', async () => {
        expect(await plans.coupon(ctx(), 'cnbc', 'earningshub_pro', undefined)).toMatchObject({
          name: 'CNBC',
          discountType: 'percent',
          value: 20,
          duration: 'repeating',
          durationMonths: 12,
          source: 'cnbc',
          plans: ['earningshub_pro', 'savvy_trader_pro'],
        });
        expect(await plans.coupon(ctx(), 'WOLF', 'savvy_trader_pro', undefined)).toMatchObject({
          discountType: 'amount',
          value: 5000,
        });
      });

      it('names why a coupon cannot be used: unknown, expired, used up, another plan', async () => {
        const lookup = (name: string, plan: Plan) => plans.coupon(ctx(), name, plan, undefined);
        await expect(lookup('NOPE', 'earningshub_pro')).rejects.toMatchObject({
          statusCode: 404,
          message: 'Coupon NOPE does not exist.',
        });
        const spring = await planQueries.couponNamed(ctx().db, { name: 'SPRING2025' });
        const day = dayOf(spring?.expiresAt);
        expect(day).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
        await expect(lookup('SPRING2025', 'earningshub_pro')).rejects.toMatchObject({
          statusCode: 400,
          message: `path.couponName: Coupon SPRING2025 expired on ${day}.`,
        });
        await expect(lookup('LAUNCH100', 'earningshub_pro')).rejects.toMatchObject({
          statusCode: 400,
          message: 'path.couponName: Coupon LAUNCH100 has been used the most times it can be.',
        });
        await expect(lookup('CNBC', 'earningshub_plus')).rejects.toMatchObject({
          statusCode: 400,
          message: 'path.couponName: Coupon CNBC is not for the Plus plan (it is for Pro, Partner Pro).',
        });
      });

      it('answers a coupon by id as stored, expired or not; an unknown id is not found', async () => {
        const expired = await plans.couponById(ctx(), await couponId('SPRING2025'));
        expect(expired).toMatchObject({ name: 'SPRING2025', discountType: 'percent', value: 30 });
        expect(Date.parse(expired.expiresAt ?? '')).toBeLessThan(Date.now());
        await expect(plans.couponById(ctx(), 999999)).rejects.toMatchObject({
          statusCode: 404,
          message: 'Coupon 999999 does not exist.',
        });
      });
    });

    describe('quotes', () => {
      const quote = (plan: Plan, extra: { couponId?: number; licenseCount?: number; upgradePro?: boolean } = {}) =>
        plans.prices(ctx(), undefined, { plan, licenseCount: 1, upgradePro: false, app: DEFAULT_APP, ...extra });

      it('quotes both intervals without a coupon', async () => {
        const res = await quote('earningshub_pro');
        expect(res.coupon).toBeNull();
        expect(res.proration).toBeNull();
        expect(res.monthly).toMatchObject({ subtotal: PRO_MONTHLY, dueNow: PRO_MONTHLY, afterPromo: PRO_MONTHLY });
        expect(res.yearly).toMatchObject({ subtotal: PRO_YEARLY, dueNow: PRO_YEARLY, afterPromo: PRO_YEARLY });
      });

      it('applies a percent and an amount coupon', async () => {
        const cnbc = await quote('earningshub_pro', { couponId: await couponId('CNBC') });
        expect(cnbc.coupon?.name).toBe('CNBC');
        // 20 % of 24.99 = 4.998 → 5.00 off each of twelve months; of 239.88 = 47.976 → 47.98 off the one year.
        expect(cnbc.monthly).toMatchObject({ discount: 500, dueNow: 1999, afterPromo: PRO_MONTHLY, promoCharges: 12 });
        expect(cnbc.yearly).toMatchObject({ discount: 4798, dueNow: PRO_YEARLY - 4798, promoCharges: 1 });
        const wolf = await quote('earningshub_pro', { couponId: await couponId('WOLF') });
        expect(wolf.yearly).toMatchObject({ discount: 5000, dueNow: PRO_YEARLY - 5000, afterPromo: PRO_YEARLY });
        // $50 off a $24.99 month: the month is free, never negative.
        expect(wolf.monthly).toMatchObject({ discount: PRO_MONTHLY, dueNow: 0, isFreeAfterPromo: true });
      });

      it('multiplies team licences', async () => {
        const res = await quote('earningshub_team', { licenseCount: 5 });
        expect(res.monthly).toMatchObject({
          unitAmount: TEAM_MONTHLY,
          licenseCount: 5,
          subtotal: TEAM_MONTHLY * 5,
          dueNow: TEAM_MONTHLY * 5,
        });
      });

      it('refuses expired, used-up and other-plan coupons, and an unknown one', async () => {
        const spring = await planQueries.couponNamed(ctx().db, { name: 'SPRING2025' });
        const refusals: [string, Plan, string][] = [
          ['SPRING2025', 'earningshub_pro', `Coupon SPRING2025 expired on ${dayOf(spring?.expiresAt)}.`],
          ['LAUNCH100', 'earningshub_pro', 'Coupon LAUNCH100 has been used the most times it can be.'],
          ['CNBC', 'earningshub_plus', 'Coupon CNBC is not for the Plus plan (it is for Pro, Partner Pro).'],
        ];
        for (const [name, plan, message] of refusals)
          await expect(quote(plan, { couponId: await couponId(name) }), name).rejects.toMatchObject({
            statusCode: 400,
            message: `query.couponId: ${message}`,
          });
        await expect(quote('earningshub_pro', { couponId: 999999 })).rejects.toMatchObject({
          statusCode: 404,
          message: 'Coupon 999999 does not exist.',
        });
      });

      it('refuses what makes no sense, naming the field', async () => {
        await expect(quote('free')).rejects.toMatchObject({
          statusCode: 400,
          message: 'query.plan: the Free plan has no price',
        });
        await expect(quote('earningshub_plus', { licenseCount: 3 })).rejects.toMatchObject({
          statusCode: 400,
          message: 'query.licenseCount: only the Team plan is sold per licence',
        });
        await expect(quote('earningshub_plus', { upgradePro: true })).rejects.toMatchObject({
          statusCode: 400,
          message: 'query.upgradePro: an upgrade is from Plus to Pro: ask with plan=earningshub_pro',
        });
      });

      it('prorates an upgrade plus → pro for a plus subscriber by the days left', async () => {
        const plus = await service().user({ plan: 'earningshub_plus' });
        const free = await service().user();
        // Plus bought monthly at $9.99, 15 days (less an hour) left of the period.
        await ctx()
          .db.update(users)
          .set({
            subscriptionStatus: 'active',
            price: PLUS_MONTHLY / 100,
            priceType: 'monthly',
            nextChargeDate: new Date(Date.now() + 15 * MS_PER_DAY - 3_600_000),
          })
          .where(eq(users.id, plus.sub));
        const upgrade = { plan: 'earningshub_pro' as const, licenseCount: 1, upgradePro: true, app: DEFAULT_APP };
        const res = await plans.prices(ctx(), plus, upgrade);
        // 999 × 15 / 30 = 499.5 → 499 credited.
        expect(res.proration).toEqual({
          fromPlan: 'earningshub_plus',
          interval: 'monthly',
          paid: PLUS_MONTHLY,
          daysLeft: 15,
          periodDays: 30,
          credit: 499,
        });
        expect(res.monthly).toMatchObject({
          prorationCredit: 499,
          dueNow: PRO_MONTHLY - 499,
          afterPromo: PRO_MONTHLY,
        });
        expect(res.yearly).toMatchObject({ prorationCredit: 499, dueNow: PRO_YEARLY - 499 });
        // A free caller and a signed-out one have nothing to credit.
        const forFree = await plans.prices(ctx(), free, upgrade);
        expect(forFree.proration).toBeNull();
        expect(forFree.monthly?.dueNow).toBe(PRO_MONTHLY);
        expect((await plans.prices(ctx(), undefined, upgrade)).proration).toBeNull();
      });
    });

    describe('subscribing', () => {
      it('4242… upgrades a free user to pro: paid, active, features, one paid charge, the provider’s period', async () => {
        const who = await service().user();
        expect((await me(who)).accountFeatures.ehs).toBe(false);

        const setup = await payments.setup(ctx(), provider(), account(who));
        expect(setup).toMatchObject({ provider: 'test', testMode: true, label: TEST_LABEL, publishableKey: null });
        expect(setup.clientSecret).toMatch(/^seti_test_.+_secret_test_billing_no_card_is_charged$/);
        const card = await payments.addMethod(ctx(), provider(), account(who), '4242 4242 4242 4242');
        expect(card).toMatchObject({ provider: 'test', brand: 'visa', last4: '4242' });
        expect(card.stripePaymentMethodId).not.toContain(' ');

        const before = Date.now();
        const res = await subscribe(who, { affiliateId: 'aff-42' });
        // Defaults: pro, yearly; the seeded yearly pro price.
        expect(res.subscription).toMatchObject({
          plan: 'earningshub_pro',
          priceType: 'yearly',
          amount: PRO_YEARLY,
          status: 'active',
          cancelAtPeriodEnd: false,
          affiliateId: 'aff-42',
        });
        const mine = await me(who);
        expect(mine.accountSubscription).toMatchObject({
          plan: 'earningshub_pro',
          subscriptionType: 'paid',
          status: 'active',
          price: PRO_YEARLY / 100,
          priceType: 'yearly',
        });
        expect(mine.accountFeatures).toMatchObject({ ehs: true, shortInterest: true, corporateGuidance: true });
        // The provider's invoice.paid confirmed a year (SPEC §4's 30 days were the state applied at once).
        const next = new Date(mine.accountSubscription.nextChargeDate ?? '').getTime();
        expect(next - before).toBeGreaterThan((PERIOD_DAYS.yearly - 1) * MS_PER_DAY);
        const history = await chargesOf(who);
        expect(history).toHaveLength(1);
        expect(history[0]).toMatchObject({
          amount: PRO_YEARLY,
          currency: 'usd',
          status: 'paid',
          provider: 'test',
          refunded: false,
        });
        expect(await payments.refundEligibility(ctx(), { userId: who.sub })).toMatchObject({
          eligible: true,
          chargeId: history[0]?.id,
          amount: PRO_YEARLY,
        });
        // Subscribing again to the same plan is a conflict, not a second charge.
        await expect(subscribe(who)).rejects.toMatchObject({
          statusCode: 409,
          message: 'You already subscribe to this plan (yearly).',
        });
        expect(await chargesOf(who)).toHaveLength(1);
      });

      it('refuses the free plan, and a paid one without a card, naming the field', async () => {
        const who = await service().user();
        await expect(subscribe(who, { plan: 'free' })).rejects.toMatchObject({
          statusCode: 400,
          message: 'body.plan: the Free plan is not bought: cancel instead',
        });
        await expect(subscribe(who)).rejects.toMatchObject({
          statusCode: 400,
          message: 'body.stripePaymentMethodId: a card is needed: add one or send its payment method id',
        });
        expect((await subscription(ctx(), provider(), who)).subscription).toBeNull();
      });

      const refused: [string, string][] = [
        ['4000 0000 0000 0002', 'Your card was declined.'],
        ['4000000000009995', 'Your card has insufficient funds.'],
      ];
      for (const [number, message] of refused) {
        it(`a refused card (${number}) answers "${message}": nothing charged, nothing changed`, async () => {
          const who = await service().user();
          const before = await me(who);
          await expect(
            subscribe(who, { plan: 'earningshub_plus', priceType: 'monthly', stripePaymentMethodId: number }),
          ).rejects.toMatchObject({ statusCode: 402, message });
          expect(await me(who)).toEqual(before);
          expect(await chargesOf(who)).toEqual([]);
          expect((await payments.methods(ctx(), provider(), account(who))).paymentMethods).toEqual([]);
          expect((await subscription(ctx(), provider(), who)).subscription).toBeNull();
        });
      }

      it('a coupon lowers the price charged and is redeemed', async () => {
        const who = await service().user();
        const [coupon] = await ctx()
          .db.insert(coupons)
          .values({ name: 'TENOFF', discountType: 'percent', value: 10 })
          .returning({ id: coupons.id });
        const res = await subscribe(who, { coupon: 'tenoff', stripePaymentMethodId: TEST_CARD });
        // 10 % of 239.88 = 23.988 → 23.99 off, and the subscription says which coupon bought it.
        expect(res.subscription?.amount).toBe(PRO_YEARLY - 2399);
        expect(res.subscription?.couponId).toBe(coupon?.id);
        // A once coupon: the next year is charged in full, as the checkout said.
        expect(res.subscription?.nextChargeAmount).toBe(PRO_YEARLY);
        expect((await chargesOf(who))[0]?.amount).toBe(PRO_YEARLY - 2399);
        expect(await redemptionsOf('TENOFF')).toEqual({ redemptions: 1 });
        await expect(subscribe(who, { coupon: 'NOSUCHCOUPON', plan: 'earningshub_plus' })).rejects.toMatchObject({
          statusCode: 400,
          message: 'body.coupon: Coupon NOSUCHCOUPON does not exist.',
        });
      });

      it('a subscriber uses a coupon once: the lookup and a second subscription both refuse it', async () => {
        await ctx().db.insert(coupons).values({ name: 'ONCEONLY', discountType: 'amount', value: 500 });
        const who = await service().user();
        expect(await plans.coupon(ctx(), 'ONCEONLY', undefined, who)).toMatchObject({ name: 'ONCEONLY' });
        await subscribe(who, {
          plan: 'earningshub_plus',
          priceType: 'monthly',
          coupon: 'ONCEONLY',
          stripePaymentMethodId: TEST_CARD,
        });
        await expect(plans.coupon(ctx(), 'ONCEONLY', undefined, who)).rejects.toMatchObject({
          statusCode: 400,
          message: 'path.couponName: You have already used coupon ONCEONLY.',
        });
        // Signed out, nobody learns whose coupons were used: the lookup answers the coupon.
        expect(await plans.coupon(ctx(), 'ONCEONLY', undefined, undefined)).toMatchObject({ name: 'ONCEONLY' });
        await expect(subscribe(who, { coupon: 'ONCEONLY' })).rejects.toMatchObject({
          statusCode: 400,
          message: 'body.coupon: You have already used coupon ONCEONLY.',
        });
        expect((await me(who)).accountSubscription.plan).toBe('earningshub_plus');
      });

      it('two buyers of a coupon’s last use at once: one subscribes, the other is refused and nothing of theirs stays', async () => {
        await ctx()
          .db.insert(coupons)
          .values({ name: 'LASTONE', discountType: 'percent', value: 50, maxRedemptions: 1 });
        const buyers = await Promise.all([service().user(), service().user()]);
        const results = await Promise.allSettled(
          buyers.map((who) => subscribe(who, { coupon: 'LASTONE', stripePaymentMethodId: TEST_CARD })),
        );
        expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
        const lost = results.findIndex((r) => r.status === 'rejected');
        expect((results[lost] as PromiseRejectedResult).reason).toMatchObject({
          statusCode: 400,
          message: 'body.coupon: Coupon LASTONE has been used the most times it can be.',
        });
        const loser = buyers[lost] as Caller;
        expect((await me(loser)).accountSubscription.subscriptionType).toBe('free');
        expect((await subscription(ctx(), provider(), loser)).subscription).toBeNull();
        expect(await chargesOf(loser)).toEqual([]);
        expect(await redemptionsOf('LASTONE')).toEqual({ redemptions: 1 });
      });

      it('a plus subscriber moving to pro pays pro less the unused plus days; only the new subscription is followed', async () => {
        const who = await service().user();
        await subscribe(who, { plan: 'earningshub_plus', priceType: 'monthly', stripePaymentMethodId: TEST_CARD });
        const plus = await subscriptionOf(who);
        const periodEnd = (await me(who)).accountSubscription.nextChargeDate;
        const now = new Date();
        const { credit } = prorationCredit(
          { paidCents: PLUS_MONTHLY, interval: 'monthly', periodEnd: new Date(periodEnd ?? '') },
          now,
        );
        expect(credit).toBeGreaterThan(0);
        const res = await subscribe(who, {}, now);
        expect(res.subscription).toMatchObject({
          plan: 'earningshub_pro',
          priceType: 'yearly',
          amount: PRO_YEARLY - credit,
          nextChargeAmount: PRO_YEARLY,
          status: 'active',
        });
        expect((await q.subscriptionById(ctx().db, plus.id))?.status).toBe('canceled');
        expect((await me(who)).accountSubscription).toMatchObject({
          plan: 'earningshub_pro',
          subscriptionType: 'paid',
          status: 'active',
          priceType: 'yearly',
        });
        expect((await chargesOf(who)).map((c) => [c.amount, c.status])).toEqual([
          [PRO_YEARLY - credit, 'paid'],
          [PLUS_MONTHLY, 'paid'],
        ]);
      });
    });

    describe('managing a subscription', () => {
      it('refunds the last payment while eligible: the charge refunded, the plan ended, a second request refused', async () => {
        const who = await subscribedPro();
        expect(await payments.refundEligibility(ctx(), { userId: who.sub })).toMatchObject({ eligible: true });
        // Two requests at once refund once.
        const both = await Promise.allSettled([
          payments.requestRefund(ctx(), provider(), account(who)),
          payments.requestRefund(ctx(), provider(), account(who)),
        ]);
        expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
        for (const result of both) {
          if (result.status === 'fulfilled') expect(result.value.subscription).toMatchObject({ status: 'canceled' });
          else expect(result.reason).toMatchObject({ statusCode: 409 });
        }
        const [charge] = await chargesOf(who);
        expect(charge).toMatchObject({ status: 'refunded', refunded: true });
        expect(await me(who)).toMatchObject({
          accountSubscription: { plan: 'free', subscriptionType: 'free' },
          accountFeatures: { ehs: false },
        });
        expect(await payments.refundEligibility(ctx(), { userId: who.sub })).toMatchObject({
          eligible: false,
          reason: 'Your last payment has been refunded.',
        });
        await expect(payments.requestRefund(ctx(), provider(), account(who))).rejects.toMatchObject({
          statusCode: 409,
          message: 'Your last payment has been refunded.',
        });
      });

      it('refuses a refund past the window or with nothing paid, changing nothing', async () => {
        const never = await service().user();
        await expect(payments.requestRefund(ctx(), provider(), account(never))).rejects.toMatchObject({
          statusCode: 409,
          message: 'There is no payment to refund.',
        });
        const late = await subscribedPro();
        const paidAt = new Date((await chargesOf(late))[0]?.createdAt ?? '');
        const afterWindow = new Date(paidAt.getTime() + (REFUND_WINDOW_DAYS + 1) * MS_PER_DAY);
        await expect(payments.requestRefund(ctx(), provider(), account(late), afterWindow)).rejects.toMatchObject({
          statusCode: 409,
          message: `Payments can be refunded within ${REFUND_WINDOW_DAYS} days.`,
        });
        expect((await chargesOf(late))[0]).toMatchObject({ status: 'paid', refunded: false });
        expect((await me(late)).accountFeatures.ehs).toBe(true);
      });

      it('cancels at the period end (features kept), reactivates, and refuses a second reactivation', async () => {
        const who = await subscribedPro();
        const canceled = await subscribe(who, { cancelAtPeriodEnd: true });
        expect(canceled.subscription).toMatchObject({
          status: 'active',
          cancelAtPeriodEnd: true,
          nextChargeAmount: null,
        });
        expect((await me(who)).accountFeatures.ehs).toBe(true);
        const back = await payments.reactivate(ctx(), provider(), account(who));
        expect(back.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
        await expect(payments.reactivate(ctx(), provider(), account(who))).rejects.toMatchObject({
          statusCode: 409,
          message: 'Your subscription is not canceled.',
        });
      });

      it('the period ending (subscription deleted) returns the user to free', async () => {
        const who = await subscribedPro();
        const sub = await subscriptionOf(who);
        expect(
          await deliver(
            'customer.subscription.deleted',
            { id: sub.providerSubscriptionId, status: 'canceled' },
            nowSeconds(),
          ),
        ).toEqual({ received: true, duplicate: false });
        const mine = await me(who);
        expect(mine.accountSubscription).toMatchObject({ plan: 'free', subscriptionType: 'free', status: 'canceled' });
        expect(mine.accountFeatures.ehs).toBe(false);
        await expect(payments.reactivate(ctx(), provider(), account(who))).rejects.toMatchObject({
          statusCode: 409,
          message: 'There is no subscription to reactivate: subscribe again.',
        });
      });

      it("keeps one person's cards, charges and subscription from another", async () => {
        const owner = await subscribedPro();
        const stranger = await service().user();
        const [card] = (await payments.methods(ctx(), provider(), account(owner))).paymentMethods;
        if (!card) throw new Error('the owner has no card');
        await expect(payments.removeMethod(ctx(), provider(), account(stranger), card.id)).rejects.toMatchObject({
          statusCode: 404,
          message: `Payment method ${card.id} does not exist.`,
        });
        expect((await payments.methods(ctx(), provider(), account(owner))).paymentMethods).toHaveLength(1);
        expect(await chargesOf(stranger)).toEqual([]);
        expect((await subscription(ctx(), provider(), stranger)).subscription).toBeNull();
        // The owner removes their own card.
        expect(await payments.removeMethod(ctx(), provider(), account(owner), card.id)).toEqual({
          id: card.id,
          deleted: true,
        });
        expect((await payments.methods(ctx(), provider(), account(owner))).paymentMethods).toEqual([]);
      });
    });

    describe("the provider's events", () => {
      it('replayed 3× changes state once; delinquent loses features, paying again restores them', async () => {
        const who = await subscribedPro();
        const sub = await subscriptionOf(who);
        const failed = {
          type: 'invoice.payment_failed',
          object: {
            id: 'in_replay_1',
            subscription: sub.providerSubscriptionId,
            amount_due: PRO_YEARLY,
            currency: 'usd',
          },
          created: nowSeconds(),
          id: `evt_replay_${sub.id}`,
        };
        const replay = () => deliver(failed.type, failed.object, failed.created, failed.id);
        expect([await replay(), await replay(), await replay()].map((a) => a.duplicate)).toEqual([false, true, true]);
        const rows = await ctx()
          .db.select()
          .from(processedWebhookEvents)
          .where(eq(processedWebhookEvents.eventId, failed.id));
        expect(rows).toHaveLength(1);
        expect((await subscriptionOf(who)).status).toBe('delinquent');
        const mine = await me(who);
        expect(mine.accountSubscription.status).toBe('delinquent');
        expect(mine.accountFeatures).toMatchObject({ ehs: false, shortInterest: false, subscriptionType: 'free' });
        expect((await chargesOf(who)).map((c) => c.status)).toEqual(['failed', 'paid']);

        // Delivered 3× at once: still applied once.
        const flag = { id: sub.providerSubscriptionId, cancel_at_period_end: true };
        const created = nowSeconds();
        const together = await Promise.all(
          [1, 2, 3].map(() => deliver('customer.subscription.updated', flag, created, `evt_flag_${sub.id}`)),
        );
        expect(together.filter((a) => a.duplicate === false)).toHaveLength(1);
        expect((await subscriptionOf(who)).cancelAtPeriodEnd).toBe(true);

        // Paying the open payment now: the provider's invoice.paid makes it active again.
        const paid = await payments.payNow(ctx(), provider(), account(who));
        expect(paid.subscription?.status).toBe('active');
        expect((await me(who)).accountFeatures.ehs).toBe(true);
        expect((await chargesOf(who)).filter((c) => c.status === 'paid')).toHaveLength(2);
        await expect(payments.payNow(ctx(), provider(), account(who))).rejects.toMatchObject({
          statusCode: 409,
          message: 'There is no payment due.',
        });
      });

      it('events delivered out of order end in the newest state', async () => {
        const who = await subscribedPro();
        const sub = await subscriptionOf(who);
        const t = nowSeconds() + 60;
        const target = { subscription: sub.providerSubscriptionId, currency: 'usd' };
        const periodEnd = t + 400 * 86_400;
        // Sent: past_due (t+30), then the older paid (t+20) and failed (t+10) arrive late.
        await deliver('customer.subscription.updated', { id: sub.providerSubscriptionId, status: 'past_due' }, t + 30);
        await deliver(
          'invoice.paid',
          {
            ...target,
            id: `in_order_2_${sub.id}`,
            charge: `ch_order_2_${sub.id}`,
            amount_paid: PRO_YEARLY,
            lines: { data: [{ period: { end: periodEnd } }] },
          },
          t + 20,
        );
        await deliver(
          'invoice.payment_failed',
          { ...target, id: `in_order_1_${sub.id}`, amount_due: PRO_YEARLY },
          t + 10,
        );
        const row = await subscriptionOf(who);
        expect(row.status).toBe('delinquent');
        expect(row.lastEventAt?.getTime()).toBe((t + 30) * 1000);
        expect((await me(who)).accountFeatures.ehs).toBe(false);
        // The late charges are still recorded as what they were.
        expect((await chargesOf(who)).map((c) => c.status).sort()).toEqual(['failed', 'paid', 'paid']);
        // A refund marks the charge, and a later paid event for it never moves it back.
        await deliver('charge.refunded', { id: `ch_order_2_${sub.id}`, amount: PRO_YEARLY, refunded: true }, t + 40);
        await deliver(
          'invoice.paid',
          { ...target, id: `in_order_2_${sub.id}`, charge: `ch_order_2_${sub.id}`, amount_paid: PRO_YEARLY },
          t + 41,
        );
        const refunded = (await chargesOf(who)).filter((c) => c.refunded);
        expect(refunded).toEqual([expect.objectContaining({ status: 'refunded', amount: PRO_YEARLY })]);
      });
    });
  },
  { env: { BILLING_PROVIDER: 'test' } },
);
