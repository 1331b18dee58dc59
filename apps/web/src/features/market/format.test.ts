import { describe, expect, it } from 'vitest';
import {
  earningsTiming,
  formatChange,
  formatCompact,
  formatDate,
  formatMoneyChange,
  formatPercent,
  formatPrice,
  NO_VALUE,
  priceDigits,
  relativeDays,
  toneOf,
} from './format.ts';

describe(formatPrice.name, () => {
  it('shows cents above a dollar and more digits below', () => {
    expect(formatPrice(189.8412)).toBe('$189.84');
    expect(formatPrice(1234567.5)).toBe('$1,234,567.50');
    expect(formatPrice(0.01234)).toBe('$0.0123');
    expect(formatPrice(0.000123)).toBe('$0.000123');
    expect(priceDigits(0)).toBe(2);
  });
  it('shows a dash for a missing price', () => {
    expect(formatPrice(null)).toBe(NO_VALUE);
    expect(formatPrice(Number.NaN)).toBe(NO_VALUE);
  });
});

describe(formatChange.name, () => {
  it('always carries its sign', () => {
    expect(formatChange(1.234)).toBe('+1.23');
    expect(formatChange(-0.456)).toBe('−0.46');
    expect(formatChange(0)).toBe('0.00');
  });
});

describe(formatMoneyChange.name, () => {
  it('carries its sign before the dollar sign, with cents and thousands separators', () => {
    expect(formatMoneyChange(1234.5)).toBe('+$1,234.50');
    expect(formatMoneyChange(-43.123)).toBe('−$43.12');
    expect(formatMoneyChange(0)).toBe('$0.00');
    expect(formatMoneyChange(null)).toBe('—');
  });
});

describe(formatPercent.name, () => {
  it('formats percent values with a sign by default', () => {
    expect(formatPercent(2.345)).toBe('+2.35%');
    expect(formatPercent(-0.4)).toBe('−0.40%');
    expect(formatPercent(12.3, { signed: false, digits: 1 })).toBe('12.3%');
    expect(formatPercent(-12.3, { signed: false, digits: 1 })).toBe('−12.3%');
    expect(formatPercent(undefined)).toBe(NO_VALUE);
  });
});

describe(formatCompact.name, () => {
  it('keeps three significant figures with a suffix', () => {
    expect(formatCompact(2_912_345_678_901, { currency: true })).toBe('$2.91T');
    expect(formatCompact(45_210_000)).toBe('45.2M');
    expect(formatCompact(812)).toBe('812');
    expect(formatCompact(123_456_789_000)).toBe('123B');
    expect(formatCompact(-1_500)).toBe('−1.5K');
  });
});

describe(formatDate.name, () => {
  it('reads the calendar date as written, whatever the zone', () => {
    expect(formatDate('2026-11-24')).toBe('Nov 24, 2026');
    expect(formatDate('2026-11-24', { weekday: true })).toBe('Tue, Nov 24, 2026');
    expect(formatDate(null)).toBe(NO_VALUE);
  });
});

describe(earningsTiming.name, () => {
  const row = { date: '2026-11-24', time: '16:05', session: 'after', dateStatus: 'confirmed' } as const;

  it('converts the New York time into the reader’s zone with the session label', () => {
    const ny = earningsTiming(row, 'America/New_York');
    expect(ny.time).toBe('4:05 PM EST');
    expect(ny.date).toBe('Tue, Nov 24, 2026');
    expect(ny.session).toBe('After market close');
    expect(ny.statusLabel).toBe('Confirmed');
    const london = earningsTiming(row, 'Europe/London');
    expect(london.time).toBe('9:05 PM GMT');
    const tokyo = earningsTiming(row, 'Asia/Tokyo');
    // The next morning in Tokyo: the date moves with the time.
    expect(tokyo.date).toBe('Wed, Nov 25, 2026');
    expect(tokyo.time).toMatch(/^6:05 AM/);
  });

  it('keeps the New York day when only the session is known, and never hides an estimate', () => {
    const timing = earningsTiming({ ...row, time: null, session: 'before', dateStatus: 'estimated' }, 'Asia/Tokyo');
    expect(timing).toMatchObject({
      date: 'Tue, Nov 24, 2026',
      time: null,
      session: 'Before market open',
      statusLabel: 'Estimated',
    });
  });
});

describe(relativeDays.name, () => {
  it('counts whole days between dates', () => {
    expect(relativeDays('2026-11-24', '2026-11-24')).toBe('today');
    expect(relativeDays('2026-11-25', '2026-11-24')).toBe('tomorrow');
    expect(relativeDays('2026-11-30', '2026-11-24')).toBe('in 6 days');
    expect(relativeDays('2026-11-20', '2026-11-24')).toBe('4 days ago');
  });
});

describe(toneOf.name, () => {
  it('names the direction of a change', () => {
    expect(toneOf(1)).toBe('up');
    expect(toneOf(-1)).toBe('down');
    expect(toneOf(0)).toBe('flat');
    expect(toneOf(null)).toBe('flat');
  });
});
