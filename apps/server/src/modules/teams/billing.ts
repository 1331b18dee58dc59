/**
 * A team's billing: the organization is the subscriber of the one subscription engine (billing's), with its own
 * customer, cards, subscription and charges, and the same webhook route and state machine (applyEvent). What is
 * the team's alone stays here: only the owner bills (docs/teams.md), the team plan is priced per licence
 * (licences × that price, quotePrice), and the licences must cover the seats taken.
 */
import { type BillingInterval, DEFAULT_PRICE_TYPE, PLAN_NAMES, seatsUsed, TEAM_PLAN } from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import type { Caller } from '../../kernel/http/auth.ts';
import { badField } from '../../kernel/http/errors.ts';
import type { BillingProvider, SubscribeRequest, SubscriberAccount } from '../billing/index.ts';
import * as engine from '../billing/index.ts';
import * as q from './queries.ts';
import { access, conflict, requireCan, seatsView } from './service.ts';

export interface TeamSubscribeBody extends SubscribeRequest {
  licenseCount?: number | undefined;
}

async function billingAccess(ctx: AppContext, caller: Caller, orgId: string) {
  const found = await access(ctx, orgId, caller);
  requireCan(found.role, 'billing');
  return found;
}

/** The subscription, the seats and (for the owner) the charges. */
async function view(ctx: AppContext, provider: BillingProvider, org: q.OrganizationRow, withCharges: boolean) {
  const subscriber = { organizationId: org.id };
  const [fresh, base, counts, charges] = await Promise.all([
    q.organizationById(ctx.db, org.id),
    engine.subscriptionOf(ctx, provider, subscriber),
    q.seatCounts(ctx.db, org.id),
    withCharges ? engine.chargesOf(ctx.db, subscriber) : Promise.resolve(null),
  ]);
  return {
    ...base,
    seats: seatsView((fresh ?? org).licenseCount, counts),
    charges: charges ? charges.map(engine.chargeView) : null,
  };
}

function tooFewForSeats(used: number, licenseCount: number) {
  return conflict(
    `The team has ${used} ${used === 1 ? 'seat' : 'seats'} taken (members and pending invites): ${licenseCount} ${
      licenseCount === 1 ? 'licence is' : 'licences are'
    } not enough. Remove people or take back invites first.`,
    { seatsUsed: used, licenseCount },
  );
}

/** Under the organization's lock: the seats taken must still fit `licenseCount` (then the caller may change it). */
async function checkSeatsLocked(tx: AppContext['db'], orgId: string, licenseCount: number) {
  const locked = await q.lockOrganization(tx, orgId);
  if (!locked) throw conflict('The team is gone.');
  const used = seatsUsed({ licenseCount: locked.licenseCount, ...(await q.seatCounts(tx, orgId)) });
  if (licenseCount < used) throw tooFewForSeats(used, licenseCount);
}

/**
 * The organization as the engine's subscriber. A subscription is to the team plan for `licenseCount` licences (by
 * default its licence count, at least the seats used), the provider's quantity; in its transaction the organization
 * is locked, the seats checked again and the licence count recorded.
 */
function teamAccount(
  ctx: AppContext,
  org: q.OrganizationRow,
): SubscriberAccount<TeamSubscribeBody, Awaited<ReturnType<typeof view>>> {
  return {
    subscriber: { organizationId: org.id },
    contact: async () => ({ id: org.id, email: org.billingEmail }),
    async order(body) {
      if (body.plan !== TEAM_PLAN) throw badField('body.plan', `an organization subscribes to ${TEAM_PLAN}`);
      const used = seatsUsed({ licenseCount: org.licenseCount, ...(await q.seatCounts(ctx.db, org.id)) });
      const licenseCount = body.licenseCount ?? Math.max(org.licenseCount, used);
      if (licenseCount < used) throw tooFewForSeats(used, licenseCount);
      const { priceType } = body;
      const licences = `${licenseCount} ${licenseCount === 1 ? 'licence' : 'licences'}`;
      return {
        plan: TEAM_PLAN,
        licenseCount,
        quantity: licenseCount,
        upgradeFrom: null,
        description: `${PLAN_NAMES[TEAM_PLAN]} (${priceType}, ${licences})`,
        isCurrent: (current) => current.interval === priceType,
        alreadySubscribed: `The team already subscribes (${priceType}): change its licences with POST /core/organizations/${org.id}/subscription/licenses.`,
        notSold: `the ${PLAN_NAMES[TEAM_PLAN]} plan is not sold ${priceType}`,
        periodEnd: (created) => created.currentPeriodEnd,
        recheck: (tx) => checkSeatsLocked(tx, org.id, licenseCount),
        record: (tx) => q.updateOrganization(tx, org.id, { licenseCount, subscriptionPlanId: TEAM_PLAN }),
      };
    },
    view: (provider) => view(ctx, provider, org, true),
    words: {
      cardNeeded: 'a card is needed: add one to the team or send its payment method id',
      nothingToCancel: 'The team has no subscription to cancel.',
      couponUsed: (name) => `The team has already used coupon ${name}.`,
    },
  };
}

/** The team's account for a caller who may bill it (the owner). */
async function billedBy(ctx: AppContext, caller: Caller, orgId: string) {
  const { org } = await billingAccess(ctx, caller, orgId);
  return teamAccount(ctx, org);
}

export async function setup(ctx: AppContext, provider: BillingProvider, caller: Caller, orgId: string) {
  return engine.setup(ctx, provider, await billedBy(ctx, caller, orgId));
}

export async function methods(ctx: AppContext, provider: BillingProvider, caller: Caller, orgId: string) {
  return engine.methods(ctx, provider, await billedBy(ctx, caller, orgId));
}

export async function addMethod(
  ctx: AppContext,
  provider: BillingProvider,
  caller: Caller,
  orgId: string,
  input: string,
) {
  return engine.addMethod(ctx, provider, await billedBy(ctx, caller, orgId), input);
}

/** GET …/subscription: every member reads it; the charges are the owner's to see. */
export async function subscription(ctx: AppContext, provider: BillingProvider, caller: Caller, orgId: string) {
  const { org, role } = await access(ctx, orgId, caller);
  requireCan(role, 'read');
  return view(ctx, provider, org, role === 'owner');
}

/** POST …/subscription: the engine's subscribe (or cancel at the period end) with the team as subscriber. */
export async function subscribe(
  ctx: AppContext,
  provider: BillingProvider,
  caller: Caller,
  orgId: string,
  body: TeamSubscribeBody,
  now = new Date(),
) {
  return engine.subscribe(ctx, provider, await billedBy(ctx, caller, orgId), body, now);
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
  const current = await engine.liveAtProvider(
    ctx,
    provider,
    { organizationId: org.id },
    'The team has no subscription: subscribe with the licences it needs.',
  );
  const next = body.licenseCount;
  const before = org.licenseCount;
  if (next !== before) {
    if (next > before) {
      await engine.provided(() => provider.updateQuantity(current.providerSubscriptionId, next));
      await q.updateOrganization(ctx.db, org.id, { licenseCount: next });
    } else {
      await ctx.db.transaction(async (tx) => {
        await checkSeatsLocked(tx, org.id, next);
        await q.updateOrganization(tx, org.id, { licenseCount: next });
      });
      try {
        await engine.provided(() => provider.updateQuantity(current.providerSubscriptionId, next));
      } catch (error) {
        // More licences than the provider bills never break the seats rule: setting them back is safe.
        await q.updateOrganization(ctx.db, org.id, { licenseCount: before });
        throw error;
      }
    }
    // The amount each period for the new licences at the subscription's price (a forever coupon still off).
    const quote = await engine.quoteAt(ctx, {
      plan: TEAM_PLAN,
      interval: current.interval,
      licenseCount: next,
      couponId: current.couponId,
    });
    await engine.updateSubscription(
      ctx.db,
      current.id,
      quote ? { amount: quote.afterPromo, listAmount: quote.subtotal } : { amount: current.amount },
    );
  }
  return view(ctx, provider, org, true);
}

/** GET …/subscription/licenses/price?licenseCount: both intervals for that many licences, and one more licence. */
export async function licensePrice(ctx: AppContext, caller: Caller, orgId: string, licenseCount: number) {
  const { org, role } = await access(ctx, orgId, caller);
  requireCan(role, 'read');
  const current = await engine.latestSubscription(ctx.db, { organizationId: org.id });
  const interval = engine.live(current) ? current.interval : null;
  const quote = (at: BillingInterval) => engine.quoteAt(ctx, { plan: TEAM_PLAN, interval: at, licenseCount });
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
