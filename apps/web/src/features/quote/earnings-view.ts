/**
 * How a company's earnings rows read on its pages: the next report, the reported quarters, and the history
 * window of the earnings history settings. Pure; rows come from the symbol earnings call (newest first).
 */
import { addDays, type IsoDate } from '@eh/domain';
import type { EarningsHistoryRange } from './symbol-settings-slice.ts';

export interface EarningsRowLike {
  date: IsoDate;
  periodYear: number;
  period: string;
  epsActual: number | null;
  revenueActual: number | null;
}

export const isReported = (row: EarningsRowLike): boolean => row.epsActual !== null || row.revenueActual !== null;

/** The next report not yet out, on or after today (New York); the earliest one. */
export function nextReport<T extends EarningsRowLike>(rows: readonly T[], today: IsoDate): T | null {
  let next: T | null = null;
  for (const row of rows) {
    if (isReported(row) || row.date < today) continue;
    if (!next || row.date < next.date) next = row;
  }
  return next;
}

/** Reported quarters, newest first. */
export function reportedRows<T extends EarningsRowLike>(rows: readonly T[]): T[] {
  return rows.filter(isReported).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

const RANGE_YEARS: Readonly<Record<Exclude<EarningsHistoryRange, 'all'>, number>> = { '1y': 1, '2y': 2, '4y': 4 };

/** First date inside the range ending today; null for 'all'. */
export function historyStart(range: EarningsHistoryRange, today: IsoDate): IsoDate | null {
  if (range === 'all') return null;
  return addDays(today, -Math.round(RANGE_YEARS[range] * 365.25));
}

/** Reported quarters inside the range, newest first, plus the next report when there is one. */
export function historyRows<T extends EarningsRowLike>(
  rows: readonly T[],
  range: EarningsHistoryRange,
  today: IsoDate,
): T[] {
  const start = historyStart(range, today);
  const reported = reportedRows(rows).filter((row) => start === null || row.date >= start);
  const next = nextReport(rows, today);
  return next ? [next, ...reported] : reported;
}

/** Whether the figure beat (+1), missed (−1) or met (0) the estimate; null without both. */
export function beatOrMiss(actual: number | null, estimate: number | null): -1 | 0 | 1 | null {
  if (actual === null || estimate === null) return null;
  const diff = actual - estimate;
  if (Math.abs(diff) < 1e-9) return 0;
  return diff > 0 ? 1 : -1;
}
