/**
 * Socket messages into the RTK Query cache: quotes patch every cached answer that shows the asset's
 * quote (the quote header, batch quotes behind lists and My Stocks, asset info, gainers and losers, top market
 * cap, and the latest day's intraday bars under the 1D chart), and events patch the calendar's events, an event's
 * page, a company's events and the /calls lists; a report whose results landed (an event's `earnings`) patches the calendar's
 * reports, the company's earnings and the biggest reporters; news and files join the lists they belong to
 * (live-news.ts). Patched in place with `updateQueryData`, never refetched. Quotes are held back and
 * applied at most once a second (SPEC §7: the live quote display refreshes every 1 s), the newest of each asset
 * winning.
 */
import {
  CALENDAR_COLUMNS,
  type CalendarColumn,
  type CalendarEarningsRow,
  type CalendarEvent,
  type EarningsRow,
  type LiveServerMessage,
  type Quote,
} from '@eh/contracts';
import { createCoalescer, LIVE_QUOTE_FLUSH_MS, nyDate, onCalendar, quoteKey } from '@eh/domain';
import type { Action, ThunkDispatch } from '@reduxjs/toolkit';
import {
  type CalendarEventsArgs,
  calendarApi,
  type EarningsCalendarResponse,
  type WindowArgs,
} from '../features/calendar/calendar-api.ts';
import { type CallsArgs, type CallsResponse, callsApi } from '../features/calls/calls-api.ts';
import { onCallsTab, placeCall } from '../features/calls/calls-model.ts';
import {
  type IntradayArgs,
  type IntradayResponse,
  marketApi,
  type QuoteArgs,
  type SymbolEarningsArgs,
  type SymbolEventsArgs,
} from '../shared/market/market-api.ts';
import type { RootState } from '../shared/store.ts';
import { applyFile, applyNews } from './live-news.ts';

/** The quotes' own fields a live quote replaces (an answer's other fields, such as a mover's market cap, stay). */
type QuoteFields = Omit<Quote, 'extended'> & Pick<Partial<Quote>, 'extended'>;

/**
 * The fields of `held` that `fresh` changes, or null when `fresh` is older (a late snapshot never undoes a newer
 * tick). A live quote without an extended-hours price keeps the one held.
 */
export function quotePatch(held: QuoteFields, fresh: Quote): QuoteFields | null {
  if (Date.parse(fresh.quotedAt) < Date.parse(held.quotedAt)) return null;
  const { extended, ...fields } = fresh;
  return extended === undefined ? fields : { ...fields, extended };
}

const keyOfQuote = (quote: Pick<Quote, 'type' | 'symbol'>) => quoteKey(quote.type, quote.symbol);

/** Patches `target` with the live quote of its asset, if there is one. */
function patchQuote(target: QuoteFields | null | undefined, fresh: Map<string, Quote>) {
  if (!target) return;
  const quote = fresh.get(keyOfQuote(target));
  const patch = quote ? quotePatch(target, quote) : null;
  if (patch) Object.assign(target, patch);
}

/** Whether an answer holds any of the assets. */
const holds = (quotes: readonly (QuoteFields | null | undefined)[], fresh: Map<string, Quote>) =>
  quotes.some((quote) => quote && fresh.has(keyOfQuote(quote)));

type Store = {
  dispatch: ThunkDispatch<RootState, unknown, Action>;
  getState: () => RootState;
};

type CacheEntry = { endpointName?: string; originalArgs?: unknown; data?: unknown };

function cachedEntries(state: RootState): CacheEntry[] {
  return Object.values(state.api.queries).filter(
    (entry): entry is NonNullable<typeof entry> => entry?.data !== undefined,
  ) as CacheEntry[];
}

type QuoteAnswers = {
  getQuote: Quote;
  getQuotes: { quotes: Quote[] };
  getAssetInfo: { quote: Quote | null };
  getAssetsInfo: { assets: { quote: Quote | null }[] };
  getTopMarket: { assets: { quote: Quote | null }[] };
  getMovers: { assets: QuoteFields[] };
};

/** Where each answer keeps its quotes. The delayed market quotes are 15 minutes old by definition: never patched. */
const QUOTES_OF: { [K in keyof QuoteAnswers]: (data: QuoteAnswers[K]) => (QuoteFields | null | undefined)[] } = {
  getQuote: (data) => [data],
  getQuotes: (data) => data.quotes,
  getAssetInfo: (data) => [data.quote],
  getAssetsInfo: (data) => data.assets.map((asset) => asset.quote),
  getTopMarket: (data) => data.assets.map((asset) => asset.quote),
  getMovers: (data) => data.assets,
};

type IntradayBar = IntradayResponse['bars'][number];

/**
 * Moves a day's intraday bars to a live quote, so the 1D chart ends at the header's price: a quote in
 * the last bar's span sets its close (and widens its high and low); a later one starts the bar its time falls in,
 * on the same grid, the same New York day. `traded` (the day's volume since the quote before) goes to that bar.
 * Older quotes, and quotes of another day, change nothing.
 */
export function patchIntraday(bars: IntradayBar[], quote: Quote, traded = 0): boolean {
  const last = bars.at(-1);
  if (!last) return false;
  const at = Date.parse(quote.quotedAt);
  const start = Date.parse(last.ts);
  const width = last.interval * 60_000;
  if (at < start) return false;
  if (at < start + width) {
    last.close = quote.price;
    last.high = Math.max(last.high, quote.price);
    last.low = Math.min(last.low, quote.price);
    last.volume += traded;
    return true;
  }
  const next = start + Math.floor((at - start) / width) * width;
  if (nyDate(next) !== nyDate(start)) return false;
  const { price } = quote;
  bars.push({
    ...last,
    ts: new Date(next).toISOString(),
    open: price,
    high: price,
    low: price,
    close: price,
    volume: traded,
  });
  return true;
}

/** Re-sorts gainers (biggest rise first) and losers (biggest fall first) by their live change; others stay. */
function sortMovers(assets: QuoteFields[], entry: CacheEntry) {
  const kind = (entry.originalArgs as { type?: string } | undefined)?.type;
  if (kind !== 'gainers' && kind !== 'losers') return;
  const sign = kind === 'gainers' ? -1 : 1;
  assets.sort((a, b) => sign * ((a.changePercent ?? 0) - (b.changePercent ?? 0)));
}

/**
 * Applies live quotes to every cached answer that shows them; `traded` holds, by quote key, the volume each asset
 * traded since its previous live quote (for the intraday bars).
 */
export function applyQuotes(store: Store, quotes: readonly Quote[], traded: ReadonlyMap<string, number> = new Map()) {
  if (quotes.length === 0) return;
  const fresh = new Map(quotes.map((quote) => [keyOfQuote(quote), quote]));
  for (const entry of cachedEntries(store.getState())) {
    if (entry.endpointName === 'getIntradaySummaries') {
      const args = entry.originalArgs as IntradayArgs;
      const data = entry.data as IntradayResponse;
      const quote = fresh.get(quoteKey(data.type, data.symbol));
      // A day asked for by date is history: only the latest day moves.
      if (!quote || args.date !== undefined || data.bars.length === 0) continue;
      store.dispatch(
        marketApi.util.updateQueryData(
          'getIntradaySummaries',
          args,
          (draft) => void patchIntraday(draft.bars, quote, traded.get(keyOfQuote(quote)) ?? 0),
        ),
      );
      continue;
    }
    const name = entry.endpointName as keyof QuoteAnswers;
    const of = QUOTES_OF[name] as ((data: unknown) => (QuoteFields | null | undefined)[]) | undefined;
    if (!of || !holds(of(entry.data), fresh)) continue;
    store.dispatch(
      marketApi.util.updateQueryData(name, entry.originalArgs as QuoteArgs & never, (draft) => {
        for (const quote of of(draft)) patchQuote(quote, fresh);
        // Gainers and losers stay in order as their changes move (who is among them is the server's next answer).
        if (name === 'getMovers') sortMovers((draft as QuoteAnswers['getMovers']).assets, entry);
      }),
    );
  }
}

/** Replaces the event in `events` (true when it was there). */
function replaceEvent(events: CalendarEvent[], event: CalendarEvent): boolean {
  const index = events.findIndex((held) => held.id === event.id);
  if (index < 0) return false;
  events[index] = event;
  return true;
}

/**
 * Applies a changed event: replaced wherever it is cached; added to a calendar window it now belongs to (its New
 * York day inside the window, its type among those shown).
 */
export function applyEvent(store: Store, event: CalendarEvent) {
  for (const entry of cachedEntries(store.getState())) {
    if (entry.endpointName === 'getEvent') {
      const args = entry.originalArgs as { id: number };
      if (args.id === event.id) store.dispatch(marketApi.util.updateQueryData('getEvent', args, () => event));
    } else if (entry.endpointName === 'getSymbolEvents') {
      const data = entry.data as { events: CalendarEvent[] };
      if (!data.events.some((held) => held.id === event.id)) continue;
      const args = entry.originalArgs as SymbolEventsArgs;
      store.dispatch(
        marketApi.util.updateQueryData('getSymbolEvents', args, (draft) => void replaceEvent(draft.events, event)),
      );
    } else if (entry.endpointName === 'getCalls') {
      // /calls: a call moves from Live now / Upcoming to Recorded as it happens, without polling.
      const args = entry.originalArgs as CallsArgs;
      const data = entry.data as CallsResponse;
      if (!onCallsTab(event, args.tab) && !data.events.some((held) => held.id === event.id)) continue;
      store.dispatch(
        callsApi.util.updateQueryData('getCalls', args, (draft) => void placeCall(draft, event, args.tab)),
      );
    } else if (entry.endpointName === 'getCalendarEvents') {
      const args = entry.originalArgs as CalendarEventsArgs;
      const data = entry.data as { events: CalendarEvent[] };
      const day = nyDate(new Date(event.eventDate));
      const belongs = day >= args.start && day <= args.end && args.types.includes(event.eventType) && onCalendar(event);
      if (!belongs && !data.events.some((held) => held.id === event.id)) continue;
      store.dispatch(
        calendarApi.util.updateQueryData('getCalendarEvents', args, (draft) => {
          if (!replaceEvent(draft.events, event) && belongs) draft.events.push(event);
        }),
      );
    }
  }
}

/** A report as the calendar holds it (its columns and surprises), from the whole row the socket sends. */
export function calendarRowOf(row: EarningsRow): CalendarEarningsRow {
  const picked = Object.fromEntries(CALENDAR_COLUMNS.map((name) => [name, row[name]])) as Pick<
    EarningsRow,
    CalendarColumn
  >;
  return {
    ...picked,
    epsSurprise: row.epsSurprise,
    epsSurprisePercent: row.epsSurprisePercent,
    revenueSurprise: row.revenueSurprise,
    revenueSurprisePercent: row.revenueSurprisePercent,
  };
}

/** Replaces the report in `rows` by id, keeping what the answer adds to it (a company's date changes). */
function replaceReport<T extends { id: number }>(rows: T[], fresh: Omit<T, never>): boolean {
  const index = rows.findIndex((held) => held.id === fresh.id);
  if (index < 0) return false;
  rows[index] = { ...rows[index], ...fresh } as T;
  return true;
}

/**
 * Applies a report whose results landed (an `event` message's `earnings`): replaced in every cached answer that
 * holds it (the calendar's window, the company's earnings, the biggest reporters), and added to a calendar window
 * its date falls in when it was not there. Patched in place, never refetched.
 */
export function applyEarnings(store: Store, row: EarningsRow) {
  for (const entry of cachedEntries(store.getState())) {
    if (entry.endpointName === 'getEarningsCalendar') {
      const args = entry.originalArgs as WindowArgs;
      const data = entry.data as EarningsCalendarResponse;
      const held = data.earnings.some((report) => report.id === row.id);
      const belongs = row.date >= args.start && row.date <= args.end;
      if (!held && !belongs) continue;
      store.dispatch(
        calendarApi.util.updateQueryData('getEarningsCalendar', args, (draft) => {
          if (!replaceReport(draft.earnings, calendarRowOf(row))) draft.earnings.push(calendarRowOf(row));
        }),
      );
    } else if (entry.endpointName === 'getSymbolEarnings' || entry.endpointName === 'getTopMarketEarnings') {
      const data = entry.data as { earnings: EarningsRow[] };
      if (!data.earnings.some((report) => report.id === row.id)) continue;
      const name = entry.endpointName;
      store.dispatch(
        marketApi.util.updateQueryData(
          name,
          entry.originalArgs as SymbolEarningsArgs & never,
          (draft) => void replaceReport(draft.earnings as EarningsRow[], row),
        ),
      );
    }
  }
}

export interface LiveCacheOptions {
  /** Epoch ms (tests pass a fake clock with fake timers). */
  now?: () => number;
}

/** Takes the socket's messages: quotes at most once a second, events at once. */
export function createLiveCache(store: Store, options: LiveCacheOptions = {}) {
  const now = options.now ?? Date.now;
  const pending = createCoalescer<Quote>();
  let flushedAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;

  /** The day's volume of each asset at its last live quote. */
  const volumes = new Map<string, number>();

  const flush = () => {
    timer = null;
    flushedAt = now();
    const quotes = pending.take();
    const traded = new Map<string, number>();
    for (const quote of quotes) {
      const key = keyOfQuote(quote);
      const before = volumes.get(key);
      if (quote.volume === null) continue;
      if (before !== undefined && quote.volume >= before) traded.set(key, quote.volume - before);
      volumes.set(key, quote.volume);
    }
    applyQuotes(store, quotes, traded);
  };

  const put = (quote: Quote) => {
    pending.put(keyOfQuote(quote), quote);
    timer ??= setTimeout(flush, Math.max(0, flushedAt + LIVE_QUOTE_FLUSH_MS - now()));
  };

  return {
    receive(message: LiveServerMessage) {
      switch (message.type) {
        case 'quote':
          put(message.data);
          return;
        case 'quotes':
          for (const quote of message.data) put(quote);
          return;
        case 'event':
          applyEvent(store, message.data);
          if (message.earnings) applyEarnings(store, message.earnings);
          return;
        case 'marketNews':
          applyNews(store, message.data);
          return;
        case 'marketDataAssetFile':
          applyFile(store, message.data);
          return;
        default:
          return;
      }
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
    },
  };
}
