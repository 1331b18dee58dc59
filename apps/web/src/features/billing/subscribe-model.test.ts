import { FREE_ACCOUNT_FEATURES, UPGRADE_NEXT_CHARGE_DAYS } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import type { Me } from '../../shared/users-api.ts';
import type { Quote } from '../pricing/index.ts';
import {
  isBillingOff,
  isPayingNow,
  isProUpgrade,
  offeredPlans,
  offerPlan,
  payLabel,
  renewalLine,
  requestedPlan,
  requestedPriceType,
  withUpgrade,
} from './subscribe-model.ts';

const free: Me = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'new@example.com',
  name: null,
  avatarUrl: null,
  displayPlan: 'free',
  accountSubscription: {
    subscriptionType: 'free',
    status: 'active',
    plan: 'free',
    price: 0,
    priceType: 'yearly',
    nextChargeDate: null,
  },
  accountFeatures: { ...FREE_ACCOUNT_FEATURES },
  team: null,
  superAdmin: false,
  externalProviderData: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

const plus: Me = {
  ...free,
  displayPlan: 'earningshub_plus',
  accountSubscription: {
    subscriptionType: 'paid',
    status: 'active',
    plan: 'earningshub_plus',
    price: 95.88,
    priceType: 'yearly',
    nextChargeDate: '2027-01-01T00:00:00.000Z',
  },
};

function quote(over: Partial<Quote>): Quote {
  return {
    interval: 'yearly',
    currency: 'usd',
    unitAmount: 23988,
    licenseCount: 1,
    subtotal: 23988,
    discount: 0,
    prorationCredit: 0,
    dueNow: 23988,
    afterPromo: 23988,
    isFreeAfterPromo: false,
    promoCharges: null,
    ...over,
  };
}

describe('what a request names', () => {
  it('reads the plan by id or label, Pro otherwise; the interval, yearly otherwise', () => {
    expect(requestedPlan('earningshub_plus', PLAN_LABELS)).toBe('earningshub_plus');
    expect(requestedPlan('Plus', PLAN_LABELS)).toBe('earningshub_plus');
    expect(requestedPlan('savvy_trader_pro', PLAN_LABELS)).toBe('savvy_trader_pro');
    expect(requestedPlan('free', PLAN_LABELS)).toBe('earningshub_pro');
    expect(requestedPlan('earningshub_team', PLAN_LABELS)).toBe('earningshub_pro');
    expect(requestedPlan(null, PLAN_LABELS)).toBe('earningshub_pro');
    expect(requestedPriceType('monthly')).toBe('monthly');
    expect(requestedPriceType('weekly')).toBe('yearly');
    expect(offeredPlans('earningshub_plus')).toEqual(['earningshub_plus', 'earningshub_pro']);
    expect(offeredPlans('savvy_trader_pro')).toEqual(['savvy_trader_pro', 'earningshub_plus', 'earningshub_pro']);
  });
});

describe(offerPlan.name, () => {
  it('leads to Pro when the coupon is for it, else to the plan it fits', () => {
    expect(offerPlan({ plans: ['earningshub_pro', 'savvy_trader_pro'] })).toBe('earningshub_pro');
    expect(offerPlan({ plans: [] })).toBe('earningshub_pro');
    expect(offerPlan({ plans: ['earningshub_plus'] })).toBe('earningshub_plus');
    expect(offerPlan({ plans: ['savvy_trader_pro'] })).toBe('savvy_trader_pro');
  });
});

describe(isProUpgrade.name, () => {
  it('is a paying Plus member moving to Pro, nothing else', () => {
    expect(isProUpgrade(plus, 'earningshub_pro')).toBe(true);
    expect(isProUpgrade(plus, 'earningshub_plus')).toBe(false);
    expect(isProUpgrade(free, 'earningshub_pro')).toBe(false);
    const behind = { ...plus, accountSubscription: { ...plus.accountSubscription, status: 'delinquent' as const } };
    expect(isProUpgrade(behind, 'earningshub_pro')).toBe(false);
    expect(isProUpgrade(null, 'earningshub_pro')).toBe(false);
    expect(isPayingNow(plus)).toBe(true);
    expect(isPayingNow(behind)).toBe(false);
    expect(isPayingNow(free)).toBe(false);
  });
});

describe('the words of the price', () => {
  it('says what is paid today and how it renews', () => {
    expect(payLabel(quote({}), 'Pro')).toBe('Pay $239.88');
    expect(payLabel(quote({ dueNow: 0 }), 'Pro')).toBe('Start Pro');
    expect(payLabel(null, 'Pro')).toBe('Start Pro');
    expect(renewalLine(quote({}))).toBe('Renews every year at $239.88 until you cancel.');
    expect(renewalLine(quote({ interval: 'monthly', subtotal: 2499, afterPromo: 2499, dueNow: 1999 }))).toBe(
      'Renews every month at $24.99 until you cancel.',
    );
    expect(
      renewalLine(
        quote({ interval: 'monthly', subtotal: 2499, discount: 500, dueNow: 1999, afterPromo: 2499, promoCharges: 12 }),
      ),
    ).toBe("Renews at $19.99 / month until the offer's 12 months are used, then $24.99 / month, until you cancel.");
  });
});

describe(withUpgrade.name, () => {
  it('applies SPEC §4 at once: paid, active, plan, price, price type, next charge 30 days ahead, the features', () => {
    const now = new Date('2026-11-26T12:00:00.000Z');
    const after = withUpgrade(free, 'earningshub_pro', 19190, 'yearly', now);
    expect(after.displayPlan).toBe('earningshub_pro');
    expect(after.accountSubscription).toEqual({
      subscriptionType: 'paid',
      status: 'active',
      plan: 'earningshub_pro',
      price: 191.9,
      priceType: 'yearly',
      nextChargeDate: new Date(now.getTime() + UPGRADE_NEXT_CHARGE_DAYS * 86_400_000).toISOString(),
    });
    expect(after.accountFeatures.ehs).toBe(true);
    expect(after.accountFeatures.listLimit).toBe(-1);
    expect(after.email).toBe(free.email);
    // A display override stays.
    const overridden = withUpgrade(
      { ...free, displayPlan: 'earningshub_team' },
      'earningshub_plus',
      999,
      'monthly',
      now,
    );
    expect(overridden.displayPlan).toBe('earningshub_team');
    expect(overridden.accountFeatures.ehs).toBe(false);
    expect(overridden.accountFeatures.alerts).toBe(true);
  });
});

describe(isBillingOff.name, () => {
  it('is the 503 of a deployment without billing', () => {
    expect(isBillingOff({ status: 503, data: { message: 'Plans can’t be bought online yet.' } })).toBe(true);
    expect(isBillingOff({ status: 402, data: { message: 'Your card was declined.' } })).toBe(false);
    expect(isBillingOff(undefined)).toBe(false);
  });
});
