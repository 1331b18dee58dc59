import { describe, expect, it } from 'vitest';
import { beatOrMiss, historyRows, historyStart, nextReport, reportedRows } from './earnings-view.ts';

const row = (date: string, period: string, periodYear: number, eps: number | null) => ({
  date,
  period,
  periodYear,
  epsActual: eps,
  revenueActual: eps === null ? null : eps * 1e9,
});

const rows = [
  row('2027-01-28', 'Q1', 2027, null),
  row('2027-04-30', 'Q2', 2027, null),
  row('2026-11-05', 'Q4', 2026, 1.78),
  row('2026-07-30', 'Q3', 2026, 1.5),
  row('2023-07-30', 'Q3', 2023, 1.2),
  row('2026-11-01', 'Q4', 2026, null),
];

describe(nextReport.name, () => {
  it('takes the earliest unreported date from today on', () => {
    expect(nextReport(rows, '2026-11-22')?.date).toBe('2027-01-28');
    expect(nextReport(rows, '2027-02-01')?.date).toBe('2027-04-30');
    expect(nextReport(rows, '2027-05-01')).toBeNull();
  });
});

describe(reportedRows.name, () => {
  it('keeps reported quarters, newest first', () => {
    expect(reportedRows(rows).map((r) => r.date)).toEqual(['2026-11-05', '2026-07-30', '2023-07-30']);
  });
});

describe(historyStart.name, () => {
  it('counts years back from today, none for all', () => {
    expect(historyStart('1y', '2026-11-22')).toBe('2025-11-22');
    expect(historyStart('4y', '2026-11-22')).toBe('2022-11-22');
    expect(historyStart('all', '2026-11-22')).toBeNull();
  });
});

describe(historyRows.name, () => {
  it('puts the next report first, then the reported quarters inside the range', () => {
    expect(historyRows(rows, '2y', '2026-11-22').map((r) => r.date)).toEqual([
      '2027-01-28',
      '2026-11-05',
      '2026-07-30',
    ]);
    expect(historyRows(rows, '4y', '2026-11-22').map((r) => r.date)).toContain('2023-07-30');
  });
});

describe(beatOrMiss.name, () => {
  it('compares actual with estimate', () => {
    expect(beatOrMiss(1.8, 1.7)).toBe(1);
    expect(beatOrMiss(1.6, 1.7)).toBe(-1);
    expect(beatOrMiss(1.7, 1.7)).toBe(0);
    expect(beatOrMiss(null, 1.7)).toBeNull();
  });
});
