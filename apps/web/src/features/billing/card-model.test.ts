import { describe, expect, it } from 'vitest';
import { cardDigits, cardProblems, formatCardNumber, formatExpiry, luhnValid, testCardHints } from './card-model.ts';

const NOW = new Date(2026, 10, 26);

describe(formatCardNumber.name, () => {
  it('groups the digits by four and drops everything else', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('4242 ')).toBe('4242');
    expect(cardDigits('4242 4242 4242 4242 4242 42')).toHaveLength(19);
  });
});

describe(formatExpiry.name, () => {
  it('adds the separator after the month, pads a month typed as one digit, and lets it be deleted', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('1229')).toBe('12 / 29');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12 / 2')).toBe('12 / 2');
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
  });
});

describe(luhnValid.name, () => {
  it('accepts Stripe’s test numbers and refuses a typo', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4000000000009995')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe(cardProblems.name, () => {
  it('names each field that is wrong, and nothing for a good card', () => {
    expect(cardProblems({ number: '4242 4242 4242 4242', expiry: '12 / 29', cvc: '123' }, NOW)).toEqual({});
    expect(cardProblems({ number: '', expiry: '', cvc: '' }, NOW)).toEqual({
      number: 'Enter the card number.',
      expiry: 'Enter the expiry date.',
      cvc: 'Enter the security code.',
    });
    expect(cardProblems({ number: '4242 4242 4242 4241', expiry: '13 / 29', cvc: '12' }, NOW)).toEqual({
      number: 'This card number is not valid.',
      expiry: 'Enter the expiry as MM / YY.',
      cvc: 'The security code is 3 or 4 digits.',
    });
    // This month still works; last month has expired.
    expect(cardProblems({ number: '4242424242424242', expiry: '11 / 26', cvc: '1234' }, NOW)).toEqual({});
    expect(cardProblems({ number: '4242424242424242', expiry: '10 / 26', cvc: '123' }, NOW)).toEqual({
      expiry: 'This card has expired.',
    });
  });
});

describe('card words', () => {
  it('lists the test cards with what each does', () => {
    expect(testCardHints()).toContainEqual({ number: '4242 4242 4242 4242', outcome: 'pays' });
    expect(testCardHints()).toContainEqual({
      number: '4000 0000 0000 0002',
      outcome: 'is refused (“Your card was declined”)',
    });
  });
});
