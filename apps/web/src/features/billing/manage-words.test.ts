import { describe, expect, it } from 'vitest';
import { canceledBannerOf, type Subscription } from './canceled-banner-model.ts';
import { billingDate, cardExpiry, cardName, chargeDescription, periodLine, pricePerInterval } from './manage-words.ts';

const END = '2026-06-05T12:00:00.000Z';
const NOW = new Date('2026-05-01T00:00:00.000Z');

const subscription = (over: Partial<Subscription> = {}): Subscription => ({
  id: 1,
  provider: 'test',
  plan: 'earningshub_pro',
  priceType: 'yearly',
  amount: 19_900,
  currency: 'usd',
  status: 'active',
  currentPeriodEnd: END,
  cancelAtPeriodEnd: false,
  couponId: null,
  affiliateId: null,
  createdAt: '2026-04-01T00:00:00.000Z',
  ...over,
});

describe(periodLine.name, () => {
  it('names the next charge of a running subscription', () => {
    expect(periodLine(subscription(), NOW)).toBe(`Next charge on ${billingDate(END)}`);
  });

  it('says when a subscription set to cancel ends, whatever its status', () => {
    expect(periodLine(subscription({ cancelAtPeriodEnd: true }), NOW)).toBe(`Ends on ${billingDate(END)}`);
    expect(periodLine(subscription({ cancelAtPeriodEnd: true, status: 'pending' }), NOW)).toBe(
      `Ends on ${billingDate(END)}`,
    );
  });

  it('says a payment is due for a delinquent subscription, not a next charge', () => {
    expect(periodLine(subscription({ status: 'delinquent' }), NOW)).toBe('A payment is due now');
  });

  it('dates the end of a canceled subscription only once that day has passed', () => {
    expect(periodLine(subscription({ status: 'canceled' }), new Date('2026-07-01T00:00:00.000Z'))).toBe(
      `Ended on ${billingDate(END)}`,
    );
    expect(periodLine(subscription({ status: 'canceled' }), NOW)).toBe('Ended');
  });

  it('says nothing of a date the provider has not given', () => {
    expect(periodLine(subscription({ currentPeriodEnd: null }), NOW)).toBeNull();
    expect(periodLine(subscription({ status: 'pending' }), NOW)).toBeNull();
  });
});

describe(chargeDescription.name, () => {
  it('reads the server’s plan charges in words and leaves a provider’s own description as written', () => {
    expect(chargeDescription('earningshub_pro (yearly)')).toBe('Pro plan, yearly');
    expect(chargeDescription('earningshub_plus (monthly)')).toBe('Plus plan, monthly');
    expect(chargeDescription('Payment of the open invoice')).toBe('Payment of the open invoice');
    expect(chargeDescription('gold (yearly)')).toBe('gold (yearly)');
  });
});

describe('cards and prices', () => {
  it('names a card by brand and last four, and its expiry', () => {
    expect(cardName({ brand: 'visa', last4: '4242' })).toBe('Visa ending in 4242');
    expect(cardName({ brand: 'somebrand', last4: '0005' })).toBe('somebrand ending in 0005');
    expect(cardExpiry({ expMonth: 3, expYear: 2029 })).toBe('expires 03/2029');
  });

  it('prices per interval', () => {
    expect(pricePerInterval(19_900, 'usd', 'yearly')).toBe('$199 a year');
    expect(pricePerInterval(999, 'usd', 'monthly')).toBe('$9.99 a month');
  });
});

describe(canceledBannerOf.name, () => {
  it('shows while a subscription set to cancel runs, and once it is canceled', () => {
    expect(canceledBannerOf(subscription({ cancelAtPeriodEnd: true })).kind).toBe('ending');
    expect(canceledBannerOf(subscription({ status: 'canceled' })).kind).toBe('ended');
  });

  it('resets a closed banner once the subscription runs again without a cancel, and not before', () => {
    expect(canceledBannerOf(subscription())).toEqual({ kind: 'none', resetClosed: true });
    expect(canceledBannerOf(subscription({ status: 'delinquent' })).resetClosed).toBe(true);
    expect(canceledBannerOf(null)).toEqual({ kind: 'none', resetClosed: false });
    expect(canceledBannerOf(undefined)).toEqual({ kind: 'none', resetClosed: false });
  });
});
