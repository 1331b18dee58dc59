import { addDays, EH500_INDEX_ID, nyDate, nyToUtc } from '@eh/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { setPlan } from './earnings-seed.ts';

/**
 * A fresh start: the seeded demo market fills every market endpoint, and its data agree
 * with each other across calls (a quote is the last bar's close, actuals only once reported, the dividends list is
 * the chart's dividend events). Read as a pro user, so nothing is trimmed.
 */

let server: TestServer;
let headers: Record<string, string> = {};
const TODAY = nyDate(new Date());
/** The biggest stocks: every demo company of that size is fully populated. */
let top: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const pro = await signedInUser(server, 'coherence-pro@example.com');
  await server.api('/api/core/users/me', { headers: pro.headers });
  await setPlan(server.ctx, pro.sub, 'earningshub_pro');
  headers = pro.headers;
  const res = await server.api('/api/pricing/assets/info/top-market?limit=20');
  top = (await body(res)).assets.map((asset: { symbol: string }) => asset.symbol);
});
afterAll(async () => server?.close());

const get = async (path: string) => {
  const res = await server.api(`/api${path}`, { headers });
  expect(res.status, path).toBe(200);
  return body(res);
};

describe('the demo market agrees with itself', () => {
  it('has a populated universe to check', () => {
    expect(top).toHaveLength(20);
  });

  it("gives each quote as its last daily bar's close, and the previous close as the bar before", async () => {
    for (const symbol of top) {
      const quote = await get(`/pricing/quotes/stock/${encodeURIComponent(symbol)}`);
      const chart = await get(`/pricing/assets/${encodeURIComponent(symbol)}/summaries?start=${addDays(TODAY, -30)}`);
      const [before, last] = chart.bars.slice(-2);
      expect(quote.price, symbol).toBe(last.close);
      expect(quote.prevClose, symbol).toBe(before.close);
      expect(nyDate(new Date(quote.quotedAt)), symbol).toBe(last.date);
      const info = await get(`/pricing/assets/${encodeURIComponent(symbol)}/info`);
      expect(info.quote.price).toBe(quote.price);
      expect(info.fiftyTwoWeekHigh).toBeGreaterThanOrEqual(last.high);
    }
  });

  it('shows earnings actuals only once a report is out, never for dates ahead', async () => {
    let past = 0;
    let ahead = 0;
    for (const symbol of top) {
      const { earnings } = await get(`/pricing/assets/${encodeURIComponent(symbol)}/earnings`);
      for (const row of earnings) {
        if (row.date > TODAY) {
          ahead += 1;
          expect(row.epsActual, `${symbol} ${row.date}`).toBeNull();
          expect(row.revenueActual, `${symbol} ${row.date}`).toBeNull();
          expect(row.reportedAt, `${symbol} ${row.date}`).toBeNull();
        } else if (row.epsActual !== null) {
          past += 1;
          expect(new Date(row.reportedAt).getTime()).toBeGreaterThanOrEqual(nyToUtc(row.date).getTime());
          expect(new Date(row.reportedAt).getTime()).toBeLessThanOrEqual(Date.now());
        }
      }
    }
    expect(past).toBeGreaterThan(top.length * 4);
    expect(ahead).toBeGreaterThan(0);
  });

  it("lists the same dividends as the chart's dividend events", async () => {
    const start = addDays(TODAY, -3 * 365);
    let payers = 0;
    for (const symbol of top) {
      const path = encodeURIComponent(symbol);
      const chart = await get(`/pricing/assets/${path}/summaries?start=${start}&end=${TODAY}`);
      const list = await get(`/pricing/assets/${path}/dividends?start=${start}&end=${TODAY}`);
      expect(list.gated).toBeNull();
      const events = chart.dividends.map((d: { exDate: string; amount: number }) => `${d.exDate} ${d.amount}`);
      const listed = list.items.map((d: { exDate: string; amount: number }) => `${d.exDate} ${d.amount}`).reverse();
      expect(listed, symbol).toEqual(events);
      if (events.length > 0) payers += 1;
      // A dividend goes ex on a trading day the chart has a bar for.
      const barDates = new Set(chart.bars.map((bar: { date: string }) => bar.date));
      for (const dividend of chart.dividends)
        expect(barDates.has(dividend.exDate), `${symbol} ${dividend.exDate}`).toBe(true);
    }
    expect(payers).toBeGreaterThan(0);
  });
});

describe('every market and news endpoint has data on a fresh seed', () => {
  it('market status, holidays, quotes, bars, info, top market and movers', async () => {
    const [first, second] = top;
    const indexes = (await get('/static/indexes.json')) as { symbol: string[] };
    const cryptos = await get('/pricing/assets/info/movers?type=popular&assetType=crypto&limit=1');
    const index = indexes.symbol[0] ?? '';
    const crypto = cryptos.assets[0]?.symbol ?? '';
    expect(index).not.toBe('');
    expect(crypto).not.toBe('');

    expect((await get('/pricing/stocks/market/status')).nextOpen).toBeTruthy();
    expect((await get('/pricing/stocks/market/holidays')).holidays.length).toBeGreaterThan(0);
    const batch = await get(
      `/pricing/quotes?stocks=${first},${second}&cryptos=${crypto}&indexes=${encodeURIComponent(index)}&extended=true`,
    );
    expect(batch.missing).toEqual([]);
    expect(batch.quotes).toHaveLength(4);
    const delayed = await get('/pricing/quotes/market/delayed');
    for (const list of ['indexes', 'gainers', 'losers', 'active'])
      expect(delayed[list].length, list).toBeGreaterThan(0);
    expect((await get(`/pricing/assets/ohlc?stocks=${first},${second}`)).bars).toHaveLength(2);
    expect((await get(`/pricing/assets/info?stocks=${first}&cryptos=${crypto}`)).assets).toHaveLength(2);
    expect((await get('/pricing/assets/info/top-market/symbols?prices=true')).symbols.length).toBeGreaterThan(0);
    for (const type of ['gainers', 'losers', 'active', 'popular']) {
      expect((await get(`/pricing/assets/info/movers?type=${type}`)).assets.length, type).toBeGreaterThan(0);
    }
  });

  it('charts, intraday in all sessions, dividends, short interest, EH500; community trades answer', async () => {
    const [first] = top;
    expect((await get(`/pricing/assets/${first}/summaries`)).bars.length).toBeGreaterThan(700);
    // Two trading days: before the open (or during it) today has not had all three sessions yet.
    const intraday = await get(`/pricing/assets/${first}/summaries/intraday?beforeHours=true&afterHours=true&days=2`);
    expect(intraday.bars.length).toBeGreaterThan(0);
    expect(new Set(intraday.bars.map((bar: { session: string }) => bar.session)).size).toBe(3);
    const calendar = await get(`/pricing/dividends?start=${addDays(TODAY, -60)}&end=${addDays(TODAY, 30)}`);
    expect(calendar.items.length).toBeGreaterThan(0);
    const payer = calendar.items[0].symbol;
    expect((await get(`/pricing/assets/${encodeURIComponent(payer)}/dividends`)).items.length).toBeGreaterThan(1);
    expect((await get(`/pricing/assets/${first}/short-interests`)).items.length).toBeGreaterThan(1);
    expect((await get('/pricing/short-interests')).items.length).toBeGreaterThan(0);
    const eh500 = await get(`/pricing/indexes/${EH500_INDEX_ID}`);
    expect(eh500.constituents.length).toBeGreaterThan(0);
    expect(eh500.constituents.some((c: { score: number | null }) => c.score !== null)).toBe(true);
    expect((await get(`/pricing/indexes/${EH500_INDEX_ID}/rebalances`)).rebalances.length).toBeGreaterThan(0);
    // Users' trades come from their lists; the demo seeds none, so the call answers an empty list.
    expect((await get(`/core/transactions/assets/stock/${first}`)).transactions).toEqual([]);
  });

  it('news lists, by asset, by tag, one item; the static lists', async () => {
    const latest = await get('/pricing/news');
    expect(latest.news.length).toBeGreaterThan(0);
    expect((await get(`/pricing/news?symbols=${top.slice(0, 5).join(',')}`)).news.length).toBeGreaterThan(0);
    const symbol = latest.news.find((item: { symbols: string[] }) => item.symbols.length > 0)?.symbols[0];
    expect((await get(`/pricing/news/assets/${encodeURIComponent(symbol)}`)).news.length).toBeGreaterThan(0);
    expect((await get('/pricing/news/tags/top_stories')).news.length).toBeGreaterThan(0);
    const article = await get(`/pricing/news/${latest.news[0].id}`);
    expect(article.title).toBe(latest.news[0].title);
    const assets = await get('/static/assets.json');
    expect(assets.count).toBeGreaterThanOrEqual(600);
    expect((await get('/static/indexes.json')).count).toBeGreaterThan(0);
  });
});
