import {
  type CalendarShape,
  CUSTOM_FILTER_SIGN_IN_MESSAGE,
  type EarningsCalendar,
  EarningsCalendarColumns,
  EarningsCalendarRows,
  type EarningsRow,
  encodeEarningsColumns,
  type getSymbolEarnings,
  type getTopMarketEarnings,
  type ResponseOf,
  TOP_MARKET_EARNINGS_DAYS_AFTER,
  TOP_MARKET_EARNINGS_DAYS_BEFORE,
} from '@eh/contracts';
import {
  type AccountFeatures,
  addDays,
  CUSTOM_SYMBOL_FILTER,
  calendarHistoryStart,
  canUse,
  type FiscalPeriod,
  type IsoDate,
  LEGACY_ALERTS_FILTER,
  MARKET_TIME_ZONE,
  nyDate,
  type SessionType,
  SYMBOL_FILTER_MIN_MARKET_CAP,
  type SymbolFilter,
  sessionOf,
  surpriseOf,
  symbolHistoryStart,
  trimEarnings,
  weekWindow,
  yoyPercentChange,
} from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import { type Caller, unauthorized } from '../../kernel/http/auth.ts';
import { notFound } from '../../kernel/http/errors.ts';
import { customFilterSymbols } from '../alerts/index.ts';
import { findAsset, popularSymbols } from '../quotes/index.ts';
import * as q from './queries.ts';
import { type ResponseCache, type SerializedBody, serializeBody } from './response-cache.ts';

export interface WindowQuery {
  start?: IsoDate | undefined;
  end?: IsoDate | undefined;
}

/** The window asked for; without one, the Monday–Friday week shown today (New York; next week on a weekend). */
export function resolveWindow(query: WindowQuery, today: IsoDate): { start: IsoDate; end: IsoDate } {
  const start = query.start ?? (query.end ? addDays(query.end, -4) : weekWindow(today).start);
  const end = query.end ?? weekWindow(start).end;
  return { start, end: end < start ? start : end };
}

/** A stored row as the API returns it: the session from the time when only that is stored, figures derived. */
export function toEarningsRow(row: q.EarningsQueryRow): EarningsRow {
  const eps = surpriseOf(row.epsActual, row.epsEstimate);
  const revenue = surpriseOf(row.revenueActual, row.revenueEstimate);
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    type: row.type,
    exchange: row.exchange,
    sector: row.sector,
    marketCap: row.marketCap,
    popularity: row.popularity,
    periodYear: row.periodYear,
    period: row.period,
    periodEnd: row.periodEnd,
    date: row.date,
    time: row.time,
    timeZone: MARKET_TIME_ZONE,
    session: row.session ?? (row.time ? sessionOf(row.time, row.date) : null),
    dateStatus: row.dateStatus,
    dateSource: row.dateSource,
    epsEstimate: row.epsEstimate,
    epsActual: row.epsActual,
    epsSurprise: eps.surprise,
    epsSurprisePercent: eps.surprisePercent,
    epsPriorYear: row.epsPriorYear,
    yoyPercentChangeEPS: yoyPercentChange(row.epsActual, row.epsEstimate, row.epsPriorYear),
    revenueEstimate: row.revenueEstimate,
    revenueActual: row.revenueActual,
    revenueSurprise: revenue.surprise,
    revenueSurprisePercent: revenue.surprisePercent,
    revenuePriorYear: row.revenuePriorYear,
    yoyPercentChangeRevenue: yoyPercentChange(row.revenueActual, row.revenueEstimate, row.revenuePriorYear),
    estimateCount: row.estimateCount,
    reportedAt: row.reportedAt?.toISOString() ?? null,
    priceMovePercent: row.priceMovePercent,
    typicalMovePercent: row.typicalMovePercent,
    source: row.source,
  };
}

const SESSION_RANK: Record<SessionType, number> = { before: 0, market: 1, after: 2 };

/** Calendar order: by day; within it before the open, market hours, after the close, unknown; then time; biggest first. */
export function compareCalendarRows(a: EarningsRow, b: EarningsRow): number {
  return (
    a.date.localeCompare(b.date) ||
    (a.session ? SESSION_RANK[a.session] : 3) - (b.session ? SESSION_RANK[b.session] : 3) ||
    (a.time ?? '99:99').localeCompare(b.time ?? '99:99') ||
    (b.marketCap ?? -1) - (a.marketCap ?? -1) ||
    a.symbol.localeCompare(b.symbol)
  );
}

export async function calendar(
  ctx: AppContext,
  features: AccountFeatures,
  window: { start: IsoDate; end: IsoDate },
  today: IsoDate,
): Promise<EarningsCalendar> {
  const historyStart = canUse(features, 'earningsHistory') ? null : calendarHistoryStart(today);
  const rows = (await q.calendarRows(ctx.db, window)).map(toEarningsRow).sort(compareCalendarRows);
  const { items, gated } = trimEarnings(rows, features, historyStart);
  return { ...window, timeZone: MARKET_TIME_ZONE, historyStart, earnings: items, gated };
}

/** The busiest real weeks carry 1,300+ reports: the season week the calendar's answer is measured on. */
export const SEASON_WEEK_REPORTS = 1_400;
/** What the web calendar downloads for that week by column, uncompressed, at most (decision 0017). */
export const SEASON_WEEK_MAX_BYTES = 400 * 1024;

/** The calendar by column (`shape=columns`): only the fields the calendar draws (decision 0017). */
export function calendarColumns(answer: EarningsCalendar): EarningsCalendarColumns {
  const { earnings: rows, ...header } = answer;
  return {
    ...header,
    count: rows.length,
    columns: encodeEarningsColumns(rows),
  };
}

export interface CalendarQuery extends WindowQuery {
  shape?: CalendarShape | undefined;
}

/**
 * The calendar as JSON bytes, from the cache when another caller with the same plan tier asked for the same window
 * in the same shape today. The tier is what the answer depends on: earnings history, and the price and typical moves.
 */
export async function calendarBody(
  ctx: AppContext,
  cache: ResponseCache,
  features: AccountFeatures,
  query: CalendarQuery,
  now = new Date(),
): Promise<SerializedBody> {
  const today = nyDate(now);
  const window = resolveWindow(query, today);
  const shape = query.shape ?? 'rows';
  const tier = `${canUse(features, 'earningsHistory') ? 'h' : '-'}${canUse(features, 'priceMove') ? 'm' : '-'}`;
  return cache.get(`calendar|${shape}|${window.start}|${window.end}|${tier}|${today}`, async (previous) => {
    const answer = await calendar(ctx, features, window, today);
    const checked =
      shape === 'columns' ? EarningsCalendarColumns.parse(calendarColumns(answer)) : EarningsCalendarRows.parse(answer);
    return serializeBody(checked, previous);
  });
}

type SessionKey = SessionType | 'unknown';
interface Counts {
  total: number;
  confirmed: number;
  estimated: number;
}
const emptyCounts = (): Counts => ({ total: 0, confirmed: 0, estimated: 0 });

export async function calendarDaily(ctx: AppContext, query: WindowQuery, now = new Date()) {
  const window = resolveWindow(query, nyDate(now));
  const byDay = new Map<IsoDate, Counts & { sessions: Record<SessionKey, Counts> }>();
  for (const row of await q.dailyCounts(ctx.db, window)) {
    let day = byDay.get(row.date);
    if (!day) {
      const sessions = { before: emptyCounts(), market: emptyCounts(), after: emptyCounts(), unknown: emptyCounts() };
      day = { ...emptyCounts(), sessions };
      byDay.set(row.date, day);
    }
    const session: SessionKey = row.session ?? (row.time ? sessionOf(row.time, row.date) : null) ?? 'unknown';
    for (const counts of [day, day.sessions[session]]) {
      counts.total += row.count;
      counts[row.dateStatus] += row.count;
    }
  }
  return { ...window, days: [...byDay].map(([date, counts]) => ({ date, ...counts })) };
}

export interface SymbolEarningsQuery {
  periodYear?: number | undefined;
  period?: FiscalPeriod | undefined;
}

export async function symbolEarnings(
  ctx: AppContext,
  features: AccountFeatures,
  symbol: string,
  query: SymbolEarningsQuery,
  now = new Date(),
): Promise<ResponseOf<typeof getSymbolEarnings>> {
  const asset = await findAsset(ctx.db, { symbol });
  if (!asset) throw notFound(`Unknown symbol: ${symbol.toUpperCase()}`);
  const all = await q.assetEarnings(ctx.db, { assetId: asset.id });
  // History is decided over the company's whole record, before narrowing to the period asked for.
  const historyStart = symbolHistoryStart(
    all.map((row) => row.date),
    nyDate(now),
  );
  const asked = all.filter(
    (row) =>
      (query.periodYear === undefined || row.periodYear === query.periodYear) &&
      (query.period === undefined || row.period === query.period),
  );
  const { items, gated } = trimEarnings(asked.map(toEarningsRow), features, historyStart);
  const changes = await q.dateChangesOf(ctx.db, { earningsIds: items.map((row) => row.id) });
  return {
    symbol: asset.symbol,
    name: asset.name,
    type: asset.type,
    timeZone: MARKET_TIME_ZONE,
    earnings: items.map((row) => ({
      ...row,
      dateChanges: changes
        .filter((change) => change.earningsId === row.id)
        .map(({ earningsId: _, changedAt, ...change }) => ({ ...change, changedAt: changedAt.toISOString() })),
    })),
    gated,
  };
}

export async function topMarket(
  ctx: AppContext,
  features: AccountFeatures,
  limit: number,
  now = new Date(),
): Promise<ResponseOf<typeof getTopMarketEarnings>> {
  const today = nyDate(now);
  const start = addDays(today, -TOP_MARKET_EARNINGS_DAYS_BEFORE);
  const end = addDays(today, TOP_MARKET_EARNINGS_DAYS_AFTER);
  const nearest = await q.nearestStockReports(ctx.db, { start, end, today });
  const ids = nearest
    .sort((a, b) => (b.marketCap ?? -1) - (a.marketCap ?? -1) || b.popularity - a.popularity)
    .slice(0, limit)
    .map((row) => row.id);
  const order = new Map(ids.map((id, index) => [id, index]));
  const rows = (await q.earningsByIds(ctx.db, { ids }))
    .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map(toEarningsRow);
  // Everything in the window is at most a week old, well inside the current and last quarter.
  const { items, gated } = trimEarnings(rows, features, calendarHistoryStart(today));
  return { start, end, timeZone: MARKET_TIME_ZONE, earnings: items, gated };
}

export type FilterQuery = SymbolFilter | typeof LEGACY_ALERTS_FILTER;

export async function filterSymbols(ctx: AppContext, caller: Caller | undefined, filter: FilterQuery) {
  if (filter === CUSTOM_SYMBOL_FILTER || filter === LEGACY_ALERTS_FILTER) {
    // The custom group is the user's own earnings filter (SPEC §3); the legacy alerts value reads the same.
    if (!caller) throw unauthorized(CUSTOM_FILTER_SIGN_IN_MESSAGE);
    const symbols = await customFilterSymbols(ctx, caller);
    const custom: SymbolFilter = CUSTOM_SYMBOL_FILTER;
    return { filter: custom, count: symbols.length, symbols };
  }
  const symbols =
    filter === 'all'
      ? await q.filterSymbols(ctx.db, { filter })
      : filter === 'popular'
        ? (await popularSymbols(ctx.db)).map((row) => row.symbol)
        : await q.filterSymbols(ctx.db, { filter, minMarketCap: SYMBOL_FILTER_MIN_MARKET_CAP[filter] });
  return { filter, count: symbols.length, symbols };
}
