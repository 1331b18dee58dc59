import { describe, expect, it } from 'vitest';
import {
  type AppStoreProduct,
  appStoreProduct,
  billedElsewhere,
  isConfirmed,
  notInAppWords,
  outcomeWords,
} from './app-store-model.ts';

const PRODUCTS: AppStoreProduct[] = [
  { productId: 'com.example.pro.monthly', plan: 'earningshub_pro', priceType: 'monthly' },
  { productId: 'com.example.pro.yearly', plan: 'earningshub_pro', priceType: 'yearly' },
  { productId: 'com.example.plus.yearly', plan: 'earningshub_plus', priceType: 'yearly' },
];

describe('appStoreProduct', () => {
  it('picks the product of the chosen plan and interval, not another interval or plan', () => {
    expect(appStoreProduct(PRODUCTS, 'earningshub_pro', 'yearly')).toBe('com.example.pro.yearly');
    expect(appStoreProduct(PRODUCTS, 'earningshub_pro', 'monthly')).toBe('com.example.pro.monthly');
    expect(appStoreProduct(PRODUCTS, 'earningshub_plus', 'yearly')).toBe('com.example.plus.yearly');
  });

  it('is null when the server names none for that plan and interval, or names none at all', () => {
    expect(appStoreProduct(PRODUCTS, 'earningshub_plus', 'monthly')).toBeNull();
    expect(appStoreProduct(PRODUCTS, 'savvy_trader_pro', 'yearly')).toBeNull();
    expect(appStoreProduct([], 'earningshub_pro', 'yearly')).toBeNull();
    expect(appStoreProduct(undefined, 'earningshub_pro', 'yearly')).toBeNull();
  });
});

describe('what the App Store flow says', () => {
  it('names the plan and interval that cannot be bought in the app', () => {
    expect(notInAppWords('Plus', 'monthly')).toBe('Plus billed monthly can’t be bought in the app yet.');
  });

  it('says plainly what each outcome means', () => {
    expect(outcomeWords('cancelled', 'Pro')).toEqual({
      severity: 'info',
      text: 'The purchase was cancelled. Nothing was charged and your plan is unchanged.',
    });
    expect(outcomeWords('pending', 'Pro').text).toContain('waiting for approval');
    expect(outcomeWords('purchased', 'Pro')).toMatchObject({ severity: 'success' });
    expect(outcomeWords('purchased', 'Pro').text).toContain('Pro plan becomes active as soon as Apple confirms it');
  });
});

describe('isConfirmed', () => {
  const paid = { subscriptionType: 'paid', status: 'active', plan: 'earningshub_pro', priceType: 'yearly' } as const;
  it('is true once the account pays for the plan and interval bought', () => {
    expect(isConfirmed(paid, 'earningshub_pro', 'yearly')).toBe(true);
  });
  it('is false before: free, another plan or interval, delinquent, or no user', () => {
    expect(isConfirmed({ ...paid, subscriptionType: 'free', plan: 'free' }, 'earningshub_pro', 'yearly')).toBe(false);
    expect(isConfirmed({ ...paid, plan: 'earningshub_plus' }, 'earningshub_pro', 'yearly')).toBe(false);
    expect(isConfirmed({ ...paid, priceType: 'monthly' }, 'earningshub_pro', 'yearly')).toBe(false);
    expect(isConfirmed({ ...paid, status: 'delinquent' }, 'earningshub_pro', 'yearly')).toBe(false);
    expect(isConfirmed(undefined, 'earningshub_pro', 'yearly')).toBe(false);
  });
});

describe('billedElsewhere', () => {
  it('stops an App Store purchase while a card pays for a plan (it would charge twice)', () => {
    expect(billedElsewhere(true, { provider: 'stripe' })).toContain('billed to your card');
    expect(billedElsewhere(true, { provider: 'test' })).toContain('billed to your card');
  });
  it('lets the App Store sell to a free account or one the App Store already bills', () => {
    expect(billedElsewhere(false, { provider: 'stripe' })).toBeNull();
    expect(billedElsewhere(true, { provider: 'apple' })).toBeNull();
    expect(billedElsewhere(true, null)).toBeNull();
  });
});
