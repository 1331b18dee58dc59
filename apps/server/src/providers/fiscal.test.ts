import { describe, expect, it } from 'vitest';
import { closingMonth, fiscalQuarterOf, fiscalQuarterReportedOn, fiscalYearEndMonthOf } from './fiscal.ts';

describe(closingMonth.name, () => {
  it('reads a date in the first half of a month as closing the month before', () => {
    expect(closingMonth('2022-10-01')).toEqual({ year: 2022, month: 9 });
    expect(closingMonth('2025-01-03')).toEqual({ year: 2024, month: 12 });
    expect(closingMonth('2025-01-26')).toEqual({ year: 2025, month: 1 });
    expect(closingMonth('2024-12-28')).toEqual({ year: 2024, month: 12 });
  });
});

describe(fiscalYearEndMonthOf.name, () => {
  it('reads SEC MMDD values and dates', () => {
    expect(fiscalYearEndMonthOf('0926')).toBe(9);
    expect(fiscalYearEndMonthOf('0131')).toBe(1);
    expect(fiscalYearEndMonthOf('0102')).toBe(12);
    expect(fiscalYearEndMonthOf('2025-01-26')).toBe(1);
    expect(fiscalYearEndMonthOf(null)).toBeNull();
    expect(fiscalYearEndMonthOf('soon')).toBeNull();
  });
});

describe(fiscalQuarterOf.name, () => {
  it.each([
    // NVIDIA: year ends late January; fiscal 2025 ended 2025-01-26.
    ['2024-04-28', 1, 2025, 'Q1'],
    ['2024-10-27', 1, 2025, 'Q3'],
    ['2025-01-26', 1, 2025, 'Q4'],
    ['2025-04-27', 1, 2026, 'Q1'],
    // Apple: year ends late September (fiscal 2023 ended 2023-09-30, fiscal 2025 on 2025-09-27).
    ['2024-12-28', 9, 2025, 'Q1'],
    ['2023-09-30', 9, 2023, 'Q4'],
    ['2022-10-01', 9, 2022, 'Q4'],
    // Microsoft: June.
    ['2024-09-30', 6, 2025, 'Q1'],
    ['2025-06-30', 6, 2025, 'Q4'],
    // Calendar year.
    ['2025-03-31', 12, 2025, 'Q1'],
    ['2024-12-31', 12, 2024, 'Q4'],
  ] as const)('%s with the year ending in month %i is %i %s', (end, fyeMonth, periodYear, period) => {
    expect(fiscalQuarterOf(end, fyeMonth)).toEqual({ periodYear, period });
  });

  it('refuses a period that does not close a quarter', () => {
    expect(fiscalQuarterOf('2025-02-28', 12)).toBeNull();
  });
});

describe(fiscalQuarterReportedOn.name, () => {
  it('is the last quarter closed before the release month', () => {
    expect(fiscalQuarterReportedOn('2025-02-26', 1)).toEqual({ periodYear: 2025, period: 'Q4' });
    expect(fiscalQuarterReportedOn('2025-05-28', 1)).toEqual({ periodYear: 2026, period: 'Q1' });
    expect(fiscalQuarterReportedOn('2025-01-30', 9)).toEqual({ periodYear: 2025, period: 'Q1' });
    expect(fiscalQuarterReportedOn('2025-01-29', 6)).toEqual({ periodYear: 2025, period: 'Q2' });
    expect(fiscalQuarterReportedOn('2025-04-01', 12)).toEqual({ periodYear: 2025, period: 'Q1' });
  });
});
