import { PRO_PLAN, TEAM_PLAN } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_IDS, cardsReady, PERSON, type Subscriber, subscribeCall } from './subscriber.ts';

const team: Subscriber = { kind: 'team', orgId: 'org-7', licenseCount: 5 };

describe('subscribeCall', () => {
  it('sends a person’s plan, interval, coupon, card and affiliate to their own subscription, in that order', () => {
    const call = subscribeCall(PERSON, { plan: PRO_PLAN, priceType: 'yearly', coupon: 'SPRING' }, 'pm_1', 'aff-2');
    expect(call).toEqual({
      endpoint: 'subscribe',
      arg: {
        plan: PRO_PLAN,
        priceType: 'yearly',
        coupon: 'SPRING',
        stripePaymentMethodId: 'pm_1',
        affiliateId: 'aff-2',
      },
    });
    expect(Object.keys(call.arg)).toEqual(['plan', 'priceType', 'coupon', 'stripePaymentMethodId', 'affiliateId']);
  });

  it('leaves out what a person’s checkout does not have', () => {
    expect(subscribeCall(PERSON, { plan: PRO_PLAN, priceType: 'monthly', coupon: null }, undefined, null)).toEqual({
      endpoint: 'subscribe',
      arg: { plan: PRO_PLAN, priceType: 'monthly' },
    });
  });

  it('sends a team’s licence count to the organization’s subscription, never a coupon', () => {
    const call = subscribeCall(team, { plan: TEAM_PLAN, priceType: 'monthly', coupon: 'SPRING' }, 'pm_9', undefined);
    expect(call).toEqual({
      endpoint: 'subscribeTeam',
      arg: { orgId: 'org-7', plan: TEAM_PLAN, priceType: 'monthly', licenseCount: 5, stripePaymentMethodId: 'pm_9' },
    });
    expect(Object.keys(call.arg)).toEqual(['orgId', 'plan', 'priceType', 'licenseCount', 'stripePaymentMethodId']);
  });
});

describe('cardsReady', () => {
  it('asks a person to be signed in and a team only for billing', () => {
    expect(cardsReady(PERSON, true, true)).toBe(true);
    expect(cardsReady(PERSON, true, undefined)).toBe(false);
    expect(cardsReady(PERSON, false, true)).toBe(false);
    expect(cardsReady(team, true, undefined)).toBe(true);
    expect(cardsReady(team, false, true)).toBe(false);
  });
});

describe('CHECKOUT_IDS', () => {
  it('keeps the person’s and the team’s own test ids', () => {
    expect(CHECKOUT_IDS.person.pay).toBe('subscribe-pay');
    expect(CHECKOUT_IDS.team.problem).toBe('team-checkout-error');
  });
});
