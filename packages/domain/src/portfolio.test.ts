import { describe, expect, it } from 'vitest';
import { FREE_ACCOUNT_FEATURES, UNLIMITED_LIST_LIMIT } from './plans.ts';
import { canCreateList, isSymbolViewTransaction, listLimitMessage, transactionEffect } from './portfolio.ts';

describe(canCreateList.name, () => {
  it('lets a free user create one list only', () => {
    expect(canCreateList(FREE_ACCOUNT_FEATURES, 0)).toBe(true);
    expect(canCreateList(FREE_ACCOUNT_FEATURES, 1)).toBe(false);
  });
  it('never stops an unlimited plan', () => {
    expect(canCreateList({ listLimit: UNLIMITED_LIST_LIMIT }, 500)).toBe(true);
  });
});

describe(listLimitMessage.name, () => {
  it('names the limit and the upgrade', () => {
    expect(listLimitMessage(1)).toBe('Your plan allows 1 list. Upgrade to a paid plan for unlimited lists.');
  });
});

describe(transactionEffect.name, () => {
  it('moves cash by quantity × price on trades and by the amount otherwise', () => {
    expect(transactionEffect('buy', { quantity: 3, price: 12.5 })).toEqual({ cash: -37.5, quantity: 3 });
    expect(transactionEffect('sell', { quantity: 2, price: 20 })).toEqual({ cash: 40, quantity: -2 });
    expect(transactionEffect('add', { quantity: 5, price: 100 })).toEqual({ cash: 0, quantity: 5 });
    expect(transactionEffect('deposit', { amount: 250 })).toEqual({ cash: 250, quantity: 0 });
    expect(transactionEffect('withdraw', { amount: 40 })).toEqual({ cash: -40, quantity: 0 });
    expect(transactionEffect('dividend_pay', { amount: 1.2 })).toEqual({ cash: 1.2, quantity: 0 });
    expect(transactionEffect('initial_cash', { amount: 1000 })).toEqual({ cash: 1000, quantity: 0 });
    expect(transactionEffect('comment', { quantity: 9, price: 9, amount: 9 })).toEqual({ cash: 0, quantity: 0 });
    expect(transactionEffect('watch', {})).toEqual({ cash: 0, quantity: 0 });
  });
});

describe(isSymbolViewTransaction.name, () => {
  it('keeps executed comment, buy, sell and add only', () => {
    expect(isSymbolViewTransaction({ type: 'buy', status: 'executed' })).toBe(true);
    expect(isSymbolViewTransaction({ type: 'comment', status: 'executed' })).toBe(true);
    expect(isSymbolViewTransaction({ type: 'add', status: 'executed' })).toBe(true);
    expect(isSymbolViewTransaction({ type: 'sell', status: 'pending' })).toBe(false);
    expect(isSymbolViewTransaction({ type: 'deposit', status: 'executed' })).toBe(false);
    expect(isSymbolViewTransaction({ type: 'watch', status: 'executed' })).toBe(false);
  });
});
