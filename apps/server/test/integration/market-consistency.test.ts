import { POPULAR_SYMBOLS_COUNT } from '@eh/contracts';
import { addDays, currentWeek, DEFAULT_LIMITS, nyDate, nyTime } from '@eh/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, startTestServer, type TestServer } from '../harness.ts';

/**
 * A fresh start of the demo market: "popular" is one set wherever it is used and a quiet week still
 * shows some of it; a symbol's 1D bars end at its quote, without one-bar spikes.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const get = async (path: string) => {
  const res = await server.api(`/api${path}`);
  expect(res.status, path).toBe(200);
  return body(res);
};

interface Report {
  symbol: string;
}

describe('the popular set', () => {
  it('is the most followed names, the calendar filter, large enough that the coming weeks show a third of their reports', async () => {
    const popular = await get('/earnings/filters/symbols?filter=popular');
    expect(popular.count).toBe(POPULAR_SYMBOLS_COUNT);
    const set = new Set<string>(popular.symbols);
    const all = await get('/earnings/filters/symbols?filter=all');
    // The most followed first: the popular list opens the full one.
    expect(all.symbols.slice(0, POPULAR_SYMBOLS_COUNT)).toEqual(popular.symbols);
    let reports = 0;
    let shown = 0;
    const week = currentWeek(new Date());
    for (let offset = 0; offset < 4; offset += 1) {
      const start = addDays(week.start, 7 * offset);
      const { earnings } = await get(`/pricing/assets/earnings/calendar?start=${start}&end=${addDays(start, 4)}`);
      const popularOnes = earnings.filter((row: Report) => set.has(row.symbol)).length;
      // Not empty: a week with a handful of reports shows some under the default filter (it showed 2 of 22).
      if (earnings.length >= 5) expect(popularOnes, `week of ${start}`).toBeGreaterThan(0);
      reports += earnings.length;
      shown += popularOnes;
    }
    expect(reports).toBeGreaterThan(20);
    expect(shown / reports).toBeGreaterThanOrEqual(1 / 3);
  });

  it("holds everything the home page calls notable, and the news and files of the 'popular' filter", async () => {
    const set = new Set<string>((await get('/earnings/filters/symbols?filter=popular')).symbols);
    // As the home page asks (apps/web home-sections: five times its rows, then this week and next).
    const notable = await get(`/pricing/assets/earnings/top-market?limit=${DEFAULT_LIMITS.topMarketEarnings * 5}`);
    expect(notable.earnings.length).toBeGreaterThan(0);
    for (const row of notable.earnings as Report[]) expect(set.has(row.symbol), row.symbol).toBe(true);
    const news = await get('/pricing/news?filter=popular&limit=50');
    for (const item of news.news as { symbols: string[] }[]) {
      expect(
        item.symbols.some((symbol) => set.has(symbol)),
        item.symbols.join(),
      ).toBe(true);
    }
    const files = await get('/pricing/files/filter/popular?limit=20');
    for (const file of files.files as { symbol: string }[]) expect(set.has(file.symbol), file.symbol).toBe(true);
  });
});

describe("a symbol's day", () => {
  interface Bar {
    ts: string;
    session: 'pre' | 'regular' | 'after';
    high: number;
    low: number;
    close: number;
  }

  it("ends its intraday bars at the quote, whose change is from the previous day's close", async () => {
    for (const symbol of ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'KO']) {
      const quote = await get(`/pricing/quotes/stock/${symbol}`);
      const day = await get(`/pricing/assets/${symbol}/summaries/intraday?days=1&beforeHours=true&afterHours=true`);
      const bars: Bar[] = day.bars;
      const regular = bars.filter((bar) => bar.session === 'regular');
      const lastRegular = regular.at(-1);
      if (lastRegular && nyDate(new Date(lastRegular.ts)) === nyDate(new Date(quote.quotedAt))) {
        expect(lastRegular.close, symbol).toBe(quote.price);
      }
      // The chart's last point is the last price the header names: after hours (or pre-market) when it shows one.
      expect(bars.at(-1)?.close, symbol).toBe(quote.extended?.price ?? quote.price);
      const daily = await get(`/pricing/assets/${symbol}/summaries?start=${addDays(nyDate(new Date()), -10)}`);
      const closes = daily.bars.map((bar: { date: string; close: number }) => bar);
      const at = closes.findIndex((bar: { date: string }) => bar.date === nyDate(new Date(quote.quotedAt)));
      expect(quote.prevClose, symbol).toBe(closes[at - 1]?.close);
      expect(quote.change, symbol).toBeCloseTo(quote.price - quote.prevClose, 6);
    }
  });

  it('moves no more than a fraction of the day between two 5-minute bars', async () => {
    for (const symbol of ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'KO', 'AMZN', 'META', 'GOOGL']) {
      const day = await get(`/pricing/assets/${symbol}/summaries/intraday?days=5&interval=5`);
      const byDay = new Map<string, Bar[]>();
      for (const bar of day.bars as Bar[]) {
        const date = nyDate(new Date(bar.ts));
        byDay.set(date, [...(byDay.get(date) ?? []), bar]);
      }
      // A session still trading has not reached its day's range yet.
      const trading = nyTime(new Date()) < '16:00' ? nyDate(new Date()) : '';
      for (const [date, bars] of byDay) {
        if (date === trading) continue;
        const range = Math.max(...bars.map((bar) => bar.high)) - Math.min(...bars.map((bar) => bar.low));
        for (let index = 1; index < bars.length; index += 1) {
          const jump = Math.abs((bars[index]?.close ?? 0) - (bars[index - 1]?.close ?? 0));
          // The defect: one bar up to the day's high and the next down to its low (242 → 232 → 237).
          expect(jump, `${symbol} ${date} ${bars[index]?.ts}`).toBeLessThanOrEqual(0.4 * range + 0.011);
        }
      }
    }
  });
});
