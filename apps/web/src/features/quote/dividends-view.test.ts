import { describe, expect, it } from 'vitest';
import { forwardYield, frequencyLabel, paymentFact } from './dividends-view.ts';

// Newest ex-date first, as the API lists them.
const items = [
  { exDate: '2026-10-12', paymentDate: '2026-10-29' },
  { exDate: '2026-07-13', paymentDate: '2026-07-30' },
];

describe(paymentFact.name, () => {
  it('never calls a past payment "next": on Nov 25 the Oct 29 payment is the last one', () => {
    expect(paymentFact(items, new Date('2026-11-25T15:00:00Z'))).toEqual({
      label: 'Last payment',
      date: '2026-10-29',
    });
  });

  it('names the payment still ahead as next, through its New York payment day', () => {
    expect(paymentFact(items, new Date('2026-10-20T15:00:00Z'))).toEqual({ label: 'Next payment', date: '2026-10-29' });
    expect(paymentFact(items, new Date('2026-10-30T03:30:00Z'))).toEqual({ label: 'Next payment', date: '2026-10-29' });
  });

  it('has no date when nothing was ever paid', () => {
    expect(paymentFact([], Date.UTC(2026, 10, 25))).toEqual({ label: 'Last payment', date: null });
  });
});

describe(forwardYield.name, () => {
  it('annualises the latest amount by its frequency', () => {
    expect(forwardYield({ amount: 0.26, frequency: 4 }, 208)).toBeCloseTo(0.5);
    expect(forwardYield({ amount: 0.26, frequency: null }, 208)).toBeNull();
    expect(frequencyLabel(4)).toBe('Quarterly');
    expect(frequencyLabel(3)).toBe('3× a year');
  });
});
