/**
 * What the live socket reads: the assets clients name, their stored quotes (the simulator's anchors and the
 * snapshot a new subscription is sent), the caller's own lists and their symbols, and the filter groups' symbols
 * (the custom group's per user). Reuses the market, lists and news modules' queries.
 */
import type { AssetRef, CalendarEvent, EarningsRow, FileMeta, NewsItem } from '@eh/contracts';
import { assets, type Database, earnings, events, fileAnalysis, files, news } from '@eh/db';
import { MARKET_ASSET_TYPES, type MarketAssetType, SYMBOL_FILTER_MIN_MARKET_CAP } from '@eh/domain';
import { type AnyColumn, and, asc, eq, gt, gte, inArray, isNotNull, lt, max, or, sql } from 'drizzle-orm';
import { earningsByIds, toEarningsRow } from '../modules/earnings/index.ts';
import { type EventRow, selectEvents } from '../modules/events/index.ts';
import { itemsOf, ownListIds } from '../modules/lists/index.ts';
import { customGroupSymbols } from '../modules/news/index.ts';
import {
  type AssetRow,
  findAssets,
  popularSymbols,
  type QuoteRow,
  quotesOf,
  symbolKeys,
} from '../modules/quotes/index.ts';
import type { QuoteAnchor } from '../providers/live-feed.ts';

export type LiveAsset = Pick<AssetRow, 'id' | 'symbol' | 'type' | 'name'>;

/** The stored asset each typed symbol names (any spelling: BRK-B is BRK.B), keyed `type:SYMBOL` as asked. */
export async function resolveAssets(db: Database, refs: readonly AssetRef[]): Promise<Map<string, LiveAsset>> {
  const found = new Map<string, LiveAsset>();
  const asked = new Map(refs.map((ref) => [askedKey(ref), ref]));
  if (asked.size === 0) return found;
  const rows = await findAssets(db, { refs: [...asked.values()] });
  const stored = new Map(rows.map((row) => [`${row.type}:${row.symbolUpper}`, row]));
  for (const [key, ref] of asked) {
    const row = symbolKeys(ref.symbol)
      .map((symbol) => stored.get(`${ref.type}:${symbol}`))
      .find((candidate) => candidate !== undefined);
    if (row) found.set(key, { id: row.id, symbol: row.symbol, type: row.type, name: row.name });
  }
  return found;
}

export const askedKey = (ref: AssetRef) => `${ref.type}:${ref.symbol.trim().toUpperCase()}`;

/** The stored quotes of assets, by asset id. */
export async function storedQuotes(db: Database, assetIds: readonly number[]): Promise<Map<number, QuoteRow>> {
  const rows = await quotesOf(db, { assetIds });
  return new Map(rows.map((row) => [row.assetId, row]));
}

/** A feed's anchors: the stored quote of each asset that has one. */
export async function quoteAnchors(db: Database, refs: readonly AssetRef[]): Promise<QuoteAnchor[]> {
  const resolved = await resolveAssets(db, refs);
  const byId = new Map([...resolved.values()].map((asset) => [asset.id, asset]));
  const quotes = await storedQuotes(db, [...byId.keys()]);
  const anchors: QuoteAnchor[] = [];
  for (const [id, row] of quotes) {
    const asset = byId.get(id);
    if (!asset) continue;
    anchors.push({
      symbol: asset.symbol,
      type: asset.type,
      name: asset.name,
      price: row.price,
      prevClose: row.prevClose,
      open: row.open,
      highPrice: row.highPrice,
      lowPrice: row.lowPrice,
      volume: row.volume,
      quotedAt: row.quotedAt.getTime(),
      source: row.source,
    });
  }
  return anchors;
}

/** Which of `ids` are the user's own lists. */
export function ownedLists(db: Database, userId: string, ids: readonly string[]): Promise<string[]> {
  return ownListIds(db, { userId, ids: [...ids] });
}

/** The market symbols each list holds (cash left out). */
export async function listSymbols(db: Database, listIds: readonly string[]): Promise<Map<string, AssetRef[]>> {
  const items = await itemsOf(db, { listIds: [...listIds] });
  const byList = new Map<string, AssetRef[]>(listIds.map((id) => [id, []]));
  for (const item of items) {
    if (!(MARKET_ASSET_TYPES as readonly string[]).includes(item.assetType)) continue;
    byList.get(item.listId)?.push({ type: item.assetType as MarketAssetType, symbol: item.symbol });
  }
  return byList;
}

/** Each user's custom group (the symbols of their lists and alerts), upper-case, as the news call reads it. */
export async function customSymbols(db: Database, userIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const byUser = await customGroupSymbols(db, { userIds });
  return new Map([...byUser].map(([userId, symbols]) => [userId, new Set(symbols)]));
}

/** The filter groups a news or file subscription may name (SPEC §3), `all` needing no symbols. */
export type SymbolGroupName = 'popular' | keyof typeof SYMBOL_FILTER_MIN_MARKET_CAP;

/** The upper-case symbols of a filter group (the news call's rule: active stocks and OTC names over a floor). */
export async function groupSymbols(db: Database, group: SymbolGroupName): Promise<Set<string>> {
  const rows =
    group === 'popular'
      ? await popularSymbols(db)
      : await db
          .select({ symbol: assets.symbol })
          .from(assets)
          .where(
            and(
              inArray(assets.type, ['stock', 'otc']),
              eq(assets.active, true),
              gte(assets.marketCap, SYMBOL_FILTER_MIN_MARKET_CAP[group]),
            ),
          );
  return new Set(rows.map((row) => row.symbol.toUpperCase()));
}

// ---- what ingestion stored since a mark (the bridge from ingestion runs to live clients) ----------------------------

/** A timestamp to the millisecond, as a JavaScript Date holds it (PostgreSQL keeps microseconds). */
const msOf = (column: AnyColumn) => sql<Date>`date_trunc('milliseconds', ${column})`;

/** Where the ingestion bridge has read up to: the newest news id, event change and file. */
export interface IngestedMarks {
  news: number;
  events: Date;
  files: Date;
  earnings: Date;
}

export async function ingestedMarks(db: Database): Promise<IngestedMarks> {
  const [[n], [e], [f], [r]] = await Promise.all([
    db.select({ mark: max(news.id) }).from(news),
    db.select({ mark: max(events.updatedAt) }).from(events),
    db.select({ mark: max(files.createdAt) }).from(files),
    db.select({ mark: max(earnings.updatedAt) }).from(earnings),
  ]);
  return {
    news: n?.mark ?? 0,
    events: e?.mark ?? new Date(0),
    files: f?.mark ?? new Date(0),
    earnings: r?.mark ?? new Date(0),
  };
}

/** News stored after the mark and published since `since` (a backfill of old items is not news), oldest first. */
export async function newsSince(db: Database, params: { afterId: number; since: Date; limit: number }) {
  const rows = await db
    .select({
      id: news.id,
      slug: news.slug,
      title: news.title,
      summary: news.summary,
      url: news.url,
      imageUrl: news.imageUrl,
      author: news.author,
      newsType: news.newsType,
      tags: news.tags,
      symbols: news.symbols,
      publishedAt: news.publishedAt,
      source: news.source,
    })
    .from(news)
    .where(and(gt(news.id, params.afterId), gte(news.publishedAt, params.since)))
    .orderBy(asc(news.id))
    .limit(params.limit);
  const [last] = await db.select({ mark: max(news.id) }).from(news);
  return {
    items: rows.map(({ publishedAt, ...row }): NewsItem => ({ ...row, createdDate: publishedAt.toISOString() })),
    mark: last?.mark ?? params.afterId,
  };
}

/** Events changed after the mark whose time is within [from, to) (today's calls going live), as everyone with every feature sees them. */
export async function eventsChangedSince(db: Database, params: { after: Date; from: Date; to: Date; limit: number }) {
  const rows = await selectEvents(db)
    .where(
      and(
        gt(msOf(events.updatedAt), params.after),
        gte(events.eventDate, params.from),
        lt(events.eventDate, params.to),
      ),
    )
    .orderBy(asc(events.updatedAt))
    .limit(params.limit);
  const [last] = await db.select({ mark: max(events.updatedAt) }).from(events);
  return { events: rows.map(toLiveEvent), mark: last?.mark ?? params.after };
}

/**
 * Reports whose results changed after the mark and landed since `since` (a backfill of old quarters is not news),
 * oldest first, each with its earnings call (a report without a call event is not pushed: the message carries an
 * event), as everyone with every feature sees them.
 */
export async function resultsChangedSince(db: Database, params: { after: Date; since: Date; limit: number }) {
  const changed = await db
    .select({ id: earnings.id })
    .from(earnings)
    .where(
      and(
        gt(msOf(earnings.updatedAt), params.after),
        gte(earnings.reportedAt, params.since),
        or(isNotNull(earnings.epsActual), isNotNull(earnings.revenueActual)),
      ),
    )
    .orderBy(asc(earnings.updatedAt))
    .limit(params.limit);
  const [last] = await db.select({ mark: max(earnings.updatedAt) }).from(earnings);
  const mark = last?.mark ?? params.after;
  const ids = changed.map((row) => row.id);
  if (ids.length === 0) return { results: [], mark };
  const [rows, calls] = await Promise.all([
    earningsByIds(db, { ids }),
    selectEvents(db)
      .where(and(inArray(events.earningsId, ids), eq(events.eventType, 'call')))
      .orderBy(asc(events.eventDate)),
  ]);
  const callOf = new Map<number, CalendarEvent>();
  for (const row of calls) if (row.earningsId !== null) callOf.set(row.earningsId, toLiveEvent(row));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results: { event: CalendarEvent; earnings: EarningsRow }[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    const event = callOf.get(id);
    if (row && event) results.push({ event, earnings: toEarningsRow(row) });
  }
  return { results, mark };
}

function toLiveEvent({ eventDate, assetSymbol, symbol, ...row }: EventRow): CalendarEvent {
  return { ...row, symbol: assetSymbol ?? symbol, eventDate: eventDate.toISOString(), gated: null };
}

/** Files stored after the mark and dated since `since`, as everyone with every feature sees them. */
export async function filesSince(db: Database, params: { after: Date; since: Date; limit: number }) {
  const rows = await db
    .select({
      id: files.id,
      symbol: assets.symbol,
      name: assets.name,
      type: files.type,
      periodYear: files.periodYear,
      period: files.period,
      title: files.title,
      date: files.date,
      url: files.url,
      mimeType: files.mimeType,
      externalFileId: files.externalFileId,
      eventId: files.eventId,
      source: files.source,
      hasContent: sql<boolean>`${files.content} is not null`,
      hasAnalysis: sql<boolean>`${fileAnalysis.fileId} is not null`,
    })
    .from(files)
    .innerJoin(assets, eq(assets.id, files.assetId))
    .leftJoin(fileAnalysis, eq(fileAnalysis.fileId, files.id))
    .where(and(gt(msOf(files.createdAt), params.after), gte(files.date, params.since)))
    .orderBy(asc(files.createdAt))
    .limit(params.limit);
  const [last] = await db.select({ mark: max(files.createdAt) }).from(files);
  return {
    files: rows.map(({ date, ...row }): FileMeta => ({ ...row, date: date.toISOString(), gated: null })),
    mark: last?.mark ?? params.after,
  };
}
