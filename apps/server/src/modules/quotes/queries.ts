import { POPULAR_SYMBOLS_COUNT } from '@eh/contracts';
import { assets, type Database, lastDailyBar, ohlcDaily, ohlcIntraday, quarterOf, quotes, rowsOf } from '@eh/db';
import type { IsoDate, MarketAssetType } from '@eh/domain';
import { type AnyColumn, and, asc, desc, eq, gte, inArray, isNotNull, lte, max, min, sql } from 'drizzle-orm';

/** The asset columns every market answer starts from. */
const assetColumns = {
  id: assets.id,
  symbol: assets.symbol,
  symbolUpper: assets.symbolUpper,
  name: assets.name,
  type: assets.type,
  exchange: assets.exchange,
  cik: assets.cik,
  sector: assets.sector,
  industry: assets.industry,
  country: assets.country,
  currency: assets.currency,
  description: assets.description,
  website: assets.website,
  fiscalYearEndMonth: assets.fiscalYearEndMonth,
  sharesOutstanding: assets.sharesOutstanding,
  marketCap: assets.marketCap,
  popularity: assets.popularity,
  active: assets.active,
  source: assets.source,
};
export type AssetRow = {
  [K in keyof typeof assetColumns]: (typeof assets.$inferSelect)[K];
};

/** When a symbol is held by several types and none is asked for: the stock, then the index, OTC, crypto. */
const TYPE_PREFERENCE = sql`case ${assets.type} when 'stock' then 0 when 'index' then 1 when 'otc' then 2 else 3 end`;

/** The ways a typed symbol is stored: 'brk-b' and 'BRK/B' are 'BRK.B'. */
export function symbolKeys(symbol: string): string[] {
  const upper = symbol.trim().toUpperCase();
  const dotted = upper.replace(/[-/]/g, '.');
  return dotted === upper ? [upper] : [upper, dotted];
}

/** The id `findAsset` picks for a symbol, as a subquery: a lookup that starts from a symbol stays one statement. */
export function assetIdOf(db: Database, symbol: string) {
  return db
    .select({ id: assets.id })
    .from(assets)
    .where(inArray(assets.symbolUpper, symbolKeys(symbol)))
    .orderBy(TYPE_PREFERENCE)
    .limit(1);
}

export interface FindAssetParams {
  symbol: string;
  type?: MarketAssetType | undefined;
}

export async function findAsset(db: Database, params: FindAssetParams): Promise<AssetRow | undefined> {
  const rows = await db
    .select(assetColumns)
    .from(assets)
    .where(
      and(
        inArray(assets.symbolUpper, symbolKeys(params.symbol)),
        params.type ? eq(assets.type, params.type) : undefined,
      ),
    )
    .orderBy(TYPE_PREFERENCE)
    .limit(1);
  return rows[0];
}

export interface FindAssetsParams {
  refs: readonly { type: MarketAssetType; symbol: string }[];
}

/** The assets of typed symbols (any stored spelling); callers match them back by type and key. */
export async function findAssets(db: Database, params: FindAssetsParams): Promise<AssetRow[]> {
  if (params.refs.length === 0) return [];
  const keys = [...new Set(params.refs.flatMap((ref) => symbolKeys(ref.symbol)))];
  const types = [...new Set(params.refs.map((ref) => ref.type))];
  return db
    .select(assetColumns)
    .from(assets)
    .where(and(inArray(assets.symbolUpper, keys), inArray(assets.type, types)));
}

const quoteColumns = {
  assetId: quotes.assetId,
  price: quotes.price,
  prevClose: quotes.prevClose,
  open: quotes.open,
  lowPrice: quotes.lowPrice,
  highPrice: quotes.highPrice,
  volume: quotes.volume,
  extendedPrice: quotes.extendedPrice,
  extendedSession: quotes.extendedSession,
  extendedAt: quotes.extendedAt,
  quotedAt: quotes.quotedAt,
  source: quotes.source,
};
export type QuoteRow = {
  [K in keyof typeof quoteColumns]: (typeof quotes.$inferSelect)[K];
};

export async function quotesOf(db: Database, params: { assetIds: readonly number[] }): Promise<QuoteRow[]> {
  if (params.assetIds.length === 0) return [];
  return db
    .select(quoteColumns)
    .from(quotes)
    .where(inArray(quotes.assetId, [...params.assetIds]));
}

export interface RangeParams {
  assetIds: readonly number[];
  since: IsoDate;
}

/** Highest high and lowest low of daily bars since a date, per asset. */
export async function priceRanges(db: Database, params: RangeParams) {
  if (params.assetIds.length === 0) return [];
  return db
    .select({ assetId: ohlcDaily.assetId, high: max(ohlcDaily.high), low: min(ohlcDaily.low) })
    .from(ohlcDaily)
    .where(
      and(
        inArray(ohlcDaily.assetId, [...params.assetIds]),
        gte(ohlcDaily.quarter, quarterOf(sql`${params.since}::date`)),
        gte(ohlcDaily.date, params.since),
      ),
    )
    .groupBy(ohlcDaily.assetId);
}

export const barColumns = {
  date: ohlcDaily.date,
  open: ohlcDaily.open,
  high: ohlcDaily.high,
  low: ohlcDaily.low,
  close: ohlcDaily.close,
  volume: ohlcDaily.volume,
};

export interface LastBarsParams {
  assetIds: readonly number[];
  /** The last bar on or before this date; the latest bar when absent. */
  date?: IsoDate | undefined;
}

export interface LastBarRow {
  assetId: number;
  date: IsoDate;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export async function lastBars(db: Database, params: LastBarsParams): Promise<LastBarRow[]> {
  if (params.assetIds.length === 0) return [];
  const result = await db.execute(sql`
    select s.id as "assetId", b.date::text as date, b.open, b.high, b.low, b.close, b.volume::float8 as volume
    from unnest(${sql.param([...params.assetIds])}::int4[]) as s(id)
    cross join lateral ${lastDailyBar(sql`s.id`, params.date ? sql`${params.date}::date` : null)} b
    order by s.id`);
  return rowsOf<LastBarRow>(result);
}

export interface WindowParams {
  assetId: number;
  start?: IsoDate | undefined;
  end?: IsoDate | undefined;
}

/** One asset's rows whose date falls in the window; a bound left out does not limit. */
export function inAssetWindow(assetId: AnyColumn, date: AnyColumn, params: WindowParams) {
  return and(
    eq(assetId, params.assetId),
    params.start ? gte(date, params.start) : undefined,
    params.end ? lte(date, params.end) : undefined,
  );
}

export async function topByMarketCap(db: Database, params: { limit: number }): Promise<AssetRow[]> {
  return db
    .select(assetColumns)
    .from(assets)
    .where(and(eq(assets.type, 'stock'), eq(assets.active, true), isNotNull(assets.marketCap)))
    .orderBy(sql`${assets.marketCap} desc nulls last`, asc(assets.symbol))
    .limit(params.limit);
}

/** The biggest stocks with the running and total market cap of all active stocks. */
export async function cumulativeMarketCap(db: Database, params: { limit: number }) {
  const running = sql<number>`sum(${assets.marketCap}) over (order by ${assets.marketCap} desc, ${assets.symbol})`;
  const total = sql<number>`sum(${assets.marketCap}) over ()`;
  return db
    .select({
      id: assets.id,
      symbol: assets.symbol,
      marketCap: assets.marketCap,
      running: running.mapWith(Number),
      total: total.mapWith(Number),
    })
    .from(assets)
    .where(and(eq(assets.type, 'stock'), eq(assets.active, true), isNotNull(assets.marketCap)))
    .orderBy(sql`${assets.marketCap} desc`, asc(assets.symbol))
    .limit(params.limit);
}

export interface MoversParams {
  list: 'gainers' | 'losers' | 'active' | 'popular';
  assetType: MarketAssetType;
  limit: number;
  /** Gainers and losers only: leaves out the penny names that top every raw list. */
  minMarketCap: number | null;
}

const changePercent = sql`(${quotes.price} - ${quotes.prevClose}) / ${quotes.prevClose}`;

export async function movers(db: Database, params: MoversParams) {
  const ranked = params.list === 'gainers' || params.list === 'losers';
  const order =
    params.list === 'gainers'
      ? sql`${changePercent} desc`
      : params.list === 'losers'
        ? sql`${changePercent} asc`
        : params.list === 'active'
          ? sql`${quotes.volume} desc nulls last`
          : sql`${assets.popularity} desc`;
  return db
    .select({ asset: assetColumns, quote: quoteColumns })
    .from(assets)
    .innerJoin(quotes, eq(quotes.assetId, assets.id))
    .where(
      and(
        eq(assets.type, params.assetType),
        eq(assets.active, true),
        ranked ? sql`${quotes.prevClose} > 0` : undefined,
        ranked && params.minMarketCap !== null ? gte(assets.marketCap, params.minMarketCap) : undefined,
      ),
    )
    .orderBy(order, asc(assets.symbol))
    .limit(params.limit);
}

/** The market's indexes, most followed first. */
export async function indexAssets(db: Database, params: { limit: number }) {
  return db
    .select({ asset: assetColumns, quote: quoteColumns })
    .from(assets)
    .innerJoin(quotes, eq(quotes.assetId, assets.id))
    .where(and(eq(assets.type, 'index'), eq(assets.active, true)))
    .orderBy(desc(assets.popularity), asc(assets.symbol))
    .limit(params.limit);
}

/** Per asset, the close of the latest intraday bar that ended by `asOf`. */
export async function intradayClosesAt(db: Database, params: { assetIds: readonly number[]; asOf: Date }) {
  if (params.assetIds.length === 0) return [];
  const end = sql`${ohlcIntraday.ts} + make_interval(mins => ${ohlcIntraday.intervalMinutes}::int)`;
  return db
    .selectDistinctOn([ohlcIntraday.assetId], {
      assetId: ohlcIntraday.assetId,
      close: ohlcIntraday.close,
      endsAt: sql`${end}`.mapWith(ohlcIntraday.ts),
    })
    .from(ohlcIntraday)
    .where(
      and(
        inArray(ohlcIntraday.assetId, [...params.assetIds]),
        sql`${end} <= ${params.asOf.toISOString()}::timestamptz`,
        // Only today's and yesterday's bars can be the delayed price; older ones lose to the quote's close.
        gte(ohlcIntraday.ts, new Date(params.asOf.getTime() - 4 * 86_400_000)),
      ),
    )
    .orderBy(ohlcIntraday.assetId, desc(ohlcIntraday.ts));
}

export interface HistoryParams extends WindowParams {
  latest: boolean;
  limit: number;
}

/** Cheap fingerprint of a set of asset types: changes whenever a row is added, removed, or updated. */
export async function assetsVersion(db: Database, params: { types: readonly MarketAssetType[] }) {
  const [row] = await db
    .select({
      count: sql`count(*) filter (where ${assets.active})`.mapWith(Number),
      updatedAt: sql`max(${assets.updatedAt})`.mapWith(assets.updatedAt),
    })
    .from(assets)
    .where(inArray(assets.type, [...params.types]));
  return `${row?.count ?? 0}-${row?.updatedAt ? row.updatedAt.getTime() : 0}`;
}

// ---- the popular set ------------------------------------------------------------------------------------------

const POPULAR_TYPES: MarketAssetType[] = ['stock', 'otc'];
const popularOrder = () => [desc(assets.popularity), sql`${assets.marketCap} desc nulls last`, asc(assets.symbol)];

/**
 * "Popular", defined once (SPEC §3 filter group, the calendar's default filter): the POPULAR_SYMBOLS_COUNT most
 * followed active stocks and OTC names, by popularity, then market cap, then symbol. The earnings filter, the home
 * page's notable reports (top-market earnings), popular news and popular files all read it. Most followed first;
 * usable as a subquery.
 */
export function popularSymbols(db: Database) {
  return db
    .select({ symbol: assets.symbol })
    .from(assets)
    .where(and(eq(assets.active, true), inArray(assets.type, POPULAR_TYPES)))
    .orderBy(...popularOrder())
    .limit(POPULAR_SYMBOLS_COUNT);
}

/** The ids of {@link popularSymbols}' assets, as a subquery. */
export function popularAssetIds(db: Database) {
  return db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.active, true), inArray(assets.type, POPULAR_TYPES)))
    .orderBy(...popularOrder())
    .limit(POPULAR_SYMBOLS_COUNT);
}

/** Active assets of some types, most followed first (the order search breaks ties in). */
export async function searchableAssets(db: Database, params: { types: readonly MarketAssetType[] }) {
  return db
    .select({
      symbol: assets.symbol,
      name: assets.name,
      type: assets.type,
      exchange: assets.exchange,
      marketCap: assets.marketCap,
      popularity: assets.popularity,
    })
    .from(assets)
    .where(and(inArray(assets.type, [...params.types]), eq(assets.active, true)))
    .orderBy(desc(assets.popularity), sql`${assets.marketCap} desc nulls last`, asc(assets.symbol));
}
