import { describe, expect, it } from 'vitest';
import { currentMetrics, metricsAfterEachReport, positionInDistribution } from './symbol-metrics.ts';

/** Eight quarters of a company earning $1 a share on $10B revenue a quarter, growing 10% a year from 2025. */
const quarters = [
  ['2024-02-01', 'Q4', 2023, 1.0, 10e9],
  ['2024-05-01', 'Q1', 2024, 1.0, 10e9],
  ['2024-08-01', 'Q2', 2024, 1.0, 10e9],
  ['2024-11-01', 'Q3', 2024, 1.0, 10e9],
  ['2025-02-03', 'Q4', 2024, 1.1, 11e9],
  ['2025-05-01', 'Q1', 2025, 1.1, 11e9],
  ['2025-08-01', 'Q2', 2025, 1.1, 11e9],
  ['2025-11-03', 'Q3', 2025, 1.1, 11e9],
] as const;
const rows = quarters.map(([date, period, periodYear, eps, revenue]) => ({
  date,
  time: '16:30',
  session: 'after' as const,
  period,
  periodYear,
  epsActual: eps,
  revenueActual: revenue,
  epsPriorYear: null,
  revenuePriorYear: null,
}));

describe(currentMetrics.name, () => {
  it('uses the domain rules: TTM EPS and revenue, YoY against the same quarter', () => {
    const metrics = currentMetrics(rows, 88, 1e9, Date.parse('2026-01-15T00:00:00Z'));
    expect(metrics.ttmEps).toBeCloseTo(4.4);
    expect(metrics.pe).toBe(20);
    expect(metrics.ps).toBe(2);
    expect(metrics.yoyEps).toBe(10);
    expect(metrics.yoyRevenue).toBe(10);
  });
  it('leaves out results not yet public', () => {
    const metrics = currentMetrics(rows, 88, 1e9, Date.parse('2025-09-01T00:00:00Z'));
    expect(metrics.latestQuarter).toMatchObject({ period: 'Q2', periodYear: 2025 });
  });
});

describe(metricsAfterEachReport.name, () => {
  it('values each report with the close of its day or the next one', () => {
    const closes = [
      { date: '2025-11-04', close: 88 },
      { date: '2025-08-01', close: 44 },
    ];
    const points = metricsAfterEachReport(rows, closes, 1e9);
    expect(points.map((p) => p.label)).toEqual(quarters.map(([, period, year]) => `${period} ${year}`));
    const last = points.at(-1);
    expect(last?.pe).toBe(20);
    expect(points.find((p) => p.label === 'Q2 2025')?.pe).toBe(Number((44 / 4.3).toFixed(2)));
    // No close in the week after the first report: no valuation, while growth needs no price.
    expect(points[0]?.pe).toBeNull();
    expect(points[4]?.pe).toBeNull();
    expect(points[4]?.yoyEps).toBe(10);
  });
});

describe(positionInDistribution.name, () => {
  const stats = { p10: 1, p25: 2, median: 3, p75: 4, p90: 5 };
  it('names the band a value falls in', () => {
    expect(positionInDistribution(6, stats)).toBe('top 10% of the EH500');
    expect(positionInDistribution(4.5, stats)).toBe('top quarter of the EH500');
    expect(positionInDistribution(3, stats)).toBe('above the EH500 median');
    expect(positionInDistribution(2.5, stats)).toBe('below the EH500 median');
    expect(positionInDistribution(0.5, stats)).toBe('bottom 10% of the EH500');
    expect(positionInDistribution(null, stats)).toBeNull();
  });
});
