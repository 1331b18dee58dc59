import {
  assets,
  dividends,
  indexConstituents,
  indexRebalances,
  marketIndexes,
  ohlcDaily,
  ohlcIntraday,
  quotes,
  shortInterest,
  splits,
  transactions,
  users,
} from '@eh/db';
import {
  addDays,
  dayOfWeek,
  holidays,
  type IsoDate,
  MARKET_TIME_ZONE,
  marketDayStatus,
  nyDate,
  previousTradingDay,
  SATURDAY,
  tradingHours,
} from '@eh/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { clearMarketData } from '../market-fixtures.ts';

/**
 * The market-data API against a real database holding a small hand-made market: every expectation is computed
 * from the rows inserted here. Dates are relative to today (New York) so the gating rules (latest dividend, latest
 * settlement) and defaults (4-year window, today) are exercised as users meet them.
 */

const TODAY = nyDate(new Date());
/** The last full session before today: the quotes were struck at its close. */
const LAST_SESSION = previousTradingDay(TODAY);
const BAR_DAYS = 30;

let server: TestServer;
let anon: Record<string, string>;
let plus: Awaited<ReturnType<typeof signedInUser>>;
let pro: Awaited<ReturnType<typeof signedInUser>>;
const ids: Record<string, number> = {};

interface Bar {
  date: IsoDate;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}
const aaplBars: Bar[] = [];
const sessions: IsoDate[] = [];

function tradingDaysBack(count: number, last: IsoDate): IsoDate[] {
  const days = [last];
  while (days.length < count) days.unshift(previousTradingDay(days[0] as IsoDate));
  return days;
}

async function insertAsset(values: Omit<typeof assets.$inferInsert, 'symbolUpper' | 'source'>) {
  const [row] = await server.ctx.db
    .insert(assets)
    .values({ ...values, symbolUpper: values.symbol.toUpperCase(), source: 'test' })
    .returning({ id: assets.id });
  if (!row) throw new Error('asset not stored');
  ids[`${values.type}:${values.symbol}`] = row.id;
  return row.id;
}

async function insertQuote(assetId: number, price: number, prevClose: number, quotedAt: Date, volume = 1_000_000) {
  await server.ctx.db.insert(quotes).values({
    assetId,
    price,
    prevClose,
    open: prevClose,
    lowPrice: Math.min(price, prevClose) - 1,
    highPrice: Math.max(price, prevClose) + 1,
    volume,
    quotedAt,
    source: 'test',
  });
}

async function seedMarket() {
  const db = server.ctx.db;
  const aapl = await insertAsset({
    symbol: 'AAPL',
    name: 'Apple Inc.',
    type: 'stock',
    exchange: 'NASDAQ',
    sector: 'Technology',
    marketCap: 3e12,
    popularity: 1000,
  });
  const msft = await insertAsset({
    symbol: 'MSFT',
    name: 'Microsoft Corporation',
    type: 'stock',
    exchange: 'NASDAQ',
    marketCap: 2.8e12,
    popularity: 900,
  });
  const brk = await insertAsset({
    symbol: 'BRK.B',
    name: 'Berkshire Hathaway Inc.',
    type: 'stock',
    exchange: 'NYSE',
    marketCap: 9e11,
    popularity: 500,
  });
  const xom = await insertAsset({
    symbol: 'XOM',
    name: 'Exxon Mobil Corporation',
    type: 'stock',
    exchange: 'NYSE',
    marketCap: 4.5e11,
    popularity: 400,
  });
  const btcStock = await insertAsset({
    symbol: 'BTC',
    name: 'Grayscale Bitcoin Mini Trust',
    type: 'stock',
    exchange: 'NYSE',
    marketCap: 5e9,
    popularity: 50,
  });
  const tiny = await insertAsset({
    symbol: 'TINY',
    name: 'Tiny Penny Corp',
    type: 'stock',
    exchange: 'NASDAQ',
    marketCap: 5e8,
    popularity: 1,
  });
  const btc = await insertAsset({ symbol: 'BTC', name: 'Bitcoin', type: 'crypto', marketCap: 1.2e12, popularity: 800 });
  const spx = await insertAsset({ symbol: '^GSPC', name: 'S&P 500', type: 'index', popularity: 700 });

  // AAPL: daily bars up to the last session; the quote is that session's close.
  sessions.push(...tradingDaysBack(BAR_DAYS, LAST_SESSION));
  let close = 200;
  for (const [i, date] of sessions.entries()) {
    const open = close;
    close = Math.round(open * (1 + Math.sin(i) / 50) * 100) / 100;
    aaplBars.push({
      date,
      open,
      high: Math.max(open, close) + 2,
      low: Math.min(open, close) - 2,
      close,
      volume: 1e6 + i,
    });
  }
  await db.insert(ohlcDaily).values(aaplBars.map((bar) => ({ assetId: aapl, ...bar })));
  const last = aaplBars.at(-1) as Bar;
  const prev = aaplBars.at(-2) as Bar;
  const lastClose = tradingHours(LAST_SESSION)?.close ?? new Date();
  await db.insert(quotes).values({
    assetId: aapl,
    price: last.close,
    prevClose: prev.close,
    open: last.open,
    lowPrice: last.low,
    highPrice: last.high,
    volume: last.volume,
    extendedPrice: last.close + 1.5,
    extendedSession: 'after',
    extendedAt: new Date(lastClose.getTime() + 3_600_000),
    quotedAt: lastClose,
    source: 'test',
  });
  await db
    .insert(ohlcDaily)
    .values(sessions.map((date) => ({ assetId: msft, date, open: 400, high: 410, low: 390, close: 405, volume: 5e5 })));

  // Other quotes: MSFT struck just now (the delayed call must not show it), TINY the biggest raw gainer.
  await insertQuote(msft, 420, 400, new Date());
  await insertQuote(brk, 480, 500, lastClose);
  await insertQuote(xom, 110, 100, lastClose, 9e7);
  await insertQuote(btcStock, 50, 49, lastClose);
  await insertQuote(tiny, 2, 1, lastClose);
  await insertQuote(btc, 90_000, 88_000, lastClose);
  await insertQuote(spx, 6000, 5950, lastClose);

  // AAPL intraday of the last session: 5-minute bars in regular hours, 30-minute ones before and after (as the
  // demo provider stores them).
  const hours = tradingHours(LAST_SESSION);
  if (!hours) throw new Error('the last session has no hours');
  const intraday: (typeof ohlcIntraday.$inferInsert)[] = [];
  const bars = (from: Date, to: Date, session: 'pre' | 'regular' | 'after', minutes: number) => {
    for (let t = from.getTime(); t < to.getTime(); t += minutes * 60_000) {
      const i = intraday.length;
      const open = 190 + (i % 7);
      intraday.push({
        assetId: aapl,
        ts: new Date(t),
        intervalMinutes: minutes,
        session,
        open,
        high: open + 1 + (i % 3),
        low: open - 1,
        close: open + 0.5,
        volume: 100 + i,
      });
    }
  };
  bars(hours.preMarketOpen, hours.open, 'pre', 30);
  bars(hours.open, hours.close, 'regular', 5);
  bars(hours.close, hours.afterHoursClose, 'after', 30);
  await db.insert(ohlcIntraday).values(intraday);

  // AAPL dividends: one announced ahead, six paid; XOM one last month. A split inside the chart window.
  const dividendDates = [addDays(TODAY, 20), ...[1, 2, 3, 4, 5, 6].map((n) => addDays(TODAY, -91 * n + 5))];
  await db.insert(dividends).values(
    dividendDates.map((exDate, i) => ({
      assetId: aapl,
      exDate,
      paymentDate: addDays(exDate, 7),
      amount: 0.25 + i / 100,
      frequency: 4,
      source: 'test',
    })),
  );
  await db.insert(dividends).values({ assetId: xom, exDate: addDays(TODAY, -30), amount: 0.99, source: 'test' });
  await db
    .insert(splits)
    .values({ assetId: aapl, date: addDays(TODAY, -400), numerator: 4, denominator: 1, source: 'test' });

  // Short interest: four AAPL settlements, one MSFT at the latest.
  const settlements = [0, 1, 2, 3].map((n) => addDays(TODAY, -10 - 15 * n));
  await db.insert(shortInterest).values(
    settlements.map((settlementDate, i) => ({
      assetId: aapl,
      settlementDate,
      sharesShort: 100_000_000 - i * 1_000_000,
      percentOfFloat: 0.7 + i / 10,
      daysToCover: 1.5,
      source: 'test',
    })),
  );
  await db.insert(shortInterest).values({
    assetId: msft,
    settlementDate: settlements[0] as IsoDate,
    sharesShort: 50_000_000,
    percentOfFloat: 1.9,
    source: 'test',
  });

  // EH500 with two constituents and two rebalances.
  await db.insert(marketIndexes).values({ id: 'EH500', name: 'EarningsHub 500', ranking: 'top500' });
  await db.insert(indexConstituents).values([
    { indexId: 'EH500', assetId: msft, rank: 2, score: 88.1, weight: 0.4, addedDate: '2025-01-02' },
    { indexId: 'EH500', assetId: aapl, rank: 1, score: 91.5, weight: 0.6, addedDate: '2024-10-01' },
  ]);
  await db.insert(indexRebalances).values([
    { indexId: 'EH500', date: '2025-01-02', added: ['MSFT'], removed: ['XOM'] },
    { indexId: 'EH500', date: '2025-04-01', added: [], removed: ['BRK.B'] },
  ]);
}

beforeAll(async () => {
  server = await startTestServer();
  anon = {};
  plus = await signedInUser(server, 'plus-market@example.com');
  pro = await signedInUser(server, 'pro-market@example.com');
  for (const [user, plan] of [
    [plus, 'earningshub_plus'],
    [pro, 'earningshub_pro'],
  ] as const) {
    await server.api('/api/core/users/me', { headers: user.headers });
    await server.ctx.db
      .update(users)
      .set({ plan, subscriptionType: 'paid', subscriptionStatus: 'active', name: `${plan} trader` })
      .where(eq(users.id, user.sub));
  }
  await clearMarketData(server.ctx.db);
  await seedMarket();
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = anon) => {
  const res = await server.api(`/api${path}`, { headers });
  return { status: res.status, body: await body(res) };
};

describe('market status and holidays', () => {
  it('reports the session, today and the next open and close as the market-hours rules compute them', async () => {
    const { status, body: market } = await get('/pricing/stocks/market/status');
    expect(status).toBe(200);
    expect(market.timeZone).toBe(MARKET_TIME_ZONE);
    expect(market.date).toBe(nyDate(new Date(market.now)));
    expect(market.dayStatus).toBe(marketDayStatus(market.date));
    expect(new Date(market.nextOpen).getTime()).toBeGreaterThan(new Date(market.now).getTime());
    if (market.dayStatus === 'closed') expect(market.hours).toBeNull();
    else expect(market.hours.open).toBe(tradingHours(market.date)?.open.toISOString());
    expect(['pre', 'open', 'after', 'closed']).toContain(market.status);
  });

  it('lists holidays and early closes of a window, with the early close time', async () => {
    const { status, body: list } = await get('/pricing/stocks/market/holidays?start=2026-01-01&end=2026-12-31');
    expect(status).toBe(200);
    expect(list.holidays.map((h: { date: string }) => h.date)).toEqual(holidays(2026).map((h) => h.date));
    expect(list.holidays).toContainEqual({
      date: '2026-11-27',
      name: 'Day after Thanksgiving (early close)',
      status: 'early-close',
      observed: false,
      closeTime: '13:00',
    });
    expect(list.holidays).toContainEqual(
      expect.objectContaining({ date: '2026-07-03', observed: true, closeTime: null }),
    );
  });

  it('defaults to the coming year and refuses a reversed window', async () => {
    const { body: list } = await get('/pricing/stocks/market/holidays');
    expect(list.start).toBe(TODAY);
    expect(list.end).toBe(addDays(TODAY, 365));
    expect(list.holidays.length).toBeGreaterThanOrEqual(9);
    const reversed = await get('/pricing/stocks/market/holidays?start=2026-05-01&end=2026-01-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('query.end: must not be before start');
  });
});

describe('quotes', () => {
  it('gives the latest quote with its change and extended-hours price; it matches the last daily bar', async () => {
    const { status, body: quote } = await get('/pricing/quotes/stock/aapl');
    expect(status).toBe(200);
    const last = aaplBars.at(-1) as Bar;
    const prev = aaplBars.at(-2) as Bar;
    expect(quote).toMatchObject({ symbol: 'AAPL', type: 'stock', name: 'Apple Inc.', price: last.close });
    expect(quote.prevClose).toBe(prev.close);
    expect(quote.change).toBeCloseTo(last.close - prev.close, 6);
    expect(quote.changePercent).toBeCloseTo(((last.close - prev.close) / prev.close) * 100, 3);
    expect(quote.extended).toMatchObject({ session: 'after', price: last.close + 1.5 });
    expect(quote.extended.change).toBeCloseTo(1.5, 6);
  });

  it("finds a class share however it is written ('brk-b')", async () => {
    const { status, body: quote } = await get('/pricing/quotes/stock/brk-b');
    expect(status).toBe(200);
    expect(quote.symbol).toBe('BRK.B');
  });

  it('answers 404 for an unknown symbol and 400 for an unknown type', async () => {
    const unknown = await get('/pricing/quotes/stock/NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "No stock with the symbol 'NOPE'", code: 'NOT_FOUND' });
    const badType = await get('/pricing/quotes/bond/AAPL');
    expect(badType.status).toBe(400);
    expect(badType.body.message).toMatch(/^path\.type: /);
    const badSymbol = await get('/pricing/quotes/stock/%3Cscript%3E');
    expect(badSymbol.status).toBe(400);
    expect(badSymbol.body.message).toBe('path.symbol: must be a ticker symbol');
  });

  it('batches several types, lists the unknown ones and adds extended prices only when asked', async () => {
    const { status, body: batch } = await get('/pricing/quotes?stocks=AAPL,NOPE,aapl&cryptos=BTC&indexes=%5EGSPC');
    expect(status).toBe(200);
    expect(batch.quotes.map((q: { type: string; symbol: string }) => `${q.type}:${q.symbol}`)).toEqual([
      'stock:AAPL',
      'crypto:BTC',
      'index:^GSPC',
    ]);
    expect(batch.missing).toEqual([{ type: 'stock', symbol: 'NOPE' }]);
    expect(batch.quotes[0]).not.toHaveProperty('extended');
    const extended = await get('/pricing/quotes?stocks=AAPL,MSFT&extended=true');
    expect(extended.body.quotes[0].extended.session).toBe('after');
    expect(extended.body.quotes[1].extended).toBeNull();
    const notBool = await get('/pricing/quotes?stocks=AAPL&extended=maybe');
    expect(notBool.status).toBe(400);
    expect(notBool.body.message).toMatch(/^query\.extended: /);
  });

  it('refuses more than 200 symbols in one batch, naming the field', async () => {
    const many = Array.from({ length: 201 }, (_, i) => `S${i}`).join(',');
    const { status, body: error } = await get(`/pricing/quotes?stocks=${many}`);
    expect(status).toBe(400);
    expect(error.message).toMatch(/^query\.stocks: /);
  });

  it('shows the market 15 minutes ago: a quote struck since is replaced by the previous close', async () => {
    const { status, body: market } = await get('/pricing/quotes/market/delayed');
    expect(status).toBe(200);
    expect(market.delayMinutes).toBe(15);
    const asOf = new Date(market.asOf).getTime();
    expect(Math.abs(asOf - (Date.now() - 15 * 60_000))).toBeLessThan(60_000);
    expect(market.indexes.map((q: { symbol: string }) => q.symbol)).toEqual(['^GSPC']);
    const all = [...market.indexes, ...market.gainers, ...market.losers, ...market.active];
    for (const quote of all) expect(new Date(quote.quotedAt).getTime()).toBeLessThanOrEqual(asOf);
    const msft = market.gainers.find((q: { symbol: string }) => q.symbol === 'MSFT');
    expect(msft).toMatchObject({ price: 400, prevClose: 400, volume: null, highPrice: null });
    expect(market.gainers.map((q: { symbol: string }) => q.symbol)).not.toContain('TINY');
    expect(market.losers[0].symbol).toBe('BRK.B');
    expect(market.active[0].symbol).toBe('XOM');
  });
});

describe('bars and asset info', () => {
  it("gives each asset's bar of a date, or its last one before a day without trading", async () => {
    const last = aaplBars.at(-1) as Bar;
    const exact = await get(`/pricing/assets/ohlc?stocks=AAPL,MSFT&date=${last.date}`);
    expect(exact.status).toBe(200);
    expect(exact.body.bars[0]).toEqual({ ...last, symbol: 'AAPL', type: 'stock' });
    let saturday = sessions[5] as IsoDate;
    while (dayOfWeek(saturday) !== SATURDAY) saturday = addDays(saturday, 1);
    const before = aaplBars.filter((bar) => bar.date <= saturday).at(-1) as Bar;
    const weekend = await get(`/pricing/assets/ohlc?stocks=AAPL&date=${saturday}`);
    expect(weekend.body.date).toBe(saturday);
    expect(weekend.body.bars[0].date).toBe(before.date);
    const none = await get('/pricing/assets/ohlc?stocks=XOM&date=2026-02-30');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('query.date: must be a real calendar date');
  });

  it('gives one asset with its 52-week range and quote; a shared symbol resolves to the stock unless typed', async () => {
    const { status, body: info } = await get('/pricing/assets/AAPL/info');
    expect(status).toBe(200);
    expect(info).toMatchObject({ symbol: 'AAPL', symbolUpper: 'AAPL', sector: 'Technology', marketCap: 3e12 });
    expect(info.fiftyTwoWeekHigh).toBe(Math.max(...aaplBars.map((b) => b.high)));
    expect(info.fiftyTwoWeekLow).toBe(Math.min(...aaplBars.map((b) => b.low)));
    expect(info.quote.price).toBe((aaplBars.at(-1) as Bar).close);
    expect((await get('/pricing/assets/BTC/info')).body.type).toBe('stock');
    expect((await get('/pricing/assets/BTC/info?type=crypto')).body).toMatchObject({ type: 'crypto', name: 'Bitcoin' });
    const unknown = await get('/pricing/assets/ZZZZ/info');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("No asset with the symbol 'ZZZZ'");
  });

  it('gives several assets at once', async () => {
    const { body: batch } = await get('/pricing/assets/info?stocks=MSFT,XOM&cryptos=BTC,DOGE');
    expect(batch.assets.map((a: { symbol: string; type: string }) => `${a.type}:${a.symbol}`)).toEqual([
      'stock:MSFT',
      'stock:XOM',
      'crypto:BTC',
    ]);
    expect(batch.missing).toEqual([{ type: 'crypto', symbol: 'DOGE' }]);
  });
});

describe('top market and movers', () => {
  it('lists the largest stocks by market cap (20 by default), crypto excluded', async () => {
    const { body: top } = await get('/pricing/assets/info/top-market');
    expect(top.assets.map((a: { symbol: string }) => a.symbol)).toEqual([
      'AAPL',
      'MSFT',
      'BRK.B',
      'XOM',
      'BTC',
      'TINY',
    ]);
    expect((await get('/pricing/assets/info/top-market?limit=2')).body.assets).toHaveLength(2);
    for (const bad of ['0', '501', '2.5', 'ten']) {
      const res = await get(`/pricing/assets/info/top-market?limit=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/^query\.limit: /);
    }
  });

  it('gives the symbols holding half the market cap of all stocks, with prices when asked', async () => {
    const caps = [3e12, 2.8e12, 9e11, 4.5e11, 5e9, 5e8];
    const total = caps.reduce((a, b) => a + b, 0);
    const { body: top } = await get('/pricing/assets/info/top-market/symbols?prices=true');
    expect(top.cap).toBe(0.5);
    expect(top.totalMarketCap).toBe(total);
    expect(top.symbols).toEqual(['AAPL', 'MSFT']);
    expect(top.coveredShare).toBeCloseTo((3e12 + 2.8e12) / total, 6);
    expect(top.prices).toEqual({ AAPL: (aaplBars.at(-1) as Bar).close, MSFT: 420 });
    const all = await get('/pricing/assets/info/top-market/symbols?cap=1&limit=3');
    expect(all.body.symbols).toEqual(['AAPL', 'MSFT', 'BRK.B']);
    expect(all.body).not.toHaveProperty('prices');
    for (const cap of ['0', '1.5', '-1']) {
      const res = await get(`/pricing/assets/info/top-market/symbols?cap=${cap}`);
      expect(res.status, cap).toBe(400);
      expect(res.body.message).toMatch(/^query\.cap: /);
    }
  });

  it('ranks gainers and losers among stocks worth $1B or more, most active by volume, most popular', async () => {
    const gainers = (await get('/pricing/assets/info/movers?type=gainers')).body.assets;
    const pct = (q: { changePercent: number }) => q.changePercent;
    expect(gainers.map(pct)).toEqual([...gainers.map(pct)].sort((a, b) => b - a));
    expect(gainers.map((q: { symbol: string }) => q.symbol)).not.toContain('TINY');
    expect(gainers[0].symbol).toBe('XOM');
    const losers = (await get('/pricing/assets/info/movers?type=losers&limit=1')).body.assets;
    expect(losers.map((q: { symbol: string }) => q.symbol)).toEqual(['BRK.B']);
    expect((await get('/pricing/assets/info/movers?type=active&limit=1')).body.assets[0].symbol).toBe('XOM');
    const popular = (await get('/pricing/assets/info/movers?type=popular&limit=2')).body.assets;
    expect(popular.map((q: { symbol: string }) => q.symbol)).toEqual(['AAPL', 'MSFT']);
    const crypto = (await get('/pricing/assets/info/movers?type=popular&assetType=crypto')).body.assets;
    expect(crypto.map((q: { symbol: string }) => q.symbol)).toEqual(['BTC']);
    expect((await get('/pricing/assets/info/movers?type=rockets')).status).toBe(400);
    expect((await get('/pricing/assets/info/movers')).body.message).toMatch(/^query\.type: /);
  });
});

describe('chart summaries', () => {
  it('gives daily bars, splits and dividends of the last 4 years by default, dividend history trimmed by plan', async () => {
    const free = await get('/pricing/assets/AAPL/summaries');
    expect(free.status).toBe(200);
    expect(free.body.end).toBe(TODAY);
    expect(free.body.start).toBe(addDays(TODAY, -1461));
    expect(free.body.bars).toEqual(aaplBars);
    expect(free.body.splits).toEqual([{ date: addDays(TODAY, -400), numerator: 4, denominator: 1 }]);
    // The window ends today (the announced dividend lies beyond it). Free: the latest paid one; five withheld.
    expect(free.body.dividends.map((d: { exDate: string }) => d.exDate)).toEqual([addDays(TODAY, -86)]);
    expect(free.body.gated).toEqual({ feature: 'dividendHistory', hidden: 5 });
    const paid = await get('/pricing/assets/AAPL/summaries', plus.headers);
    const dates = paid.body.dividends.map((d: { exDate: string }) => d.exDate);
    expect(dates).toEqual([541, 450, 359, 268, 177, 86].map((n) => addDays(TODAY, -n)));
    expect(paid.body.gated).toBeNull();
    const ahead = await get(`/pricing/assets/AAPL/summaries?end=${addDays(TODAY, 30)}`);
    expect(ahead.body.dividends.map((d: { exDate: string }) => d.exDate)).toEqual([
      addDays(TODAY, -86),
      addDays(TODAY, 20),
    ]);
  });

  it('honours a window and refuses reversed, too wide or malformed ones', async () => {
    const window = await get(`/pricing/assets/AAPL/summaries?start=${aaplBars[10]?.date}&end=${aaplBars[12]?.date}`);
    expect(window.body.bars).toEqual(aaplBars.slice(10, 13));
    const cases: [string, string][] = [
      ['start=2026-03-01&end=2026-01-01', 'query.end: must not be before start'],
      ['start=1990-01-01&end=2026-01-01', 'query.end: must be at most 3700 days after start'],
      ['start=1950-01-01', 'query.end: must be at most 3700 days after start'],
      ['end=2026-13-01', 'query.end: must be a real calendar date'],
      ['start=yesterday', 'query.start: must be a date YYYY-MM-DD'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/pricing/assets/AAPL/summaries?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
    }
    expect((await get('/pricing/assets/NOPE/summaries')).status).toBe(404);
  });

  it('gives intraday bars of the latest session, merged to the interval, sessions never mixed', async () => {
    const hours = tradingHours(LAST_SESSION);
    if (!hours) throw new Error('no hours');
    const regularBars = (hours.close.getTime() - hours.open.getTime()) / 300_000;
    const five = await get('/pricing/assets/AAPL/summaries/intraday');
    expect(five.status).toBe(200);
    expect(five.body).toMatchObject({ symbol: 'AAPL', interval: 5, dates: [LAST_SESSION] });
    expect(five.body.bars).toHaveLength(regularBars);
    expect(five.body.bars[0].ts).toBe(hours.open.toISOString());
    expect(five.body.bars.every((b: { session: string }) => b.session === 'regular')).toBe(true);

    const fifteen = await get('/pricing/assets/AAPL/summaries/intraday?interval=15');
    expect(fifteen.body.bars).toHaveLength(Math.ceil(regularBars / 3));
    const [a, b, c] = five.body.bars;
    expect(fifteen.body.bars[0]).toEqual({
      ts: a.ts,
      session: 'regular',
      interval: 15,
      open: a.open,
      high: Math.max(a.high, b.high, c.high),
      low: Math.min(a.low, b.low, c.low),
      close: c.close,
      volume: a.volume + b.volume + c.volume,
    });

    const full = await get('/pricing/assets/AAPL/summaries/intraday?interval=60&beforeHours=true&afterHours=true');
    const bars = full.body.bars as { ts: string; session: string; interval: number }[];
    expect(bars.every((bar) => bar.interval === 60)).toBe(true);
    expect(bars[0]).toMatchObject({ ts: hours.preMarketOpen.toISOString(), session: 'pre' });
    expect(bars.find((bar) => bar.session === 'regular')?.ts).toBe(hours.open.toISOString());
    expect(bars.find((bar) => bar.session === 'after')?.ts).toBe(hours.close.toISOString());
    const order = bars.map((bar) => bar.ts);
    expect(order).toEqual([...order].sort());
  });

  it('serves the finest stored width when a finer one is asked, and refuses widths it does not offer', async () => {
    expect((await get('/pricing/assets/AAPL/summaries/intraday?interval=1')).body.interval).toBe(5);
    const mixed = await get('/pricing/assets/AAPL/summaries/intraday?interval=15&beforeHours=true');
    expect(mixed.body.interval).toBe(15);
    const widths = new Set(
      mixed.body.bars.map((bar: { session: string; interval: number }) => `${bar.session} ${bar.interval}`),
    );
    expect([...widths].sort()).toEqual(['pre 30', 'regular 15']);
    const bad = await get('/pricing/assets/AAPL/summaries/intraday?interval=7');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('query.interval: must be one of 1, 5, 10, 15, 30, 60');
    expect((await get('/pricing/assets/AAPL/summaries/intraday?days=11')).status).toBe(400);
    const crypto = await get('/pricing/assets/BTC/summaries/intraday?type=crypto');
    expect(crypto.body).toMatchObject({ type: 'crypto', bars: [], dates: [] });
  });
});

describe('dividends and short interest', () => {
  it('gives dividend history to plus and up, the latest paid and announced ones to everyone', async () => {
    const free = await get('/pricing/assets/AAPL/dividends');
    expect(free.body.items).toHaveLength(2);
    expect(free.body.items[0].exDate).toBe(addDays(TODAY, 20));
    expect(free.body.gated).toEqual({ feature: 'dividendHistory', hidden: 5 });
    const paid = await get('/pricing/assets/AAPL/dividends', plus.headers);
    expect(paid.body.items.map((d: { exDate: string }) => d.exDate)).toEqual(
      [...paid.body.items.map((d: { exDate: string }) => d.exDate)].sort().reverse(),
    );
    expect(paid.body.items).toHaveLength(7);
    const latest = await get('/pricing/assets/AAPL/dividends?latest=true');
    expect(latest.body).toMatchObject({ items: [{ exDate: addDays(TODAY, 20) }], gated: null });
    const past = await get(`/pricing/assets/AAPL/dividends?start=${addDays(TODAY, -600)}&end=${addDays(TODAY, -200)}`);
    expect(past.body.items).toEqual([]);
    expect(past.body.gated?.feature).toBe('dividendHistory');
  });

  it('answers 401 to a stale token instead of silently trimming', async () => {
    const res = await server.api('/api/pricing/assets/AAPL/dividends', { headers: { authorization: 'Bearer nope' } });
    expect(res.status).toBe(401);
  });

  it('gives the dividend calendar of a window, history trimmed per asset for free callers', async () => {
    const window = `start=${addDays(TODAY, -200)}&end=${addDays(TODAY, 30)}`;
    const paid = await get(`/pricing/dividends?${window}`, plus.headers);
    const dates = paid.body.items.map((d: { exDate: string }) => d.exDate);
    expect(dates).toEqual([...dates].sort());
    expect(paid.body.items.map((d: { symbol: string }) => d.symbol)).toEqual(['AAPL', 'AAPL', 'XOM', 'AAPL']);
    const free = await get(`/pricing/dividends?${window}`);
    expect(free.body.items.map((d: { symbol: string; exDate: string }) => `${d.symbol} ${d.exDate}`)).toEqual([
      `AAPL ${addDays(TODAY, -86)}`,
      `XOM ${addDays(TODAY, -30)}`,
      `AAPL ${addDays(TODAY, 20)}`,
    ]);
    expect(free.body.gated).toEqual({ feature: 'dividendHistory', hidden: 1 });
    const byPayment = await get(
      `/pricing/dividends?dateType=payment&start=${addDays(TODAY, 27)}&end=${addDays(TODAY, 27)}`,
    );
    expect(byPayment.body.items.map((d: { paymentDate: string }) => d.paymentDate)).toEqual([addDays(TODAY, 27)]);
    const defaults = await get('/pricing/dividends');
    expect(defaults.body).toMatchObject({ start: TODAY, end: addDays(TODAY, 6) });
    expect((await get('/pricing/dividends?start=2026-01-01&end=2016-01-01')).status).toBe(400);
  });

  it('gives short-interest history to pro only; plus and free get the latest settlement', async () => {
    const free = await get('/pricing/assets/AAPL/short-interests');
    expect(free.body.items.map((s: { settlementDate: string }) => s.settlementDate)).toEqual([addDays(TODAY, -10)]);
    expect(free.body.gated).toEqual({ feature: 'shortInterestHistory', hidden: 3 });
    expect((await get('/pricing/assets/AAPL/short-interests', plus.headers)).body.items).toHaveLength(1);
    const full = await get('/pricing/assets/AAPL/short-interests', pro.headers);
    expect(full.body.items).toHaveLength(4);
    expect(full.body.gated).toBeNull();
    expect((await get('/pricing/assets/AAPL/short-interests?latest=true')).body.gated).toBeNull();
  });

  it("ranks the market's most shorted names at the latest settlement; earlier ones are pro history", async () => {
    const latest = await get('/pricing/short-interests');
    expect(latest.body.settlementDate).toBe(addDays(TODAY, -10));
    expect(latest.body.items.map((s: { symbol: string }) => s.symbol)).toEqual(['MSFT', 'AAPL']);
    const older = addDays(TODAY, -25);
    const free = await get(`/pricing/short-interests?date=${addDays(older, 1)}`);
    expect(free.body).toMatchObject({ settlementDate: older, items: [], gated: { hidden: 1 } });
    const paid = await get(`/pricing/short-interests?date=${older}&sort=sharesShort`, pro.headers);
    expect(paid.body.items.map((s: { symbol: string }) => s.symbol)).toEqual(['AAPL']);
    expect((await get('/pricing/short-interests?sort=hype')).status).toBe(400);
  });
});

describe('our indexes', () => {
  it('lists EH500 constituents by rank; their scores (EHS) are for pro', async () => {
    const free = await get('/pricing/indexes/eh500');
    expect(free.status).toBe(200);
    expect(free.body.constituents.map((c: { symbol: string; rank: number }) => [c.rank, c.symbol])).toEqual([
      [1, 'AAPL'],
      [2, 'MSFT'],
    ]);
    expect(free.body.constituents.every((c: { score: null }) => c.score === null)).toBe(true);
    expect(free.body.gated).toEqual({ feature: 'ehs', hidden: 2 });
    const paid = await get('/pricing/indexes/EH500', pro.headers);
    expect(paid.body.constituents.map((c: { score: number }) => c.score)).toEqual([91.5, 88.1]);
    expect((await get('/pricing/indexes/SP600')).status).toBe(404);
    expect((await get('/pricing/indexes/no%20such')).status).toBe(400);
  });

  it('lists rebalances newest first', async () => {
    const { body: list } = await get('/pricing/indexes/EH500/rebalances');
    expect(list.rebalances).toEqual([
      { date: '2025-04-01', added: [], removed: ['BRK.B'] },
      { date: '2025-01-02', added: ['MSFT'], removed: ['XOM'] },
    ]);
  });
});

describe('GET /core/transactions/assets/{type}/{symbol}', () => {
  it('lists executed buys, sells, adds and comments, newest first, with public profile fields', async () => {
    const base = Date.now() - 3_600_000;
    const row = (
      type: (typeof transactions.$inferInsert)['type'],
      status: 'executed' | 'pending',
      n: number,
      userId = pro.sub,
    ) => ({
      userId,
      symbol: 'AAPL',
      assetType: 'stock' as const,
      type,
      status,
      quantity: n,
      price: 200,
      comment: type === 'comment' ? 'Strong quarter' : null,
      executedAt: new Date(base + n * 60_000),
    });
    await server.ctx.db
      .insert(transactions)
      .values([
        row('buy', 'executed', 1),
        row('sell', 'executed', 2),
        row('add', 'executed', 3),
        row('comment', 'executed', 4, '00000000-0000-4000-8000-000000000000'),
        row('watch', 'executed', 5),
        row('buy', 'pending', 6),
        row('dividend_pay', 'executed', 7),
      ]);
    const { status, body: list } = await get('/core/transactions/assets/stock/aapl');
    expect(status).toBe(200);
    expect(list.transactions.map((t: { type: string }) => t.type)).toEqual(['comment', 'add', 'sell', 'buy']);
    expect(list.transactions[0].user).toBeNull();
    expect(list.transactions[1].user).toEqual({ id: pro.sub, name: 'earningshub_pro trader', avatarUrl: null });
    expect((await get('/core/transactions/assets/stock/aapl?limit=2')).body.transactions).toHaveLength(2);
    expect((await get('/core/transactions/assets/crypto/AAPL')).status).toBe(404);
    expect((await get('/core/transactions/assets/cash/AAPL')).status).toBe(400);
    expect((await get('/core/transactions/assets/stock/AAPL?limit=100000')).status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the market routes', async () => {
    const res = await server.api('/api/docs/json');
    expect(res.status).toBe(200);
    const doc = await body(res);
    for (const path of [
      '/api/pricing/quotes/{type}/{symbol}',
      '/api/pricing/assets/{symbol}/summaries/intraday',
      '/api/static/assets.json',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });
});
