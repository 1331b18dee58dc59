import { assets, shortInterest } from '@eh/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { popularSymbols } from '../market-fixtures.ts';
import { setPlan } from './earnings-seed.ts';

/**
 * The market-data API over HTTP on the demo market: what the routes add to the services (test/service/market.test.ts
 * holds the quotes, bars, movers, dividends, short interest and index answers): validation naming the field, the
 * not-found answer, a caller's token read on the plan-trimmed calls, the OpenAPI document.
 */

let server: TestServer;
let pro: Awaited<ReturnType<typeof signedInUser>>;
/** The demo market's most followed stock. */
let stock: string;

beforeAll(async () => {
  server = await startTestServer();
  pro = await signedInUser(server, 'pro-market@example.com');
  await server.api('/api/core/users/me', { headers: pro.headers });
  await setPlan(server.ctx, pro.sub, 'earningshub_pro');
  ({
    stocks: [stock],
  } = await popularSymbols(server.ctx.db));
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await server.api(`/api${path}`, { headers });
  return { status: res.status, body: await body(res) };
};

describe('routes', () => {
  it("answers a quote in the contract's shape, and an unknown symbol 404 with the error shape", async () => {
    const { status, body: quote } = await get(`/pricing/quotes/stock/${stock.toLowerCase()}`);
    expect(status).toBe(200);
    expect(quote).toMatchObject({ symbol: stock, type: 'stock' });
    expect(await get('/pricing/quotes/stock/NOPEZQ')).toEqual({
      status: 404,
      body: { message: "No stock with the symbol 'NOPEZQ'", code: 'NOT_FOUND' },
    });
    expect((await get('/pricing/indexes/SP600')).body).toEqual({ message: "No index 'SP600'", code: 'NOT_FOUND' });
  });

  it('reads the market status and holidays without a caller', async () => {
    const status = await get('/pricing/stocks/market/status');
    expect(status.status).toBe(200);
    expect(status.body.timeZone).toBe('America/New_York');
    const holidays = await get('/pricing/stocks/market/holidays?start=2026-01-01&end=2026-12-31');
    expect(holidays.status).toBe(200);
    expect(holidays.body).toMatchObject({ start: '2026-01-01', end: '2026-12-31' });
  });
});

describe('plan-trimmed calls', () => {
  it("read a caller's token: pro sees short-interest history, a visitor the latest settlement", async () => {
    const [asset] = await server.ctx.db.select({ id: assets.id }).from(assets).where(eq(assets.symbol, stock));
    const settlements = await server.ctx.db
      .select({ date: shortInterest.settlementDate })
      .from(shortInterest)
      .where(eq(shortInterest.assetId, asset?.id ?? 0));
    expect(settlements.length).toBeGreaterThan(1);
    const visitor = await get(`/pricing/assets/${stock}/short-interests`);
    expect(visitor.body.items).toHaveLength(1);
    expect(visitor.body.gated).toEqual({ feature: 'shortInterestHistory', hidden: settlements.length - 1 });
    const paid = await get(`/pricing/assets/${stock}/short-interests`, pro.headers);
    expect(paid.body.items).toHaveLength(settlements.length);
    expect(paid.body.gated).toBeNull();
  });

  it.each([
    '/pricing/assets/AAPL/dividends',
    '/pricing/dividends',
    '/pricing/assets/AAPL/short-interests',
    '/pricing/short-interests',
    '/pricing/assets/AAPL/summaries',
    '/pricing/indexes/EH500',
  ])('%s answers 401 to a stale token instead of silently trimming', async (path) => {
    const res = await get(path, { authorization: 'Bearer nope' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });
});

describe('validation', () => {
  const TOO_MANY = Array.from({ length: 201 }, (_, i) => `S${i}`).join(',');

  it.each([
    ['/pricing/stocks/market/holidays?start=2026-05-01&end=2026-01-01', 'query.end: must not be before start'],
    ['/pricing/quotes/bond/AAPL', 'path.type: '],
    ['/pricing/quotes/stock/%3Cscript%3E', 'path.symbol: must be a ticker symbol'],
    ['/pricing/quotes?stocks=AAPL&extended=maybe', 'query.extended: '],
    [`/pricing/quotes?stocks=${TOO_MANY}`, 'query.stocks: '],
    ['/pricing/assets/ohlc?stocks=XOM&date=2026-02-30', 'query.date: must be a real calendar date'],
    ['/pricing/assets/info/top-market?limit=0', 'query.limit: '],
    ['/pricing/assets/info/top-market?limit=501', 'query.limit: '],
    ['/pricing/assets/info/top-market?limit=2.5', 'query.limit: '],
    ['/pricing/assets/info/top-market?limit=ten', 'query.limit: '],
    ['/pricing/assets/info/top-market/symbols?cap=0', 'query.cap: '],
    ['/pricing/assets/info/top-market/symbols?cap=1.5', 'query.cap: '],
    ['/pricing/assets/info/top-market/symbols?cap=-1', 'query.cap: '],
    ['/pricing/assets/info/movers?type=rockets', 'query.type: '],
    ['/pricing/assets/info/movers', 'query.type: '],
    ['/pricing/assets/AAPL/summaries?start=2026-03-01&end=2026-01-01', 'query.end: must not be before start'],
    [
      '/pricing/assets/AAPL/summaries?start=1990-01-01&end=2026-01-01',
      'query.end: must be at most 3700 days after start',
    ],
    ['/pricing/assets/AAPL/summaries?end=2026-13-01', 'query.end: must be a real calendar date'],
    ['/pricing/assets/AAPL/summaries?start=yesterday', 'query.start: must be a date YYYY-MM-DD'],
    ['/pricing/assets/AAPL/summaries/intraday?interval=7', 'query.interval: must be one of 1, 5, 10, 15, 30, 60'],
    ['/pricing/assets/AAPL/summaries/intraday?days=11', 'query.days: '],
    ['/pricing/dividends?start=2026-01-01&end=2016-01-01', 'query.end: must not be before start'],
    ['/pricing/short-interests?sort=hype', 'query.sort: '],
    ['/pricing/indexes/no%20such', 'path.id: '],
    ['/core/transactions/assets/cash/AAPL', 'path.type: '],
    ['/core/transactions/assets/stock/AAPL?limit=100000', 'query.limit: '],
  ])('%s answers 400 naming the field', async (path, message) => {
    const { status, body: error } = await get(path);
    expect(status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message.startsWith(message), error.message).toBe(true);
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
