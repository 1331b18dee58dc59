/**
 * A team's billing (issue 20): the organization is the subscriber. The same provider as a user's (the test
 * provider's events go through the same webhook route and the same state machine, applyEvent), with the
 * organization's own customer, cards, subscription and charges; the team plan's price is per licence, so the
 * subscription costs licences × that price (quotePrice). Only the owner bills (docs/teams.md).
 */
import {
  type BillingInterval,
  type Coupon,
  DEFAULT_APP,
  DEFAULT_PRICE_TYPE,
  isPlan,
  PLAN_NAMES,
  quotePrice,
  seatsUsed,
  TEAM_PLAN,
} from '@eh/domain';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../http/auth.ts';
import { badField } from '../../http/errors.ts';
import * as pq from '../billing/payments-queries.ts';
import {
  attachCard,
  chargeView,
  ensureCustomerOf,
  live,
  methodView,
  provided,
  providerInfo,
  subscriptionDetail,
} from '../billing/payments-service.ts';
import { type BillingProvider, TestBillingProvider } from '../billing/providers.ts';
import * as plans from '../billing/queries.ts';
import { checkCoupon } from '../billing/service.ts';
import * as q from './queries.ts';
import { access, conflict, requireCan, seatsView } from './service.ts';

async function billingAccess(ctx: AppContext, caller: Caller, orgId: string) {
  const found = await access(ctx, orgId, caller);
  requireCan(found.role, 'billing');
  return found;
}

function ensureCustomer(ctx: AppContext, provider: BillingProvider, org: q.OrganizationRow) {
  return ensureCustomerOf(ctx, provider, { organizationId: org.id }, { id: org.id, email: org.billingEmail });
}

// ---- setup and cards ---------------------------------------------------------------------------------------------

export async function setup(ctx: AppContext, provider: BillingProvider, caller: Caller, orgId: string) {
  const { org } = await billingAccess(ctx, caller, orgId);
  const customer = await ensureCustomer(ctx, provider, org);
  const intent = await provided(() => provider.setupIntent(customer));
  return { ...providerInfo(provider), setupIntentId: intent.id, clientSecret: intent.clientSecret };
}

export async function methods(ctx: AppContext, provider: BillingProvider, caller: Caller, orgId: string) {
  const { org } = await billingAccess(ctx, caller, orgId);
  const rows = await pq.methodsOf(ctx.db, { organizationId: org.id, provider: provider.name });
  return { paymentMethods: rows.map(methodView) };
}

async function attach(ctx: AppContext, provider: BillingProvider, org: q.OrganizationRow, input: string) {
  return attachCard(ctx, provider, { organizationId: org.id }, await ensureCustomer(ctx, provider, org), input);
}

export async function addMethod(
  ctx: AppContext,
  provider: BillingProvider,
  caller: Caller,
  orgId: string,
  input: string,
) {
  const { org } = await billingAccess(ctx, caller, orgId);
  return methodView(await attach(ctx, provider, org, input));
}

// ---- subscription ------------------------------------------------------------------------------------------------

async function view(ctx: AppContext, provider: BillingProvider, org: q.OrganizationRow, withCharges: boolean) {
  const fresh = (await q.organizationById(ctx.db, org.id)) ?? org;
  const [row, counts, charges] = await Promise.all([
    q.latestSubscription(ctx.db, org.id),
    q.seatCounts(ctx.db, org.id),
    withCharges ? q.chargesOf(ctx.db, org.id) : Promise.resolve(null),
  ]);
  return {
    ...providerInfo(provider),
    subscription: row ? subscriptionDetail(row) : null,
    seats: seatsView(fresh.licenseCount, counts),
    charges: charges ? charges.map(chargeView) : null,
  };
}

/** GET …/subscription: every member reads it; the charges are the owner's to see. */
export async function subscription(ctx: AppContext, provider: BillingProvider, caller: Caller, orgId: string) {
  const { org, role } = await access(ctx, orgId, caller);
  requireCan(role, 'read');
  return view(ctx, provider, org, role === 'owner');
}

export interface TeamSubscribeBody {
  plan: string;
  priceType: BillingInterval;
  licenseCount?: number | undefined;
  coupon?: string | undefined;
  couponId?: number | undefined;
  stripePaymentMethodId?: string | undefined;
  affiliateId?: string | undefined;
  cancelAtPeriodEnd?: boolean | undefined;
}

const couponField = (body: TeamSubscribeBody) => (body.coupon !== undefined ? 'body.coupon' : 'body.couponId');

async function couponFor(ctx: AppContext, org: q.OrganizationRow, body: TeamSubscribeBody, now: Date) {
  if (body.coupon === undefined && body.couponId === undefined) return null;
  const field = couponField(body);
  const row =
    body.coupon !== undefined
      ? await plans.couponNamed(ctx.db, { name: body.coupon })
      : await plans.couponById(ctx.db, { id: body.couponId ?? 0 });
  if (!row) throw badField(field, `Coupon ${body.coupon ?? body.couponId} does not exist.`);
  checkCoupon(row, TEAM_PLAN, field, now);
  // Once per subscriber: here the organization.
  if (await q.couponUsedBy(ctx.db, { couponId: row.id, organizationId: org.id }))
    throw badField(field, `The team has already used coupon ${row.name}.`);
  return { row, coupon: { ...row, plans: row.plans.filter(isPlan) } satisfies Coupon };
}

function tooFewForSeats(used: number, licenseCount: number) {
  return conflict(
    `The team has ${used} ${used === 1 ? 'seat' : 'seats'} taken (members and pending invites): ${licenseCount} ${
      licenseCount === 1 ? 'licence is' : 'licences are'
    } not enough. Remove people or take back invites first.`,
    { seatsUsed: used, licenseCount },
  );
}

/**
 * POST …/subscription: subscribes the team to the team plan for `licenseCount` licences (by default its licence
 * count, at least the seats used), or with cancelAtPeriodEnd cancels at the period end. Order as a user's: every
 * check, the card, the provider's subscription (quantity = licences), then one transaction with the organization
 * locked (seats checked again, the coupon's use counted, the subscription row and the licence count); the
 * provider's webhook events follow through applyEvent.
 */
export async function subscribe(
  ctx: AppContext,
  provider: BillingProvider,
  caller: Caller,
  orgId: string,
  body: TeamSubscribeBody,
  now = new Date(),
) {
  const { org } = await billingAccess(ctx, caller, orgId);
  if (body.cancelAtPeriodEnd !== undefined) return setCancel(ctx, provider, org, body.cancelAtPeriodEnd);
  if (body.plan !== TEAM_PLAN) throw badField('body.plan', `an organization subscribes to ${TEAM_PLAN}`);
  const current = await q.latestSubscription(ctx.db, org.id);
  const used = seatsUsed({ licenseCount: org.licenseCount, ...(await q.seatCounts(ctx.db, org.id)) });
  const licenseCount = body.licenseCount ?? Math.max(org.licenseCount, used);
  if (licenseCount < used) throw tooFewForSeats(used, licenseCount);
  if (live(current) && current.interval === body.priceType)
    throw conflict(
      `The team already subscribes (${body.priceType}): change its licences with POST /core/organizations/${org.id}/subscription/licenses.`,
    );
  const price = await pq.activePrice(ctx.db, { app: DEFAULT_APP, plan: TEAM_PLAN, interval: body.priceType });
  if (!price) throw badField('body.priceType', `the ${PLAN_NAMES[TEAM_PLAN]} plan is not sold ${body.priceType}`);
  const coupon = await couponFor(ctx, org, body, now);
  const quote = quotePrice({
    interval: body.priceType,
    price: { amount: price.amount, currency: price.currency },
    licenseCount,
    coupon: coupon?.coupon ?? null,
    upgradeFrom: null,
    now,
  });

  const saved = await pq.methodsOf(ctx.db, { organizationId: org.id, provider: provider.name });
  const method =
    body.stripePaymentMethodId !== undefined
      ? (saved.find((row) => row.providerPaymentMethodId === body.stripePaymentMethodId) ??
        (await attach(ctx, provider, org, body.stripePaymentMethodId)))
      : saved[0];
  if (!method && quote.dueNow > 0)
    throw badField('body.stripePaymentMethodId', 'a card is needed: add one to the team or send its payment method id');

  const customer = await ensureCustomer(ctx, provider, org);
  const description = `${PLAN_NAMES[TEAM_PLAN]} (${body.priceType}, ${licenseCount} ${licenseCount === 1 ? 'licence' : 'licences'})`;
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
      quantity: licenseCount,
    }),
  );
  try {
    await ctx.db.transaction(async (tx) => {
      const locked = await q.lockOrganization(tx, org.id);
      if (!locked) throw conflict('The team is gone.');
      const nowUsed = seatsUsed({ licenseCount: locked.licenseCount, ...(await q.seatCounts(tx, org.id)) });
      if (licenseCount < nowUsed) throw tooFewForSeats(nowUsed, licenseCount);
      if (coupon && !(await pq.redeemCoupon(tx, coupon.row.id)))
        throw badField(couponField(body), `Coupon ${coupon.row.name} has been used the most times it can be.`);
      await pq.insertSubscription(tx, {
        organizationId: org.id,
        provider: provider.name,
        providerSubscriptionId: created.id,
        plan: TEAM_PLAN,
        interval: body.priceType,
        amount: quote.dueNow,
        currency: quote.currency,
        status: 'active',
        currentPeriodEnd: created.currentPeriodEnd,
        couponId: coupon?.row.id ?? null,
        affiliateId: body.affiliateId ?? null,
        paymentMethodId: method?.id ?? null,
      });
      await q.updateOrganization(tx, org.id, { licenseCount, subscriptionPlanId: TEAM_PLAN });
    });
  } catch (error) {
    // Nothing stored: the provider's new subscription must not go on charging.
    await provided(() => provider.cancelNow(created.id)).catch(() => undefined);
    throw error;
  }
  // A change of interval replaces the old subscription (the newest is the one the members' features follow).
  if (live(current)) await provided(() => provider.cancelNow(current.providerSubscriptionId));
  if (provider instanceof TestBillingProvider)
    await provider.confirmSubscription(created.id, quote.dueNow, quote.currency, description);
  return view(ctx, provider, org, true);
}

async function setCancel(ctx: AppContext, provider: BillingProvider, org: q.OrganizationRow, cancel: boolean) {
  const current = await q.latestSubscription(ctx.db, org.id);
  if (!live(current)) throw conflict('The team has no subscription to cancel.');
  if (current.provider !== provider.name) throw conflict(`This subscription is managed by ${current.provider}.`);
  await provided(() => provider.setCancelAtPeriodEnd(current.providerSubscriptionId, cancel));
  await pq.updateSubscription(ctx.db, current.id, { cancelAtPeriodEnd: cancel });
  return view(ctx, provider, org, true);
}

/** The amount each period for `licenseCount` licences of the subscription's price (a forever coupon still off). */
async function periodAmount(ctx: AppContext, sub: pq.SubscriptionRow, licenseCount: number) {
  const price = await pq.activePrice(ctx.db, { app: DEFAULT_APP, plan: TEAM_PLAN, interval: sub.interval });
  if (!price) return sub.amount;
  const couponRow = sub.couponId !== null ? await plans.couponById(ctx.db, { id: sub.couponId }) : undefined;
  return quotePrice({
    interval: sub.interval,
    price: { amount: price.amount, currency: price.currency },
    licenseCount,
    coupon: couponRow ? { ...couponRow, plans: couponRow.plans.filter(isPlan) } : null,
    upgradeFrom: null,
    now: new Date(),
  }).afterPromo;
}

/**
 * POST …/subscription/licenses: more licences are bought at the provider first (nothing to check: seats only
 * fit better); fewer are first set under the organization's lock, where the seats used are checked, then changed
 * at the provider (and set back if it refuses).
 */
export async function setLicenses(
  ctx: AppContext,
  provider: BillingProvider,
  caller: Caller,
  orgId: string,
  body: { orgId?: string | undefined; licenseCount: number },
) {
  if (body.orgId !== undefined && body.orgId !== orgId)
    throw badField('body.orgId', 'must be the organization of the path');
  const { org } = await billingAccess(ctx, caller, orgId);
  const current = await q.latestSubscription(ctx.db, org.id);
  if (!live(current)) throw conflict('The team has no subscription: subscribe with the licences it needs.');
  if (current.provider !== provider.name) throw conflict(`This subscription is managed by ${current.provider}.`);
  const next = body.licenseCount;
  const before = org.licenseCount;
  if (next !== before) {
    if (next > before) {
      await provided(() => provider.updateQuantity(current.providerSubscriptionId, next));
      await q.updateOrganization(ctx.db, org.id, { licenseCount: next });
    } else {
      await ctx.db.transaction(async (tx) => {
        const locked = await q.lockOrganization(tx, org.id);
        if (!locked) throw conflict('The team is gone.');
        const used = seatsUsed({ licenseCount: locked.licenseCount, ...(await q.seatCounts(tx, org.id)) });
        if (next < used) throw tooFewForSeats(used, next);
        await q.updateOrganization(tx, org.id, { licenseCount: next });
      });
      try {
        await provided(() => provider.updateQuantity(current.providerSubscriptionId, next));
      } catch (error) {
        // More licences than the provider bills never break the seats rule: setting them back is safe.
        await q.updateOrganization(ctx.db, org.id, { licenseCount: before });
        throw error;
      }
    }
    await pq.updateSubscription(ctx.db, current.id, { amount: await periodAmount(ctx, current, next) });
  }
  return view(ctx, provider, org, true);
}

/** GET …/subscription/licenses/price?licenseCount: both intervals for that many licences, and one more licence. */
export async function licensePrice(ctx: AppContext, caller: Caller, orgId: string, licenseCount: number) {
  const { org, role } = await access(ctx, orgId, caller);
  requireCan(role, 'read');
  const current = await q.latestSubscription(ctx.db, org.id);
  const interval = live(current) ? current.interval : null;
  const quote = async (at: BillingInterval) => {
    const price = await pq.activePrice(ctx.db, { app: DEFAULT_APP, plan: TEAM_PLAN, interval: at });
    if (!price) return null;
    return quotePrice({
      interval: at,
      price: { amount: price.amount, currency: price.currency },
      licenseCount,
      coupon: null,
      upgradeFrom: null,
      now: new Date(),
    });
  };
  const [monthly, yearly] = await Promise.all([quote('monthly'), quote('yearly')]);
  const fresh = (await q.organizationById(ctx.db, org.id)) ?? org;
  const one = (interval ?? DEFAULT_PRICE_TYPE) === 'monthly' ? monthly : yearly;
  return {
    licenseCount,
    seats: seatsView(fresh.licenseCount, await q.seatCounts(ctx.db, org.id)),
    interval,
    monthly,
    yearly,
    oneMoreLicense: one ? { interval: one.interval, amount: one.unitAmount, currency: one.currency } : null,
  };
}
