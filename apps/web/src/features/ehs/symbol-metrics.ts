/**
 * A company's valuation and growth figures on its pages (SPEC §2 sections YoY Revenue, Price to Earnings, Price
 * to Sales, YoY EPS), computed with the domain's own EHS rules (`computeMetricsFor`) from the reported quarters,
 * the price and the shares outstanding: the same numbers the server ranks, never a second formula.
 */
import {
  addDays,
  computeMetricsFor,
  type EarningsReport,
  earningsPublishedAt,
  FISCAL_PERIODS,
  type FiscalPeriod,
  type IsoDate,
  type SessionType,
  type StockMetrics,
} from '@eh/domain';

export interface MetricsEarningsRow {
  date: IsoDate;
  time: string | null;
  session: SessionType | null;
  periodYear: number;
  period: string;
  epsActual: number | null;
  revenueActual: number | null;
  epsPriorYear: number | null;
  revenuePriorYear: number | null;
}

const isFiscalPeriod = (period: string): period is FiscalPeriod =>
  (FISCAL_PERIODS as readonly string[]).includes(period);

export function toReports(rows: readonly MetricsEarningsRow[]): EarningsReport[] {
  const reports: EarningsReport[] = [];
  for (const row of rows) {
    if (!isFiscalPeriod(row.period)) continue;
    reports.push({
      periodYear: row.periodYear,
      period: row.period,
      publishedAt: earningsPublishedAt(row.date, row.time, row.session),
      epsActual: row.epsActual,
      revenueActual: row.revenueActual,
      epsPriorYear: row.epsPriorYear,
      revenuePriorYear: row.revenuePriorYear,
    });
  }
  return reports;
}

/** Today's figures: the quote's price and the results public now. */
export function currentMetrics(
  rows: readonly MetricsEarningsRow[],
  price: number | null,
  sharesOutstanding: number | null,
  now: number,
): StockMetrics {
  return computeMetricsFor({ price, sharesOutstanding, reports: toReports(rows), knownAt: now });
}

/** A report is valued with a close at most this many days after it (a weekend, a holiday), never a later one. */
const CLOSE_WINDOW_DAYS = 7;

export interface MetricPoint {
  /** The report date the point belongs to. */
  date: IsoDate;
  label: string;
  ps: number | null;
  pe: number | null;
  yoyEps: number | null;
  yoyRevenue: number | null;
}

/**
 * The figures as they stood right after each report: that day's close (or the next one) and the results public
 * by then. Oldest first, for small charts.
 */
export function metricsAfterEachReport(
  rows: readonly MetricsEarningsRow[],
  closes: readonly { date: IsoDate; close: number }[],
  sharesOutstanding: number | null,
): MetricPoint[] {
  const reports = toReports(rows);
  const sortedCloses = [...closes].sort((a, b) => (a.date < b.date ? -1 : 1));
  const points: MetricPoint[] = [];
  const reported = rows
    .filter((row) => row.epsActual !== null || row.revenueActual !== null)
    .sort((a, b) => (a.date < b.date ? -1 : 1));
  for (const row of reported) {
    const close = sortedCloses.find((bar) => bar.date >= row.date && bar.date <= addDays(row.date, CLOSE_WINDOW_DAYS));
    const report = reports.find((r) => r.periodYear === row.periodYear && r.period === row.period);
    if (!report) continue;
    const metrics = computeMetricsFor({
      price: close?.close ?? null,
      sharesOutstanding,
      reports,
      knownAt: report.publishedAt,
    });
    points.push({
      date: row.date,
      label: `${row.period} ${row.periodYear}`,
      ps: close ? metrics.ps : null,
      pe: close ? metrics.pe : null,
      yoyEps: metrics.yoyEps,
      yoyRevenue: metrics.yoyRevenue,
    });
  }
  return points;
}

/** Where a value sits in a distribution given as percentiles: 'top 10%', 'above median'… for the EH500. */
export function positionInDistribution(
  value: number | null,
  stats: { p10: number | null; p25: number | null; median: number | null; p75: number | null; p90: number | null },
): string | null {
  if (value === null || stats.median === null) return null;
  if (stats.p90 !== null && value >= stats.p90) return 'top 10% of the EH500';
  if (stats.p75 !== null && value >= stats.p75) return 'top quarter of the EH500';
  if (value >= stats.median) return 'above the EH500 median';
  if (stats.p25 !== null && value >= stats.p25) return 'below the EH500 median';
  if (stats.p10 !== null && value >= stats.p10) return 'bottom quarter of the EH500';
  return 'bottom 10% of the EH500';
}
