import type { ChargeView, PaymentMethodView } from '@eh/contracts';
import { ErrorCode } from '@eh/contracts';
import type { Database } from '@eh/db';
import {
  accountOfSubscription,
  applySubscriptionEvent,
  type BillingInterval,
  type BillingProviderName,
  type Coupon,
  type CurrentPeriod,
  DEFAULT_APP,
  FREE_PLAN,
  isPlan,
  MS_PER_DAY,
  nextChargeCents,
  nextPaymentStatus,
  type PaymentStatus,
  type Plan,
  type PriceQuote,
  paymentStatusOf,
  quotePrice,
  REFUND_WINDOW_DAYS,
  type SubscriptionSnapshot,
} from '@eh/domain';
import type { AppContext } from '../../../kernel/context.ts';
import { badField, HttpError, notFound } from '../../../kernel/http/errors.ts';
import { accountCharge } from '../../affiliates/index.ts';
import * as plans from '../plans/queries.ts';
import { checkCoupon, couponOf } from '../plans/service.ts';
import { subscriberOf, tell, tellCancelMove, tellCharge } from './mail.ts';
import {
  type BillingProvider,
  CardDeclined,
  type CreatedSubscription,
  TestBillingProvider,
  UnknownAtProvider,
} from './providers.ts';
import * as q from './queries.ts';
import { APPLE } from './queries.ts';
import type { ParsedEvent } from './webhook-events.ts';

const conflict = (message: string) => new HttpError(409, ErrorCode.conflict, message);
/** Stripe answers a refused card with 402 and its own words; so do we. */
const declined = (message: string) => new HttpError(402, ErrorCode.unprocessable, message);

/** Runs a provider call, its refusals as our errors (402 with the provider's words, 409 for an unknown object). */
export async function provided<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CardDeclined) throw declined(error.message);
    if (error instanceof UnknownAtProvider) throw conflict(error.message);
    throw error;
  }
}

export function providerInfo(provider: BillingProvider) {
  return {
    provider: provider.name,
    testMode: provider.name === 'test',
    label: provider.label,
    publishableKey: provider.publishableKey,
  };
}

/** The subscriber's customer at the provider, made (and saved) the first time it is needed. */
export async function ensureCustomerOf(
  ctx: AppContext,
  provider: BillingProvider,
  subscriber: q.Subscriber,
  contact: { id: string; email: string | null },
) {
  const known = await q.customerOf(ctx.db, { ...subscriber, provider: provider.name });
  if (known) return known;
  const created = await provided(() => provider.createCustomer(contact));
  return (
    (await q.saveCustomer(ctx.db, { ...subscriber, provider: provider.name, providerCustomerId: created })) ?? created
  );
}

// ---- the subscriber --------------------------------------------------------------------------------------------

/** The request body of a subscription, whoever subscribes (the adapter reads the plan and any licences). */
export interface SubscribeRequest {
  plan: string;
  priceType: BillingInterval;
  coupon?: string | undefined;
  couponId?: number | undefined;
  stripePaymentMethodId?: string | undefined;
  affiliateId?: string | undefined;
  cancelAtPeriodEnd?: boolean | undefined;
}

/** A checked subscription request, priced by its subscriber: what the engine buys and what it stores. */
export interface SubscribeOrder {
  plan: Plan;
  /** How many licences the price is multiplied by (a person's plan: one). */
  licenseCount: number;
  /** The provider subscription's quantity, when it counts licences. */
  quantity?: number | undefined;
  /** The paid period an upgrade credits (decision 0020), or null. */
  upgradeFrom: CurrentPeriod | null;
  description: string;
  /** Whether the live subscription already is this one (then 409 with `alreadySubscribed`). */
  isCurrent(current: q.SubscriptionRow): boolean;
  alreadySubscribed: string;
  /** The 400 on body.priceType when the plan has no active price at that interval. */
  notSold: string;
  /** The end of the first period stored on the subscription row. */
  periodEnd(created: CreatedSubscription, quote: PriceQuote): Date | null;
  /** In the transaction, before anything is stored: the checks that need the subscriber's row locked. */
  recheck?(tx: Database): Promise<void>;
  /** In the transaction, after the subscription row: what the subscriber's own row records of it. */
  record(tx: Database, quote: PriceQuote): Promise<void>;
}

/**
 * One subscriber to the engine: a person (users row) or a team (organization row). The engine reads and writes the
 * customer, cards, subscriptions and charges keyed by `subscriber`; the adapter says who the provider bills, how a
 * request is checked and priced, what is written on its own row, what the caller reads back, and its words.
 */
export interface SubscriberAccount<Body extends SubscribeRequest = SubscribeRequest, View = unknown> {
  subscriber: q.Subscriber;
  /** Who the provider's customer is made for (a person without a users row: 404). */
  contact(): Promise<{ id: string; email: string | null }>;
  /** Checks a subscribe request (plan, licences, seats) and prices it; called after the caller may bill. */
  order(body: Body, now: Date): Promise<SubscribeOrder>;
  /** What every write answers: the subscriber's view of its subscription. */
  view(provider: BillingProvider): Promise<View>;
  words: {
    cardNeeded: string;
    nothingToCancel: string;
    couponUsed(name: string): string;
  };
}

/** Any subscriber's adapter, where neither its request body nor its view matters. */
type AnyAccount = SubscriberAccount<never, unknown>;

/**
 * What a move of the state machine does to the subscriber's own row. A person's users row follows their newest
 * subscription (plan, status, next charge); a team's organization row has nothing to follow: its members' features
 * read the subscription itself.
 */
const FOLLOWS: {
  [K in 'person' | 'organization']: (tx: Database, sub: q.SubscriptionRow, next: SubscriptionSnapshot) => Promise<void>;
} = {
  async person(tx, sub, next) {
    if (!sub.userId) return;
    const newest = await q.latestSubscription(tx, { userId: sub.userId });
    if (newest?.id !== sub.id) return;
    const account = accountOfSubscription(next.status, isPlan(sub.plan) ? sub.plan : FREE_PLAN);
    await q.updateAccount(tx, sub.userId, {
      plan: account.plan,
      subscriptionType: account.subscriptionType,
      subscriptionStatus: account.status,
      ...(next.status === 'canceled' ? { price: 0, nextChargeDate: null } : {}),
      ...(next.status === 'active' && next.currentPeriodEnd ? { nextChargeDate: next.currentPeriodEnd } : {}),
    });
  },
  async organization() {},
};

const followerOf = (sub: q.SubscriptionRow) => (sub.organizationId ? FOLLOWS.organization : FOLLOWS.person);

function customerOfAccount(ctx: AppContext, provider: BillingProvider, account: AnyAccount) {
  return account.contact().then((contact) => ensureCustomerOf(ctx, provider, account.subscriber, contact));
}

// ---- setup and cards ---------------------------------------------------------------------------------------------

export async function setup(ctx: AppContext, provider: BillingProvider, account: AnyAccount) {
  const customer = await customerOfAccount(ctx, provider, account);
  const intent = await provided(() => provider.setupIntent(customer));
  return { ...providerInfo(provider), setupIntentId: intent.id, clientSecret: intent.clientSecret };
}

export function methodView(row: q.PaymentMethodRow): PaymentMethodView {
  return {
    id: row.id,
    provider: row.provider,
    stripePaymentMethodId: row.providerPaymentMethodId,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function methods(ctx: AppContext, provider: BillingProvider, account: AnyAccount) {
  const rows = await q.methodsOf(ctx.db, { ...account.subscriber, provider: provider.name });
  return { paymentMethods: rows.map(methodView) };
}

/** Attaches a card at the provider and keeps it for the subscriber. */
export async function attachCard(
  ctx: AppContext,
  provider: BillingProvider,
  subscriber: q.Subscriber,
  customer: string,
  input: string,
) {
  const card = await provided(() => provider.attachPaymentMethod(customer, input));
  const row = await q.insertMethod(ctx.db, {
    ...subscriber,
    provider: provider.name,
    providerPaymentMethodId: card.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
  });
  // A provider id saved by another person or team stays theirs.
  const theirs =
    subscriber.organizationId !== undefined
      ? row.organizationId !== subscriber.organizationId
      : row.userId !== subscriber.userId;
  if (theirs) throw conflict('This payment method belongs to another account.');
  return row;
}

async function attach(ctx: AppContext, provider: BillingProvider, account: AnyAccount, input: string) {
  const customer = await customerOfAccount(ctx, provider, account);
  return attachCard(ctx, provider, account.subscriber, customer, input);
}

export async function addMethod(ctx: AppContext, provider: BillingProvider, account: AnyAccount, input: string) {
  return methodView(await attach(ctx, provider, account, input));
}

export async function removeMethod(ctx: AppContext, provider: BillingProvider, account: AnyAccount, id: number) {
  const row = await q.methodOf(ctx.db, { ...account.subscriber, id });
  if (!row) throw notFound(`Payment method ${id} does not exist.`);
  if (row.provider === provider.name) await provided(() => provider.detachPaymentMethod(row.providerPaymentMethodId));
  await q.deleteMethod(ctx.db, { ...account.subscriber, id });
  return { id, deleted: true as const };
}

// ---- subscription ------------------------------------------------------------------------------------------------

export function subscriptionDetail(row: q.SubscriptionRow, nextChargeAmount: number | null) {
  return {
    id: row.id,
    provider: row.provider,
    plan: isPlan(row.plan) ? row.plan : FREE_PLAN,
    priceType: row.interval,
    amount: row.amount,
    nextChargeAmount,
    currency: row.currency,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    couponId: row.couponId,
    affiliateId: row.affiliateId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * What the subscription's next charge will be (the coupon's promotion over or not), or null when none will come: it
 * ended or is set to end. A subscription stored without its list amount charges its amount again.
 */
async function nextChargeOf(ctx: AppContext, row: q.SubscriptionRow): Promise<number | null> {
  if (row.status === 'canceled' || row.cancelAtPeriodEnd) return null;
  if (row.listAmount === null) return row.amount;
  const coupon = row.couponId !== null ? await plans.couponById(ctx.db, { id: row.couponId }) : undefined;
  return nextChargeCents({
    listAmount: row.listAmount,
    coupon: coupon ? couponOf(coupon) : null,
    interval: row.interval,
    chargesMade: await q.chargesMadeOf(ctx.db, row.id),
  });
}

/** The provider and the subscriber's newest subscription: the part of the view every subscriber shares. */
export async function subscriptionOf(ctx: AppContext, provider: BillingProvider, subscriber: q.Subscriber) {
  const row = await q.latestSubscription(ctx.db, subscriber);
  return {
    ...providerInfo(provider),
    subscription: row ? subscriptionDetail(row, await nextChargeOf(ctx, row)) : null,
  };
}

/**
 * A plan's quote at an interval for some licences (a stored coupon still off when given), or null when the plan
 * has no active price there.
 */
export async function quoteAt(
  ctx: AppContext,
  params: { plan: Plan; interval: BillingInterval; licenseCount: number; couponId?: number | null },
  now = new Date(),
): Promise<PriceQuote | null> {
  const price = await q.activePrice(ctx.db, { app: DEFAULT_APP, plan: params.plan, interval: params.interval });
  if (!price) return null;
  const row = params.couponId != null ? await plans.couponById(ctx.db, { id: params.couponId }) : undefined;
  return quotePrice({
    interval: params.interval,
    price: { amount: price.amount, currency: price.currency },
    licenseCount: params.licenseCount,
    coupon: row ? { ...row, plans: row.plans.filter(isPlan) } : null,
    upgradeFrom: null,
    now,
  });
}

/** A subscription bought in the App Store is changed there: the card provider must not charge or cancel it. */
const inAppStore = (row: q.SubscriptionRow | undefined) => live(row) && row.provider === APPLE;
const IN_APP_STORE = 'Your subscription was bought in the App Store: change it in your Apple account.';

export const live = (row: q.SubscriptionRow | undefined): row is q.SubscriptionRow =>
  !!row && row.status !== 'canceled';

const couponField = (body: SubscribeRequest) => (body.coupon !== undefined ? 'body.coupon' : 'body.couponId');

/** The coupon a request names, checked for the plan and used once per subscriber. */
async function couponFor(ctx: AppContext, account: AnyAccount, plan: Plan, body: SubscribeRequest, now: Date) {
  if (body.coupon === undefined && body.couponId === undefined) return null;
  const field = couponField(body);
  const row =
    body.coupon !== undefined
      ? await plans.couponNamed(ctx.db, { name: body.coupon })
      : await plans.couponById(ctx.db, { id: body.couponId ?? 0 });
  if (!row) throw badField(field, `Coupon ${body.coupon ?? body.couponId} does not exist.`);
  checkCoupon(row, plan, field, now);
  if (await plans.couponUsedBy(ctx.db, { couponId: row.id, ...account.subscriber }))
    throw badField(field, account.words.couponUsed(row.name));
  return { row, coupon: { ...row, plans: row.plans.filter(isPlan) } satisfies Coupon };
}

/**
 * Subscribes (or, with cancelAtPeriodEnd, cancels at the period end). Order: every check, then the card (a declined
 * one stops here with the provider's words and nothing saved), then the provider's subscription, then one
 * transaction: the adapter's last checks, the coupon's use, the subscription row and what the subscriber's own row
 * records (SPEC §4's upgrade state, a team's licences). The provider's webhook events follow and their state wins.
 */
export async function subscribe<Body extends SubscribeRequest, View>(
  ctx: AppContext,
  provider: BillingProvider,
  account: SubscriberAccount<Body, View>,
  body: Body,
  now = new Date(),
): Promise<View> {
  if (body.cancelAtPeriodEnd !== undefined) return setCancel(ctx, provider, account, body.cancelAtPeriodEnd);
  const order = await account.order(body, now);
  const current = await q.latestSubscription(ctx.db, account.subscriber);
  if (inAppStore(current)) throw conflict(IN_APP_STORE);
  if (live(current) && order.isCurrent(current)) throw conflict(order.alreadySubscribed);
  const price = await q.activePrice(ctx.db, { app: DEFAULT_APP, plan: order.plan, interval: body.priceType });
  if (!price) throw badField('body.priceType', order.notSold);
  const coupon = await couponFor(ctx, account, order.plan, body, now);
  const quote = quotePrice({
    interval: body.priceType,
    price: { amount: price.amount, currency: price.currency },
    licenseCount: order.licenseCount,
    coupon: coupon?.coupon ?? null,
    upgradeFrom: order.upgradeFrom,
    now,
  });

  const saved = await q.methodsOf(ctx.db, { ...account.subscriber, provider: provider.name });
  const method =
    body.stripePaymentMethodId !== undefined
      ? (saved.find((row) => row.providerPaymentMethodId === body.stripePaymentMethodId) ??
        (await attach(ctx, provider, account, body.stripePaymentMethodId)))
      : saved[0];
  if (!method && quote.dueNow > 0) throw badField('body.stripePaymentMethodId', account.words.cardNeeded);

  const customer = await customerOfAccount(ctx, provider, account);
  const created = await provided(() =>
    provider.createSubscription({
      customerId: customer,
      paymentMethodId: method?.providerPaymentMethodId ?? null,
      stripePriceId: price.stripePriceId,
      stripeCouponId: coupon?.row.stripeCouponId ?? null,
      amount: quote.dueNow,
      currency: quote.currency,
      interval: body.priceType,
      description: order.description,
      ...(order.quantity !== undefined ? { quantity: order.quantity } : {}),
    }),
  );
  try {
    await ctx.db.transaction(async (tx) => {
      await order.recheck?.(tx);
      // The coupon's last use first: a buyer who lost the race to it stores nothing.
      if (coupon && !(await q.redeemCoupon(tx, coupon.row.id)))
        throw badField(couponField(body), `Coupon ${coupon.row.name} has been used the most times it can be.`);
      const inserted = await q.insertSubscription(tx, {
        ...account.subscriber,
        provider: provider.name,
        providerSubscriptionId: created.id,
        plan: order.plan,
        interval: body.priceType,
        amount: quote.dueNow,
        listAmount: quote.subtotal,
        currency: quote.currency,
        status: 'active',
        currentPeriodEnd: order.periodEnd(created, quote),
        couponId: coupon?.row.id ?? null,
        affiliateId: body.affiliateId ?? null,
        paymentMethodId: method?.id ?? null,
      });
      await order.record(tx, quote);
      // A change of plan or interval: told here, with the price; the new plan's receipt follows from its payment.
      if (live(current))
        await tell(tx, ctx.config, subscriberOf(inserted), {
          kind: 'planChanged',
          from: { plan: current.plan, interval: current.interval },
          to: { plan: order.plan, interval: body.priceType },
          price: quote.afterPromo,
          dueNow: quote.dueNow,
          credit: quote.prorationCredit,
          currency: quote.currency,
          changedAt: now,
          // The provider's period, not the stored one (SPEC §4's 30 days until the provider confirms its own).
          nextChargeAt: created.currentPeriodEnd,
        });
    });
  } catch (error) {
    // Nothing stored: the provider's new subscription must not go on charging.
    await provided(() => provider.cancelNow(created.id)).catch(() => undefined);
    throw error;
  }
  // A change of plan or interval replaces the old subscription: only the newest is followed.
  if (live(current)) await provided(() => provider.cancelNow(current.providerSubscriptionId));
  if (provider instanceof TestBillingProvider)
    await provider.confirmSubscription(created.id, quote.dueNow, quote.currency, order.description);
  return account.view(provider);
}

/** The live subscription the card provider manages, or a 409 in the subscriber's words. */
export async function liveAtProvider(
  ctx: AppContext,
  provider: BillingProvider,
  subscriber: q.Subscriber,
  none: string,
) {
  const current = await q.latestSubscription(ctx.db, subscriber);
  if (!live(current)) throw conflict(none);
  if (current.provider !== provider.name) throw conflict(`This subscription is managed by ${current.provider}.`);
  return current;
}

export async function setCancel<View>(
  ctx: AppContext,
  provider: BillingProvider,
  account: SubscriberAccount<never, View>,
  cancel: boolean,
): Promise<View> {
  const current = await liveAtProvider(ctx, provider, account.subscriber, account.words.nothingToCancel);
  await provided(() => provider.setCancelAtPeriodEnd(current.providerSubscriptionId, cancel));
  // The provider's webhook may have set it already (and told the subscriber): only the write that moves it tells.
  await ctx.db.transaction(async (tx) => {
    if (await q.setCancelAtPeriodEnd(tx, current.id, cancel))
      await tellCancelMove(tx, ctx.config, current, cancel, current.currentPeriodEnd);
  });
  return account.view(provider);
}

export async function reactivate<View>(
  ctx: AppContext,
  provider: BillingProvider,
  account: SubscriberAccount<never, View>,
) {
  const current = await q.latestSubscription(ctx.db, account.subscriber);
  if (!live(current)) throw conflict('There is no subscription to reactivate: subscribe again.');
  if (!current.cancelAtPeriodEnd) throw conflict('Your subscription is not canceled.');
  return setCancel(ctx, provider, account, false);
}

/** Pays a delinquent subscription's open payment now. */
export async function payNow<View>(
  ctx: AppContext,
  provider: BillingProvider,
  account: SubscriberAccount<never, View>,
  paymentMethodId?: number,
): Promise<View> {
  const current = await q.latestSubscription(ctx.db, account.subscriber);
  if (!live(current) || current.status !== 'delinquent') throw conflict('There is no payment due.');
  if (inAppStore(current)) throw conflict(IN_APP_STORE);
  const method =
    paymentMethodId !== undefined
      ? await q.methodOf(ctx.db, { ...account.subscriber, id: paymentMethodId })
      : (await q.methodsOf(ctx.db, { ...account.subscriber, provider: provider.name }))[0];
  if (!method) {
    if (paymentMethodId !== undefined) throw notFound(`Payment method ${paymentMethodId} does not exist.`);
    throw badField('body.paymentMethodId', 'a card is needed: add one first');
  }
  await provided(() =>
    provider.payOpenInvoice(
      current.providerSubscriptionId,
      method.providerPaymentMethodId,
      current.amount,
      current.currency,
    ),
  );
  return account.view(provider);
}

// ---- charges -----------------------------------------------------------------------------------------------------

export function chargeView(row: q.ChargeRow): ChargeView {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    provider: row.provider,
    description: row.description,
    receiptUrl: row.receiptUrl,
    refunded: row.refunded,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function chargeHistory(ctx: AppContext, subscriber: q.Subscriber) {
  return { charges: (await q.chargesOf(ctx.db, subscriber)).map(chargeView) };
}

/** The newest paid charge may be refunded within {@link REFUND_WINDOW_DAYS} days, once. */
export async function refundEligibility(ctx: AppContext, subscriber: q.Subscriber, now = new Date()) {
  const paid = (await q.chargesOf(ctx.db, subscriber)).find((row) => row.status === 'paid' || row.refunded);
  const none = { chargeId: null, amount: null, refundableUntil: null };
  if (!paid) return { eligible: false, reason: 'There is no payment to refund.', ...none };
  const until = new Date(paid.createdAt.getTime() + REFUND_WINDOW_DAYS * MS_PER_DAY);
  const facts = { chargeId: paid.id, amount: paid.amount, refundableUntil: until.toISOString() };
  if (paid.refunded) return { eligible: false, reason: 'Your last payment has been refunded.', ...facts };
  if (paid.provider === APPLE)
    return {
      eligible: false,
      reason: 'App Store payments are refunded by Apple (reportaproblem.apple.com).',
      ...facts,
    };
  if (now.getTime() > until.getTime())
    return { eligible: false, reason: `Payments can be refunded within ${REFUND_WINDOW_DAYS} days.`, ...facts };
  return { eligible: true, reason: null, ...facts };
}

/**
 * Refunds the newest payment while it is eligible, and ends the subscription it paid for at once: the money goes
 * back and the plan with it. The charge is marked first, so two requests at once refund it once.
 */
export async function requestRefund<View>(
  ctx: AppContext,
  provider: BillingProvider,
  account: SubscriberAccount<never, View>,
  now = new Date(),
): Promise<View> {
  const eligibility = await refundEligibility(ctx, account.subscriber, now);
  if (!eligibility.eligible || eligibility.chargeId === null)
    throw conflict(eligibility.reason ?? 'There is no payment to refund.');
  const chargeId = eligibility.chargeId;
  const charge = (await q.chargesOf(ctx.db, account.subscriber)).find((row) => row.id === chargeId);
  if (!charge) throw conflict('There is no payment to refund.');
  if (charge.provider !== provider.name) throw conflict(`This payment was made through ${charge.provider}.`);
  if (!(await q.markChargeRefunded(ctx.db, charge.id))) throw conflict('Your last payment has been refunded.');
  try {
    await provided(() => provider.refund(charge.providerChargeId, charge.amount, charge.currency));
  } catch (error) {
    await q.updateCharge(ctx.db, charge.id, { status: charge.status, refunded: false });
    throw error;
  }
  const current = await q.latestSubscription(ctx.db, account.subscriber);
  const ends = live(current) && current.id === charge.subscriptionId;
  if (ends) await provided(() => provider.cancelNow(current.providerSubscriptionId));
  // The charge was marked refunded before the provider's event came, so the refund is told here, once.
  const paidFor = charge.subscriptionId !== null ? await q.subscriptionById(ctx.db, charge.subscriptionId) : undefined;
  if (paidFor)
    await tell(ctx.db, ctx.config, subscriberOf(charge), {
      kind: 'refund',
      plan: paidFor.plan,
      interval: paidFor.interval,
      amount: charge.amount,
      currency: charge.currency,
      paidAt: charge.createdAt,
      refundedAt: now,
      planEnded: ends,
    });
  return account.view(provider);
}

// ---- webhook -----------------------------------------------------------------------------------------------------

/**
 * Applies one verified event in one transaction: recorded by id first (a replay finds it and changes nothing),
 * then the subscription through the domain's state machine (an older event never moves it back), what the move
 * does to the subscriber's own row (FOLLOWS), and the charge the event names. What moved is told to the subscriber
 * in the same transaction (mail.ts): a charge's new status, cancel at period end turned on or off.
 */
export async function applyEvent(ctx: AppContext, provider: { name: BillingProviderName }, parsed: ParsedEvent) {
  const { event } = parsed;
  return ctx.db.transaction(async (tx) => {
    const first = await q.markProcessed(tx, { provider: provider.name, eventId: event.id, type: event.type });
    if (!first) return { received: true as const, duplicate: true };
    const charge = await q.chargeByProviderIds(tx, provider.name, [parsed.chargeId, parsed.invoiceId]);
    const sub = parsed.subscriptionId
      ? await q.subscriptionForUpdate(tx, { provider: provider.name, providerSubscriptionId: parsed.subscriptionId })
      : undefined;
    let state: SubscriptionSnapshot | undefined;
    if (sub) {
      const { next, applied } = applySubscriptionEvent(
        {
          status: sub.status,
          currentPeriodEnd: sub.currentPeriodEnd,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          lastEventAt: sub.lastEventAt,
        },
        event,
      );
      state = next;
      if (applied) {
        await q.updateSubscription(tx, sub.id, { ...next, lastEventId: event.id });
        await followerOf(sub)(tx, sub, next);
        // A subscription that ends is not "canceled at the period end": that flag clears as it ends.
        if (next.status !== 'canceled' && next.cancelAtPeriodEnd !== sub.cancelAtPeriodEnd)
          await tellCancelMove(tx, ctx.config, sub, next.cancelAtPeriodEnd, next.currentPeriodEnd);
      }
    }
    const status = paymentStatusOf(event.type);
    let moved: { row: q.ChargeRow; status: PaymentStatus } | null = null;
    if (status && charge) {
      const next = nextPaymentStatus(charge.status, status);
      await q.updateCharge(tx, charge.id, {
        status: next,
        ...(status === 'refunded' ? { refunded: true } : {}),
        ...(parsed.receiptUrl ? { receiptUrl: parsed.receiptUrl } : {}),
      });
      if (next !== charge.status) moved = { row: charge, status: next };
    } else if (status && sub && (status === 'paid' || status === 'failed')) {
      const inserted = await q.insertCharge(tx, {
        userId: sub.userId,
        organizationId: sub.organizationId,
        subscriptionId: sub.id,
        amount: Math.max(0, Math.round(parsed.amount ?? sub.amount)),
        currency: parsed.currency ?? sub.currency,
        status,
        provider: provider.name,
        providerChargeId: parsed.chargeId ?? parsed.invoiceId ?? event.id,
        description: parsed.description ?? `${sub.plan} (${sub.interval})`,
        receiptUrl: parsed.receiptUrl,
        createdAt: event.created,
      });
      if (inserted) moved = { row: inserted, status };
    }
    if (moved) {
      const paidFor =
        sub && sub.id === moved.row.subscriptionId
          ? sub
          : moved.row.subscriptionId !== null
            ? await q.subscriptionById(tx, moved.row.subscriptionId)
            : undefined;
      if (paidFor)
        await tellCharge(tx, ctx.config, {
          charge: moved.row,
          status: moved.status,
          sub: paidFor,
          state: paidFor === sub && state ? state : paidFor,
          at: event.created,
          receiptUrl: parsed.receiptUrl,
        });
    }
    // Affiliates: the payment's commission is earned or taken back in this same transaction.
    if (status) await accountCharge(tx, ctx.config, provider.name, [parsed.chargeId, parsed.invoiceId, event.id]);
    return { received: true as const, duplicate: false };
  });
}
