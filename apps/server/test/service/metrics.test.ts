/**
 * EHS and EH500 on a real database: a hand-made market of seven stocks whose metrics are worked out by hand
 * (docs/ehs.md), then refreshMetricsAndIndexes, its history without look-ahead, an idempotent re-run, and the
 * EH500 rebalances and members.
 */

import {
  assets,
  type Database,
  earnings,
  indexConstituents,
  indexRebalances,
  marketIndexes,
  metrics,
  ohlcDaily,
  quotes,
  rowsOf,
} from '@eh/db';
import { addDays, EH500_INDEX_ID, EH500_SIZE, isWeekend } from '@eh/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { refreshMetricsAndIndexes } from '../../src/modules/ehs/index.ts';
import { storeDailyBars } from '../market-fixtures.ts';
import { eachDatabase } from './context.ts';

/** The database of the group running (each database's group runs whole before the next). */
let db: Database;

/** Friday 2026-11-20, 16:30 New York: after the close. */
const AS_OF = new Date('2026-11-20T21:30:00Z');
const FROM = '2026-06-01';

interface Quarter {
  year: number;
  q: 1 | 2 | 3 | 4;
  date: string;
  session?: 'before' | 'after';
  eps: number | null;
  revenue: number | null;
}

interface Stock {
  symbol: string;
  shares: number;
  /** Close by date: the first entry whose `until` is on or after the date. */
  closes: { until: string; close: number }[];
  firstBar: string;
  quarters: Quarter[];
  quote?: number;
}

const REPORT_DATES: Record<string, string> = {
  '2025Q1': '2025-04-24',
  '2025Q2': '2025-07-24',
  '2025Q3': '2025-10-23',
  '2025Q4': '2026-01-29',
  '2026Q1': '2026-04-23',
  '2026Q2': '2026-07-23',
  '2026Q3': '2026-10-22',
};

/** Seven quarters, 2025 Q1 … 2026 Q3: the 2025 ones at `a`, the 2026 ones at `b` (EPS and revenue). */
function steady(a: [number, number], b: [number, number]): Quarter[] {
  return Object.entries(REPORT_DATES).map(([key, date]) => {
    const year = Number(key.slice(0, 4));
    const [eps, revenue] = year === 2025 ? a : b;
    return { year, q: Number(key.slice(5)) as Quarter['q'], date, eps, revenue };
  });
}

const MARKET: Stock[] = [
  {
    // Worked by hand below: the best on every part.
    symbol: 'AAA',
    shares: 1e9,
    closes: [
      { until: '2026-09-30', close: 100 },
      { until: '9999-12-31', close: 120 },
    ],
    firstBar: '2025-01-02',
    quote: 125,
    quarters: [
      { year: 2025, q: 1, date: '2025-04-24', eps: 1.0, revenue: 10e9 },
      { year: 2025, q: 2, date: '2025-07-24', eps: 1.1, revenue: 11e9 },
      { year: 2025, q: 3, date: '2025-10-23', eps: 1.2, revenue: 12e9 },
      { year: 2025, q: 4, date: '2026-01-29', eps: 1.3, revenue: 13e9 },
      { year: 2026, q: 1, date: '2026-04-23', eps: 1.5, revenue: 12.5e9 },
      { year: 2026, q: 2, date: '2026-07-23', eps: 1.6, revenue: 14e9 },
      // After Friday's close: not part of that Friday's point.
      { year: 2026, q: 3, date: '2026-10-23', session: 'after', eps: 2.0, revenue: 15e9 },
      // Scheduled, not reported.
      { year: 2026, q: 4, date: '2027-01-28', eps: null, revenue: null },
    ],
  },
  {
    symbol: 'BBB',
    shares: 2e9,
    closes: [{ until: '9999-12-31', close: 50 }],
    firstBar: '2025-01-02',
    quarters: steady([0.5, 5e9], [0.55, 5.5e9]),
  },
  {
    symbol: 'CCC',
    shares: 2e9,
    closes: [{ until: '9999-12-31', close: 50 }],
    firstBar: '2025-01-02',
    quarters: steady([0.4, 4e9], [0.42, 4.2e9]),
  },
  // Listed in January 2026: too young for the July rebalance, in by October.
  {
    symbol: 'GGG',
    shares: 2e9,
    closes: [{ until: '9999-12-31', close: 50 }],
    firstBar: '2026-01-15',
    quarters: steady([0.3, 3e9], [0.3, 3e9]),
  },
  // Losing money, and more than a year ago.
  {
    symbol: 'DDD',
    shares: 2e9,
    closes: [{ until: '9999-12-31', close: 50 }],
    firstBar: '2025-01-02',
    quarters: steady([-0.2, 2e9], [-0.3, 1.8e9]),
  },
  // $500 million: below the market-cap floor.
  {
    symbol: 'EEE',
    shares: 1e8,
    closes: [{ until: '9999-12-31', close: 5 }],
    firstBar: '2025-01-02',
    quarters: steady([0.1, 0.1e9], [0.12, 0.12e9]),
  },
  // Stopped reporting after 2025 Q4: stale from mid-August 2026.
  {
    symbol: 'FFF',
    shares: 1e9,
    closes: [{ until: '9999-12-31', close: 50 }],
    firstBar: '2025-01-02',
    quarters: [
      // The year-ago quarter of 2025 Q4, so that its growth parts exist (three of four parts are needed).
      { year: 2024, q: 4, date: '2025-01-30', eps: 0.9, revenue: 0.9e9 },
      ...steady([1, 1e9], [1, 1e9]).filter((q) => q.year === 2025),
    ],
  },
];

async function insertMarket(): Promise<Map<string, number>> {
  // Start from an empty market whatever the template holds: emptied whole, not row by row (the demo market's history
  // and everything else that refers to its assets, deleted row by row, took 25 s on PGlite).
  await db.execute(sql`truncate market_indexes, assets cascade`);
  const ids = new Map<string, number>();
  for (const stock of MARKET) {
    const [row] = await db
      .insert(assets)
      .values({
        symbol: stock.symbol,
        symbolUpper: stock.symbol,
        name: `${stock.symbol} Inc.`,
        type: 'stock',
        sector: 'Technology',
        sharesOutstanding: stock.shares,
        source: 'test',
      })
      .returning({ id: assets.id });
    const id = row?.id as number;
    ids.set(stock.symbol, id);
    const bars = [];
    for (let date = stock.firstBar; date <= '2026-11-20'; date = addDays(date, 1)) {
      if (isWeekend(date)) continue;
      const close = stock.closes.find((c) => date <= c.until)?.close as number;
      bars.push({ assetId: id, date, open: close, high: close, low: close, close, volume: 1000 });
    }
    await storeDailyBars(db, bars);
    await db.insert(earnings).values(
      stock.quarters.map((q) => ({
        assetId: id,
        periodYear: q.year,
        period: `Q${q.q}` as const,
        date: q.date,
        session: q.session ?? 'before',
        dateStatus: q.eps === null ? ('estimated' as const) : ('confirmed' as const),
        dateSource: 'test',
        epsActual: q.eps,
        revenueActual: q.revenue,
        source: 'test',
      })),
    );
    if (stock.quote !== undefined) {
      await db
        .insert(quotes)
        .values({ assetId: id, price: stock.quote, quotedAt: new Date('2026-11-20T21:00:00Z'), source: 'test' });
    }
  }
  return ids;
}

async function metricsOf(symbol: string, date: string) {
  const [row] = await db
    .select({
      ps: metrics.ps,
      pe: metrics.pe,
      yoyEps: metrics.yoyEps,
      yoyRevenue: metrics.yoyRevenue,
      overallScore: metrics.overallScore,
      components: metrics.components,
    })
    .from(metrics)
    .innerJoin(assets, eq(assets.id, metrics.assetId))
    .where(and(eq(assets.symbol, symbol), eq(metrics.date, date)));
  return row;
}

let ids: Map<string, number>;
let first: Awaited<ReturnType<typeof refreshMetricsAndIndexes>>;

eachDatabase(
  (service) => {
    beforeAll(async () => {
      db = service().ctx.db;
      ids = await insertMarket();
      first = await refreshMetricsAndIndexes(db, { asOf: AS_OF, from: FROM });
    });

    describe('refreshMetricsAndIndexes', () => {
      it('computes P/S, P/E and YoY growth from the close and the results public on each date', async () => {
        // 2026-06-05: TTM = 2025 Q2 … 2026 Q1 (EPS 5.10, revenue $48.5 bn), close 100, 1 bn shares.
        expect(await metricsOf('AAA', '2026-06-05')).toMatchObject({ pe: 19.61, ps: 2.06, yoyEps: 50, yoyRevenue: 25 });
        // 2026-09-30 (the October rebalance's selection date): TTM = 2025 Q3 … 2026 Q2 (EPS 5.60, revenue $51.5 bn).
        expect(await metricsOf('AAA', '2026-09-30')).toMatchObject({
          pe: 17.86, // 100 / 5.6
          ps: 1.94, // 100 / 51.5
          yoyEps: 45.5, // 1.6 vs 1.1
          yoyRevenue: 27.3, // 14 vs 11
        });
      });

      it('uses no result before it is public and no price from a later day', async () => {
        // Friday 2026-10-23: Q3 comes out after the close, so that day's point still uses Q2, at the new close of 120.
        expect(await metricsOf('AAA', '2026-10-23')).toMatchObject({ pe: 21.43, ps: 2.33, yoyEps: 45.5 });
        // A week later Q3 counts: TTM EPS 6.40, revenue $54.5 bn.
        expect(await metricsOf('AAA', '2026-10-30')).toMatchObject({
          pe: 18.75,
          ps: 2.2,
          yoyEps: 66.7,
          yoyRevenue: 25,
        });
      });

      it('prices the latest day with the quote', async () => {
        const latest = await metricsOf('AAA', '2026-11-20');
        expect(latest).toMatchObject({ pe: 19.53, ps: 2.29 }); // 125 / 6.4; 125 bn / 54.5 bn
        expect(latest?.components).toMatchObject({ marketCap: 125e9, ttmRevenue: 54.5e9, ttmEps: 6.4 });
      });

      it('ranks the eligible stocks 0–100 and leaves the others unscored', async () => {
        // On every part AAA > BBB > CCC > GGG > DDD, so with five eligible stocks the percentiles are 100 … 0.
        const expected: [string, number][] = [
          ['AAA', 100],
          ['BBB', 75],
          ['CCC', 50],
          ['GGG', 25],
          ['DDD', 0],
        ];
        for (const [symbol, score] of expected) {
          const row = await metricsOf(symbol, '2026-11-20');
          expect(row?.overallScore, symbol).toBe(score);
          expect(row?.components, symbol).toMatchObject({
            psScore: score,
            peScore: score,
            yoyEpsScore: score,
            yoyRevenueScore: score,
          });
        }
        const ddd = await metricsOf('DDD', '2026-11-20');
        expect(ddd).toMatchObject({ pe: null, yoyEps: -50, yoyRevenue: -10 }); // a loss: no P/E
        // Below the cap floor and stale: metrics, but no score.
        expect(await metricsOf('EEE', '2026-11-20')).toMatchObject({ pe: 10.87, overallScore: null }); // 5 / 0.46;
        expect(await metricsOf('FFF', '2026-11-20')).toMatchObject({ pe: 12.5, overallScore: null });
        expect(first.scoredLatest).toBe(5);
      });

      it('keeps weekly history from the start date, plus the rebalance selection dates', async () => {
        const dates = await db.selectDistinct({ date: metrics.date }).from(metrics).orderBy(asc(metrics.date));
        const list = dates.map((row) => row.date);
        expect(list[0]).toBe('2026-06-05');
        expect(list).toContain('2026-06-30');
        expect(list).toContain('2026-09-30');
        expect(list.at(-1)).toBe('2026-11-20');
        expect(list.filter((date) => date >= '2026-10-01' && date <= '2026-10-31')).toEqual([
          '2026-10-02',
          '2026-10-09',
          '2026-10-16',
          '2026-10-23',
          '2026-10-30',
        ]);
        expect(first.points).toBe(list.length);
        const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int4` }).from(metrics);
        expect(first.metricsRows).toBe(count);
      });

      it('records a rebalance at each quarter start, with the stocks added and removed', async () => {
        const rows = await db
          .select({ date: indexRebalances.date, added: indexRebalances.added, removed: indexRebalances.removed })
          .from(indexRebalances)
          .where(eq(indexRebalances.indexId, EH500_INDEX_ID))
          .orderBy(asc(indexRebalances.date));
        expect(rows).toEqual([
          // GGG is too young in June, EEE too small; FFF still current.
          { date: '2026-07-01', added: ['AAA', 'BBB', 'CCC', 'DDD', 'FFF'], removed: [] },
          // FFF has gone stale by September; GGG has six months of trading.
          { date: '2026-10-01', added: ['GGG'], removed: ['FFF'] },
        ]);
        expect(first.rebalances).toBe(2);
      });

      it('lists the current EH500 members by score with market-cap weights', async () => {
        const [index] = await db.select().from(marketIndexes).where(eq(marketIndexes.id, EH500_INDEX_ID));
        expect(index).toMatchObject({ name: 'EH500', ranking: 'top500' });
        const members = await db
          .select({
            symbol: assets.symbol,
            rank: indexConstituents.rank,
            score: indexConstituents.score,
            weight: indexConstituents.weight,
            addedDate: indexConstituents.addedDate,
          })
          .from(indexConstituents)
          .innerJoin(assets, eq(assets.id, indexConstituents.assetId))
          .where(eq(indexConstituents.indexId, EH500_INDEX_ID))
          .orderBy(asc(indexConstituents.rank));
        expect(members.map((m) => [m.symbol, m.rank, m.score, m.addedDate])).toEqual([
          ['AAA', 1, 100, '2026-07-01'],
          ['BBB', 2, 75, '2026-07-01'],
          ['CCC', 3, 50, '2026-07-01'],
          ['GGG', 4, 25, '2026-10-01'],
          ['DDD', 5, 0, '2026-07-01'],
        ]);
        // Market caps 125 + 4 × 100 bn.
        expect(members[0]?.weight).toBeCloseTo(125 / 525, 10);
        expect(members[1]?.weight).toBeCloseTo(100 / 525, 10);
        expect(members.reduce((sum, m) => sum + (m.weight ?? 0), 0)).toBeCloseTo(1, 10);
      });

      it('gives the same result when run again, rewriting nothing', async () => {
        const before = await db.select().from(metrics).orderBy(asc(metrics.assetId), asc(metrics.date));
        const again = await refreshMetricsAndIndexes(db, { asOf: AS_OF, from: FROM });
        expect(again).toMatchObject({
          points: first.points,
          metricsRows: first.metricsRows,
          metricsWritten: 0,
          metricsDeleted: 0,
          rebalances: 2,
          members: 5,
        });
        expect(await db.select().from(metrics).orderBy(asc(metrics.assetId), asc(metrics.date))).toEqual(before);
        const rebalances = await db.select({ date: indexRebalances.date }).from(indexRebalances);
        expect(rebalances).toHaveLength(2);
      });

      it('drops rows a later run no longer produces and continues the index from the stored rebalances', async () => {
        // BBB's results are withdrawn: it has no metrics any more, and it leaves at the next rebalance only.
        await db.delete(earnings).where(eq(earnings.assetId, ids.get('BBB') as number));
        const result = await refreshMetricsAndIndexes(db, { asOf: AS_OF, from: '2026-11-01' });
        expect(result.metricsDeleted).toBeGreaterThan(0);
        expect(await metricsOf('BBB', '2026-11-20')).toBeUndefined();
        expect(await metricsOf('BBB', '2026-10-30')).toBeDefined(); // outside this run's window
        // The October rebalance was recomputed from the July membership: BBB is out, nobody came in.
        const [october] = await db
          .select({ added: indexRebalances.added, removed: indexRebalances.removed })
          .from(indexRebalances)
          .where(eq(indexRebalances.date, '2026-10-01'));
        expect(october).toEqual({ added: ['GGG'], removed: ['BBB', 'FFF'] });
        expect(result.members).toBe(4);
      });

      it('refuses an invalid date', async () => {
        await expect(refreshMetricsAndIndexes(db, { asOf: new Date('nope') })).rejects.toThrow(RangeError);
        await expect(refreshMetricsAndIndexes(db, { asOf: AS_OF, from: '2026-02-30' })).rejects.toThrow(RangeError);
      });
    });
  },
  { env: { SEED_DEMO: 'false' } },
);

eachDatabase((service) => {
  describe('the demo market (seeded in the test template)', () => {
    let demoDb: Database;
    beforeAll(() => {
      demoDb = service().ctx.db;
    });

    it('has a full EH500 ranked by score with market-cap weights', async () => {
      const members = await demoDb
        .select({ rank: indexConstituents.rank, score: indexConstituents.score, weight: indexConstituents.weight })
        .from(indexConstituents)
        .where(eq(indexConstituents.indexId, EH500_INDEX_ID))
        .orderBy(asc(indexConstituents.rank));
      expect(members).toHaveLength(EH500_SIZE);
      expect(members.map((m) => m.rank)).toEqual(members.map((_, i) => i + 1));
      const scores = members.map((m) => m.score as number);
      expect(scores.every((score) => typeof score === 'number')).toBe(true);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      expect(members.reduce((sum, m) => sum + (m.weight ?? 0), 0)).toBeCloseTo(1, 6);
    });

    it('keeps a weekly metrics history and scores most stocks on the latest day', async () => {
      const byDate = await demoDb
        .select({
          date: metrics.date,
          rows: sql<number>`count(*)::int4`,
          scored: sql<number>`count(${metrics.overallScore})::int4`,
        })
        .from(metrics)
        .groupBy(metrics.date)
        .orderBy(asc(metrics.date));
      expect(byDate.length).toBeGreaterThanOrEqual(100); // two years of weeks
      const [{ stocks } = { stocks: 0 }] = await demoDb
        .select({ stocks: sql<number>`count(*)::int4` })
        .from(assets)
        .where(eq(assets.type, 'stock'));
      const latest = byDate.at(-1);
      expect(latest?.scored).toBeGreaterThan(0.9 * stocks);
      // Scores over at least two quarters of weeks (the demo keeps eight quarters of results, four make a score).
      expect(byDate.filter((d) => d.scored >= EH500_SIZE).length).toBeGreaterThanOrEqual(26);
    });

    it('rebalances quarterly from a full first composition, with the buffer keeping churn low', async () => {
      const rebalances = await demoDb
        .select({ date: indexRebalances.date, added: indexRebalances.added, removed: indexRebalances.removed })
        .from(indexRebalances)
        .orderBy(asc(indexRebalances.date));
      expect(rebalances.length).toBeGreaterThanOrEqual(2);
      const [firstRebalance, ...later] = rebalances;
      expect(firstRebalance?.added).toHaveLength(EH500_SIZE);
      expect(firstRebalance?.removed).toEqual([]);
      for (const r of later) {
        expect(r.added.length, r.date).toBe(r.removed.length);
        expect(r.added.length, r.date).toBeLessThan(EH500_SIZE / 5);
        expect(r.date.slice(5), r.date).toMatch(/^(01|04|07|10)-0[1-7]$/);
      }
    });

    it('prices the latest P/E with the quote and the last four reported quarters', async () => {
      const [row] = rowsOf<{ pe: number; price: number; ttm: number }>(
        await demoDb.execute(sql`
        select m.pe, q.price,
               (select sum(e.eps_actual) from (
                  select eps_actual from earnings where asset_id = a.id and eps_actual is not null
                  order by period_year desc, period desc limit 4) e) as ttm
        from assets a
        join quotes q on q.asset_id = a.id
        join metrics m on m.asset_id = a.id and m.date = (select max(date) from metrics)
        where a.type = 'stock' and a.symbol = 'AAPL'`),
      );
      expect(row?.pe).toBeCloseTo((row?.price ?? 0) / (row?.ttm ?? 1), 1);
    });
  });
});
