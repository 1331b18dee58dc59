import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as ehs from './ehs.ts';
import {
  capWeights,
  closeInstant,
  computeMetricsFor,
  type EarningsReport,
  EH500_ENTRY_RANK,
  EH500_EXIT_RANK,
  EH500_POOL_SIZE,
  EH500_SIZE,
  EHS_GROWTH_CAP_PERCENT,
  EHS_MAX_REPORT_AGE_DAYS,
  EHS_MIN_LISTING_DAYS,
  EHS_MISSING_COMPONENT_SCORE,
  EHS_SECTOR_MIN_PEERS,
  EHS_WEIGHTS,
  earningsPublishedAt,
  ehsIneligibility,
  growthPercent,
  type IndexCandidate,
  indexCanStart,
  latestRebalanceDate,
  membersAfter,
  percentileRanks,
  rebalance,
  rebalanceDates,
  rebalanceSelectionDate,
  type ScoreInput,
  type StockMetrics,
  scoreUniverse,
  selectIndex,
  weeklyHistoryDates,
} from './ehs.ts';
import type { FiscalPeriod } from './market.ts';
import { seededRandom } from './random.ts';
import { addDays, nyToUtc } from './time.ts';

const t = (date: string, time = '16:00') => nyToUtc(date, time).getTime();

const report = (
  periodYear: number,
  period: FiscalPeriod,
  published: string,
  eps: number | null,
  revenue: number | null,
  extra: Partial<EarningsReport> = {},
): EarningsReport => ({
  periodYear,
  period,
  publishedAt: t(published, '08:00'),
  epsActual: eps,
  revenueActual: revenue,
  epsPriorYear: null,
  revenuePriorYear: null,
  ...extra,
});

/** Five quarters of a growing company: 2025 Q1 … 2026 Q1 (calendar fiscal year). */
const FIVE_QUARTERS: EarningsReport[] = [
  report(2025, 'Q1', '2025-04-24', 1.0, 10e9),
  report(2025, 'Q2', '2025-07-24', 1.1, 11e9),
  report(2025, 'Q3', '2025-10-23', 1.2, 12e9),
  report(2025, 'Q4', '2026-01-29', 1.3, 13e9),
  report(2026, 'Q1', '2026-04-23', 1.5, 12.5e9),
];

describe(earningsPublishedAt.name, () => {
  it('uses the exact New York time when known', () => {
    expect(earningsPublishedAt('2026-04-23', '16:05', 'after')).toBe(t('2026-04-23', '16:05'));
  });

  it('reads a session without a time as the open, the close, or the end of after-hours', () => {
    expect(earningsPublishedAt('2026-04-23', null, 'before')).toBe(t('2026-04-23', '09:30'));
    expect(earningsPublishedAt('2026-04-23', null, 'market')).toBe(t('2026-04-23', '16:00'));
    expect(earningsPublishedAt('2026-11-27', null, 'market')).toBe(t('2026-11-27', '13:00')); // early close
    expect(earningsPublishedAt('2026-04-23', null, 'after')).toBe(t('2026-04-23', '20:00'));
    expect(earningsPublishedAt('2026-04-23', null, null)).toBe(t('2026-04-23', '20:00'));
  });

  it('puts an after-close report past that day’s close and a before-open one before it', () => {
    const close = closeInstant('2026-04-23');
    expect(earningsPublishedAt('2026-04-23', null, 'after')).toBeGreaterThan(close);
    expect(earningsPublishedAt('2026-04-23', null, 'before')).toBeLessThan(close);
  });
});

describe(growthPercent.name, () => {
  it('divides by the absolute base, with a floor', () => {
    expect(growthPercent(1.5, 1.0, 0.1)).toBeCloseTo(50);
    expect(growthPercent(-0.5, -1.0, 0.1)).toBeCloseTo(50); // a shrinking loss is an improvement
    expect(growthPercent(-1.0, 0.5, 0.1)).toBeCloseTo(-300);
    expect(growthPercent(1.0, 0.01, 0.1)).toBeCloseTo(990); // divided by 0.10, not 0.01
    expect(growthPercent(0.5, 0, 0.1)).toBeCloseTo(500);
    expect(growthPercent(null, 1, 0.1)).toBeNull();
    expect(growthPercent(1, null, 0.1)).toBeNull();
  });
});

describe(computeMetricsFor.name, () => {
  it('computes P/S, P/E and YoY growth from the last four quarters public at the date', () => {
    const m = computeMetricsFor({
      price: 100,
      sharesOutstanding: 1e9,
      reports: FIVE_QUARTERS,
      knownAt: t('2026-05-01'),
    });
    // TTM = 2025 Q2 … 2026 Q1
    expect(m.ttmEps).toBeCloseTo(1.1 + 1.2 + 1.3 + 1.5);
    expect(m.ttmRevenue).toBeCloseTo(48.5e9);
    expect(m.marketCap).toBe(100e9);
    expect(m.ps).toBe(2.06); // 100e9 / 48.5e9 = 2.0619
    expect(m.pe).toBe(19.61); // 100 / 5.1 = 19.6078
    expect(m.yoyEps).toBe(50); // 1.5 vs 1.0
    expect(m.yoyRevenue).toBe(25); // 12.5e9 vs 10e9
    expect(m.earningsYield).toBeCloseTo(0.051);
    expect(m.salesYield).toBeCloseTo(0.485);
    expect(m.latestQuarter).toMatchObject({ periodYear: 2026, period: 'Q1' });
  });

  it('never uses a report published after the date (no look-ahead)', () => {
    const beforeQ1 = computeMetricsFor({
      price: 100,
      sharesOutstanding: 1e9,
      reports: FIVE_QUARTERS,
      knownAt: t('2026-04-22'),
    });
    expect(beforeQ1.latestQuarter).toMatchObject({ periodYear: 2025, period: 'Q4' });
    expect(beforeQ1.ttmEps).toBeCloseTo(1.0 + 1.1 + 1.2 + 1.3);
    expect(beforeQ1.yoyEps).toBeNull(); // 2024 Q4 is not held and no prior-year figure was given
    const sameDayAfterClose = computeMetricsFor({
      price: 100,
      sharesOutstanding: 1e9,
      reports: [
        ...FIVE_QUARTERS.slice(0, 4),
        { ...(FIVE_QUARTERS[4] as EarningsReport), publishedAt: t('2026-04-23', '16:30') },
      ],
      knownAt: closeInstant('2026-04-23'),
    });
    expect(sameDayAfterClose.latestQuarter).toMatchObject({ period: 'Q4' });
  });

  it('leaves P/E empty for a loss but keeps its (negative) earnings yield for ranking', () => {
    const losses = FIVE_QUARTERS.map((r) => ({ ...r, epsActual: -0.5 }));
    const m = computeMetricsFor({ price: 20, sharesOutstanding: 1e9, reports: losses, knownAt: t('2026-05-01') });
    expect(m.pe).toBeNull();
    expect(m.ttmEps).toBeCloseTo(-2);
    expect(m.earningsYield).toBeCloseTo(-0.1);
    expect(m.ps).not.toBeNull();
  });

  it('leaves TTM unknown when a quarter is missing instead of guessing', () => {
    const gap = FIVE_QUARTERS.filter((r) => !(r.periodYear === 2025 && r.period === 'Q3'));
    const m = computeMetricsFor({ price: 100, sharesOutstanding: 1e9, reports: gap, knownAt: t('2026-05-01') });
    expect(m.ttmRevenue).toBeNull();
    expect(m.ttmEps).toBeNull();
    expect(m.ps).toBeNull();
    expect(m.pe).toBeNull();
    expect(m.yoyEps).toBe(50); // the year-ago quarter is still there
  });

  it('falls back to the provider’s prior-year figure when the year-ago quarter is not held', () => {
    const reports = FIVE_QUARTERS.slice(1).map((r, i) =>
      i === 3 ? { ...r, epsPriorYear: 1.2, revenuePriorYear: 10e9 } : r,
    );
    const m = computeMetricsFor({ price: 100, sharesOutstanding: 1e9, reports, knownAt: t('2026-05-01') });
    expect(m.yoyEps).toBe(25);
    expect(m.yoyRevenue).toBe(25);
  });

  it('has no market cap, P/S or P/E without a price or a share count', () => {
    const noShares = computeMetricsFor({
      price: 100,
      sharesOutstanding: null,
      reports: FIVE_QUARTERS,
      knownAt: t('2026-05-01'),
    });
    expect(noShares.marketCap).toBeNull();
    expect(noShares.ps).toBeNull();
    expect(noShares.pe).toBe(19.61);
    const noPrice = computeMetricsFor({
      price: null,
      sharesOutstanding: 1e9,
      reports: FIVE_QUARTERS,
      knownAt: t('2026-05-01'),
    });
    expect(noPrice.pe).toBeNull();
    expect(noPrice.yoyEps).toBe(50);
  });
});

describe(ehsIneligibility.name, () => {
  const date = '2026-05-01';
  const metrics = computeMetricsFor({ price: 100, sharesOutstanding: 1e9, reports: FIVE_QUARTERS, knownAt: t(date) });
  const base = { type: 'stock', active: true, date, firstTradeDate: '2020-01-02', metrics };
  const withMetrics = (patch: Partial<StockMetrics>) => ({ ...base, metrics: { ...metrics, ...patch } });

  it('accepts a listed, large, recently reporting stock with revenue', () => {
    expect(ehsIneligibility(base)).toBeNull();
  });

  it('names the first rule a stock fails', () => {
    expect(ehsIneligibility({ ...base, type: 'crypto' })).toBe('not_a_stock');
    expect(ehsIneligibility({ ...base, active: false })).toBe('inactive');
    expect(ehsIneligibility(withMetrics({ price: null }))).toBe('no_price');
    expect(ehsIneligibility(withMetrics({ price: 0.8 }))).toBe('penny_stock');
    expect(ehsIneligibility(withMetrics({ marketCap: null }))).toBe('no_market_cap');
    expect(ehsIneligibility(withMetrics({ marketCap: 0.9e9 }))).toBe('small_cap');
    expect(ehsIneligibility({ ...base, firstTradeDate: null })).toBe('short_history');
    expect(ehsIneligibility({ ...base, firstTradeDate: addDays(date, -EHS_MIN_LISTING_DAYS + 1) })).toBe(
      'short_history',
    );
    expect(ehsIneligibility({ ...base, firstTradeDate: addDays(date, -EHS_MIN_LISTING_DAYS) })).toBeNull();
    expect(ehsIneligibility(withMetrics({ ttmRevenue: null }))).toBe('no_earnings');
    expect(ehsIneligibility(withMetrics({ ttmRevenue: -5e6 }))).toBe('no_revenue');
  });

  it('calls earnings stale when the latest report is older than the limit', () => {
    const late = addDays('2026-04-23', EHS_MAX_REPORT_AGE_DAYS); // 2026 Q1 was published on 04-23
    expect(ehsIneligibility({ ...base, date: late })).toBeNull();
    expect(ehsIneligibility({ ...base, date: addDays(late, 1) })).toBe('stale_earnings');
  });
});

describe(percentileRanks.name, () => {
  it('ranks from 0 to 100 with ties sharing their average rank and nulls left out', () => {
    const ranks = percentileRanks([10, 30, 20, null, 40]);
    expect(ranks[3]).toBeNull();
    [0, 200 / 3, 100 / 3, null, 100].forEach((expected, i) => {
      if (expected !== null) expect(ranks[i]).toBeCloseTo(expected, 10);
    });
    expect(percentileRanks([1, 2, 2, 3])).toEqual([0, 50, 50, 100]);
    expect(percentileRanks([7])).toEqual([50]);
    expect(percentileRanks([null, null])).toEqual([null, null]);
    expect(percentileRanks([])).toEqual([]);
  });
});

/** A stock with metrics set directly (scoring only reads the ranking values). */
const stock = (
  sector: string | null,
  values: {
    salesYield?: number | null;
    earningsYield?: number | null;
    yoyEps?: number | null;
    yoyRevenue?: number | null;
  },
): ScoreInput => ({
  sector,
  metrics: {
    ps: null,
    pe: null,
    yoyEps: values.yoyEps ?? null,
    yoyRevenue: values.yoyRevenue ?? null,
    price: 10,
    marketCap: 1e10,
    ttmRevenue: 1,
    ttmEps: 1,
    earningsYield: values.earningsYield ?? null,
    salesYield: values.salesYield ?? null,
    latestQuarter: null,
  },
});

describe(scoreUniverse.name, () => {
  it('ranks cheaper and faster-growing stocks higher, and blends the parts with the weights', () => {
    const scored = scoreUniverse([
      stock(null, { salesYield: 0.1, earningsYield: 0.02, yoyEps: 5, yoyRevenue: 2 }),
      stock(null, { salesYield: 0.5, earningsYield: 0.08, yoyEps: 40, yoyRevenue: 20 }),
      stock(null, { salesYield: 0.3, earningsYield: 0.05, yoyEps: 10, yoyRevenue: 8 }),
    ]);
    expect(scored.map((s) => s.components)).toEqual([
      { ps: 0, pe: 0, yoyEps: 0, yoyRevenue: 0 },
      { ps: 100, pe: 100, yoyEps: 100, yoyRevenue: 100 },
      { ps: 50, pe: 50, yoyEps: 50, yoyRevenue: 50 },
    ]);
    expect(scored.map((s) => s.overallScore)).toEqual([0, 100, 50]);
    const mixed = scoreUniverse([
      stock(null, { salesYield: 0.1, earningsYield: 0.1, yoyEps: 0, yoyRevenue: 0 }),
      stock(null, { salesYield: 0.2, earningsYield: 0.0, yoyEps: 1, yoyRevenue: 1 }),
    ]);
    // P/E alone (30 %) loses to P/S plus growth (70 %)
    expect(mixed[0]?.composite).toBeCloseTo(100 * EHS_WEIGHTS.pe);
    expect(mixed[1]?.composite).toBeCloseTo(100 * (EHS_WEIGHTS.ps + EHS_WEIGHTS.yoyEps + EHS_WEIGHTS.yoyRevenue));
    expect(mixed.map((s) => s.overallScore)).toEqual([0, 100]);
  });

  it('ranks every loss maker below every profitable company on P/E, smaller losses first', () => {
    const scored = scoreUniverse([
      stock(null, { earningsYield: -0.3 }),
      stock(null, { earningsYield: 0.01 }),
      stock(null, { earningsYield: -0.05 }),
      stock(null, { earningsYield: 0.2 }),
    ]);
    expect(scored.map((s) => s.components.pe)).toEqual([0, 66.7, 33.3, 100]);
  });

  it('counts a missing part as 50 and leaves stocks with fewer than three parts unscored', () => {
    const scored = scoreUniverse([
      stock(null, { salesYield: 0.1, earningsYield: 0.1, yoyEps: 10 }),
      stock(null, { salesYield: 0.2, earningsYield: 0.2, yoyEps: 20, yoyRevenue: 5 }),
      stock(null, { salesYield: 0.3, earningsYield: 0.3 }),
    ]);
    expect(scored[0]?.components.yoyRevenue).toBeNull();
    expect(scored[0]?.composite).toBeCloseTo(EHS_WEIGHTS.yoyRevenue * EHS_MISSING_COMPONENT_SCORE);
    expect(scored[2]?.composite).toBeNull();
    expect(scored[2]?.overallScore).toBeNull();
    expect(scored[2]?.components.ps).toBe(100); // still ranked part by part
    expect(scored.map((s) => s.overallScore)).toEqual([0, 100, null]);
  });

  it('winsorises growth: beyond the cap, growth ties', () => {
    const scored = scoreUniverse([
      stock(null, { yoyEps: EHS_GROWTH_CAP_PERCENT + 1 }),
      stock(null, { yoyEps: 5000 }),
      stock(null, { yoyEps: 0 }),
    ]);
    expect(scored.map((s) => s.components.yoyEps)).toEqual([75, 75, 0]);
  });

  it('ranks within the sector when it has enough peers, across the universe otherwise', () => {
    const big = Array.from({ length: EHS_SECTOR_MIN_PEERS }, (_, i) =>
      stock('Technology', { salesYield: 0.01 * (i + 1) }),
    );
    const small = [stock('Utilities', { salesYield: 0.5 }), stock('Utilities', { salesYield: 0.6 })];
    const scored = scoreUniverse([...big, ...small, stock(null, { salesYield: 0.001 })]);
    expect(scored[EHS_SECTOR_MIN_PEERS - 1]?.components.ps).toBe(100); // best of its sector…
    expect(scored[EHS_SECTOR_MIN_PEERS - 1]?.sectorRelative.ps).toBe(true);
    expect(scored[0]?.components.ps).toBe(0);
    // …while the two utilities and the sectorless stock rank against all 18
    expect(scored[EHS_SECTOR_MIN_PEERS]?.sectorRelative.ps).toBe(false);
    expect(scored[EHS_SECTOR_MIN_PEERS]?.components.ps).toBe(94.1);
    expect(scored[EHS_SECTOR_MIN_PEERS + 2]?.components.ps).toBe(0);
  });

  it('gives the same scores whatever the input order', () => {
    const random = seededRandom(42);
    const sectors = ['A', 'B', 'C', null];
    const universe = Array.from({ length: 120 }, (_, i) =>
      stock(sectors[i % 4] ?? null, {
        salesYield: random(),
        earningsYield: random() - 0.2,
        yoyEps: random() < 0.1 ? null : (random() - 0.3) * 200,
        yoyRevenue: Math.round(random() * 20), // ties
      }),
    );
    const scored = scoreUniverse(universe);
    const order = universe.map((_, i) => i).sort(() => random() - 0.5);
    const shuffled = scoreUniverse(order.map((i) => universe[i] as ScoreInput));
    order.forEach((original, k) => {
      expect(shuffled[k]).toEqual(scored[original]);
    });
    const overall = scored.map((s) => s.overallScore).filter((s) => s !== null);
    expect(Math.min(...overall)).toBe(0);
    expect(Math.max(...overall)).toBe(100);
  });
});

/** n candidates where the i-th (0-based) has rank i + 1 and every one is in the pool. */
const ladder = (n: number): IndexCandidate[] =>
  Array.from({ length: n }, (_, i) => ({
    symbol: `S${String(i + 1).padStart(4, '0')}`,
    score: n - i,
    marketCap: 1e10,
  }));
const symbolAt = (rank: number) => `S${String(rank).padStart(4, '0')}`;

describe(selectIndex.name, () => {
  it('starts with the best-scoring 500', () => {
    const members = selectIndex(ladder(700));
    expect(members).toHaveLength(EH500_SIZE);
    expect(members[0]?.symbol).toBe(symbolAt(1));
    expect(members.at(-1)?.symbol).toBe(symbolAt(EH500_SIZE));
  });

  it('picks only from the largest companies', () => {
    const candidates = ladder(EH500_POOL_SIZE + 1).map((c, i) => ({ ...c, marketCap: 1e12 - i * 1e8 }));
    // the best score belongs to the smallest company, which is outside the pool
    candidates[candidates.length - 1] = { ...(candidates.at(-1) as IndexCandidate), score: 1e6 };
    const members = selectIndex(candidates).map((c) => c.symbol);
    expect(members).not.toContain(candidates.at(-1)?.symbol);
    expect(members[0]).toBe(symbolAt(1));
  });

  it('keeps members inside the buffer and lets newcomers in only when they rank high enough', () => {
    const candidates = ladder(700);
    const previous = new Set(
      [...Array.from({ length: EH500_SIZE - 3 }, (_, i) => symbolAt(i + 1))].concat([
        symbolAt(EH500_EXIT_RANK), // inside the buffer: stays
        symbolAt(EH500_EXIT_RANK + 1), // outside: leaves
        symbolAt(650),
      ]),
    );
    // ranks 498–500 are non-members below the entry rank: they do not force their way in
    const members = selectIndex(candidates, previous).map((c) => c.symbol);
    expect(members).toHaveLength(EH500_SIZE);
    expect(members).toContain(symbolAt(EH500_EXIT_RANK));
    expect(members).not.toContain(symbolAt(EH500_EXIT_RANK + 1));
    expect(members).not.toContain(symbolAt(650));
    // two seats freed: filled by the best non-members (ranks 498 and 499), not 500
    expect(members).toContain(symbolAt(498));
    expect(members).toContain(symbolAt(499));
    expect(members).not.toContain(symbolAt(500));
  });

  it('lets a newcomer ranked within the entry rank displace the weakest member', () => {
    const candidates = ladder(700);
    const previous = new Set(Array.from({ length: EH500_SIZE + 1 }, (_, i) => symbolAt(i + 1)));
    previous.delete(symbolAt(EH500_ENTRY_RANK));
    const members = selectIndex(candidates, previous).map((c) => c.symbol);
    expect(members).toContain(symbolAt(EH500_ENTRY_RANK));
    expect(members).not.toContain(symbolAt(EH500_SIZE + 1));
    // …but one just below the entry rank waits while members hold the seats
    const previous2 = new Set(Array.from({ length: EH500_SIZE + 1 }, (_, i) => symbolAt(i + 1)));
    previous2.delete(symbolAt(EH500_ENTRY_RANK + 1));
    const members2 = selectIndex(candidates, previous2).map((c) => c.symbol);
    expect(members2).not.toContain(symbolAt(EH500_ENTRY_RANK + 1));
    expect(members2).toContain(symbolAt(EH500_SIZE + 1));
  });

  it('orders equal scores by market cap, then symbol', () => {
    const members = selectIndex([
      { symbol: 'BBB', score: 50, marketCap: 1e10 },
      { symbol: 'AAA', score: 50, marketCap: 1e10 },
      { symbol: 'CCC', score: 50, marketCap: 2e10 },
      { symbol: 'DDD', score: 60, marketCap: 1e9 },
    ]).map((c) => c.symbol);
    expect(members).toEqual(['DDD', 'CCC', 'AAA', 'BBB']);
  });
});

describe(indexCanStart.name, () => {
  it('starts the index full, or at once in a market smaller than the index', () => {
    expect(indexCanStart(EH500_SIZE - 1, 604)).toBe(false);
    expect(indexCanStart(EH500_SIZE, 604)).toBe(true);
    expect(indexCanStart(5, 5)).toBe(true);
    expect(indexCanStart(4, 5)).toBe(false);
    expect(indexCanStart(0, 7)).toBe(false);
    expect(indexCanStart(0, 0)).toBe(false);
  });
});

describe(rebalance.name, () => {
  it('lists the symbols that enter and leave, sorted', () => {
    expect(rebalance(['MSFT', 'AAPL', 'XOM'], ['NVDA', 'AAPL', 'AMD', 'MSFT'])).toEqual({
      added: ['AMD', 'NVDA'],
      removed: ['XOM'],
    });
    expect(rebalance([], ['B', 'A'])).toEqual({ added: ['A', 'B'], removed: [] });
  });

  it('replays into the current membership', () => {
    const first = rebalance([], ['A', 'B', 'C']);
    const second = rebalance(['A', 'B', 'C'], ['A', 'C', 'D']);
    expect([...membersAfter([first, second])].sort()).toEqual(['A', 'C', 'D']);
  });
});

describe(capWeights.name, () => {
  it('weights by market cap and sums to 1', () => {
    expect(capWeights([3e9, 1e9, null])).toEqual([0.75, 0.25, 0]);
    expect(capWeights([null])).toEqual([0]);
  });
});

describe(rebalanceDates.name, () => {
  it('takes the first trading day of each quarter', () => {
    expect(rebalanceDates('2025-12-01', '2027-01-31')).toEqual([
      '2026-01-02', // New Year's Day
      '2026-04-01',
      '2026-07-01',
      '2026-10-01',
      '2027-01-04', // Friday holiday, then a weekend
    ]);
    expect(rebalanceSelectionDate('2026-01-02')).toBe('2025-12-31');
    expect(latestRebalanceDate('2026-03-31')).toBe('2026-01-02');
    expect(latestRebalanceDate('2026-01-01')).toBe('2025-10-01');
    expect(latestRebalanceDate('2026-04-01')).toBe('2026-04-01');
  });
});

describe(weeklyHistoryDates.name, () => {
  it('takes the last trading day of each week', () => {
    expect(weeklyHistoryDates('2026-03-25', '2026-04-15')).toEqual([
      '2026-03-27',
      '2026-04-02', // Good Friday
      '2026-04-10',
    ]);
    expect(weeklyHistoryDates('2026-03-28', '2026-04-02')).toEqual(['2026-04-02']);
  });
});

describe('docs/ehs.md', () => {
  const doc = readFileSync(new URL('../../../docs/ehs.md', import.meta.url), 'utf8');

  it('quotes every constant with the value the code uses', () => {
    const table = new Map<string, string>();
    for (const match of doc.matchAll(/^\| `([A-Za-z0-9_.]+)` \| ([^|]+) \|/gm)) {
      table.set(match[1] as string, (match[2] as string).trim());
    }
    const expected = new Map<string, unknown>();
    for (const [name, value] of Object.entries(ehs)) {
      if (!/^EHS?_|^EH500_/.test(name)) continue;
      if (
        [
          'EHS_COMPONENTS',
          'EHS_INELIGIBLE_REASONS',
          'EH500_DESCRIPTION',
          'EH500_INDEX_ID',
          'EH500_NOT_RANKED',
        ].includes(name)
      )
        continue;
      if (name === 'EHS_WEIGHTS') {
        for (const [part, weight] of Object.entries(value)) expected.set(`${name}.${part}`, weight);
      } else expected.set(name, value);
    }
    expect([...table.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [name, value] of expected) {
      const written = table.get(name) as string;
      if (Array.isArray(value)) expect(written.split(/,\s*/).map(Number), name).toEqual(value);
      else if (typeof value === 'number') expect(Number(written.replaceAll(',', '')), name).toBe(value);
      else expect(written, name).toBe(value);
    }
  });

  it('works its example with the code', () => {
    const example = computeMetricsFor({
      price: 125,
      sharesOutstanding: 1e9,
      reports: [
        report(2024, 'Q3', '2024-10-23', 1.2, 12e9),
        report(2024, 'Q4', '2025-01-29', 1.3, 13e9),
        report(2025, 'Q1', '2025-04-23', 1.5, 12.5e9),
        report(2025, 'Q2', '2025-07-23', 1.6, 14e9),
        report(2025, 'Q3', '2025-10-23', 2.0, 15e9, { publishedAt: t('2025-10-23', '16:30') }),
      ],
      knownAt: t('2025-10-27'),
    });
    expect(example).toMatchObject({ pe: 19.53, ps: 2.29, yoyEps: 66.7, yoyRevenue: 25 });
    expect(example.ttmEps).toBeCloseTo(6.4);
    const friday = computeMetricsFor({
      price: 120,
      sharesOutstanding: 1e9,
      reports: [
        report(2024, 'Q3', '2024-10-23', 1.2, 12e9),
        report(2024, 'Q4', '2025-01-29', 1.3, 13e9),
        report(2025, 'Q1', '2025-04-23', 1.5, 12.5e9),
        report(2025, 'Q2', '2025-07-23', 1.6, 14e9),
        report(2025, 'Q3', '2025-10-23', 2.0, 15e9, { publishedAt: t('2025-10-23', '16:30') }),
      ],
      knownAt: closeInstant('2025-10-23'),
    });
    expect(friday.pe).toBe(21.43);
    // Stocks B–E of the example table: P/S → sales yield, P/E → earnings yield (negative for D's loss).
    const scored = scoreUniverse([
      stock('Example', { salesYield: 1 / 2.29, earningsYield: 1 / 19.53, yoyEps: 66.7, yoyRevenue: 25 }),
      stock('Example', { salesYield: 1 / 4.65, earningsYield: 1 / 23.26, yoyEps: 10, yoyRevenue: 10 }),
      stock('Example', { salesYield: 1 / 1.2, earningsYield: 1 / 12, yoyEps: -5, yoyRevenue: 2 }),
      stock('Example', { salesYield: 1 / 6, earningsYield: -0.02, yoyEps: -50, yoyRevenue: 40 }),
      stock('Example', { salesYield: 1 / 3, earningsYield: 1 / 30, yoyEps: null, yoyRevenue: 15 }),
    ]);
    expect(scored.map((s) => [s.components.ps, s.components.pe, s.components.yoyEps, s.components.yoyRevenue])).toEqual(
      [
        [75, 75, 100, 75],
        [25, 50, 66.7, 25],
        [100, 100, 33.3, 0],
        [0, 0, 0, 100],
        [50, 25, null, 50],
      ],
    );
    expect(scored.map((s) => s.composite)).toEqual([81.25, 42.92, 58.33, 25, 42.5]);
    expect(scored.map((s) => s.overallScore)).toEqual([100, 50, 75, 0, 25]);
    for (const line of [
      '| Example Corp | 75 | 75 | 100 | 75 | 81.25 | **100** |',
      '| B | 25 | 50 | 66.7 | 25 | 42.92 | **50** |',
      '| C | 100 | 100 | 33.3 | 0 | 58.33 | **75** |',
      '| D | 0 | 0 | 0 | 100 | 25.00 | **0** |',
      '| E | 50 | 25 | 50 (missing) | 50 | 42.50 | **25** |',
    ]) {
      expect(doc).toContain(line);
    }
  });
});
