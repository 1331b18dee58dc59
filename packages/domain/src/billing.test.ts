import { describe, expect, it } from 'vitest';
import {
  type Coupon,
  couponProblem,
  discountCents,
  formatCents,
  nextChargeCents,
  prorationCredit,
  quotePrice,
  yearlySaving,
} from './billing.ts';

const NOW = new Date('2026-03-01T12:00:00Z');
const DAY = 86_400_000;

function coupon(over: Partial<Coupon> = {}): Coupon {
  return {
    name: 'TEST',
    discountType: 'percent',
    value: 20,
    duration: 'once',
    durationMonths: null,
    maxRedemptions: null,
    redemptions: 0,
    expiresAt: null,
    isFreeAfterPromo: false,
    plans: [],
    ...over,
  };
}

const usd = (amount: number) => ({ amount, currency: 'usd' });

describe(yearlySaving.name, () => {
  it('is twelve months minus the year, with a whole percent rounded down', () => {
    expect(yearlySaving(999, 9588)).toEqual({ amount: 2400, percent: 20 });
    expect(yearlySaving(2499, 23988)).toEqual({ amount: 6000, percent: 20 });
    expect(yearlySaving(1000, 10000)).toEqual({ amount: 2000, percent: 16 }); // 16.67 → 16
    expect(yearlySaving(0, 0)).toEqual({ amount: 0, percent: 0 });
    expect(yearlySaving(100, 1500)).toEqual({ amount: 0, percent: 0 }); // a dearer year saves nothing
  });
});

describe(couponProblem.name, () => {
  it('names expired, used up and wrong plan, in that order', () => {
    expect(couponProblem(coupon(), 'earningshub_pro', NOW)).toBeNull();
    expect(couponProblem(coupon({ expiresAt: new Date(NOW.getTime() - 1) }), 'earningshub_pro', NOW)).toBe('expired');
    expect(couponProblem(coupon({ expiresAt: NOW }), 'earningshub_pro', NOW)).toBe('expired');
    expect(couponProblem(coupon({ expiresAt: new Date(NOW.getTime() + 1) }), 'earningshub_pro', NOW)).toBeNull();
    expect(couponProblem(coupon({ maxRedemptions: 5, redemptions: 5 }), 'earningshub_pro', NOW)).toBe('usedUp');
    expect(couponProblem(coupon({ maxRedemptions: 5, redemptions: 4 }), 'earningshub_pro', NOW)).toBeNull();
    expect(couponProblem(coupon({ plans: ['earningshub_pro'] }), 'earningshub_plus', NOW)).toBe('wrongPlan');
    expect(couponProblem(coupon({ plans: ['earningshub_pro'], expiresAt: new Date(0) }), 'earningshub_plus', NOW)).toBe(
      'expired',
    );
  });
});

describe(discountCents.name, () => {
  it('rounds a percent half up to the cent and never takes more than the amount', () => {
    expect(discountCents(2499, coupon({ value: 20 }))).toBe(500); // 499.8
    expect(discountCents(999, coupon({ value: 15 }))).toBe(150); // 149.85
    expect(discountCents(1010, coupon({ value: 5 }))).toBe(51); // 50.5 → 51
    expect(discountCents(1000, coupon({ value: 100 }))).toBe(1000);
    expect(discountCents(1000, coupon({ discountType: 'amount', value: 300 }))).toBe(300);
    expect(discountCents(1000, coupon({ discountType: 'amount', value: 5000 }))).toBe(1000);
    expect(discountCents(1000, coupon({ discountType: 'amount', value: 1, isFreeAfterPromo: true }))).toBe(1000);
  });
});

describe(prorationCredit.name, () => {
  it('credits the paid amount times whole days left over the period, rounded down', () => {
    // Monthly plus at $9.99, 10 days left of 30: 999 × 10 / 30 = 333.
    const monthly = { paidCents: 999, interval: 'monthly' as const, periodEnd: new Date(NOW.getTime() + 10 * DAY) };
    expect(prorationCredit(monthly, NOW)).toEqual({ daysLeft: 10, credit: 333 });
    // 9.1 days left counts as 10.
    expect(prorationCredit({ ...monthly, periodEnd: new Date(NOW.getTime() + 9.1 * DAY) }, NOW).daysLeft).toBe(10);
    // Yearly $95.88, 100 days left of 365: 9588 × 100 / 365 = 2626.8 → 2626.
    const yearly = { paidCents: 9588, interval: 'yearly' as const, periodEnd: new Date(NOW.getTime() + 100 * DAY) };
    expect(prorationCredit(yearly, NOW)).toEqual({ daysLeft: 100, credit: 2626 });
    // Over: nothing; further than a period: capped at the whole amount.
    expect(prorationCredit({ ...monthly, periodEnd: new Date(NOW.getTime() - DAY) }, NOW)).toEqual({
      daysLeft: 0,
      credit: 0,
    });
    expect(prorationCredit({ ...monthly, periodEnd: new Date(NOW.getTime() + 90 * DAY) }, NOW).credit).toBe(999);
  });
});

describe(quotePrice.name, () => {
  const base = { interval: 'monthly' as const, licenseCount: 1, coupon: null, upgradeFrom: null, now: NOW };

  it('without a coupon charges the price now and after', () => {
    const quote = quotePrice({ ...base, price: usd(2499) });
    expect(quote).toMatchObject({ subtotal: 2499, discount: 0, dueNow: 2499, afterPromo: 2499, promoCharges: null });
    expect(quote.isFreeAfterPromo).toBe(false);
  });

  it('a once percent coupon lowers the first charge only; forever lowers every charge', () => {
    const once = quotePrice({ ...base, price: usd(2499), coupon: coupon({ value: 20 }) });
    expect(once).toMatchObject({ discount: 500, dueNow: 1999, afterPromo: 2499, promoCharges: 1 });
    const forever = quotePrice({ ...base, price: usd(2499), coupon: coupon({ value: 20, duration: 'forever' }) });
    expect(forever).toMatchObject({ dueNow: 1999, afterPromo: 1999, promoCharges: null });
  });

  it('an amount coupon takes its cents off the whole subtotal, never below zero', () => {
    const quote = quotePrice({
      ...base,
      price: usd(23988),
      interval: 'yearly',
      coupon: coupon({ discountType: 'amount', value: 5000 }),
    });
    expect(quote).toMatchObject({ discount: 5000, dueNow: 18988, afterPromo: 23988 });
    const big = quotePrice({ ...base, price: usd(999), coupon: coupon({ discountType: 'amount', value: 5000 }) });
    expect(big).toMatchObject({ discount: 999, dueNow: 0, isFreeAfterPromo: true });
  });

  it('repeating coupons count months of charges, or years rounded up', () => {
    const c = coupon({ duration: 'repeating', durationMonths: 3 });
    expect(quotePrice({ ...base, price: usd(999), coupon: c }).promoCharges).toBe(3);
    expect(quotePrice({ ...base, interval: 'yearly', price: usd(9588), coupon: c }).promoCharges).toBe(1);
    const long = coupon({ duration: 'repeating', durationMonths: 13 });
    expect(quotePrice({ ...base, interval: 'yearly', price: usd(9588), coupon: long }).promoCharges).toBe(2);
  });

  it('team multiplies the per-licence price; a percent applies to the whole, an amount once', () => {
    const team = quotePrice({ ...base, price: usd(2999), licenseCount: 7 });
    expect(team).toMatchObject({ unitAmount: 2999, licenseCount: 7, subtotal: 20993, dueNow: 20993 });
    const percent = quotePrice({ ...base, price: usd(2999), licenseCount: 7, coupon: coupon({ value: 10 }) });
    expect(percent).toMatchObject({ discount: 2099, dueNow: 18894 }); // 2099.3
    const amount = quotePrice({
      ...base,
      price: usd(2999),
      licenseCount: 7,
      coupon: coupon({ discountType: 'amount', value: 1000 }),
    });
    expect(amount).toMatchObject({ discount: 1000, dueNow: 19993 });
  });

  it('isFreeAfterPromo: a free-trial coupon makes the first charge nothing, the regular price after', () => {
    const quote = quotePrice({ ...base, price: usd(2499), coupon: coupon({ value: 1, isFreeAfterPromo: true }) });
    expect(quote).toMatchObject({ discount: 2499, dueNow: 0, afterPromo: 2499, isFreeAfterPromo: true });
  });

  it('an upgrade plus → pro credits the unused plus days on the first charge', () => {
    const upgradeFrom = { paidCents: 999, interval: 'monthly' as const, periodEnd: new Date(NOW.getTime() + 15 * DAY) };
    const quote = quotePrice({ ...base, price: usd(2499), upgradeFrom });
    // 999 × 15 / 30 = 499.5 → 499.
    expect(quote).toMatchObject({ prorationCredit: 499, dueNow: 2000, afterPromo: 2499 });
    // Coupon first, then the credit; the credit shown never exceeds what is left.
    const both = quotePrice({ ...base, price: usd(2499), upgradeFrom, coupon: coupon({ value: 90 }) });
    expect(both).toMatchObject({ discount: 2249, prorationCredit: 250, dueNow: 0 });
  });

  it('every amount is an integer number of cents', () => {
    for (const value of [1, 7, 13, 33, 99]) {
      for (const licenseCount of [1, 3, 11]) {
        const quote = quotePrice({ ...base, price: usd(1999), licenseCount, coupon: coupon({ value }) });
        for (const amount of [quote.subtotal, quote.discount, quote.dueNow, quote.afterPromo])
          expect(Number.isInteger(amount)).toBe(true);
      }
    }
  });
});

describe(formatCents.name, () => {
  it('shows whole dollars without cents and others with two digits', () => {
    expect(formatCents(2499)).toBe('$24.99');
    expect(formatCents(9600)).toBe('$96');
    expect(formatCents(5)).toBe('$0.05');
  });
});

describe(nextChargeCents.name, () => {
  const yearly = { listAmount: 23988, interval: 'yearly' as const };
  it('after a first year at a 12-month coupon, the full price (the checkout said so)', () => {
    const cnbc = coupon({ value: 20, duration: 'repeating', durationMonths: 12 });
    expect(nextChargeCents({ ...yearly, coupon: cnbc, chargesMade: 1 })).toBe(23988);
    // Before the first charge (a pending subscription): the discounted one.
    expect(nextChargeCents({ ...yearly, coupon: cnbc, chargesMade: 0 })).toBe(19190);
  });
  it('a monthly repeating coupon lowers each charge it covers, then stops; forever never stops', () => {
    const three = coupon({ value: 10, duration: 'repeating', durationMonths: 3 });
    const monthly = { listAmount: 2499, interval: 'monthly' as const, coupon: three };
    expect([1, 2, 3].map((chargesMade) => nextChargeCents({ ...monthly, chargesMade }))).toEqual([2249, 2249, 2499]);
    const forever = coupon({ value: 10, duration: 'forever' });
    expect(nextChargeCents({ ...monthly, coupon: forever, chargesMade: 40 })).toBe(2249);
  });
  it('without a coupon, or after a once coupon, the list amount (a proration credit was the first charge’s)', () => {
    expect(nextChargeCents({ ...yearly, coupon: null, chargesMade: 1 })).toBe(23988);
    expect(nextChargeCents({ ...yearly, coupon: coupon({ value: 50 }), chargesMade: 1 })).toBe(23988);
  });
});
