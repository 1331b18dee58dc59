import { describe, expect, it } from 'vitest';
import { billingDate, cardExpiry, cardName, chargeDescription, periodLine, pricePerInterval } from './manage-words.ts';
import { FIXTURE_PERIOD_END as END, subscriptionFixture as subscription } from './subscription.fixture.ts';

const NOW = new Date('2026-05-01T00:00:00.000Z');

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
