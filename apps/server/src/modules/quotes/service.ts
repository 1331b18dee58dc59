import {
  ASSET_LIST_PARAMS,
  type AssetInfo,
  type AssetRef,
  DELAYED_QUOTE_MINUTES,
  type getDelayedMarketQuotes,
  type getTopMarketSymbols,
  HOLIDAYS_DEFAULT_DAYS,
  type MarketStatus,
  type MoverList,
  type Quote,
  type ResponseOf,
  type RouteContract,
  withDateWindow,
} from '@eh/contracts';
import {
  addDays,
  DEFAULT_HISTORY_RANGE,
  EARLY_CLOSE,
  holidayOn,
  holidays,
  type IsoDate,
  MARKET_TIME_ZONE,
  type MarketAssetType,
  marketDayStatus,
  marketSession,
  nyDate,
  previousTradingDay,
  SYMBOL_FILTER_MIN_MARKET_CAP,
  tradingHours,
} from '@eh/domain';
import { z } from 'zod';
import type { AppContext } from '../../kernel/context.ts';
import { badField, notFound } from '../../kernel/http/errors.ts';
import * as q from './queries.ts';

/** A contract's query as the route hands it over: parsed, defaults applied. */
export type Query<C extends RouteContract & { query: z.ZodType }> = z.output<C['query']>;

/** Indexes shown by the delayed market call. */
const DELAYED_INDEXES = 10;
/** The 52-week range looks back a year of calendar days. */
const YEAR_DAYS = 365;

/** The product's "today": the New York trading date (DESIGN §6). */
export const today = (now = new Date()) => nyDate(now);

const windowRule = withDateWindow(z.object({ start: z.string(), end: z.string() }));

/** Applies the contracts' window rule to a window completed with defaults (one bound given, the other implied). */
export function checkWindow(start: IsoDate, end: IsoDate) {
  const result = windowRule.safeParse({ start, end });
  if (result.success) return;
  const issue = result.error.issues[0];
  if (issue) throw badField(`query.${String(issue.path[0] ?? 'end')}`, issue.message);
}

/** SPEC §9 default history range ('4y') back from `end`. */
export function historyStart(end: IsoDate): IsoDate {
  const years = Number(/^(\d+)y$/.exec(DEFAULT_HISTORY_RANGE)?.[1] ?? 4);
  return addDays(end, -Math.round(years * 365.25));
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

function assetNotFound(symbol: string, type?: MarketAssetType) {
  return notFound(type ? `No ${type} with the symbol '${symbol}'` : `No asset with the symbol '${symbol}'`);
}

export async function requireAsset(ctx: AppContext, symbol: string, type?: MarketAssetType) {
  const asset = await q.findAsset(ctx.db, { symbol, type });
  if (!asset) throw assetNotFound(symbol, type);
  return asset;
}

// ---- market status --------------------------------------------------------------------------------------------

export function marketStatus(now = new Date()): MarketStatus {
  const session = marketSession(now);
  const hours = tradingHours(session.date);
  return {
    now: now.toISOString(),
    timeZone: MARKET_TIME_ZONE,
    status: session.status,
    date: session.date,
    dayStatus: marketDayStatus(session.date),
    holiday: holidayOn(session.date)?.name ?? null,
    hours: hours && {
      preMarketOpen: hours.preMarketOpen.toISOString(),
      open: hours.open.toISOString(),
      close: hours.close.toISOString(),
      afterHoursClose: hours.afterHoursClose.toISOString(),
    },
    nextOpen: session.nextOpen.toISOString(),
    nextClose: session.nextClose.toISOString(),
  };
}

export function marketHolidays(query: { start?: IsoDate | undefined; end?: IsoDate | undefined }, now = new Date()) {
  const start = query.start ?? today(now);
  const end = query.end ?? addDays(start, HOLIDAYS_DEFAULT_DAYS);
  checkWindow(start, end);
  const list = [];
  for (let year = Number(start.slice(0, 4)); year <= Number(end.slice(0, 4)); year++) {
    for (const holiday of holidays(year)) {
      if (holiday.date < start || holiday.date > end) continue;
      list.push({ ...holiday, closeTime: holiday.status === 'early-close' ? EARLY_CLOSE : null });
    }
  }
  return { start, end, holidays: list };
}

// ---- quotes ---------------------------------------------------------------------------------------------------

type AssetLike = Pick<q.AssetRow, 'symbol' | 'type' | 'name'>;

export function toQuote(asset: AssetLike, quote: q.QuoteRow, options: { extended: boolean }): Quote {
  const change = quote.prevClose === null ? null : round(quote.price - quote.prevClose, 6);
  const result: Quote = {
    symbol: asset.symbol,
    type: asset.type,
    name: asset.name,
    price: quote.price,
    prevClose: quote.prevClose,
    open: quote.open,
    lowPrice: quote.lowPrice,
    highPrice: quote.highPrice,
    volume: quote.volume,
    change,
    changePercent: change === null || !quote.prevClose ? null : round((change / quote.prevClose) * 100, 4),
    quotedAt: quote.quotedAt.toISOString(),
    source: quote.source,
  };
  if (options.extended) {
    result.extended =
      quote.extendedPrice === null || quote.extendedSession === null
        ? null
        : {
            price: quote.extendedPrice,
            session: quote.extendedSession,
            at: quote.extendedAt?.toISOString() ?? null,
            change: round(quote.extendedPrice - quote.price, 6),
            changePercent: quote.price ? round(((quote.extendedPrice - quote.price) / quote.price) * 100, 4) : null,
          };
  }
  return result;
}

export async function quote(ctx: AppContext, type: MarketAssetType, symbol: string): Promise<Quote> {
  const asset = await requireAsset(ctx, symbol, type);
  const [row] = await q.quotesOf(ctx.db, { assetIds: [asset.id] });
  if (!row) throw notFound(`No quote for ${asset.symbol} yet`);
  return toQuote(asset, row, { extended: true });
}

type AssetLists = { [K in keyof typeof ASSET_LIST_PARAMS]?: string[] | undefined };

/** The typed symbols of a batch call, in the order asked, each once. */
export function refsOf(lists: AssetLists): AssetRef[] {
  const seen = new Set<string>();
  const refs: AssetRef[] = [];
  for (const [param, type] of Object.entries(ASSET_LIST_PARAMS) as [keyof AssetLists, MarketAssetType][]) {
    for (const symbol of lists[param] ?? []) {
      const key = `${type}:${q.symbolKeys(symbol).at(-1)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      refs.push({ type, symbol });
    }
  }
  return refs;
}

async function resolveRefs(ctx: AppContext, refs: readonly AssetRef[]) {
  const rows = await q.findAssets(ctx.db, { refs });
  const found: q.AssetRow[] = [];
  const missing: AssetRef[] = [];
  const taken = new Set<number>();
  for (const ref of refs) {
    const keys = q.symbolKeys(ref.symbol);
    const asset = rows.find((row) => row.type === ref.type && keys.includes(row.symbolUpper));
    if (!asset) missing.push(ref);
    else if (!taken.has(asset.id)) {
      taken.add(asset.id);
      found.push(asset);
    }
  }
  return { found, missing };
}

export async function quotes(ctx: AppContext, query: AssetLists & { extended: boolean }) {
  const { found, missing } = await resolveRefs(ctx, refsOf(query));
  const rows = new Map((await q.quotesOf(ctx.db, { assetIds: found.map((a) => a.id) })).map((r) => [r.assetId, r]));
  const list: Quote[] = [];
  for (const asset of found) {
    const row = rows.get(asset.id);
    if (row) list.push(toQuote(asset, row, { extended: query.extended }));
    else missing.push({ type: asset.type, symbol: asset.symbol });
  }
  return { quotes: list, missing };
}

/**
 * The market {@link DELAYED_QUOTE_MINUTES} minutes ago. A quote struck later than that is replaced by the close of
 * the last intraday bar that had ended by then, or else by the previous close; a replaced quote carries no day
 * range or volume, which would include the later trading. Movers are chosen on the latest quotes.
 */
export async function delayedMarket(
  ctx: AppContext,
  query: { limit: number },
  now = new Date(),
): Promise<ResponseOf<typeof getDelayedMarketQuotes>> {
  const asOf = new Date(now.getTime() - DELAYED_QUOTE_MINUTES * 60_000);
  const minMarketCap = SYMBOL_FILTER_MIN_MARKET_CAP.one_billion;
  const [indexes, gainers, losers, active] = await Promise.all([
    q.indexAssets(ctx.db, { limit: DELAYED_INDEXES }),
    q.movers(ctx.db, { list: 'gainers', assetType: 'stock', limit: query.limit, minMarketCap }),
    q.movers(ctx.db, { list: 'losers', assetType: 'stock', limit: query.limit, minMarketCap }),
    q.movers(ctx.db, { list: 'active', assetType: 'stock', limit: query.limit, minMarketCap: null }),
  ]);
  const fresh = [...indexes, ...gainers, ...losers, ...active].filter((row) => row.quote.quotedAt > asOf);
  const bars = new Map(
    (await q.intradayClosesAt(ctx.db, { assetIds: fresh.map((row) => row.asset.id), asOf })).map((bar) => [
      bar.assetId,
      bar,
    ]),
  );
  const delayed = (rows: typeof indexes): Quote[] =>
    rows.flatMap(({ asset, quote: row }) => {
      if (row.quotedAt <= asOf) return [toQuote(asset, row, { extended: false })];
      const bar = bars.get(asset.id);
      const price = bar ? bar.close : row.prevClose;
      if (price === null) return [];
      const quotedAt = bar ? bar.endsAt : (tradingHours(previousTradingDay(nyDate(row.quotedAt)))?.close ?? asOf);
      return [
        toQuote(
          asset,
          { ...row, price, quotedAt, lowPrice: null, highPrice: null, volume: null, open: bar ? row.open : null },
          { extended: false },
        ),
      ];
    });
  return {
    delayMinutes: DELAYED_QUOTE_MINUTES,
    asOf: asOf.toISOString(),
    indexes: delayed(indexes),
    gainers: delayed(gainers),
    losers: delayed(losers),
    active: delayed(active),
  };
}

// ---- bars and asset info --------------------------------------------------------------------------------------

export async function ohlc(ctx: AppContext, query: AssetLists & { date?: IsoDate | undefined }) {
  const { found, missing } = await resolveRefs(ctx, refsOf(query));
  const rows = new Map(
    (await q.lastBars(ctx.db, { assetIds: found.map((a) => a.id), date: query.date })).map((r) => [r.assetId, r]),
  );
  const bars = [];
  for (const asset of found) {
    const row = rows.get(asset.id);
    if (!row) {
      missing.push({ type: asset.type, symbol: asset.symbol });
      continue;
    }
    const { assetId: _, ...bar } = row;
    bars.push({ ...bar, symbol: asset.symbol, type: asset.type });
  }
  const latest = bars.reduce<IsoDate | null>((best, bar) => (best === null || bar.date > best ? bar.date : best), null);
  return { date: query.date ?? latest, bars, missing };
}

async function toAssetInfos(ctx: AppContext, list: readonly q.AssetRow[], now = new Date()): Promise<AssetInfo[]> {
  const ids = list.map((asset) => asset.id);
  const [quoteRows, ranges] = await Promise.all([
    q.quotesOf(ctx.db, { assetIds: ids }),
    q.priceRanges(ctx.db, { assetIds: ids, since: addDays(today(now), -YEAR_DAYS) }),
  ]);
  const quoteOf = new Map(quoteRows.map((row) => [row.assetId, row]));
  const rangeOf = new Map(ranges.map((row) => [row.assetId, row]));
  return list.map(({ id, ...asset }) => {
    const row = quoteOf.get(id);
    return {
      ...asset,
      fiftyTwoWeekHigh: rangeOf.get(id)?.high ?? null,
      fiftyTwoWeekLow: rangeOf.get(id)?.low ?? null,
      quote: row ? toQuote(asset, row, { extended: true }) : null,
    };
  });
}

export async function assetInfo(ctx: AppContext, symbol: string, type?: MarketAssetType): Promise<AssetInfo> {
  const asset = await requireAsset(ctx, symbol, type);
  const [info] = await toAssetInfos(ctx, [asset]);
  if (!info) throw assetNotFound(symbol, type);
  return info;
}

/** What a page's head shows of an asset (http/page-head.ts); undefined for an unknown symbol. */
export async function findAssetSummary(ctx: AppContext, symbol: string) {
  const asset = await q.findAsset(ctx.db, { symbol });
  return asset
    ? { name: asset.name, type: asset.type, exchange: asset.exchange, sector: asset.sector, industry: asset.industry }
    : undefined;
}

export async function assetsInfo(ctx: AppContext, query: AssetLists) {
  const { found, missing } = await resolveRefs(ctx, refsOf(query));
  return { assets: await toAssetInfos(ctx, found), missing };
}

export async function topMarket(ctx: AppContext, query: { limit: number }) {
  return { assets: await toAssetInfos(ctx, await q.topByMarketCap(ctx.db, query)) };
}

/** See the contract: the biggest stocks until they hold `cap` of the total, at most `limit`. */
export async function topMarketSymbols(ctx: AppContext, query: { cap: number; limit: number; prices: boolean }) {
  const rows = await q.cumulativeMarketCap(ctx.db, { limit: query.limit });
  const total = rows[0]?.total ?? 0;
  const taken: typeof rows = [];
  for (const row of rows) {
    taken.push(row);
    if (row.running >= query.cap * total) break;
  }
  const covered = taken.at(-1)?.running ?? 0;
  const result: ResponseOf<typeof getTopMarketSymbols> = {
    cap: query.cap,
    totalMarketCap: total,
    coveredShare: total > 0 ? round(covered / total, 6) : 0,
    symbols: taken.map((row) => row.symbol),
  };
  if (query.prices) {
    const priceOf = new Map(
      (await q.quotesOf(ctx.db, { assetIds: taken.map((row) => row.id) })).map((row) => [row.assetId, row.price]),
    );
    result.prices = Object.fromEntries(
      taken.flatMap((row) => {
        const price = priceOf.get(row.id);
        return price === undefined ? [] : [[row.symbol, price]];
      }),
    );
  }
  return result;
}

export async function movers(ctx: AppContext, query: { type: MoverList; assetType: MarketAssetType; limit: number }) {
  const rows = await q.movers(ctx.db, {
    list: query.type,
    assetType: query.assetType,
    limit: query.limit,
    // Cap floors are a stock notion; crypto and indexes rank as they are.
    minMarketCap: query.assetType === 'stock' ? SYMBOL_FILTER_MIN_MARKET_CAP.one_billion : null,
  });
  return {
    type: query.type,
    assets: rows.map(({ asset, quote: row }) => ({
      ...toQuote(asset, row, { extended: false }),
      marketCap: asset.marketCap,
    })),
  };
}

/** The query of a per-asset history call (dividends, short interest). */
export interface HistoryQuery {
  type?: MarketAssetType | undefined;
  start?: IsoDate | undefined;
  end?: IsoDate | undefined;
  latest: boolean;
}
