import { describe, expect, it } from 'vitest';
import { lastDividendPayment, nextDividendPayment } from './dividends.ts';

// Newest ex-date first, as the API lists them; the newest one was paid on Oct 29 and none is announced after it.
const paid = [
  { exDate: '2026-10-12', paymentDate: '2026-10-29' },
  { exDate: '2026-07-13', paymentDate: '2026-07-30' },
  { exDate: '2026-04-13', paymentDate: '2026-04-30' },
];
const announced = [{ exDate: '2026-12-08', paymentDate: '2026-12-22' }, ...paid];

describe(nextDividendPayment.name, () => {
  it('is nothing when every known payment lies in the past (the Nov 25 "Next payment Oct 29" defect)', () => {
    expect(nextDividendPayment(paid, new Date('2026-11-25T15:00:00Z'))).toBeNull();
  });

  it('is the announced payment still ahead', () => {
    expect(nextDividendPayment(announced, new Date('2026-11-25T15:00:00Z'))?.paymentDate).toBe('2026-12-22');
  });

  it('counts the payment day itself as next, on the New York date, and drops it the New York day after', () => {
    // 23:59 on Oct 29 in New York is already Oct 30 in UTC.
    expect(nextDividendPayment(paid, new Date('2026-10-30T03:59:00Z'))?.paymentDate).toBe('2026-10-29');
    expect(nextDividendPayment(paid, new Date('2026-10-30T04:00:00Z'))).toBeNull();
  });

  it('picks the earliest of several future payments and skips payments without a date', () => {
    const items = [
      { exDate: '2027-03-08', paymentDate: '2027-03-22' },
      { exDate: '2026-12-20', paymentDate: null },
      { exDate: '2026-12-08', paymentDate: '2026-12-22' },
    ];
    expect(nextDividendPayment(items, new Date('2026-11-25T15:00:00Z'))?.exDate).toBe('2026-12-08');
  });
});

describe(lastDividendPayment.name, () => {
  it('is the latest payment before today, never today or later', () => {
    expect(lastDividendPayment(announced, new Date('2026-11-25T15:00:00Z'))?.paymentDate).toBe('2026-10-29');
    expect(lastDividendPayment(paid, new Date('2026-10-30T03:59:00Z'))?.paymentDate).toBe('2026-07-30');
    expect(lastDividendPayment([], new Date('2026-11-25T15:00:00Z'))).toBeNull();
  });
});
