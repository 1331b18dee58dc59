/**
 * Reads and writes of the EHS computation. Reads cast every column in SQL (dates as text, int8 as float8,
 * instants as epoch ms) so PGlite and node-postgres hand back the same JavaScript values. Writes go through the
 * ingestion's set-based `upsertRows` (one `unnest` statement per chunk).
 */

import { type Database, lastDailyBar, rowsOf } from '@eh/db';
import type { FiscalPeriod, IsoDate, SessionType } from '@eh/domain';
import { sql } from 'drizzle-orm';
import { upsertRows } from '../../ingest/bulk.ts';

export interface StockRow {
  id: number;
  symbol: string;
  sector: string | null;
  active: boolean;
  sharesOutstanding: number | null;
  marketCap: number | null;
  /** The latest quote, when there is one. */
  quotePrice: number | null;
  quotedAt: number | null;
  /** The first stored daily bar. */
  firstTradeDate: IsoDate | null;
}

/** Every stock with its latest quote and first bar (an index probe per stock for the first bar). */
export async function loadStocks(db: Database): Promise<StockRow[]> {
  const result = await db.execute(sql`
    select a.id, a.symbol, a.sector, a.active,
           a.shares_outstanding::float8 as "sharesOutstanding", a.market_cap as "marketCap",
           q.price as "quotePrice", (extract(epoch from q.quoted_at) * 1000)::float8 as "quotedAt",
           (select q.quarter + q.days[1] from ohlc_quarters q where q.asset_id = a.id
             order by q.quarter limit 1)::text as "firstTradeDate"
    from assets a
    left join quotes q on q.asset_id = a.id
    where a.type = 'stock'
    order by a.id`);
  return rowsOf<StockRow>(result);
}

export interface EarningsRow {
  assetId: number;
  periodYear: number;
  period: FiscalPeriod;
  date: IsoDate;
  time: string | null;
  session: SessionType | null;
  epsActual: number | null;
  revenueActual: number | null;
  epsPriorYear: number | null;
  revenuePriorYear: number | null;
}

/** Reported quarters of stocks dated within [from, to]. */
export async function loadEarnings(db: Database, params: { from: IsoDate; to: IsoDate }): Promise<EarningsRow[]> {
  const result = await db.execute(sql`
    select e.asset_id as "assetId", e.period_year::int4 as "periodYear", e.period, e.date::text as date, e.time,
           e.session, e.eps_actual as "epsActual", e.revenue_actual as "revenueActual",
           e.eps_prior_year as "epsPriorYear", e.revenue_prior_year as "revenuePriorYear"
    from earnings e
    join assets a on a.id = e.asset_id and a.type = 'stock'
    where e.date between ${params.from}::date and ${params.to}::date
      and (e.eps_actual is not null or e.revenue_actual is not null)`);
  return rowsOf<EarningsRow>(result);
}

export interface CloseRow {
  assetId: number;
  /** The point the close is for. */
  point: IsoDate;
  /** The bar's own date (the point's, or the last trading day before it). */
  date: IsoDate;
  close: number;
}

/**
 * Probes (stocks × points) per statement of {@link loadCloses}: each unpacks a quarter of daily bars (decision 0054),
 * about 0.13 ms on the embedded database, so a statement holds it about 40 ms and the pages read while the history
 * fills wait no longer than that for it.
 */
const CLOSES_PROBES_PER_STATEMENT = 300;

/**
 * For every stock and point date, the latest close on or before the point and at most `maxAgeDays` older:
 * one index probe per (stock, point) on the (asset_id, date) primary key.
 */
export async function loadCloses(
  db: Database,
  params: { assetIds: readonly number[]; points: readonly IsoDate[]; maxAgeDays: number },
): Promise<CloseRow[]> {
  if (params.assetIds.length === 0 || params.points.length === 0) return [];
  const rows: CloseRow[] = [];
  const perStatement = Math.max(1, Math.floor(CLOSES_PROBES_PER_STATEMENT / params.points.length));
  for (let start = 0; start < params.assetIds.length; start += perStatement) {
    const result = await db.execute(sql`
      select s.id as "assetId", p.d::text as point, c.date::text as date, c.close
      from unnest(${sql.param(params.assetIds.slice(start, start + perStatement))}::int4[]) as s(id)
      cross join unnest(${sql.param([...params.points])}::date[]) as p(d)
      cross join lateral (
        select o.date, o.close from ${lastDailyBar(sql`s.id`, sql`p.d`)} o where o.date >= p.d - ${params.maxAgeDays}::int4
      ) c`);
    for (const row of rowsOf<CloseRow>(result)) rows.push(row);
  }
  return rows;
}

export interface StoredRebalance {
  date: IsoDate;
  added: string[];
  removed: string[];
}

export async function loadRebalances(db: Database, indexId: string): Promise<StoredRebalance[]> {
  const result = await db.execute(sql`
    select date::text as date, added, removed from index_rebalances
    where index_id = ${indexId}
    order by date`);
  return rowsOf<StoredRebalance>(result);
}

export interface MetricsRow {
  assetId: number;
  date: IsoDate;
  ps: number | null;
  pe: number | null;
  yoyEps: number | null;
  yoyRevenue: number | null;
  overallScore: number | null;
  components: Record<string, number | null>;
}

/**
 * Upserts metrics rows (unchanged rows are left alone, so a re-run writes almost nothing) and deletes rows on
 * the computed dates that this run no longer produces (a stock that lost its data).
 */
export async function writeMetrics(
  db: Database,
  params: { dates: readonly IsoDate[]; rows: readonly MetricsRow[] },
): Promise<{ written: number; deleted: number }> {
  const upserted = await upsertRows(
    db,
    {
      table: 'metrics',
      columns: [
        { name: 'asset_id', type: 'int4', required: true },
        { name: 'date', type: 'date', required: true },
        { name: 'ps', type: 'float8', required: true },
        { name: 'pe', type: 'float8', required: true },
        { name: 'yoy_eps', type: 'float8', required: true },
        { name: 'yoy_revenue', type: 'float8', required: true },
        { name: 'overall_score', type: 'float8', required: true },
        { name: 'components', type: 'jsonb', required: true },
      ],
      conflict: ['asset_id', 'date'],
      // Written outside a transaction, each statement a short wait for the readers of the embedded database.
      chunkRows: 1000,
    },
    params.rows.map((row) => ({
      asset_id: row.assetId,
      date: row.date,
      ps: row.ps,
      pe: row.pe,
      yoy_eps: row.yoyEps,
      yoy_revenue: row.yoyRevenue,
      overall_score: row.overallScore,
      components: row.components,
    })),
  );
  const removed = await db.execute(sql`
    delete from metrics m
    where m.date = any(${sql.param([...params.dates])}::date[])
      and not exists (
        select 1 from unnest(
          ${sql.param(params.rows.map((row) => row.assetId))}::int4[],
          ${sql.param(params.rows.map((row) => row.date))}::date[]
        ) as n(asset_id, date)
        where n.asset_id = m.asset_id and n.date = m.date
      )
    returning 1`);
  return { written: upserted.added + upserted.changed, deleted: rowsOf(removed).length };
}

export async function upsertIndex(
  db: Database,
  params: { id: string; name: string; description: string; ranking: string },
): Promise<void> {
  await db.execute(sql`
    insert into market_indexes (id, name, description, ranking)
    values (${params.id}, ${params.name}, ${params.description}, ${params.ranking})
    on conflict (id) do update set
      name = excluded.name, description = excluded.description, ranking = excluded.ranking, updated_at = now()`);
}

/** Upserts rebalances by date. */
export async function writeRebalances(
  db: Database,
  params: { indexId: string; rebalances: readonly StoredRebalance[] },
): Promise<void> {
  await upsertRows(
    db,
    {
      table: 'index_rebalances',
      columns: [
        { name: 'index_id', type: 'text', required: true },
        { name: 'date', type: 'date', required: true },
        { name: 'added', type: 'text[]', required: true },
        { name: 'removed', type: 'text[]', required: true },
      ],
      conflict: ['index_id', 'date'],
    },
    params.rebalances.map((r) => ({ index_id: params.indexId, date: r.date, added: r.added, removed: r.removed })),
  );
}

export interface ConstituentRow {
  assetId: number;
  rank: number;
  score: number | null;
  weight: number | null;
  addedDate: IsoDate;
}

/** Replaces the index's current members. */
export async function replaceConstituents(
  db: Database,
  params: { indexId: string; members: readonly ConstituentRow[] },
): Promise<void> {
  await db.execute(sql`delete from index_constituents where index_id = ${params.indexId}`);
  await upsertRows(
    db,
    {
      table: 'index_constituents',
      columns: [
        { name: 'index_id', type: 'text', required: true },
        { name: 'asset_id', type: 'int4', required: true },
        { name: 'rank', type: 'int4', required: true },
        { name: 'score', type: 'float8', required: true },
        { name: 'weight', type: 'float8', required: true },
        { name: 'added_date', type: 'date', required: true },
      ],
      conflict: [],
    },
    params.members.map((m) => ({
      index_id: params.indexId,
      asset_id: m.assetId,
      rank: m.rank,
      score: m.score,
      weight: m.weight,
      added_date: m.addedDate,
    })),
  );
}
