import type { ChargeView, PaymentMethodView } from '@eh/contracts';
import { ErrorCode } from '@eh/contracts';
import {
  accountOfSubscription,
  applySubscriptionEvent,
  type BillingInterval,
  type BillingProviderName,
  type Coupon,
  type CurrentPeriod,
  DEFAULT_APP,
  FREE_PLAN,
  isPayingPlus,
  isPlan,
  MS_PER_DAY,
  nextPaymentStatus,
  type Plan,
  paymentStatusOf,
  quotePrice,
  REFUND_WINDOW_DAYS,
  UPGRADE_FROM_PLAN,
  UPGRADE_TO_PLAN,
  upgradeSuccessState,
} from '@eh/domain';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/auth.ts';
import { badField, HttpError, notFound } from '../../http/errors.ts';
import { accountCharge } from '../affiliates/commissions.ts';
import { APPLE, appAccountTokenOf } from './apple-queries.ts';
import * as q from './payments-queries.ts';
import { type BillingProvider, CardDeclined, TestBillingProvider, UnknownAtProvider } from './providers.ts';
import * as plans from './queries.ts';
import { checkCoupon, checkFirstUse } from './service.ts';
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

async function requireUser(ctx: AppContext, caller: Caller) {
  const user = await q.userById(ctx.db, caller.sub);
  // The users row is made by GET /core/users/me; a token without one has nothing to bill.
  if (!user) throw notFound('No account for this user yet: open the app once (GET /core/users/me).');
  return user;
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

async function ensureCustomer(ctx: AppContext, provider: BillingProvider, caller: Caller) {
  const user = await requireUser(ctx, caller);
  return ensureCustomerOf(ctx, provider, { userId: user.id }, { id: user.id, email: user.email });
}

// ---- setup and cards ---------------------------------------------------------------------------------------------

export async function setup(ctx: AppContext, provider: BillingProvider, caller: Caller) {
  const customer = await ensureCustomer(ctx, provider, caller);
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

export async function methods(ctx: AppContext, provider: BillingProvider, caller: Caller) {
  const rows = await q.methodsOf(ctx.db, { userId: caller.sub, provider: provider.name });
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

async function attach(ctx: AppContext, provider: BillingProvider, caller: Caller, input: string) {
  return attachCard(ctx, provider, { userId: caller.sub }, await ensureCustomer(ctx, provider, caller), input);
}

export async function addMethod(ctx: AppContext, provider: BillingProvider, caller: Caller, input: string) {
  return methodView(await attach(ctx, provider, caller, input));
}

export async function removeMethod(ctx: AppContext, provider: BillingProvider, caller: Caller, id: number) {
  const row = await q.methodOf(ctx.db, { userId: caller.sub, id });
  if (!row) throw notFound(`Payment method ${id} does not exist.`);
  if (row.provider === provider.name) await provided(() => provider.detachPaymentMethod(row.providerPaymentMethodId));
  await q.deleteMethod(ctx.db, { userId: caller.sub, id });
  return { id, deleted: true as const };
}

// ---- subscription ------------------------------------------------------------------------------------------------

export function subscriptionDetail(row: q.SubscriptionRow) {
  return {
    id: row.id,
    provider: row.provider,
    plan: isPlan(row.plan) ? row.plan : FREE_PLAN,
    priceType: row.interval,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    couponId: row.couponId,
    affiliateId: row.affiliateId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function subscription(ctx: AppContext, provider: BillingProvider, caller: Caller) {
  const row = await q.latestSubscription(ctx.db, caller.sub);
  // The native app buys with it, so App Store notifications name this account (decision 0022).
  const appAccountToken = await appAccountTokenOf(ctx.db, caller.sub);
  return {
    ...providerInfo(provider),
    subscription: row ? subscriptionDetail(row) : null,
    ...(appAccountToken ? { appAccountToken } : {}),
  };
}

/** A subscription bought in the App Store is changed there: the card provider must not charge or cancel it. */
const inAppStore = (row: q.SubscriptionRow | undefined) => live(row) && row.provider === APPLE;
const IN_APP_STORE = 'Your subscription was bought in the App Store: change it in your Apple account.';

export interface SubscribeBody {
  plan: Plan;
  priceType: BillingInterval;
  coupon?: string | undefined;
  couponId?: number | undefined;
  stripePaymentMethodId?: string | undefined;
  affiliateId?: string | undefined;
  cancelAtPeriodEnd?: boolean | undefined;
}

export const live = (row: q.SubscriptionRow | undefined): row is q.SubscriptionRow =>
  !!row && row.status !== 'canceled';

const couponField = (body: SubscribeBody) => (body.coupon !== undefined ? 'body.coupon' : 'body.couponId');

async function couponFor(ctx: AppContext, userId: string, body: SubscribeBody, now: Date) {
  const field = couponField(body);
  const row =
    body.coupon !== undefined
      ? await plans.couponNamed(ctx.db, { name: body.coupon })
      : body.couponId !== undefined
        ? await plans.couponById(ctx.db, { id: body.couponId })
        : undefined;
  if (!row) {
    if (body.coupon === undefined && body.couponId === undefined) return null;
    throw badField(field, `Coupon ${body.coupon ?? body.couponId} does not exist.`);
  }
  checkCoupon(row, body.plan, field, now);
  await checkFirstUse(ctx, row, userId, field);
  return { row, coupon: { ...row, plans: row.plans.filter(isPlan) } satisfies Coupon };
}

/** The plus period an upgrade to pro credits (decision 0020): the caller's own, paying plus with a next charge. */
function upgradePeriod(user: NonNullable<Awaited<ReturnType<typeof q.userById>>>, plan: Plan): CurrentPeriod | null {
  if (plan !== UPGRADE_TO_PLAN || user.plan !== UPGRADE_FROM_PLAN || !user.nextChargeDate) return null;
  if (
    !isPayingPlus({ plan: UPGRADE_FROM_PLAN, subscriptionType: user.subscriptionType, status: user.subscriptionStatus })
  )
    return null;
  return { paidCents: Math.round(user.price * 100), interval: user.priceType, periodEnd: user.nextChargeDate };
}

/**
 * Subscribes the caller (or, with cancelAtPeriodEnd, cancels at the period end). Order: every check, then the card
 * (a declined one stops here with the provider's words and nothing saved), then the provider's subscription, then
 * one transaction: the subscription row and SPEC §4's upgrade state on the users row. The provider's webhook
 * events follow and their state wins.
 */
export async function subscribe(
  ctx: AppContext,
  provider: BillingProvider,
  caller: Caller,
  body: SubscribeBody,
  now = new Date(),
) {
  if (body.cancelAtPeriodEnd !== undefined) return setCancel(ctx, provider, caller, body.cancelAtPeriodEnd);
  if (body.plan === FREE_PLAN) throw badField('body.plan', 'the Free plan is not bought: cancel instead');
  const user = await requireUser(ctx, caller);
  const current = await q.latestSubscription(ctx.db, user.id);
  if (inAppStore(current)) throw conflict(IN_APP_STORE);
  if (live(current) && current.plan === body.plan && current.interval === body.priceType)
    throw conflict(`You already subscribe to this plan (${body.priceType}).`);
  const price = await q.activePrice(ctx.db, { app: DEFAULT_APP, plan: body.plan, interval: body.priceType });
  if (!price) throw badField('body.priceType', `this plan is not sold ${body.priceType}`);
  const coupon = await couponFor(ctx, user.id, body, now);
  const quote = quotePrice({
    interval: body.priceType,
    price: { amount: price.amount, currency: price.currency },
    licenseCount: 1,
    coupon: coupon?.coupon ?? null,
    upgradeFrom: upgradePeriod(user, body.plan),
    now,
  });

  let method: q.PaymentMethodRow | undefined;
  if (body.stripePaymentMethodId !== undefined) {
    const saved = (await q.methodsOf(ctx.db, { userId: user.id, provider: provider.name })).find(
      (row) => row.providerPaymentMethodId === body.stripePaymentMethodId,
    );
    method = saved ?? (await attach(ctx, provider, caller, body.stripePaymentMethodId));
  } else {
    method = (await q.methodsOf(ctx.db, { userId: user.id, provider: provider.name }))[0];
  }
  if (!method && quote.dueNow > 0)
    throw badField('body.stripePaymentMethodId', 'a card is needed: add one or send its payment method id');

  const customer = await ensureCustomer(ctx, provider, caller);
  const description = `${body.plan} (${body.priceType})`;
  const created = await provided(() =>
    provider.createSubscription({
      customerId: customer,
      paymentMethodId: method?.providerPaymentMethodId ?? null,
      stripePriceId: price.stripePriceId,
      stripeCouponId: coupon?.row.stripeCouponId ?? null,
      amount: quote.dueNow,
      currency: quote.currency,
      interval: body.priceType,
      description,
    }),
  );
  const success = upgradeSuccessState(body.plan, quote.dueNow / 100, body.priceType, now);
  try {
    await ctx.db.transaction(async (tx) => {
      // The coupon's last use first: a buyer who lost the race to it stores nothing.
      if (coupon && !(await q.redeemCoupon(tx, coupon.row.id)))
        throw badField(couponField(body), `Coupon ${coupon.row.name} has been used the most times it can be.`);
      await q.insertSubscription(tx, {
        userId: user.id,
        provider: provider.name,
        providerSubscriptionId: created.id,
        plan: body.plan,
        interval: body.priceType,
        amount: quote.dueNow,
        currency: quote.currency,
        status: 'active',
        currentPeriodEnd: new Date(success.nextChargeDate),
        couponId: coupon?.row.id ?? null,
        affiliateId: body.affiliateId ?? null,
        paymentMethodId: method?.id ?? null,
      });
      await q.updateAccount(tx, user.id, {
        plan: success.plan,
        subscriptionType: success.subscriptionType,
        subscriptionStatus: success.status,
        price: success.price,
        priceType: success.priceType,
        nextChargeDate: new Date(success.nextChargeDate),
      });
    });
  } catch (error) {
    // Nothing stored: the provider's new subscription must not go on charging.
    await provided(() => provider.cancelNow(created.id)).catch(() => undefined);
    throw error;
  }
  // A change of plan replaces the old subscription (its events no longer touch the users row: it is not the newest).
  if (live(current)) await provided(() => provider.cancelNow(current.providerSubscriptionId));
  if (provider instanceof TestBillingProvider)
    await provider.confirmSubscription(created.id, quote.dueNow, quote.currency, description);
  return subscription(ctx, provider, caller);
}

async function setCancel(ctx: AppContext, provider: BillingProvider, caller: Caller, cancel: boolean) {
  const current = await q.latestSubscription(ctx.db, caller.sub);
  if (!live(current)) throw conflict('You have no subscription to cancel.');
  if (current.provider !== provider.name) throw conflict(`This subscription is managed by ${current.provider}.`);
  await provided(() => provider.setCancelAtPeriodEnd(current.providerSubscriptionId, cancel));
  await q.updateSubscription(ctx.db, current.id, { cancelAtPeriodEnd: cancel });
  return subscription(ctx, provider, caller);
}

export async function reactivate(ctx: AppContext, provider: BillingProvider, caller: Caller) {
  const current = await q.latestSubscription(ctx.db, caller.sub);
  if (!live(current)) throw conflict('There is no subscription to reactivate: subscribe again.');
  if (!current.cancelAtPeriodEnd) throw conflict('Your subscription is not canceled.');
  return setCancel(ctx, provider, caller, false);
}

/** Pays a delinquent subscription's open payment now. */
export async function payNow(ctx: AppContext, provider: BillingProvider, caller: Caller, paymentMethodId?: number) {
  const current = await q.latestSubscription(ctx.db, caller.sub);
  if (!live(current) || current.status !== 'delinquent') throw conflict('There is no payment due.');
  if (inAppStore(current)) throw conflict(IN_APP_STORE);
  const method =
    paymentMethodId !== undefined
      ? await q.methodOf(ctx.db, { userId: caller.sub, id: paymentMethodId })
      : (await q.methodsOf(ctx.db, { userId: caller.sub, provider: provider.name }))[0];
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
  return subscription(ctx, provider, caller);
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

export async function chargeHistory(ctx: AppContext, caller: Caller) {
  return { charges: (await q.chargesOf(ctx.db, caller.sub)).map(chargeView) };
}

/** The newest paid charge may be refunded within {@link REFUND_WINDOW_DAYS} days, once. */
export async function refundEligibility(ctx: AppContext, caller: Caller, now = new Date()) {
  const paid = (await q.chargesOf(ctx.db, caller.sub)).find((row) => row.status === 'paid' || row.refunded);
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
export async function requestRefund(ctx: AppContext, provider: BillingProvider, caller: Caller, now = new Date()) {
  const eligibility = await refundEligibility(ctx, caller, now);
  if (!eligibility.eligible || eligibility.chargeId === null)
    throw conflict(eligibility.reason ?? 'There is no payment to refund.');
  const chargeId = eligibility.chargeId;
  const charge = (await q.chargesOf(ctx.db, caller.sub)).find((row) => row.id === chargeId);
  if (!charge) throw conflict('There is no payment to refund.');
  if (charge.provider !== provider.name) throw conflict(`This payment was made through ${charge.provider}.`);
  if (!(await q.markChargeRefunded(ctx.db, charge.id))) throw conflict('Your last payment has been refunded.');
  try {
    await provided(() => provider.refund(charge.providerChargeId, charge.amount, charge.currency));
  } catch (error) {
    await q.updateCharge(ctx.db, charge.id, { status: charge.status, refunded: false });
    throw error;
  }
  const current = await q.latestSubscription(ctx.db, caller.sub);
  if (live(current) && current.id === charge.subscriptionId)
    await provided(() => provider.cancelNow(current.providerSubscriptionId));
  return subscription(ctx, provider, caller);
}

// ---- webhook -----------------------------------------------------------------------------------------------------

/**
 * Applies one verified event in one transaction: recorded by id first (a replay finds it and changes nothing),
 * then the subscription through the domain's state machine (an older event never moves it back), the users row
 * when it is the user's newest subscription, and the charge the event names.
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
      if (applied) {
        await q.updateSubscription(tx, sub.id, { ...next, lastEventId: event.id });
        // A team's subscription (issue 20) has no users row to follow: its members' features read it directly.
        const newest = sub.userId ? await q.latestSubscription(tx, sub.userId) : undefined;
        if (sub.userId && newest?.id === sub.id) {
          const account = accountOfSubscription(next.status, isPlan(sub.plan) ? sub.plan : FREE_PLAN);
          await q.updateAccount(tx, sub.userId, {
            plan: account.plan,
            subscriptionType: account.subscriptionType,
            subscriptionStatus: account.status,
            ...(next.status === 'canceled' ? { price: 0, nextChargeDate: null } : {}),
            ...(next.status === 'active' && next.currentPeriodEnd ? { nextChargeDate: next.currentPeriodEnd } : {}),
          });
        }
      }
    }
    const status = paymentStatusOf(event.type);
    if (status && charge) {
      await q.updateCharge(tx, charge.id, {
        status: nextPaymentStatus(charge.status, status),
        ...(status === 'refunded' ? { refunded: true } : {}),
        ...(parsed.receiptUrl ? { receiptUrl: parsed.receiptUrl } : {}),
      });
    } else if (status && sub && (status === 'paid' || status === 'failed')) {
      await q.insertCharge(tx, {
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
    }
    // Affiliates (issue 20): the payment's commission is earned or taken back in this same transaction.
    if (status) await accountCharge(tx, ctx.config, provider.name, [parsed.chargeId, parsed.invoiceId, event.id]);
    return { received: true as const, duplicate: false };
  });
}
