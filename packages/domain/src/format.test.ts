import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatCompact,
  formatDate,
  formatDateRange,
  formatDividend,
  formatEps,
  formatMoneyChange,
  formatMultiple,
  formatNumber,
  formatPercent,
  formatPrice,
  NO_VALUE,
  priceDigits,
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
  it('writes a negative amount with the minus sign, never the hyphen Intl writes', () => {
    expect(formatPrice(-12.5)).toBe('−$12.50');
  });
});

describe(formatEps.name, () => {
  it('shows an EPS below a dollar in cents, as one above it', () => {
    expect(formatEps(0.92)).toBe('$0.92');
    expect(formatEps(0.09)).toBe('$0.09');
    expect(formatEps(1.65)).toBe('$1.65');
    expect(formatEps(12.345)).toBe('$12.35');
    expect(formatEps(1234.5)).toBe('$1,234.50');
  });
  it('shows a loss with the minus sign, and no sign on what rounds to zero', () => {
    expect(formatEps(-0.05)).toBe('−$0.05');
    expect(formatEps(-0.76)).toBe('−$0.76');
    expect(formatEps(-0.001)).toBe('$0.00');
    expect(formatEps(null)).toBe(NO_VALUE);
  });
});

describe(formatDividend.name, () => {
  it('shows cents, and the fractions of a cent a dividend is declared in', () => {
    expect(formatDividend(0.24)).toBe('$0.24');
    expect(formatDividend(0.2425)).toBe('$0.2425');
    expect(formatDividend(0.243)).toBe('$0.243');
    expect(formatDividend(1.2)).toBe('$1.20');
  });
});

describe(formatChange.name, () => {
  it('always carries its sign', () => {
    expect(formatChange(1.234)).toBe('+1.23');
    expect(formatChange(-0.456)).toBe('−0.46');
    expect(formatChange(0)).toBe('0.00');
    expect(formatChange(-0.001)).toBe('0.00');
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
  it('keeps three significant digits with a suffix, trailing zero included', () => {
    expect(formatCompact(2_912_345_678_901, { currency: true })).toBe('$2.91T');
    expect(formatCompact(1.23e12, { currency: true })).toBe('$1.23T');
    expect(formatCompact(123_456_789_000)).toBe('123B');
    expect(formatCompact(60.1e9, { currency: true })).toBe('$60.1B');
    expect(formatCompact(61e9, { currency: true })).toBe('$61.0B');
    expect(formatCompact(9.5e9, { currency: true })).toBe('$9.50B');
    expect(formatCompact(45_210_000)).toBe('45.2M');
    expect(formatCompact(1_500)).toBe('1.50K');
  });
  it('rounds before it picks the suffix, so 999.5M reads 1.00B', () => {
    expect(formatCompact(999.5e6, { currency: true })).toBe('$1.00B');
    expect(formatCompact(999.4e6, { currency: true })).toBe('$999M');
    expect(formatCompact(999_960)).toBe('1.00M');
  });
  it('writes a count below a thousand as it is, money in cents', () => {
    expect(formatCompact(812)).toBe('812');
    expect(formatCompact(1.5)).toBe('1.5');
    expect(formatCompact(812.5, { currency: true })).toBe('$812.50');
  });
  it('puts the minus sign before the dollar sign', () => {
    expect(formatCompact(-1_500)).toBe('−1.50K');
    expect(formatCompact(-2.5e6, { currency: true })).toBe('−$2.50M');
    expect(formatCompact(null)).toBe(NO_VALUE);
  });
});

describe(formatNumber.name, () => {
  it('separates thousands and signs a negative with the minus sign', () => {
    expect(formatNumber(12_345_678)).toBe('12,345,678');
    expect(formatNumber(-1234)).toBe('−1,234');
  });
});

describe(formatMultiple.name, () => {
  it('reads a ratio, a negative one with the minus sign', () => {
    expect(formatMultiple(28.43)).toBe('28.4x');
    expect(formatMultiple(-3.1)).toBe('−3.1x');
  });
});

describe(formatDate.name, () => {
  it('reads the calendar date as written, whatever the zone', () => {
    expect(formatDate('2026-11-24')).toBe('Nov 24, 2026');
    expect(formatDate('2026-10-29')).toBe('Oct 29, 2026');
    expect(formatDate('2026-11-24', { weekday: true })).toBe('Tue, Nov 24, 2026');
    expect(formatDate(null)).toBe(NO_VALUE);
  });
});

describe(formatDateRange.name, () => {
  it('says a span of days once, the year once when both share it', () => {
    // Intl puts narrow spaces around the dash; compare the words, not the space characters.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(plain(formatDateRange('2026-10-27', '2026-10-28'))).toBe('Oct 27 – 28, 2026');
    expect(plain(formatDateRange('2026-12-31', '2027-01-01'))).toBe('Dec 31, 2026 – Jan 1, 2027');
  });
});
