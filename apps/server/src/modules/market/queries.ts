import { POPULAR_SYMBOLS_COUNT } from '@eh/contracts';
import {
  assets,
  type Database,
  dividends,
  indexConstituents,
  indexRebalances,
  marketIndexes,
  metrics,
  ohlcDaily,
  ohlcIntraday,
  quotes,
  shortInterest,
  splits,
  transactions,
  users,
} from '@eh/db';
import type { IsoDate, MarketAssetType } from '@eh/domain';
import { type AnyColumn, and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, max, min, sql } from 'drizzle-orm';

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
    .where(and(inArray(ohlcDaily.assetId, [...params.assetIds]), gte(ohlcDaily.date, params.since)))
    .groupBy(ohlcDaily.assetId);
}

const barColumns = {
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

export async function lastBars(db: Database, params: LastBarsParams) {
  if (params.assetIds.length === 0) return [];
  return db
    .selectDistinctOn([ohlcDaily.assetId], { assetId: ohlcDaily.assetId, ...barColumns })
    .from(ohlcDaily)
    .where(
      and(inArray(ohlcDaily.assetId, [...params.assetIds]), params.date ? lte(ohlcDaily.date, params.date) : undefined),
    )
    .orderBy(ohlcDaily.assetId, desc(ohlcDaily.date));
}

export interface WindowParams {
  assetId: number;
  start?: IsoDate | undefined;
  end?: IsoDate | undefined;
}

/** One asset's rows whose date falls in the window; a bound left out does not limit. */
function inAssetWindow(assetId: AnyColumn, date: AnyColumn, params: WindowParams) {
  return and(
    eq(assetId, params.assetId),
    params.start ? gte(date, params.start) : undefined,
    params.end ? lte(date, params.end) : undefined,
  );
}

export async function dailyBars(db: Database, params: Required<WindowParams>) {
  return db
    .select(barColumns)
    .from(ohlcDaily)
    .where(inAssetWindow(ohlcDaily.assetId, ohlcDaily.date, params))
    .orderBy(asc(ohlcDaily.date));
}

export async function splitsOf(db: Database, params: Required<WindowParams>) {
  return db
    .select({ date: splits.date, numerator: splits.numerator, denominator: splits.denominator })
    .from(splits)
    .where(inAssetWindow(splits.assetId, splits.date, params))
    .orderBy(asc(splits.date));
}

// ---- top market and movers ------------------------------------------------------------------------------------

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

// ---- intraday -------------------------------------------------------------------------------------------------

export type IntradaySession = 'pre' | 'regular' | 'after';

/** The bar widths stored for an asset, per session (extended hours are often stored coarser than regular hours). */
export async function intradayWidths(db: Database, params: { assetId: number }) {
  return db
    .selectDistinct({ session: ohlcIntraday.session, interval: ohlcIntraday.intervalMinutes })
    .from(ohlcIntraday)
    .where(eq(ohlcIntraday.assetId, params.assetId))
    .orderBy(asc(ohlcIntraday.session), asc(ohlcIntraday.intervalMinutes));
}

const nyDay = sql`(${ohlcIntraday.ts} at time zone 'America/New_York')::date`;

export interface IntradayDatesParams {
  assetId: number;
  sessions: readonly IntradaySession[];
  /** Dates up to this instant (the end of the New York day asked for). */
  before: Date;
  since: Date;
  days: number;
}

/** The latest New York dates that have bars of the sessions asked for, newest first. */
export async function intradayDates(db: Database, params: IntradayDatesParams): Promise<IsoDate[]> {
  const rows = await db
    .selectDistinct({ date: sql`${nyDay}`.mapWith(String) })
    .from(ohlcIntraday)
    .where(
      and(
        eq(ohlcIntraday.assetId, params.assetId),
        inArray(ohlcIntraday.session, [...params.sessions]),
        lt(ohlcIntraday.ts, params.before),
        gte(ohlcIntraday.ts, params.since),
      ),
    )
    .orderBy(desc(sql`${nyDay}`))
    .limit(params.days);
  return rows.map((row) => row.date);
}

export interface IntradayBarsParams {
  assetId: number;
  session: IntradaySession;
  storedInterval: number;
  interval: number;
  from: Date;
  to: Date;
}

/**
 * One session's bars merged to `interval` minutes. Buckets are aligned to 09:30 New York (offsets change by whole
 * hours, so the :30 alignment holds all year); a bucket crossing the close holds only this session's part, stamped
 * with its first bar's time.
 */
export async function intradayBars(db: Database, params: IntradayBarsParams) {
  const bucket = sql`date_bin(make_interval(mins => ${params.interval}::int), ${ohlcIntraday.ts}, timestamptz '2000-01-03 14:30:00+00')`;
  return db
    .select({
      ts: min(ohlcIntraday.ts).mapWith(ohlcIntraday.ts),
      open: sql`(array_agg(${ohlcIntraday.open} order by ${ohlcIntraday.ts}))[1]`.mapWith(Number),
      high: max(ohlcIntraday.high).mapWith(Number),
      low: min(ohlcIntraday.low).mapWith(Number),
      close: sql`(array_agg(${ohlcIntraday.close} order by ${ohlcIntraday.ts} desc))[1]`.mapWith(Number),
      volume: sql`sum(${ohlcIntraday.volume})`.mapWith(Number),
    })
    .from(ohlcIntraday)
    .where(
      and(
        eq(ohlcIntraday.assetId, params.assetId),
        eq(ohlcIntraday.session, params.session),
        eq(ohlcIntraday.intervalMinutes, params.storedInterval),
        gte(ohlcIntraday.ts, params.from),
        lt(ohlcIntraday.ts, params.to),
      ),
    )
    .groupBy(bucket)
    .orderBy(min(ohlcIntraday.ts));
}

// ---- dividends and short interest -----------------------------------------------------------------------------

const dividendColumns = {
  exDate: dividends.exDate,
  recordDate: dividends.recordDate,
  paymentDate: dividends.paymentDate,
  declaredDate: dividends.declaredDate,
  amount: dividends.amount,
  frequency: dividends.frequency,
  source: dividends.source,
};

export interface HistoryParams extends WindowParams {
  latest: boolean;
  limit: number;
}

/** One asset's dividends in a window, newest first. */
export async function dividendsOf(db: Database, params: HistoryParams) {
  return db
    .select(dividendColumns)
    .from(dividends)
    .where(inAssetWindow(dividends.assetId, dividends.exDate, params))
    .orderBy(desc(dividends.exDate))
    .limit(params.latest ? 1 : params.limit);
}

/** The asset's latest ex-date on or before `today`: the one dividend free callers see history of. */
export async function latestPastExDate(db: Database, params: { assetId: number; today: IsoDate }) {
  const [row] = await db
    .select({ exDate: max(dividends.exDate) })
    .from(dividends)
    .where(and(eq(dividends.assetId, params.assetId), lte(dividends.exDate, params.today)));
  return row?.exDate ?? null;
}

export interface DividendCalendarParams {
  start: IsoDate;
  end: IsoDate;
  dateType: 'ex' | 'payment';
  today: IsoDate;
  limit: number;
}

/** The market's dividends by ex- or payment date, each with its asset's latest past ex-date (for trimming). */
export async function dividendCalendar(db: Database, params: DividendCalendarParams) {
  const column = params.dateType === 'ex' ? dividends.exDate : dividends.paymentDate;
  const latestPast = sql<
    string | null
  >`(select max(d2.ex_date) from dividends d2 where d2.asset_id = ${dividends.assetId} and d2.ex_date <= ${params.today})`;
  return db
    .select({
      ...dividendColumns,
      symbol: assets.symbol,
      type: assets.type,
      name: assets.name,
      marketCap: assets.marketCap,
      latestPastExDate: latestPast.mapWith(String),
    })
    .from(dividends)
    .innerJoin(assets, eq(assets.id, dividends.assetId))
    .where(and(gte(column, params.start), lte(column, params.end)))
    .orderBy(asc(column), sql`${assets.marketCap} desc nulls last`, asc(assets.symbol))
    .limit(params.limit);
}

const shortInterestColumns = {
  settlementDate: shortInterest.settlementDate,
  sharesShort: shortInterest.sharesShort,
  previousSharesShort: shortInterest.previousSharesShort,
  changePercent: shortInterest.changePercent,
  daysToCover: shortInterest.daysToCover,
  averageVolume: shortInterest.averageVolume,
  percentOfFloat: shortInterest.percentOfFloat,
  source: shortInterest.source,
};

export async function shortInterestsOf(db: Database, params: HistoryParams) {
  return db
    .select(shortInterestColumns)
    .from(shortInterest)
    .where(inAssetWindow(shortInterest.assetId, shortInterest.settlementDate, params))
    .orderBy(desc(shortInterest.settlementDate))
    .limit(params.latest ? 1 : params.limit);
}

export interface LatestSettlementParams {
  /** One asset's latest; the market's when absent. */
  assetId?: number;
  onOrBefore?: IsoDate | undefined;
}

export async function latestSettlementDate(db: Database, params: LatestSettlementParams) {
  const [row] = await db
    .select({ date: max(shortInterest.settlementDate) })
    .from(shortInterest)
    .where(
      and(
        params.assetId === undefined ? undefined : eq(shortInterest.assetId, params.assetId),
        params.onOrBefore ? lte(shortInterest.settlementDate, params.onOrBefore) : undefined,
      ),
    );
  return row?.date ?? null;
}

export interface MarketShortInterestParams {
  date: IsoDate;
  sort: 'percentOfFloat' | 'daysToCover' | 'sharesShort' | 'changePercent';
  limit: number;
}

export async function marketShortInterests(db: Database, params: MarketShortInterestParams) {
  return db
    .select({ ...shortInterestColumns, symbol: assets.symbol, type: assets.type, name: assets.name })
    .from(shortInterest)
    .innerJoin(assets, eq(assets.id, shortInterest.assetId))
    .where(eq(shortInterest.settlementDate, params.date))
    .orderBy(sql`${shortInterestColumns[params.sort]} desc nulls last`, asc(assets.symbol))
    .limit(params.limit);
}

// ---- our indexes ----------------------------------------------------------------------------------------------

export async function findMarketIndex(db: Database, params: { id: string }) {
  const [row] = await db
    .select({
      id: marketIndexes.id,
      name: marketIndexes.name,
      description: marketIndexes.description,
      ranking: marketIndexes.ranking,
      updatedAt: marketIndexes.updatedAt,
    })
    .from(marketIndexes)
    .where(sql`lower(${marketIndexes.id}) = lower(${params.id})`)
    .limit(1);
  return row;
}

export async function constituentsOf(db: Database, params: { indexId: string }) {
  return db
    .select({
      rank: indexConstituents.rank,
      symbol: assets.symbol,
      name: assets.name,
      type: assets.type,
      sector: assets.sector,
      marketCap: assets.marketCap,
      score: indexConstituents.score,
      weight: indexConstituents.weight,
      addedDate: indexConstituents.addedDate,
    })
    .from(indexConstituents)
    .innerJoin(assets, eq(assets.id, indexConstituents.assetId))
    .where(eq(indexConstituents.indexId, params.indexId))
    .orderBy(asc(indexConstituents.rank));
}

export async function rebalancesOf(db: Database, params: { indexId: string; limit: number }) {
  return db
    .select({ date: indexRebalances.date, added: indexRebalances.added, removed: indexRebalances.removed })
    .from(indexRebalances)
    .where(eq(indexRebalances.indexId, params.indexId))
    .orderBy(desc(indexRebalances.date))
    .limit(params.limit);
}

// ---- community trades -----------------------------------------------------------------------------------------

export interface AssetTransactionsParams {
  assetType: MarketAssetType;
  symbol: string;
  types: readonly ('comment' | 'buy' | 'sell' | 'add')[];
  limit: number;
}

/** Executed transactions of the given types on an asset, newest first, with the author's public profile. */
export async function assetTransactions(db: Database, params: AssetTransactionsParams) {
  return db
    .select({
      id: transactions.id,
      type: transactions.type,
      quantity: transactions.quantity,
      price: transactions.price,
      amount: transactions.amount,
      comment: transactions.comment,
      executedAt: transactions.executedAt,
      userId: users.id,
      userName: users.name,
      userAvatarUrl: users.avatarUrl,
    })
    .from(transactions)
    .leftJoin(users, sql`${users.id}::text = ${transactions.userId}`)
    .where(
      and(
        eq(transactions.assetType, params.assetType),
        eq(transactions.symbol, params.symbol),
        eq(transactions.status, 'executed'),
        inArray(transactions.type, [...params.types]),
      ),
    )
    .orderBy(desc(transactions.executedAt), desc(transactions.id))
    .limit(params.limit);
}

// ---- static lists ---------------------------------------------------------------------------------------------

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

// ---- EHS history ----------------------------------------------------------------------------------------------

/** The asset's stored weekly metrics within the window (either bound optional), oldest first. */
export async function metricsOf(db: Database, params: WindowParams) {
  return db
    .select({
      date: metrics.date,
      overallScore: metrics.overallScore,
      ps: metrics.ps,
      pe: metrics.pe,
      yoyEps: metrics.yoyEps,
      yoyRevenue: metrics.yoyRevenue,
    })
    .from(metrics)
    .where(inAssetWindow(metrics.assetId, metrics.date, params))
    .orderBy(asc(metrics.date));
}
