/**
 * Reactions benchmark: `npm run bench:reactions` (Node 24, the repository's pinned one).
 *
 * Recomputes every report's reaction and every company's record (recomputeReactions, what the worker's job runs)
 * on two markets, each on an embedded database of its own:
 * - the demo market: a copy of the seeded data folder the tests use (the demo market with its five years of
 *   history, made first when today's is missing);
 * - a generated market of --companies companies (default 5,000) with --years of daily bars (default 2) and a report
 *   every quarter, half before the open and half after the close.
 * Each is timed cold (empty tables) and again on unchanged data, against a baseline measured in the same run: one
 * plain scan of the same price rows (every bar of every company with a report), the least any recompute reads.
 * The machine's load is printed beside every figure. Exits non-zero when a cold recompute takes more than
 * --max-ratio (default 5) times its baseline: loose (the machine is shared), but a row-by-row write or a per-report
 * query would blow through it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Database, rowsOf } from '@eh/db';
import { sql } from 'drizzle-orm';
import { upsertDailyBars } from '../apps/server/src/ingest/daily-bars.ts';
import { recomputeReactions } from '../apps/server/src/modules/reactions/index.ts';
import { closeAppContext, openAppContext } from '../apps/server/src/server.ts';
import { copySeededTemplate } from '../apps/server/test/seeded-template.ts';
import { seededRandom } from '../packages/domain/src/random.ts';
import { addDays, isWeekend } from '../packages/domain/src/time.ts';
import { benchConfig, loadAverage } from './support.ts';

const { values } = parseArgs({
  options: {
    market: { type: 'string', default: 'both' },
    companies: { type: 'string', default: '5000' },
    years: { type: 'string', default: '2' },
    seed: { type: 'string', default: '20261130' },
    'as-of': { type: 'string', default: '2026-11-27T21:30:00Z' },
    'max-ratio': { type: 'string', default: '5' },
  },
});
const maxRatio = Number(values['max-ratio']);
const fmt = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;
const count = (n: number) => n.toLocaleString('en-US');
let failed = false;

/** One plain read of every bar of every company with a report: what the recompute reads, nothing more. */
async function plainScan(db: Database): Promise<{ rows: number; ms: number }> {
  const started = performance.now();
  const result = await db.execute(sql`
    select o.asset_id, o.date::text as date, o.open, o.high, o.low, o.close from ohlc_daily o
    where exists (select 1 from earnings e where e.asset_id = o.asset_id)
    order by o.asset_id, o.quarter, o.date`);
  return { rows: rowsOf(result).length, ms: performance.now() - started };
}

async function measure(name: string, db: Database, now: Date) {
  // The baseline twice, the second counted: the first warms the same pages the recompute reads.
  await plainScan(db);
  const baseline = await plainScan(db);
  console.log(
    `${name}: baseline, a plain scan of ${count(baseline.rows)} bars: ${fmt(baseline.ms)} (${loadAverage()})`,
  );
  for (const run of ['cold', 'again, unchanged data'] as const) {
    const started = performance.now();
    const result = await recomputeReactions(db, { now });
    const ms = performance.now() - started;
    const t = result.timings;
    console.log(
      `${name}: recompute (${run}): ${fmt(ms)} = ${(ms / baseline.ms).toFixed(2)}x baseline; ${count(result.companies)} companies, ` +
        `${count(result.reports)} reports, ${count(result.reactions)} reactions, ${count(result.bars)} bars; ` +
        `rows written ${count(result.written.reactions)} + ${count(result.written.stats)}; ` +
        `read ${fmt(t.read)} / compute ${fmt(t.compute)} / write ${fmt(t.write)} (${loadAverage()})`,
    );
    if (run === 'cold' && ms > maxRatio * baseline.ms) {
      console.error(`${name}: the cold recompute ${fmt(ms)} is over ${maxRatio}x the baseline (${fmt(baseline.ms)})`);
      failed = true;
    }
  }
}

async function withMarket(name: string, fill: (db: Database) => Promise<void>, now: Date) {
  const dataDir = mkdtempSync(join(tmpdir(), 'eh-bench-reactions-'));
  try {
    const built = performance.now();
    if (name === 'demo market') await copySeededTemplate(dataDir);
    const ctx = await openAppContext(benchConfig(dataDir, undefined));
    try {
      await fill(ctx.db);
      console.log(`${name}: ready in ${fmt(performance.now() - built)}`);
      await measure(name, ctx.db, now);
    } finally {
      await closeAppContext(ctx);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A generated market: random-walk bars with a jump after each report, quarterly reports on either session. */
async function generated(db: Database) {
  const companies = Number(values.companies);
  const years = Number(values.years);
  const random = seededRandom(Number(values.seed));
  const lastDay = values['as-of'].slice(0, 10);
  const firstDay = addDays(lastDay, -Math.round(365.25 * years));
  const days: string[] = [];
  for (let d = firstDay; d <= lastDay; d = addDays(d, 1)) if (!isWeekend(d)) days.push(d);
  const symbols = Array.from({ length: companies }, (_, i) => `RB${String(i).padStart(5, '0')}`);
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into assets (symbol, symbol_upper, name, type, source)
      select u.s, u.s, u.s || ' Corp', 'stock', 'bench' from unnest(${sql.param(symbols)}::text[]) as u(s)
      returning id`),
  ).map((row) => row.id);
  const BATCH = 20_000;
  let bars = { id: [] as number[], date: [] as string[], open: [] as number[], close: [] as number[] };
  const flush = async () => {
    if (bars.id.length === 0) return;
    await upsertDailyBars(
      db,
      bars.id.map((id, i) => {
        const open = bars.open[i] as number;
        const close = bars.close[i] as number;
        const high = Math.max(open, close);
        return { asset_id: id, date: bars.date[i], open, high, low: Math.min(open, close), close, volume: 0 };
      }),
    );
    bars = { id: [], date: [], open: [], close: [] };
  };
  const reports = {
    id: [] as number[],
    year: [] as number[],
    period: [] as string[],
    date: [] as string[],
    session: [] as string[],
  };
  for (const [i, id] of ids.entries()) {
    let price = 20 + random() * 300;
    const vol = 0.01 + random() * 0.025;
    const offset = i % 30;
    const reportDays = new Set<string>();
    for (let year = Number(firstDay.slice(0, 4)); year <= Number(lastDay.slice(0, 4)); year++) {
      for (let q = 0; q < 4; q++) {
        let date = addDays(`${year}-${String(q * 3 + 3).padStart(2, '0')}-28`, 20 + offset);
        while (isWeekend(date)) date = addDays(date, 1);
        if (date < firstDay || date > lastDay) continue;
        reportDays.add(date);
        reports.id.push(id);
        reports.year.push(year);
        reports.period.push(`Q${q + 1}`);
        reports.date.push(date);
        reports.session.push(i % 2 === 0 ? 'before' : 'after');
      }
    }
    for (const date of days) {
      const open = price * Math.exp((random() - 0.5) * vol * (reportDays.has(date) ? 8 : 1));
      price = open * Math.exp((random() - 0.5) * vol);
      bars.id.push(id);
      bars.date.push(date);
      bars.open.push(Math.round(open * 100) / 100);
      bars.close.push(Math.round(price * 100) / 100);
      if (bars.id.length >= BATCH) await flush();
    }
  }
  await flush();
  await db.execute(sql`
    insert into earnings (asset_id, period_year, period, date, session, date_status, date_source, source)
    select u.id, u.year, u.period, u.date, u.session, 'confirmed', 'bench', 'bench'
    from unnest(${sql.param(reports.id)}::int4[], ${sql.param(reports.year)}::int2[], ${sql.param(reports.period)}::text[],
                ${sql.param(reports.date)}::date[], ${sql.param(reports.session)}::text[]) as u(id, year, period, date, session)
    on conflict do nothing`);
}

const market = values.market;
if (market === 'demo' || market === 'both') await withMarket('demo market', async () => {}, new Date());
if (market === 'generated' || market === 'both')
  await withMarket(
    `generated market (${count(Number(values.companies))} companies)`,
    generated,
    new Date(values['as-of']),
  );
if (failed) process.exitCode = 1;
