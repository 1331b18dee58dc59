/**
 * Reads and writes of the reactions job and its API. Reads cast in SQL (dates as text) so PGlite and node-postgres
 * hand back the same values; writes go through the ingestion's set-based `upsertRows` (one `unnest` statement per
 * chunk, unchanged rows skipped).
 */

import { assets, type Database, earnings, earningsReactions, reactionStats, rowsOf } from '@eh/db';
import {
  type DailyBar,
  type ExpectedMoveSource,
  type IsoDate,
  MARKET_TIME_ZONE,
  type MarketAssetType,
  type ReactionNullReason,
  type ReactionStats,
  type SessionType,
  type SplitEvent,
} from '@eh/domain';
import { and, asc, between, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { upsertRows } from '../../ingest/bulk.ts';

/** Companies the job computes and writes at a time. */
export const REACTION_ASSETS_PER_STATEMENT = 25;
/**
 * Companies whose bars one statement reads: the demo market keeps about 5,000 daily bars a company, so four are
 * 20,000 rows, 50-70 ms of the embedded database on this 2-core machine; 25 at once held it 300-470 ms, and every
 * page read beside the job waited that long.
 */
export const REACTION_BAR_ASSETS_PER_STATEMENT = 4;

/** Every asset with at least one report, with its type, in id order. */
export async function reportingAssets(db: Database): Promise<{ id: number; type: MarketAssetType }[]> {
  const result = await db.execute(sql`
    select a.id, a.type from assets a
    where exists (select 1 from earnings e where e.asset_id = a.id)
    order by a.id`);
  return rowsOf<{ id: number; type: MarketAssetType }>(result);
}

/** The day the market heard report `e`, as `reportTiming` says: the New York day of an early store, else its date. */
const heardOn = sql`least(e.date, coalesce((e.reported_at at time zone ${MARKET_TIME_ZONE})::date, e.date))`;

/**
 * Whether some report has no reaction row for its current date and session (new, moved, or never computed): one
 * anti-join over the earnings, cheap next to a recompute.
 */
export async function reactionsBehind(db: Database): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (
      select 1 from earnings e
      left join earnings_reactions r on r.earnings_id = e.id
      where r.earnings_id is null or r.report_date <> ${heardOn}
    ) as behind`);
  return rowsOf<{ behind: boolean }>(result)[0]?.behind === true;
}

/** The asset id of an index by symbol (the benchmark), or null. */
export async function indexAssetId(db: Database, symbol: string): Promise<number | null> {
  const rows = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.type, 'index'), eq(assets.symbolUpper, symbol.toUpperCase())))
    .limit(1);
  return rows[0]?.id ?? null;
}

export interface BarRow extends DailyBar {
  assetId: number;
}

/**
 * Every daily bar of the assets, by asset then date: the plain scan the job computes over. Read as ranges of the
 * primary key (asset_id, quarter), {@link REACTION_BAR_ASSETS_PER_STATEMENT} assets each, in its order, so only a quarter's days are
 * sorted; bars of assets in a range that were not asked for (an index, a coin without reports) are dropped here.
 */
export async function barsOf(db: Database, assetIds: readonly number[]): Promise<BarRow[]> {
  const ids = [...new Set(assetIds)].sort((a, b) => a - b);
  const asked = new Set(ids);
  const bars: BarRow[] = [];
  for (let start = 0; start < ids.length; start += REACTION_BAR_ASSETS_PER_STATEMENT) {
    const group = ids.slice(start, start + REACTION_BAR_ASSETS_PER_STATEMENT);
    const result = await db.execute(sql`
      select asset_id as "assetId", date::text as date, open, high, low, close from ohlc_daily
      where asset_id between ${group[0]} and ${group.at(-1)}
      order by asset_id, quarter, date`);
    for (const bar of rowsOf<BarRow>(result)) if (asked.has(bar.assetId)) bars.push(bar);
  }
  return bars;
}

export interface SplitRow extends SplitEvent {
  assetId: number;
}

export async function splitsOf(db: Database, assetIds: readonly number[]): Promise<SplitRow[]> {
  if (assetIds.length === 0) return [];
  const result = await db.execute(sql`
    select asset_id as "assetId", date::text as date, numerator, denominator from splits
    where asset_id = any(${sql.param([...assetIds])}::int4[])`);
  return rowsOf<SplitRow>(result);
}

export interface ReportRow {
  id: number;
  assetId: number;
  date: IsoDate;
  time: string | null;
  session: SessionType | null;
  reportedAtMs: number | null;
  epsEstimate: number | null;
  epsActual: number | null;
  revenueEstimate: number | null;
  revenueActual: number | null;
}

export async function reportsOf(db: Database, assetIds: readonly number[]): Promise<ReportRow[]> {
  if (assetIds.length === 0) return [];
  const result = await db.execute(sql`
    select id, asset_id as "assetId", date::text as date, time, session,
           (extract(epoch from reported_at) * 1000)::float8 as "reportedAtMs",
           eps_estimate as "epsEstimate", eps_actual as "epsActual",
           revenue_estimate as "revenueEstimate", revenue_actual as "revenueActual"
    from earnings
    where asset_id = any(${sql.param([...assetIds])}::int4[])`);
  return rowsOf<ReportRow>(result);
}

/** A stored reaction row, column for column. */
export interface ReactionRow {
  earnings_id: number;
  asset_id: number;
  report_date: IsoDate;
  session: SessionType | null;
  reason: ReactionNullReason | null;
  base_date: IsoDate | null;
  reaction_date: IsoDate | null;
  long_end_date: IsoDate | null;
  gap_percent: number | null;
  one_day_percent: number | null;
  five_day_percent: number | null;
  intraday_range_percent: number | null;
  benchmark_percent: number | null;
  relative_percent: number | null;
  split_adjusted: boolean;
}

const REACTION_COLUMNS = [
  { name: 'earnings_id', type: 'int4', required: true },
  { name: 'asset_id', type: 'int4', required: true },
  { name: 'report_date', type: 'date', required: true },
  { name: 'session', type: 'text', required: true },
  { name: 'reason', type: 'text', required: true },
  { name: 'base_date', type: 'date', required: true },
  { name: 'reaction_date', type: 'date', required: true },
  { name: 'long_end_date', type: 'date', required: true },
  { name: 'gap_percent', type: 'float8', required: true },
  { name: 'one_day_percent', type: 'float8', required: true },
  { name: 'five_day_percent', type: 'float8', required: true },
  { name: 'intraday_range_percent', type: 'float8', required: true },
  { name: 'benchmark_percent', type: 'float8', required: true },
  { name: 'relative_percent', type: 'float8', required: true },
  { name: 'split_adjusted', type: 'bool', required: true },
] as const;

export async function writeReactions(db: Database, rows: readonly ReactionRow[]) {
  return upsertRows(
    db,
    { table: 'earnings_reactions', columns: REACTION_COLUMNS, conflict: ['earnings_id'], touch: 'computed_at' },
    rows as unknown as Record<string, unknown>[],
  );
}

export interface StatsRow {
  asset_id: number;
  typical_move_percent: number | null;
  expected_move_percent: number | null;
  expected_move_source: ExpectedMoveSource | null;
  stats: ReactionStats;
}

export async function writeStats(db: Database, rows: readonly StatsRow[]) {
  return upsertRows(
    db,
    {
      table: 'reaction_stats',
      columns: [
        { name: 'asset_id', type: 'int4', required: true },
        { name: 'typical_move_percent', type: 'float8', required: true },
        { name: 'expected_move_percent', type: 'float8', required: true },
        { name: 'expected_move_source', type: 'text', required: true },
        { name: 'stats', type: 'jsonb', required: true },
      ],
      conflict: ['asset_id'],
      touch: 'computed_at',
    },
    rows as unknown as Record<string, unknown>[],
  );
}

// ---- reads of the API ---------------------------------------------------------------------------------------------

/** One company's reports, newest first, each with its stored reaction (or none yet). */
export async function assetReactions(db: Database, assetId: number) {
  return db
    .select({
      earningsId: earnings.id,
      periodYear: earnings.periodYear,
      period: earnings.period,
      date: earnings.date,
      time: earnings.time,
      session: earnings.session,
      reportedAt: earnings.reportedAt,
      epsEstimate: earnings.epsEstimate,
      epsActual: earnings.epsActual,
      revenueEstimate: earnings.revenueEstimate,
      revenueActual: earnings.revenueActual,
      stored: {
        reportDate: earningsReactions.reportDate,
        session: earningsReactions.session,
        reason: earningsReactions.reason,
        baseDate: earningsReactions.baseDate,
        reactionDate: earningsReactions.reactionDate,
        longEndDate: earningsReactions.longEndDate,
        gapPercent: earningsReactions.gapPercent,
        oneDayPercent: earningsReactions.oneDayPercent,
        fiveDayPercent: earningsReactions.fiveDayPercent,
        intradayRangePercent: earningsReactions.intradayRangePercent,
        benchmarkPercent: earningsReactions.benchmarkPercent,
        relativePercent: earningsReactions.relativePercent,
        splitAdjusted: earningsReactions.splitAdjusted,
      },
    })
    .from(earnings)
    .leftJoin(earningsReactions, eq(earningsReactions.earningsId, earnings.id))
    .where(eq(earnings.assetId, assetId))
    .orderBy(desc(earnings.date));
}

export type AssetReactionRow = Awaited<ReturnType<typeof assetReactions>>[number];

export async function statsOf(db: Database, assetId: number) {
  const rows = await db.select().from(reactionStats).where(eq(reactionStats.assetId, assetId)).limit(1);
  return rows[0] ?? null;
}

/** The typical and expected moves of many companies at once (the calendar's column). */
export async function typicalMoves(db: Database, assetIds: readonly number[]) {
  if (assetIds.length === 0) return [];
  return db
    .select({
      assetId: reactionStats.assetId,
      typicalMovePercent: reactionStats.typicalMovePercent,
      expectedMovePercent: reactionStats.expectedMovePercent,
      expectedMoveSource: reactionStats.expectedMoveSource,
    })
    .from(reactionStats)
    .where(inArray(reactionStats.assetId, [...assetIds]));
}

/** The reports of a window whose companies have an expected move, largest first (earnings_date_idx, then stats by key). */
export async function likelyMovers(db: Database, params: { start: IsoDate; end: IsoDate; limit: number }) {
  return db
    .select({
      earningsId: earnings.id,
      symbol: assets.symbol,
      name: assets.name,
      date: earnings.date,
      time: earnings.time,
      session: earnings.session,
      dateStatus: earnings.dateStatus,
      expectedMovePercent: reactionStats.expectedMovePercent,
      expectedMoveSource: reactionStats.expectedMoveSource,
      typicalMovePercent: reactionStats.typicalMovePercent,
    })
    .from(earnings)
    .innerJoin(assets, eq(assets.id, earnings.assetId))
    .innerJoin(reactionStats, eq(reactionStats.assetId, earnings.assetId))
    .where(and(between(earnings.date, params.start, params.end), isNotNull(reactionStats.expectedMovePercent)))
    .orderBy(desc(reactionStats.expectedMovePercent), asc(assets.symbol))
    .limit(params.limit);
}

/** How many reports of a window have a company with an expected move (what the gate withholds). */
export async function likelyMoversCount(db: Database, params: { start: IsoDate; end: IsoDate }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(earnings)
    .innerJoin(reactionStats, eq(reactionStats.assetId, earnings.assetId))
    .where(and(between(earnings.date, params.start, params.end), isNotNull(reactionStats.expectedMovePercent)));
  return row?.n ?? 0;
}
