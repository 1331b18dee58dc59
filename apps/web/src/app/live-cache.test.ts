import type { CalendarEvent, EarningsRow, LiveServerMessage, Quote } from '@eh/contracts';
import { DEMO_REPLAY_SOURCE, LIVE_MESSAGES_KEPT, LIVE_QUOTE_FLUSH_MS } from '@eh/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calendarApi } from '../features/calendar/calendar-api.ts';
import { callsApi } from '../features/calls/calls-api.ts';
import { liveMessageReceived, liveSlice } from '../features/live/live-slice.ts';
import { marketApi } from '../shared/market/market-api.ts';
import { rootReducer } from '../shared/store.ts';
import {
  applyEarnings,
  applyEvent,
  applyQuotes,
  calendarRowOf,
  createLiveCache,
  patchIntraday,
  quotePatch,
} from './live-cache.ts';
import { makeStore } from './store.ts';

const AT = '2026-11-25T15:00:00.000Z';

function quote(symbol: string, price: number, over: Partial<Quote> = {}): Quote {
  return {
    symbol,
    type: 'stock',
    name: `${symbol} Inc.`,
    price,
    prevClose: 100,
    open: 100,
    lowPrice: 99,
    highPrice: 101,
    volume: 1000,
    change: price - 100,
    changePercent: price - 100,
    quotedAt: AT,
    source: 'demo',
    ...over,
  };
}

function event(id: number, over: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id,
    eventType: 'call',
    eventStatus: 'upcoming',
    eventDate: '2026-11-25T21:30:00.000Z',
    symbol: 'AAPL',
    name: 'Apple Inc.',
    title: 'Q4 2026 earnings call',
    description: null,
    earningsId: 7,
    periodYear: 2026,
    period: 'Q4',
    details: {},
    audioUrl: null,
    youtubeUrl: null,
    source: 'demo',
    gated: null,
    ...over,
  };
}

const later = (seconds: number) => new Date(Date.parse(AT) + seconds * 1000).toISOString();

/** A store whose cache holds the given answers (as if fetched). */
async function storeWith() {
  const store = makeStore();
  await store.dispatch(
    marketApi.util.upsertQueryData('getQuote', { type: 'stock', symbol: 'aapl' }, quote('AAPL', 100)),
  );
  await store.dispatch(
    marketApi.util.upsertQueryData(
      'getQuotes',
      { stocks: 'AAPL,MSFT' },
      { quotes: [quote('AAPL', 100), quote('MSFT', 300)], missing: [] },
    ),
  );
  await store.dispatch(
    marketApi.util.upsertQueryData(
      'getMovers',
      { type: 'gainers', limit: 10 },
      { type: 'gainers', assets: [{ ...quote('MSFT', 300), marketCap: 3e12 }] },
    ),
  );
  await store.dispatch(
    marketApi.util.upsertQueryData(
      'getDelayedMarketQuotes',
      { limit: 1 },
      { delayMinutes: 15, asOf: AT, indexes: [], gainers: [quote('AAPL', 100)], losers: [], active: [] },
    ),
  );
  return store;
}

const cached = (store: ReturnType<typeof makeStore>) => ({
  quote: marketApi.endpoints.getQuote.select({ type: 'stock', symbol: 'aapl' })(store.getState() as never).data,
  quotes: marketApi.endpoints.getQuotes.select({ stocks: 'AAPL,MSFT' })(store.getState() as never).data,
  movers: marketApi.endpoints.getMovers.select({ type: 'gainers', limit: 10 })(store.getState() as never).data,
  delayed: marketApi.endpoints.getDelayedMarketQuotes.select({ limit: 1 })(store.getState() as never).data,
});

describe(quotePatch.name, () => {
  it('takes a newer quote, keeps the extended-hours price it does not carry, and refuses an older one', () => {
    const held = quote('AAPL', 100, { extended: { price: 99, session: 'pre', at: AT, change: -1, changePercent: -1 } });
    expect(quotePatch(held, quote('AAPL', 101, { quotedAt: later(1) }))).toEqual(
      quote('AAPL', 101, { quotedAt: later(1) }),
    );
    expect(quotePatch(held, quote('AAPL', 101, { quotedAt: later(-1) }))).toBeNull();
    expect(quotePatch(held, quote('AAPL', 101, { extended: null }))?.extended).toBeNull();
  });
});

describe(applyQuotes.name, () => {
  it('patches every cached answer that shows the asset, in place, never the delayed quotes', async () => {
    const store = await storeWith();
    applyQuotes(store, [quote('AAPL', 104.5, { quotedAt: later(2) }), quote('MSFT', 305, { quotedAt: later(2) })]);
    const { quote: one, quotes, movers, delayed } = cached(store);
    expect(one?.price).toBe(104.5);
    expect(one?.quotedAt).toBe(later(2));
    expect(quotes?.quotes.map((q) => q.price)).toEqual([104.5, 305]);
    expect(movers?.assets[0]).toMatchObject({ price: 305, marketCap: 3e12 });
    expect(delayed?.gainers[0]?.price).toBe(100);
  });

  it('leaves answers without the asset as they were (same objects)', async () => {
    const store = await storeWith();
    const before = cached(store);
    applyQuotes(store, [quote('NVDA', 150, { quotedAt: later(1) })]);
    expect(cached(store)).toEqual(before);
    expect(cached(store).quotes).toBe(before.quotes);
  });

  it("moves the latest day's intraday bars, never a day asked for by date", async () => {
    const store = makeStore();
    const bars = {
      symbol: 'AAPL',
      type: 'stock' as const,
      interval: 5,
      dates: ['2026-11-25'],
      bars: [
        { ts: AT, session: 'regular' as const, interval: 5, open: 100, high: 100, low: 100, close: 100, volume: 9 },
      ],
    };
    const latest = { symbol: 'AAPL', type: 'stock' as const, interval: 5, days: 1 };
    const dated = { ...latest, date: '2026-11-25' };
    await store.dispatch(marketApi.util.upsertQueryData('getIntradaySummaries', latest, bars));
    await store.dispatch(marketApi.util.upsertQueryData('getIntradaySummaries', dated, bars));
    applyQuotes(store, [quote('AAPL', 103, { quotedAt: later(60) })]);
    const close = (args: typeof latest) =>
      marketApi.endpoints.getIntradaySummaries
        .select(args)(store.getState() as never)
        .data?.bars.at(-1)?.close;
    expect(close(latest)).toBe(103);
    expect(close(dated)).toBe(100);
  });

  it('tells a crypto from a stock of the same symbol', async () => {
    const store = await storeWith();
    applyQuotes(store, [quote('AAPL', 1, { type: 'crypto', quotedAt: later(1) })]);
    expect(cached(store).quote?.price).toBe(100);
  });
});

describe('gainers and losers', () => {
  it('stay in order as their live changes move', async () => {
    const store = makeStore();
    const mover = (symbol: string, changePercent: number) => ({
      ...quote(symbol, 100 + changePercent),
      changePercent,
      marketCap: 1e10,
    });
    await store.dispatch(
      marketApi.util.upsertQueryData(
        'getMovers',
        { type: 'gainers', limit: 10 },
        {
          type: 'gainers',
          assets: [mover('AAA', 9), mover('BBB', 5), mover('CCC', 3)],
        },
      ),
    );
    await store.dispatch(
      marketApi.util.upsertQueryData(
        'getMovers',
        { type: 'losers', limit: 10 },
        {
          type: 'losers',
          assets: [mover('XXX', -8), mover('YYY', -4)],
        },
      ),
    );
    applyQuotes(store, [
      quote('CCC', 112, { changePercent: 12, quotedAt: later(1) }),
      quote('YYY', 90, { changePercent: -10, quotedAt: later(1) }),
    ]);
    const state = store.getState() as never;
    const symbols = (type: 'gainers' | 'losers') =>
      marketApi.endpoints.getMovers
        .select({ type, limit: 10 })(state)
        .data?.assets.map((a) => a.symbol);
    expect(symbols('gainers')).toEqual(['CCC', 'AAA', 'BBB']);
    expect(symbols('losers')).toEqual(['YYY', 'XXX']);
  });
});

describe(patchIntraday.name, () => {
  const bar = (ts: string, close: number) => ({
    ts,
    session: 'regular' as const,
    interval: 5,
    open: 100,
    high: 101,
    low: 99,
    close,
    volume: 500,
  });
  // 10:00 and 10:05 New York (15:00 and 15:05 UTC).
  const bars = () => [bar('2026-11-25T15:00:00.000Z', 100), bar('2026-11-25T15:05:00.000Z', 100.5)];

  it('moves the last bar to a quote in its span, widening its range', () => {
    const held = bars();
    expect(patchIntraday(held, quote('AAPL', 102, { quotedAt: '2026-11-25T15:07:30.000Z' }))).toBe(true);
    expect(held.at(-1)).toMatchObject({ close: 102, high: 102, low: 99, open: 100 });
    expect(held).toHaveLength(2);
  });

  it('starts the bar a later quote falls in, on the same grid, with the volume traded since the quote before', () => {
    const held = bars();
    patchIntraday(held, quote('AAPL', 98.5, { quotedAt: '2026-11-25T15:17:02.000Z' }), 120);
    expect(held.at(-1)).toEqual({
      ...bar('2026-11-25T15:15:00.000Z', 98.5),
      open: 98.5,
      high: 98.5,
      low: 98.5,
      volume: 120,
    });
    patchIntraday(held, quote('AAPL', 98.7, { quotedAt: '2026-11-25T15:17:03.000Z' }), 30);
    expect(held.at(-1)).toMatchObject({ close: 98.7, high: 98.7, volume: 150 });
  });

  it('leaves the bars of an older quote or another day as they were', () => {
    const held = bars();
    expect(patchIntraday(held, quote('AAPL', 90, { quotedAt: '2026-11-25T14:59:00.000Z' }))).toBe(false);
    expect(patchIntraday(held, quote('AAPL', 90, { quotedAt: '2026-11-26T15:00:00.000Z' }))).toBe(false);
    expect(held).toEqual(bars());
  });
});

describe(applyEvent.name, () => {
  it('replaces a cached event and adds a new one to the calendar window and type it belongs to', async () => {
    const store = makeStore();
    const args = { start: '2026-11-23', end: '2026-11-27', types: ['call' as const] };
    await store.dispatch(
      calendarApi.util.upsertQueryData('getCalendarEvents', args, {
        events: [event(1)],
        gated: [],
        truncatedDays: [],
      }),
    );
    await store.dispatch(marketApi.util.upsertQueryData('getEvent', { id: 1 }, event(1)));
    applyEvent(store, event(1, { eventStatus: 'live' }));
    applyEvent(store, event(2, { eventDate: '2026-11-26T14:00:00.000Z' }));
    // Outside the window, or of a type not shown: left out.
    applyEvent(store, event(3, { eventDate: '2026-12-02T14:00:00.000Z' }));
    applyEvent(store, event(4, { eventType: 'ipo' }));
    // The demo's replays are joined from /calls, never listed on the calendar.
    applyEvent(store, event(5, { eventDate: '2026-11-26T15:00:00.000Z', source: DEMO_REPLAY_SOURCE }));
    const calendar = calendarApi.endpoints.getCalendarEvents.select(args)(store.getState() as never).data;
    expect(calendar?.events.map((e) => [e.id, e.eventStatus])).toEqual([
      [1, 'live'],
      [2, 'upcoming'],
    ]);
    expect(marketApi.endpoints.getEvent.select({ id: 1 })(store.getState() as never).data?.eventStatus).toBe('live');
  });

  it('moves a call between the /calls lists as it goes live and ends, without a refetch', async () => {
    const store = makeStore();
    const upcomingArgs = { tab: 'upcoming' as const, limit: 50 };
    const recordedArgs = { tab: 'recorded' as const, limit: 50 };
    await store.dispatch(
      callsApi.util.upsertQueryData('getCalls', upcomingArgs, {
        events: [event(1), event(2, { eventDate: '2026-11-25T22:00:00.000Z' })],
        gated: [],
        hasMore: false,
      }),
    );
    await store.dispatch(
      callsApi.util.upsertQueryData('getCalls', recordedArgs, {
        events: [event(8, { eventStatus: 'closed', eventDate: '2026-11-24T21:30:00.000Z' })],
        gated: [],
        hasMore: true,
      }),
    );
    const listed = (args: typeof upcomingArgs | typeof recordedArgs) =>
      callsApi.endpoints.getCalls
        .select(args)(store.getState() as never)
        .data?.events.map((e) => [e.id, e.eventStatus]);
    applyEvent(store, event(1, { eventStatus: 'live' }));
    expect(listed(upcomingArgs)).toEqual([
      [1, 'live'],
      [2, 'upcoming'],
    ]);
    applyEvent(store, event(1, { eventStatus: 'closed' }));
    expect(listed(upcomingArgs)).toEqual([[2, 'upcoming']]);
    expect(listed(recordedArgs)).toEqual([
      [1, 'closed'],
      [8, 'closed'],
    ]);
    expect(Object.keys((store.getState() as { api: { queries: object } }).api.queries)).toHaveLength(2);
  });
});

function report(id: number, over: Partial<EarningsRow> = {}): EarningsRow {
  return {
    id,
    symbol: 'AAPL',
    name: 'Apple Inc.',
    type: 'stock',
    exchange: 'NASDAQ',
    sector: 'Technology',
    marketCap: 3e12,
    popularity: 100,
    periodYear: 2026,
    period: 'Q4',
    periodEnd: '2026-09-30',
    date: '2026-11-25',
    time: '16:05',
    timeZone: 'America/New_York',
    session: 'after',
    dateStatus: 'confirmed',
    dateSource: 'demo',
    epsEstimate: 1.5,
    epsActual: null,
    epsSurprise: null,
    epsSurprisePercent: null,
    epsPriorYear: 1.2,
    yoyPercentChangeEPS: 25,
    revenueEstimate: 9e10,
    revenueActual: null,
    revenueSurprise: null,
    revenueSurprisePercent: null,
    revenuePriorYear: 8e10,
    yoyPercentChangeRevenue: 12.5,
    estimateCount: 30,
    reportedAt: null,
    priceMovePercent: null,
    source: 'demo',
    ...over,
  };
}

const landed = (id: number, over: Partial<EarningsRow> = {}) =>
  report(id, {
    epsActual: 1.62,
    epsSurprise: 0.12,
    epsSurprisePercent: 8,
    yoyPercentChangeEPS: 35,
    revenueActual: 9.2e10,
    revenueSurprise: 2e9,
    revenueSurprisePercent: 2.22,
    yoyPercentChangeRevenue: 15,
    reportedAt: '2026-11-25T21:05:00.000Z',
    ...over,
  });

describe(applyEarnings.name, () => {
  it("patches a report's results into the calendar window, the company's earnings and the biggest reporters", async () => {
    const store = makeStore();
    const week = { start: '2026-11-23', end: '2026-11-27' };
    const nextWeek = { start: '2026-11-30', end: '2026-12-04' };
    await store.dispatch(
      calendarApi.util.upsertQueryData('getEarningsCalendar', week, {
        start: week.start,
        end: week.end,
        timeZone: 'America/New_York',
        historyStart: null,
        gated: [],
        earnings: [calendarRowOf(report(1)), calendarRowOf(report(2, { symbol: 'MSFT' }))],
      }),
    );
    await store.dispatch(
      calendarApi.util.upsertQueryData('getEarningsCalendar', nextWeek, {
        start: nextWeek.start,
        end: nextWeek.end,
        timeZone: 'America/New_York',
        historyStart: null,
        gated: [],
        earnings: [],
      }),
    );
    const change = {
      oldDate: '2026-11-20',
      newDate: '2026-11-25',
      oldTime: null,
      newTime: '16:05',
      oldStatus: 'estimated' as const,
      newStatus: 'confirmed' as const,
      source: 'demo',
    };
    await store.dispatch(
      marketApi.util.upsertQueryData(
        'getSymbolEarnings',
        { symbol: 'AAPL' },
        {
          symbol: 'AAPL',
          name: 'Apple Inc.',
          type: 'stock',
          timeZone: 'America/New_York',
          gated: [],
          earnings: [{ ...report(1), dateChanges: [{ ...change, changedAt: '2026-11-01T00:00:00.000Z' }] }],
        },
      ),
    );
    const before = store.getState();
    const untouched = calendarApi.endpoints.getEarningsCalendar.select(nextWeek)(before as never).data;

    applyEarnings(store, landed(1));
    // A report of the week the calendar did not hold yet joins it.
    applyEarnings(store, landed(3, { symbol: 'NVDA', date: '2026-11-26' }));

    const state = store.getState() as never;
    const calendar = calendarApi.endpoints.getEarningsCalendar.select(week)(state).data;
    expect(calendar?.earnings.map((row) => [row.id, row.epsActual, row.revenueActual, row.epsSurprisePercent])).toEqual(
      [
        [1, 1.62, 9.2e10, 8],
        [2, null, null, null],
        [3, 1.62, 9.2e10, 8],
      ],
    );
    // Only the calendar's own fields: nothing else of the row rides along.
    expect(Object.keys(calendar?.earnings[0] ?? {}).sort()).toEqual(Object.keys(calendarRowOf(report(1))).sort());
    // Another week's window is the same object (not patched).
    expect(calendarApi.endpoints.getEarningsCalendar.select(nextWeek)(state).data).toBe(untouched);
    const company = marketApi.endpoints.getSymbolEarnings.select({ symbol: 'AAPL' })(state).data;
    expect(company?.earnings[0]).toMatchObject({ id: 1, epsActual: 1.62, reportedAt: '2026-11-25T21:05:00.000Z' });
    // What the answer adds to a report stays.
    expect(company?.earnings[0]?.dateChanges).toHaveLength(1);
  });

  it('takes the socket message: the event and its report, without a refetch', async () => {
    const store = makeStore();
    const week = { start: '2026-11-23', end: '2026-11-27' };
    await store.dispatch(
      calendarApi.util.upsertQueryData('getEarningsCalendar', week, {
        start: week.start,
        end: week.end,
        timeZone: 'America/New_York',
        historyStart: null,
        gated: [],
        earnings: [calendarRowOf(report(7))],
      }),
    );
    const cache = createLiveCache(store);
    cache.receive({ type: 'event', data: event(1, { eventStatus: 'live' }), earnings: landed(7) });
    const calendar = calendarApi.endpoints.getEarningsCalendar.select(week)(store.getState() as never).data;
    expect(calendar?.earnings[0]?.epsActual).toBe(1.62);
    expect(Object.values((store.getState() as { api: { queries: object } }).api.queries)).toHaveLength(1);
    cache.stop();
  });
});

describe(createLiveCache.name, () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies quotes at most once a second, the newest of each asset', async () => {
    const store = await storeWith();
    const dispatch = vi.spyOn(store, 'dispatch');
    const cache = createLiveCache(store);
    const batch = (price: number, second: number): LiveServerMessage => ({
      type: 'quotes',
      at: later(second),
      data: [quote('AAPL', price, { quotedAt: later(second) })],
    });
    cache.receive({ type: 'quote', data: quote('AAPL', 101, { quotedAt: later(1) }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(cached(store).quote?.price).toBe(101);
    cache.receive(batch(102, 2));
    cache.receive(batch(103, 3));
    await vi.advanceTimersByTimeAsync(LIVE_QUOTE_FLUSH_MS - 1);
    expect(cached(store).quote?.price).toBe(101);
    await vi.advanceTimersByTimeAsync(1);
    expect(cached(store).quote?.price).toBe(103);
    // Two flushes, each one patch of the two answers holding AAPL.
    expect(dispatch).toHaveBeenCalledTimes(4);
    cache.stop();
  });
});

describe('createLiveCache, intraday volume', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("adds the day's volume traded between two live quotes to the bar they fall in", async () => {
    const store = makeStore();
    const args = { symbol: 'AAPL', type: 'stock' as const, interval: 5, days: 1 };
    await store.dispatch(
      marketApi.util.upsertQueryData('getIntradaySummaries', args, {
        symbol: 'AAPL',
        type: 'stock',
        interval: 5,
        dates: ['2026-11-25'],
        bars: [{ ts: AT, session: 'regular', interval: 5, open: 100, high: 100, low: 100, close: 100, volume: 9 }],
      }),
    );
    const cache = createLiveCache(store);
    cache.receive({ type: 'quote', data: quote('AAPL', 101, { quotedAt: later(1), volume: 1000 }) });
    await vi.advanceTimersByTimeAsync(LIVE_QUOTE_FLUSH_MS);
    cache.receive({ type: 'quote', data: quote('AAPL', 102, { quotedAt: later(2), volume: 1250 }) });
    await vi.advanceTimersByTimeAsync(LIVE_QUOTE_FLUSH_MS);
    const last = marketApi.endpoints.getIntradaySummaries
      .select(args)(store.getState() as never)
      .data?.bars.at(-1);
    // The first quote has nothing before it to measure from; the second traded 250 more.
    expect(last).toMatchObject({ close: 102, volume: 259 });
    cache.stop();
  });
});

describe('the live slice', () => {
  it(`keeps the last ${LIVE_MESSAGES_KEPT} messages (SPEC §7)`, () => {
    rootReducer.inject(liveSlice);
    const store = makeStore();
    for (let i = 0; i < LIVE_MESSAGES_KEPT + 7; i += 1)
      store.dispatch(liveMessageReceived({ type: 'pong', requestId: `p${i}` }));
    const { messages } = (store.getState() as unknown as { live: { messages: { requestId: string }[] } }).live;
    expect(messages).toHaveLength(LIVE_MESSAGES_KEPT);
    expect(messages[0]?.requestId).toBe('p7');
    expect(messages.at(-1)?.requestId).toBe(`p${LIVE_MESSAGES_KEPT + 6}`);
  });
});
