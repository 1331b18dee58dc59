import { assets, type Database, earnings, earningsDateChanges, reactionStats } from '@eh/db';
import type { IsoDate, SymbolFilter } from '@eh/domain';
import { and, asc, between, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { popularAssetIds } from '../quotes/index.ts';

/**
 * The columns of an earnings row with its company (and the company's typical move after its reports, one primary-key
 * probe per row), as the calendar and the symbol call return them.
 */
const earningsColumns = {
  id: earnings.id,
  assetId: earnings.assetId,
  symbol: assets.symbol,
  name: assets.name,
  type: assets.type,
  exchange: assets.exchange,
  sector: assets.sector,
  marketCap: assets.marketCap,
  popularity: assets.popularity,
  periodYear: earnings.periodYear,
  period: earnings.period,
  periodEnd: earnings.periodEnd,
  date: earnings.date,
  time: earnings.time,
  session: earnings.session,
  dateStatus: earnings.dateStatus,
  dateSource: earnings.dateSource,
  epsEstimate: earnings.epsEstimate,
  epsActual: earnings.epsActual,
  epsPriorYear: earnings.epsPriorYear,
  revenueEstimate: earnings.revenueEstimate,
  revenueActual: earnings.revenueActual,
  revenuePriorYear: earnings.revenuePriorYear,
  estimateCount: earnings.estimateCount,
  reportedAt: earnings.reportedAt,
  priceMovePercent: earnings.priceMovePercent,
  typicalMovePercent: reactionStats.typicalMovePercent,
  source: earnings.source,
};

export type EarningsQueryRow = Awaited<ReturnType<typeof calendarRows>>[number];

export interface WindowParams {
  start: IsoDate;
  end: IsoDate;
}

/**
 * Every report dated in the window: one range scan of earnings_date_idx joined to assets by primary key. The service
 * orders them within a day (by session, which may be derived from the time).
 */
export async function calendarRows(db: Database, params: WindowParams) {
  return db
    .select(earningsColumns)
    .from(earnings)
    .innerJoin(assets, eq(assets.id, earnings.assetId))
    .leftJoin(reactionStats, eq(reactionStats.assetId, earnings.assetId))
    .where(between(earnings.date, params.start, params.end))
    .orderBy(asc(earnings.date));
}

/** Reports per day, session, time and status in the window (the session is derived from the time when missing). */
export async function dailyCounts(db: Database, params: WindowParams) {
  return db
    .select({
      date: earnings.date,
      session: earnings.session,
      time: earnings.time,
      dateStatus: earnings.dateStatus,
      count: sql<number>`count(*)::int`,
    })
    .from(earnings)
    .where(between(earnings.date, params.start, params.end))
    .groupBy(earnings.date, earnings.session, earnings.time, earnings.dateStatus)
    .orderBy(asc(earnings.date));
}

/** One company's reports, newest first. */
export async function assetEarnings(db: Database, params: { assetId: number }): Promise<EarningsQueryRow[]> {
  return db
    .select(earningsColumns)
    .from(earnings)
    .innerJoin(assets, eq(assets.id, earnings.assetId))
    .leftJoin(reactionStats, eq(reactionStats.assetId, earnings.assetId))
    .where(eq(earnings.assetId, params.assetId))
    .orderBy(desc(earnings.date));
}

export async function earningsByIds(db: Database, params: { ids: readonly number[] }): Promise<EarningsQueryRow[]> {
  if (params.ids.length === 0) return [];
  return db
    .select(earningsColumns)
    .from(earnings)
    .innerJoin(assets, eq(assets.id, earnings.assetId))
    .leftJoin(reactionStats, eq(reactionStats.assetId, earnings.assetId))
    .where(inArray(earnings.id, [...params.ids]));
}

export async function dateChangesOf(db: Database, params: { earningsIds: readonly number[] }) {
  if (params.earningsIds.length === 0) return [];
  return db
    .select({
      earningsId: earningsDateChanges.earningsId,
      oldDate: earningsDateChanges.oldDate,
      newDate: earningsDateChanges.newDate,
      oldTime: earningsDateChanges.oldTime,
      newTime: earningsDateChanges.newTime,
      oldStatus: earningsDateChanges.oldStatus,
      newStatus: earningsDateChanges.newStatus,
      source: earningsDateChanges.source,
      changedAt: earningsDateChanges.changedAt,
    })
    .from(earningsDateChanges)
    .where(inArray(earningsDateChanges.earningsId, [...params.earningsIds]))
    .orderBy(asc(earningsDateChanges.changedAt), asc(earningsDateChanges.id));
}

export interface NearestReportsParams extends WindowParams {
  today: IsoDate;
}

/** Per popular stock reporting in the window, its report nearest `today` (the later one on a tie), with its size. */
export async function nearestStockReports(db: Database, params: NearestReportsParams) {
  return db
    .selectDistinctOn([earnings.assetId], {
      id: earnings.id,
      marketCap: assets.marketCap,
      popularity: assets.popularity,
    })
    .from(earnings)
    .innerJoin(assets, eq(assets.id, earnings.assetId))
    .where(
      and(
        eq(assets.type, 'stock'),
        between(earnings.date, params.start, params.end),
        // The home page calls these notable: they are popular, as the calendar's default filter shows them.
        inArray(earnings.assetId, popularAssetIds(db)),
      ),
    )
    .orderBy(earnings.assetId, sql`abs(${earnings.date} - ${params.today}::date)`, desc(earnings.date));
}

/** Asset types that report earnings: the filter groups are drawn from them. */
const REPORTING_TYPES = ['stock', 'otc'] as const;

export interface FilterSymbolsParams {
  filter: Exclude<SymbolFilter, 'earningshub_custom' | 'popular'>;
  minMarketCap?: number;
}

/** Active stocks and OTC names of a filter group, most popular (then largest) first ('popular': popularSymbols). */
export async function filterSymbols(db: Database, params: FilterSymbolsParams): Promise<string[]> {
  const query = db
    .select({ symbol: assets.symbol })
    .from(assets)
    .where(
      and(
        eq(assets.active, true),
        inArray(assets.type, [...REPORTING_TYPES]),
        params.minMarketCap === undefined ? undefined : gte(assets.marketCap, params.minMarketCap),
      ),
    )
    .orderBy(desc(assets.popularity), sql`${assets.marketCap} desc nulls last`, asc(assets.symbol));
  return (await query).map((row) => row.symbol);
}
