/**
 * EHS / EH500 refresh benchmark: `node bench/metrics.bench.ts` (Node 24, the repository's pinned one).
 *
 * Builds a generated market on a fresh embedded database (PGlite in memory): --stocks stocks (default 550) in 11
 * sectors, daily bars for --years years (default 3), a quote each, and quarterly results for the whole span. Then
 * times refreshMetricsAndIndexes over the default two-year history, cold and once more on unchanged data, next to
 * a baseline measured in the same run: one plain read of every stock bar of the window (the input a naive
 * implementation would start from). Exits non-zero when the cold refresh takes more than --max-ratio (5) times the
 * baseline: a loose guard (the machine is shared and noisy) that still catches a row-by-row regression.
 */
import { parseArgs } from 'node:util';
import { connectDatabase, quarterOf, rowsOf } from '@eh/db';
import { sql } from 'drizzle-orm';
import { upsertDailyBars } from '../apps/server/src/ingest/daily-bars.ts';
import { refreshMetricsAndIndexes } from '../apps/server/src/modules/ehs/index.ts';
import { seededRandom } from '../packages/domain/src/random.ts';
import { addDays, isWeekend, nyToUtc } from '../packages/domain/src/time.ts';

const { values } = parseArgs({
  options: {
    stocks: { type: 'string', default: '550' },
    years: { type: 'string', default: '3' },
    seed: { type: 'string', default: '20261123' },
    'as-of': { type: 'string', default: '2026-11-20T21:30:00Z' },
    'max-ratio': { type: 'string', default: '5' },
  },
});
const STOCKS = Number(values.stocks);
const YEARS = Number(values.years);
const asOf = new Date(values['as-of']);
const maxRatio = Number(values['max-ratio']);
const random = seededRandom(Number(values.seed));
const SECTORS = [
  'Technology',
  'Health Care',
  'Financials',
  'Consumer Discretionary',
  'Industrials',
  'Communication Services',
  'Consumer Staples',
  'Energy',
  'Utilities',
  'Real Estate',
  'Materials',
];

const database = await connectDatabase({ dataDir: 'memory://' });
await database.migrate();
const { db } = database;

const lastDay = asOf.toISOString().slice(0, 10);
const firstDay = addDays(lastDay, -Math.round(365.25 * YEARS));
const days: string[] = [];
for (let d = firstDay; d <= lastDay; d = addDays(d, 1)) if (!isWeekend(d)) days.push(d);

const buildStart = performance.now();
const symbols = Array.from({ length: STOCKS }, (_, i) => `S${String(i).padStart(4, '0')}`);
const shares = symbols.map(() => Math.round(2e8 + random() * 3e9));
const inserted = await db.execute(sql`
  insert into assets (symbol, symbol_upper, name, type, sector, shares_outstanding, source)
  select u.symbol, u.symbol, u.symbol || ' Corp', 'stock', u.sector, u.shares, 'bench'
  from unnest(${sql.param(symbols)}::text[], ${sql.param(symbols.map((_, i) => SECTORS[i % SECTORS.length]))}::text[],
              ${sql.param(shares)}::int8[]) as u(symbol, sector, shares)
  returning id`);
const ids = rowsOf<{ id: number }>(inserted).map((row) => row.id);

const bars: { id: number[]; date: string[]; close: number[] } = { id: [], date: [], close: [] };
const lastClose: number[] = [];
ids.forEach((id, i) => {
  let price = 20 + random() * 300;
  const vol = 0.01 + random() * 0.025;
  for (const date of days) {
    price *= Math.exp((random() - 0.5) * 2 * vol);
    bars.id.push(id);
    bars.date.push(date);
    bars.close.push(Math.round(price * 100) / 100);
  }
  lastClose[i] = price;
});
await upsertDailyBars(
  db,
  bars.id.map((id, i) => {
    const close = bars.close[i];
    return { asset_id: id, date: bars.date[i], open: close, high: close, low: close, close, volume: 0 };
  }),
);
await db.execute(sql`
  insert into quotes (asset_id, price, quoted_at, source)
  select u.id, u.price, ${asOf.toISOString()}::timestamptz, 'bench'
  from unnest(${sql.param(ids)}::int4[], ${sql.param(lastClose.map((p) => Math.round(p * 100) / 100))}::float8[]) as u(id, price)`);

const earnings: Record<string, unknown[]> = {
  id: [],
  year: [],
  period: [],
  date: [],
  session: [],
  eps: [],
  revenue: [],
};
ids.forEach((id, i) => {
  let eps = (random() - 0.15) * 3;
  let revenue = (0.5 + random() * 20) * 1e9;
  const growth = (random() - 0.3) * 0.1;
  const offset = i % 30;
  for (let year = Number(firstDay.slice(0, 4)) - 1; year <= Number(lastDay.slice(0, 4)); year++) {
    for (let q = 0; q < 4; q++) {
      // Reported about a month after the quarter ends, spread over the season.
      const quarterEnd = `${year}-${String(q * 3 + 3).padStart(2, '0')}-28`;
      let date = addDays(quarterEnd, 20 + offset);
      while (isWeekend(date)) date = addDays(date, 1);
      if (nyToUtc(date, '20:00').getTime() > asOf.getTime()) continue;
      eps = eps * (1 + growth) + (random() - 0.5) * 0.2;
      revenue = revenue * (1 + growth / 2) * (1 + (random() - 0.5) * 0.05);
      earnings.id?.push(id);
      earnings.year?.push(year);
      earnings.period?.push(`Q${q + 1}`);
      earnings.date?.push(date);
      earnings.session?.push(i % 2 === 0 ? 'before' : 'after');
      earnings.eps?.push(Math.round(eps * 100) / 100);
      earnings.revenue?.push(Math.round(revenue));
    }
  }
});
await db.execute(sql`
  insert into earnings (asset_id, period_year, period, date, session, date_status, date_source, eps_actual,
                        revenue_actual, source)
  select u.id, u.year, u.period, u.date, u.session, 'confirmed', 'bench', u.eps, u.revenue, 'bench'
  from unnest(${sql.param(earnings.id)}::int4[], ${sql.param(earnings.year)}::int2[], ${sql.param(earnings.period)}::text[],
              ${sql.param(earnings.date)}::date[], ${sql.param(earnings.session)}::text[],
              ${sql.param(earnings.eps)}::float8[], ${sql.param(earnings.revenue)}::float8[])
       as u(id, year, period, date, session, eps, revenue)`);
const buildMs = performance.now() - buildStart;
console.log(
  `market: ${STOCKS} stocks, ${bars.id.length.toLocaleString('en-US')} daily bars, ${earnings.id?.length} quarters (built in ${Math.round(buildMs)} ms)`,
);

const baselineStart = performance.now();
const baseline = await db.execute(sql`
  select o.asset_id, o.date::text, o.close from ohlc_daily o join assets a on a.id = o.asset_id and a.type = 'stock'
  where o.quarter >= ${quarterOf(sql`${addDays(lastDay, -7 * 104 - 7)}::date`)} and o.date >= ${addDays(lastDay, -7 * 104 - 7)}::date`);
const baselineMs = performance.now() - baselineStart;

const cold = performance.now();
const first = await refreshMetricsAndIndexes(db, { asOf });
const coldMs = performance.now() - cold;
const warm = performance.now();
const second = await refreshMetricsAndIndexes(db, { asOf });
const warmMs = performance.now() - warm;
await database.close();

const fmt = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;
console.log(`baseline: read ${rowsOf(baseline).length.toLocaleString('en-US')} bars of the window: ${fmt(baselineMs)}`);
console.log(
  `refresh (cold): ${fmt(coldMs)} = ${(coldMs / baselineMs).toFixed(1)}x baseline; ${first.points} dates, ${first.metricsRows.toLocaleString('en-US')} metrics rows, ${first.rebalances} rebalances, ${first.members} EH500 members; load ${first.timings.load} / compute ${first.timings.compute} / write ${first.timings.write} ms`,
);
console.log(
  `refresh (again, unchanged data): ${fmt(warmMs)} = ${(warmMs / baselineMs).toFixed(1)}x baseline; ${second.metricsWritten} rows rewritten; load ${second.timings.load} / compute ${second.timings.compute} / write ${second.timings.write} ms`,
);
if (coldMs > maxRatio * baselineMs) {
  console.error(`cold refresh ${fmt(coldMs)} is over ${maxRatio}x the baseline (${fmt(baselineMs)})`);
  process.exitCode = 1;
}
