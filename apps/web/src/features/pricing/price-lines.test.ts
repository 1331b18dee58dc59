import { describe, expect, it } from 'vitest';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import type { CouponResponse } from './billing-api.ts';
import {
  bestYearlySaving,
  couponFits,
  couponPlans,
  couponSummary,
  type PlanOffer,
  priceLine,
  promoLine,
  type Quote,
  withoutField,
} from './price-lines.ts';

const pro: PlanOffer = {
  plan: 'earningshub_pro',
  perLicense: false,
  monthly: { priceId: 1, amount: 2499, currency: 'usd' },
  yearly: { priceId: 2, amount: 23988, currency: 'usd' },
  yearlySaving: { amount: 6000, percent: 20 },
};

const coupon: CouponResponse = {
  id: 1,
  name: 'CNBC',
  discountType: 'percent',
  value: 20,
  duration: 'repeating',
  durationMonths: 12,
  expiresAt: null,
  isFreeAfterPromo: false,
  plans: ['earningshub_pro', 'savvy_trader_pro'],
  source: 'cnbc',
};

function quote(over: Partial<Quote>): Quote {
  return {
    interval: 'monthly',
    currency: 'usd',
    unitAmount: 2499,
    licenseCount: 1,
    subtotal: 2499,
    discount: 0,
    prorationCredit: 0,
    dueNow: 2499,
    afterPromo: 2499,
    isFreeAfterPromo: false,
    promoCharges: null,
    ...over,
  };
}

describe(priceLine.name, () => {
  it('shows the interval price with the saving, per member for team, and nothing to pay for free', () => {
    expect(priceLine(pro, 'yearly')).toEqual({
      amount: '$239.88',
      per: '/ year',
      note: 'Save $60 (20%) over paying monthly',
    });
    expect(priceLine(pro, 'monthly')).toEqual({
      amount: '$24.99',
      per: '/ month',
      note: 'Or $239.88 a year: 20% less',
    });
    expect(priceLine({ ...pro, perLicense: true }, 'monthly')?.per).toBe('per member / month');
    const free = { ...pro, monthly: { priceId: 3, amount: 0, currency: 'usd' } };
    expect(priceLine(free, 'monthly')).toEqual({ amount: '$0', per: 'forever', note: null });
    expect(priceLine({ ...pro, yearly: null }, 'yearly')).toBeNull();
    expect(bestYearlySaving([pro, { ...pro, yearlySaving: { amount: 1, percent: 33 } }])).toBe(33);
  });
});

describe(promoLine.name, () => {
  it('says what the promotion costs and for how long', () => {
    expect(promoLine(quote({}))).toBeNull();
    expect(promoLine(quote({ discount: 500, dueNow: 1999, promoCharges: 12 }))).toBe(
      '$19.99 / month for 12 months, then $24.99 / month',
    );
    expect(
      promoLine(quote({ interval: 'yearly', subtotal: 23988, discount: 5000, afterPromo: 23988, promoCharges: 1 })),
    ).toBe('$189.88 for the first year, then $239.88 / year');
    expect(promoLine(quote({ discount: 500, afterPromo: 1999 }))).toBe(
      '$19.99 / month for as long as you keep the plan',
    );
  });
});

describe(couponSummary.name, () => {
  it('names the discount, the plans and the duration', () => {
    expect(couponSummary(coupon, PLAN_LABELS)).toBe('20% off Pro and Partner Pro for 12 months');
    expect(couponSummary({ ...coupon, discountType: 'amount', value: 5000, duration: 'once' }, PLAN_LABELS)).toBe(
      '$50 off the first payment of Pro and Partner Pro',
    );
    expect(couponSummary({ ...coupon, duration: 'forever', plans: [] }, PLAN_LABELS)).toBe(
      '20% off every paid plan for as long as you keep the plan',
    );
    expect(couponSummary({ ...coupon, isFreeAfterPromo: true, plans: ['earningshub_pro'] }, PLAN_LABELS)).toBe(
      'Pro free for the first payment',
    );
    expect(couponPlans({ plans: ['earningshub_plus', 'earningshub_pro', 'earningshub_team'] }, PLAN_LABELS)).toBe(
      'Plus, Pro and Team',
    );
  });

  it('fits the plans it names, every paid plan when it names none, never free', () => {
    expect(couponFits(coupon, 'earningshub_pro')).toBe(true);
    expect(couponFits(coupon, 'earningshub_plus')).toBe(false);
    expect(couponFits({ plans: [] }, 'earningshub_team')).toBe(true);
    expect(couponFits({ plans: [] }, 'free')).toBe(false);
  });
});

describe(withoutField.name, () => {
  it('drops the leading field name of a server message', () => {
    expect(withoutField('path.couponName: Coupon X expired on Jan 1, 2026.')).toBe('Coupon X expired on Jan 1, 2026.');
    expect(withoutField('Coupon NOPE does not exist.')).toBe('Coupon NOPE does not exist.');
  });
});
