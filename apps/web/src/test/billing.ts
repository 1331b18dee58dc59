/**
 * Billing as the subscribe, promotion, pricing and manage screens meet it in component tests, in the contracts'
 * shapes: the prices the server quotes, worked out with the domain's own `quotePrice` from the price list of
 * plan-offers.ts; the partners' coupon as the demo seeds it; and one reader's billing account (cards, subscription,
 * charges, refund) kept in memory and changed by each call as test billing changes it. Every call is kept, in order.
 */
import type {
  BodyOf,
  CouponView,
  getCharges,
  getCoupon,
  getMySubscription,
  getPrices,
  getRefundEligibility,
  Me,
  PaymentMethodView,
  postMySubscription,
  postPaymentMethod,
  postPaymentsSetup,
  ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import {
  accountFeaturesFor,
  type BillingInterval,
  type Coupon,
  type CurrentPeriod,
  FREE_PLAN,
  isPlan,
  PARTNER_PRO_PLAN,
  PERIOD_DAYS,
  PLAN_NAMES,
  type Plan,
  PRO_PLAN,
  prorationCredit,
  quotePrice,
  REFUND_WINDOW_DAYS,
  TEST_BILLING_LABEL,
  testCardOf,
  UPGRADE_FROM_PLAN,
  UPGRADE_TO_PLAN,
} from '@eh/domain';
import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import type { AppStore } from '../shared/store.ts';
import { accountOn } from './accounts.ts';
import { network } from './network.ts';
import { OFFERS } from './plan-offers.ts';

const DAY_MS = 86_400_000;

type Subscription = NonNullable<ResponseOf<typeof getMySubscription>['subscription']>;
type Charge = ResponseOf<typeof getCharges>['charges'][number];
type Prices = ResponseOf<typeof getPrices>;

/** The CNBC partner's coupon as the demo seeds it: 20% off Pro and Partner Pro for 12 months, for a year more. */
export const CNBC: CouponView = {
  id: 1,
  name: 'CNBC',
  discountType: 'percent',
  value: 20,
  duration: 'repeating',
  durationMonths: 12,
  expiresAt: new Date(Date.now() + 365 * DAY_MS).toISOString(),
  isFreeAfterPromo: false,
  plans: [PRO_PLAN, PARTNER_PRO_PLAN],
  source: 'cnbc',
};

/** A coupon as the server's rules read it (the view has no redemption counts: none are used up here). */
const couponRule = (view: CouponView): Coupon => ({
  ...view,
  maxRedemptions: null,
  redemptions: 0,
  expiresAt: view.expiresAt ? new Date(view.expiresAt) : null,
});

/** The list price of `plan` for `interval` in the price list the modals read. */
export function listPrice(plan: Plan, interval: BillingInterval): number {
  const price = OFFERS.find((offer) => offer.plan === plan)?.[interval];
  if (!price) throw new Error(`no ${interval} price for ${plan} in the test price list`);
  return price.amount;
}

/** What the server quotes for `plan` and `interval`: the list price, less a coupon, less a Plus period's credit. */
export function quoteOf(
  plan: Plan,
  interval: BillingInterval,
  { coupon = null, upgradeFrom = null }: { coupon?: CouponView | null; upgradeFrom?: CurrentPeriod | null } = {},
) {
  const price = OFFERS.find((offer) => offer.plan === plan)?.[interval];
  if (!price) return null;
  return quotePrice({
    interval,
    price,
    licenseCount: 1,
    coupon: coupon ? couponRule(coupon) : null,
    upgradeFrom,
    now: new Date(),
  });
}

/**
 * A Plus member's yearly period, paid in full, with 200 days left (half a day to spare, so a test's own count of the
 * days agrees with the answer's whenever it runs).
 */
export function plusPeriod(): CurrentPeriod {
  return {
    paidCents: listPrice(UPGRADE_FROM_PLAN, 'yearly'),
    interval: 'yearly',
    periodEnd: new Date(Date.now() + 200 * DAY_MS - DAY_MS / 2),
  };
}

/** A Plus member paying for the period of {@link plusPeriod} (GET /core/users/me's shape). */
export function plusMember(period: CurrentPeriod = plusPeriod()): Me {
  const me = accountOn(UPGRADE_FROM_PLAN);
  return {
    ...me,
    accountSubscription: {
      ...me.accountSubscription,
      price: period.paidCents / 100,
      priceType: period.interval,
      nextChargeDate: period.periodEnd.toISOString(),
    },
  };
}

/** The error body of every failure (DESIGN §5). */
const refusal = (status: number, code: string, message: string) => HttpResponse.json({ message, code }, { status });

/**
 * GET …/coupons/:name as the server answers it: a coupon of `coupons` by name in any case, 400 with the field and
 * the server's words for one of `problems` (an expired code), 404 for any other. Returns the names asked for.
 */
export function answerCoupons(coupons: readonly CouponView[], problems: Readonly<Record<string, string>> = {}) {
  const asked: string[] = [];
  network.use(
    http.get(`*${paths.getCoupon}`, ({ params }) => {
      const name = String(params.couponName);
      asked.push(name);
      const found = coupons.find((coupon) => coupon.name.toLowerCase() === name.toLowerCase());
      if (found) return HttpResponse.json(found satisfies ResponseOf<typeof getCoupon>);
      const problem = Object.entries(problems).find(([code]) => code.toLowerCase() === name.toLowerCase())?.[1];
      if (problem) return refusal(400, 'VALIDATION_ERROR', `path.couponName: ${problem}`);
      return refusal(404, 'NOT_FOUND', `Coupon ${name} does not exist.`);
    }),
  );
  return asked;
}

/**
 * GET …/prices as the server answers it: both intervals of the plan, with the coupon of `coupons` the query names,
 * and on `upgradePro=true` the credit of `plusFrom` (the reader's Plus period) when the plan is Pro. Returns the
 * queries asked, each as its parameters.
 */
export function answerPrices({
  coupons = [],
  plusFrom = null,
}: {
  coupons?: readonly CouponView[];
  plusFrom?: CurrentPeriod | null;
} = {}) {
  const asked: Record<string, string>[] = [];
  network.use(
    http.get(`*${paths.getPrices}`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      asked.push(query);
      const plan = query.plan;
      if (!isPlan(plan)) return refusal(400, 'VALIDATION_ERROR', 'query.plan: must be a plan');
      const coupon = coupons.find((c) => String(c.id) === query.couponId) ?? null;
      const upgradeFrom = query.upgradePro === 'true' && plan === UPGRADE_TO_PLAN ? plusFrom : null;
      const credit = upgradeFrom ? prorationCredit(upgradeFrom, new Date()) : null;
      return HttpResponse.json({
        plan,
        coupon,
        monthly: quoteOf(plan, 'monthly', { coupon, upgradeFrom }),
        yearly: quoteOf(plan, 'yearly', { coupon, upgradeFrom }),
        proration:
          upgradeFrom && credit
            ? {
                fromPlan: UPGRADE_FROM_PLAN,
                interval: upgradeFrom.interval,
                paid: upgradeFrom.paidCents,
                daysLeft: credit.daysLeft,
                periodDays: PERIOD_DAYS[upgradeFrom.interval],
                credit: credit.credit,
              }
            : null,
      } satisfies Prices);
    }),
  );
  return asked;
}

/** A running subscription of test billing, paid `paidDaysAgo` days ago for `interval` (the server's shape). */
export function runningSubscription(
  plan: Plan,
  interval: BillingInterval,
  { amount = listPrice(plan, interval), paidDaysAgo = 1 } = {},
): Subscription {
  const start = Date.now() - paidDaysAgo * DAY_MS;
  return {
    id: 1,
    provider: 'test',
    plan,
    priceType: interval,
    amount,
    nextChargeAmount: listPrice(plan, interval),
    currency: 'usd',
    status: 'active',
    currentPeriodEnd: new Date(start + PERIOD_DAYS[interval] * DAY_MS).toISOString(),
    cancelAtPeriodEnd: false,
    couponId: null,
    affiliateId: null,
    createdAt: new Date(start).toISOString(),
  };
}

/** A saved card as test billing saves one: its brand and last four, December three years ahead. */
function savedCard(id: number, number: string): PaymentMethodView {
  const card = testCardOf(number);
  if (!card) throw new Error(`${number} is not a test card`);
  return {
    id,
    provider: 'test',
    stripePaymentMethodId: `pm_test_${card.number}_${id}`,
    brand: card.brand,
    last4: card.number.slice(-4),
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    createdAt: new Date().toISOString(),
  };
}

/** The reader's account with `subscription` running (or none: on Free), as GET /core/users/me says it. */
function meWith(subscription: Subscription | null): Me {
  const running = subscription && subscription.status !== 'canceled' ? subscription : null;
  const state = running
    ? { plan: running.plan, subscriptionType: 'paid' as const, status: running.status }
    : { plan: FREE_PLAN, subscriptionType: 'free' as const, status: 'active' as const };
  const me = accountOn(FREE_PLAN);
  return {
    ...me,
    displayPlan: state.plan,
    accountSubscription: {
      ...state,
      price: running ? running.amount / 100 : 0,
      priceType: running?.priceType ?? 'yearly',
      nextChargeDate: running && !running.cancelAtPeriodEnd ? running.currentPeriodEnd : null,
    },
    accountFeatures: accountFeaturesFor(state),
  };
}

export interface BillingCall {
  method: string;
  path: string;
  body: unknown;
}

export interface BillingAccount {
  /** Every billing call the screens made, in order (reads and writes). */
  calls: BillingCall[];
  /** The writes alone: method, path and body. */
  writes(): BillingCall[];
  subscription(): Subscription | null;
  cards(): PaymentMethodView[];
  charges(): Charge[];
  me(): Me;
}

/**
 * One reader's billing account as test billing keeps it, answered and changed by the calls the screens make: the
 * account (GET /core/users/me), the card form's setup, the cards (a test card number saved or refused in the
 * provider's words), subscribing (a new card or the newest saved one, one paid charge), cancelling at the period
 * end, reactivating, the refund window and the refund (the plan ends with it), and the charges. `me` overrides the
 * account the subscription gives (a Plus member's own period).
 */
export function answerBillingAccount({
  subscription = null,
  cards = [],
  me = null,
  coupons = [],
}: {
  subscription?: Subscription | null;
  cards?: readonly string[];
  me?: Me | null;
  /** The coupons a subscription may name, by name in any case. */
  coupons?: readonly CouponView[];
} = {}): BillingAccount {
  let current = subscription;
  let account: Me = me ?? meWith(current);
  let nextId = 1;
  const saved: PaymentMethodView[] = cards.map((number) => savedCard(nextId++, number)).reverse();
  const charges: Charge[] = current
    ? [
        {
          id: 1,
          amount: current.amount,
          currency: current.currency,
          status: 'paid',
          provider: 'test',
          description: `${current.plan} (${current.priceType})`,
          receiptUrl: null,
          refunded: false,
          createdAt: current.createdAt,
        },
      ]
    : [];
  const calls: BillingCall[] = [];
  /** Keeps the call and answers its JSON body (null for none). */
  const keep = async (request: Request): Promise<unknown> => {
    const text = request.method === 'GET' ? '' : await request.text();
    const body: unknown = text ? JSON.parse(text) : null;
    calls.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  const view = () =>
    ({
      provider: 'test',
      testMode: true,
      label: TEST_BILLING_LABEL,
      publishableKey: null,
      subscription: current,
    }) satisfies ResponseOf<typeof getMySubscription>;
  /** A card number saved, or the provider's refusal of it. */
  const attach = (number: string): PaymentMethodView | Response => {
    const card = testCardOf(number);
    if (!card) return refusal(402, 'UNPROCESSABLE', 'Your card was declined.');
    if (card.decline) return refusal(402, 'UNPROCESSABLE', card.decline);
    const added = savedCard(nextId++, number);
    saved.unshift(added);
    return added;
  };
  const change = (next: Subscription | null) => {
    current = next;
    account = meWith(current);
  };

  network.use(
    http.get(`*${paths.getMe}`, () => HttpResponse.json(account)),
    http.get(`*${paths.getMySubscription}`, async ({ request }) => {
      await keep(request);
      return HttpResponse.json(view());
    }),
    http.post(`*${paths.postPaymentsSetup}`, async ({ request }) => {
      await keep(request);
      return HttpResponse.json({
        provider: 'test',
        testMode: true,
        label: TEST_BILLING_LABEL,
        publishableKey: null,
        setupIntentId: 'seti_test_1',
        clientSecret: 'seti_test_1_secret_test_billing_no_card_is_charged',
      } satisfies ResponseOf<typeof postPaymentsSetup>);
    }),
    http.get(`*${paths.getPaymentMethods}`, async ({ request }) => {
      await keep(request);
      return HttpResponse.json({ paymentMethods: [...saved] });
    }),
    http.post(`*${paths.postPaymentMethod}`, async ({ request }) => {
      const { stripePaymentMethodId } = (await keep(request)) as BodyOf<typeof postPaymentMethod>;
      const added = attach(stripePaymentMethodId);
      return added instanceof Response ? added : HttpResponse.json(added, { status: 201 });
    }),
    http.post(`*${paths.postMySubscription}`, async ({ request }) => {
      const body = (await keep(request)) as Partial<BodyOf<typeof postMySubscription>>;
      if (body.cancelAtPeriodEnd) {
        if (!current) return refusal(409, 'CONFLICT', 'There is no subscription to cancel.');
        change({ ...current, cancelAtPeriodEnd: true });
        return HttpResponse.json(view());
      }
      const plan = body.plan ?? PRO_PLAN;
      const interval = body.priceType ?? 'yearly';
      if (body.stripePaymentMethodId) {
        const added = attach(body.stripePaymentMethodId);
        if (added instanceof Response) return added;
      } else if (saved.length === 0) {
        return refusal(400, 'VALIDATION_ERROR', 'body.stripePaymentMethodId: a card is needed: add one');
      }
      const coupon = coupons.find((c) => c.name.toLowerCase() === body.coupon?.toLowerCase()) ?? null;
      if (body.coupon && !coupon)
        return refusal(400, 'VALIDATION_ERROR', `body.coupon: Coupon ${body.coupon} does not exist.`);
      const quote = quoteOf(plan, interval, { coupon });
      if (!quote) return refusal(400, 'VALIDATION_ERROR', `body.priceType: ${PLAN_NAMES[plan]} is not sold so`);
      const started = runningSubscription(plan, interval, { amount: quote.dueNow, paidDaysAgo: 0 });
      change({ ...started, id: (current?.id ?? 0) + 1, couponId: coupon?.id ?? null });
      charges.unshift({
        id: charges.length + 1,
        amount: quote.dueNow,
        currency: quote.currency,
        status: 'paid',
        provider: 'test',
        description: `${plan} (${interval})`,
        receiptUrl: null,
        refunded: false,
        createdAt: started.createdAt,
      });
      return HttpResponse.json(view());
    }),
    http.post(`*${paths.postReactivate}`, async ({ request }) => {
      await keep(request);
      if (!current?.cancelAtPeriodEnd) return refusal(409, 'CONFLICT', 'The subscription is not set to cancel.');
      change({ ...current, cancelAtPeriodEnd: false });
      return HttpResponse.json(view());
    }),
    http.get(`*${paths.getRefundEligibility}`, async ({ request }) => {
      await keep(request);
      const paid = charges.find((charge) => charge.status === 'paid' || charge.refunded);
      if (!paid)
        return HttpResponse.json({
          eligible: false,
          reason: 'There is no payment to refund.',
          chargeId: null,
          amount: null,
          refundableUntil: null,
        } satisfies ResponseOf<typeof getRefundEligibility>);
      const until = new Date(new Date(paid.createdAt).getTime() + REFUND_WINDOW_DAYS * DAY_MS).toISOString();
      return HttpResponse.json({
        eligible: !paid.refunded,
        reason: paid.refunded ? 'Your last payment has been refunded.' : null,
        chargeId: paid.id,
        amount: paid.amount,
        refundableUntil: until,
      } satisfies ResponseOf<typeof getRefundEligibility>);
    }),
    http.post(`*${paths.postRefund}`, async ({ request }) => {
      await keep(request);
      const paid = charges.find((charge) => charge.status === 'paid');
      if (!paid || !current) return refusal(409, 'CONFLICT', 'There is no payment to refund.');
      Object.assign(paid, { status: 'refunded', refunded: true });
      change({ ...current, status: 'canceled', currentPeriodEnd: new Date().toISOString(), cancelAtPeriodEnd: false });
      return HttpResponse.json(view());
    }),
    http.get(`*${paths.getCharges}`, async ({ request }) => {
      await keep(request);
      return HttpResponse.json({ charges: charges.map((charge) => ({ ...charge })) });
    }),
  );
  return {
    calls,
    writes: () => calls.filter((call) => call.method !== 'GET'),
    subscription: () => current,
    cards: () => [...saved],
    charges: () => [...charges],
    me: () => account,
  };
}

/**
 * Waits until no API call the screens started is still out (no query or mutation pending): a call that outlived its
 * test would meet the next test's answers, or no server at all once the file's last test is done. (A card form's
 * setup is not in the store: a test that opens one waits for its fields.)
 */
export async function answersIn(store: AppStore): Promise<void> {
  await waitFor(() => {
    const { queries, mutations } = store.getState().api;
    const out = [...Object.values(queries), ...Object.values(mutations)].filter((call) => call?.status === 'pending');
    expect(out.map((call) => call?.endpointName)).toEqual([]);
  });
}
