import type { AppleProductOffer, CouponView, PlanOffer, PriceQuoteView } from '@eh/contracts';
import {
  BILLING_INTERVALS,
  type BillingInterval,
  type Coupon,
  type CouponProblem,
  type CurrentPeriod,
  couponProblem,
  DEFAULT_PRICE_TYPE,
  FREE_PLAN,
  formatDate,
  isPayingPlus,
  isPerLicense,
  isPlan,
  PERIOD_DAYS,
  PLAN_NAMES,
  PLANS,
  type Plan,
  prorationCredit,
  quotePrice,
  TEST_BILLING_LABEL,
  UPGRADE_FROM_PLAN,
  UPGRADE_TO_PLAN,
  yearlySaving,
} from '@eh/domain';
import type { AppContext } from '../../../kernel/context.ts';
import type { Caller } from '../../../kernel/http/auth.ts';
import { badField, notFound } from '../../../kernel/http/errors.ts';
import * as q from './queries.ts';

/** The plans an app sells, in the order of PLANS (free first), with both intervals and the yearly saving. */
export async function plans(ctx: AppContext, app: string) {
  const rows = await q.activePrices(ctx.db, { app });
  const offers: PlanOffer[] = [];
  for (const plan of PLANS) {
    const price = (interval: BillingInterval) => {
      const row = rows.find((r) => r.plan === plan && r.interval === interval);
      return row ? { priceId: row.id, amount: row.amount, currency: row.currency } : null;
    };
    const monthly = price('monthly');
    const yearly = price('yearly');
    if (!monthly && !yearly) continue;
    offers.push({
      plan,
      perLicense: isPerLicense(plan),
      monthly,
      yearly,
      yearlySaving: monthly && yearly ? yearlySaving(monthly.amount, yearly.amount) : { amount: 0, percent: 0 },
    });
  }
  const billing = billingOf(ctx.config.BILLING_PROVIDER);
  return {
    app,
    defaultPriceType: DEFAULT_PRICE_TYPE,
    plans: offers,
    billing,
    appleProducts: billing ? appleProductsOf(ctx.config.APPLE_PRODUCT_IDS, offers) : [],
  };
}

/**
 * The App Store products that buy one of the offered plans (decision 0022's APPLE_PRODUCT_IDS), in the configured
 * order: the iOS app buys the plan and interval a person chose with the product id named here (decision 0034).
 */
function appleProductsOf(
  configured: AppContext['config']['APPLE_PRODUCT_IDS'],
  offers: readonly PlanOffer[],
): AppleProductOffer[] {
  return Object.entries(configured ?? {}).flatMap(([productId, { plan, interval }]) =>
    offers.some((offer) => offer.plan === plan) ? [{ productId, plan, priceType: interval }] : [],
  );
}

/** What the pricing page needs to know of billing before anyone signs in: on or off, test or Stripe. */
function billingOf(provider: AppContext['config']['BILLING_PROVIDER']) {
  if (provider === 'off') return null;
  const testMode = provider === 'test';
  return { provider, testMode, label: testMode ? TEST_BILLING_LABEL : null };
}

export function couponOf(row: q.CouponRow): Coupon {
  return {
    name: row.name,
    discountType: row.discountType,
    value: row.value,
    duration: row.duration,
    durationMonths: row.durationMonths,
    maxRedemptions: row.maxRedemptions,
    redemptions: row.redemptions,
    expiresAt: row.expiresAt,
    isFreeAfterPromo: row.isFreeAfterPromo,
    plans: row.plans.filter(isPlan),
  };
}

function couponView(row: q.CouponRow): CouponView {
  return {
    id: row.id,
    name: row.name,
    discountType: row.discountType,
    value: row.value,
    duration: row.duration,
    durationMonths: row.durationMonths,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isFreeAfterPromo: row.isFreeAfterPromo,
    plans: row.plans.filter(isPlan),
    source: row.source,
  };
}

/**
 * Why a coupon cannot be used, in words the pricing page shows as they are: a date as the product writes one
 * ('Oct 29, 2026'), the expiry's day in UTC, as it is stored.
 */
function problemMessage(row: q.CouponRow, problem: CouponProblem, plan: Plan): string {
  if (problem === 'expired')
    return `Coupon ${row.name} expired on ${formatDate(row.expiresAt?.toISOString().slice(0, 10))}.`;
  if (problem === 'usedUp') return `Coupon ${row.name} has been used the most times it can be.`;
  const plans = row.plans.filter(isPlan).map((p) => PLAN_NAMES[p]);
  return `Coupon ${row.name} is not for the ${PLAN_NAMES[plan]} plan (it is for ${plans.join(', ')}).`;
}

/** A usable coupon or the 400 naming why not; a coupon for no paid plan is refused for free as well. */
export function checkCoupon(row: q.CouponRow, plan: Plan | undefined, field: string, now: Date) {
  const problem = couponProblem(couponOf(row), plan ?? UPGRADE_TO_PLAN, now);
  // Without a plan only expiry and redemptions are checked.
  if (problem && (problem !== 'wrongPlan' || plan !== undefined))
    throw badField(field, problemMessage(row, problem, plan ?? UPGRADE_TO_PLAN));
  if (plan === FREE_PLAN) throw badField(field, `Coupon ${row.name} is not for the Free plan.`);
}

/** A subscriber uses a coupon once: the 400 when this one already subscribed with it. */
export async function checkFirstUse(ctx: AppContext, row: q.CouponRow, userId: string, field: string) {
  if (await q.couponUsedBy(ctx.db, { couponId: row.id, userId }))
    throw badField(field, `You have already used coupon ${row.name}.`);
}

/**
 * A coupon by name if it can be used now (for `plan` when given), and, signed in, by the caller (a coupon is used
 * once per subscriber). `subscriberId`/`subscriberType` are accepted for SPEC §7's shape: the caller is the
 * subscriber asked about, so nobody learns another account's coupons. Nothing is redeemed by a lookup.
 */
export async function coupon(
  ctx: AppContext,
  name: string,
  plan: Plan | undefined,
  caller: Caller | undefined,
  now = new Date(),
) {
  const row = await q.couponNamed(ctx.db, { name });
  if (!row) throw notFound(`Coupon ${name} does not exist.`);
  checkCoupon(row, plan, 'path.couponName', now);
  if (caller) await checkFirstUse(ctx, row, caller.sub, 'path.couponName');
  return couponView(row);
}

/** A coupon by id, as stored (the caller reads its expiry and plans). */
export async function couponById(ctx: AppContext, id: number) {
  const row = await q.couponById(ctx.db, { id });
  if (!row) throw notFound(`Coupon ${id} does not exist.`);
  return couponView(row);
}

interface PricesQuery {
  plan: Plan;
  couponId?: number | undefined;
  licenseCount: number;
  upgradePro: boolean;
  app: string;
}

/**
 * The plus period an upgrade to pro credits: the caller's own, when they pay for plus with a next charge date
 * (the end of the period paid for); the amount paid is their stored price. Signed out, or not on plus: none.
 */
async function upgradePeriod(ctx: AppContext, caller: Caller | undefined): Promise<CurrentPeriod | null> {
  if (!caller) return null;
  const sub = await q.subscriptionOf(ctx.db, { userId: caller.sub });
  if (!sub || !isPlan(sub.plan) || sub.plan !== UPGRADE_FROM_PLAN || !sub.nextChargeDate) return null;
  if (!isPayingPlus({ plan: sub.plan, subscriptionType: sub.subscriptionType, status: sub.status })) return null;
  return { paidCents: Math.round(sub.price * 100), interval: sub.priceType, periodEnd: sub.nextChargeDate };
}

/** The prices call: both intervals quoted by the domain's pure rule. */
export async function prices(ctx: AppContext, caller: Caller | undefined, query: PricesQuery, now = new Date()) {
  const { plan, licenseCount } = query;
  if (plan === FREE_PLAN) throw badField('query.plan', 'the Free plan has no price');
  if (licenseCount > 1 && !isPerLicense(plan))
    throw badField('query.licenseCount', 'only the Team plan is sold per licence');
  if (query.upgradePro && plan !== UPGRADE_TO_PLAN)
    throw badField('query.upgradePro', `an upgrade is from Plus to Pro: ask with plan=${UPGRADE_TO_PLAN}`);
  const rows = (await q.activePrices(ctx.db, { app: query.app })).filter((row) => row.plan === plan);
  if (rows.length === 0) throw notFound(`The ${PLAN_NAMES[plan]} plan has no price for ${query.app}.`);

  let couponRow: q.CouponRow | undefined;
  if (query.couponId !== undefined) {
    couponRow = await q.couponById(ctx.db, { id: query.couponId });
    if (!couponRow) throw notFound(`Coupon ${query.couponId} does not exist.`);
    checkCoupon(couponRow, plan, 'query.couponId', now);
  }
  const period = query.upgradePro ? await upgradePeriod(ctx, caller) : null;
  const quote = (interval: BillingInterval): PriceQuoteView | null => {
    const row = rows.find((r) => r.interval === interval);
    if (!row) return null;
    return quotePrice({
      interval,
      price: { amount: row.amount, currency: row.currency },
      licenseCount,
      coupon: couponRow ? couponOf(couponRow) : null,
      upgradeFrom: period,
      now,
    });
  };
  const [monthly, yearly] = BILLING_INTERVALS.map(quote);
  const credit = period ? prorationCredit(period, now) : null;
  return {
    plan,
    coupon: couponRow ? couponView(couponRow) : null,
    monthly: monthly ?? null,
    yearly: yearly ?? null,
    proration:
      period && credit
        ? {
            fromPlan: UPGRADE_FROM_PLAN,
            interval: period.interval,
            paid: period.paidCents,
            daysLeft: credit.daysLeft,
            periodDays: PERIOD_DAYS[period.interval],
            credit: credit.credit,
          }
        : null,
  };
}
