import { describe, expect, it } from 'vitest';
import { tradeOf } from './trade-dialog.tsx';

const blank = { quantity: '', price: '', amount: '', comment: '' };

describe(tradeOf.name, () => {
  it('builds each kind of transaction from the form', () => {
    expect(tradeOf('buy', { ...blank, quantity: '3', price: '12.5' })).toEqual({
      transaction: { type: 'buy', quantity: 3, price: 12.5 },
    });
    expect(tradeOf('add', { ...blank, quantity: '2' })).toEqual({ transaction: { type: 'add', quantity: 2 } });
    expect(tradeOf('dividend_pay', { ...blank, amount: '1.2' })).toEqual({
      transaction: { type: 'dividend_pay', amount: 1.2 },
    });
    expect(tradeOf('comment', { ...blank, comment: '  holding ' })).toEqual({
      transaction: { type: 'comment', comment: 'holding' },
    });
  });

  it('names what is missing', () => {
    expect(tradeOf('sell', { ...blank, quantity: '0', price: '1' })).toEqual({ error: 'Enter how many shares.' });
    expect(tradeOf('buy', { ...blank, quantity: '1' })).toEqual({ error: 'Enter the price per share.' });
    expect(tradeOf('dividend_pay', blank)).toEqual({ error: 'Enter the amount received.' });
    expect(tradeOf('comment', { ...blank, comment: ' ' })).toEqual({ error: 'Write the comment.' });
  });
});
