/**
 * Market data on the service tier: the market's hours and holidays, quotes (batch, delayed), bars and asset info,
 * the largest stocks and the movers, chart summaries and intraday bars, dividends and short interest trimmed by
 * plan, our index and its rebalances, and the trades users record by asset. First on the demo market, every
 * expectation read back from its rows with Drizzle; then on a small hand-made market, every expectation computed
 * from the rows inserted here. Dates are relative to today (New York), so the gating rules (latest dividend, latest
 * settlement) and defaults (4-year window, today) are exercised as users meet them.
 */
import {
  getAssetDividends,
  getAssetShortInterests,
  getDelayedMarketQuotes,
  getDividendCalendar,
  getIntradaySummaries,
  getMarketShortInterests,
  getMovers,
  getQuotes,
  getSummaries,
  getTopMarket,
  getTopMarketSymbols,
  type RouteContract,
} from '@eh/contracts';
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
  type AccountFeatures,
  addDays,
  dayOfWeek,
  EH500_INDEX_ID,
  holidays,
  type IsoDate,
  MARKET_TIME_ZONE,
  marketDayStatus,
  nyDate,
  previousTradingDay,
  SATURDAY,
  SYMBOL_FILTER_MIN_MARKET_CAP,
  tradingHours,
} from '@eh/domain';
import { and, asc, between, desc, eq, gt, gte, inArray, lte, max } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { featuresOf } from '../../src/kernel/entitlements.ts';
import type { Caller } from '../../src/kernel/http/auth.ts';
import * as dividendService from '../../src/modules/dividends/service.ts';
import * as indexService from '../../src/modules/market-index/service.ts';
import * as priceHistory from '../../src/modules/price-history/service.ts';
import { assetsVersion, searchableAssets } from '../../src/modules/quotes/queries.ts';
import * as market from '../../src/modules/quotes/service.ts';
import * as shortInterestService from '../../src/modules/short-interest/service.ts';
import * as transactionService from '../../src/modules/transactions/service.ts';
import { clearMarketData, popularSymbols, storeDailyBars } from '../market-fixtures.ts';
import { eachDatabase } from './context.ts';

const TODAY = nyDate(new Date());
/** The last full session before today: the quotes were struck at its close. */
const LAST_SESSION = previousTradingDay(TODAY);
const BAR_DAYS = 30;

/** A call's query as its route hands it over: the raw query string values parsed, defaults applied. */
const queryOf = <C extends RouteContract & { query: z.ZodType }>(contract: C, raw: Record<string, string> = {}) =>
  contract.query.parse(raw) as z.output<C['query']>;

interface Bar {
  date: IsoDate;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

function tradingDaysBack(count: number, last: IsoDate): IsoDate[] {
  const days = [last];
  while (days.length < count) days.unshift(previousTradingDay(days[0] as IsoDate));
  return days;
}

eachDatabase((service) => {
  const ctx = () => service().ctx;
  const db = () => service().ctx.db;
  let plus: Caller;
  let pro: Caller;
  let freeFeatures: AccountFeatures;
  let plusFeatures: AccountFeatures;
  let proFeatures: AccountFeatures;

  beforeAll(async () => {
    [plus, pro] = await Promise.all([
      service().user({ plan: 'earningshub_plus' }),
      service().user({ plan: 'earningshub_pro' }),
    ]);
    for (const [user, plan] of [
      [plus, 'earningshub_plus'],
      [pro, 'earningshub_pro'],
    ] as const)
      await db()
        .update(users)
        .set({ name: `${plan} trader` })
        .where(eq(users.id, user.sub));
    [freeFeatures, plusFeatures, proFeatures] = await Promise.all([
      featuresOf(ctx(), undefined),
      featuresOf(ctx(), plus),
      featuresOf(ctx(), pro),
    ]);
  });

  describe('the demo market', () => {
    /** The demo market's most followed stock. */
    let symbol: string;
    let assetId: number;

    beforeAll(async () => {
      ({
        stocks: [symbol],
      } = await popularSymbols(db()));
      const [row] = await db().select({ id: assets.id }).from(assets).where(eq(assets.symbol, symbol));
      assetId = row?.id ?? 0;
    });

    it('quotes its most followed stock as stored, with the change from the previous close', async () => {
      const [stored] = await db().select().from(quotes).where(eq(quotes.assetId, assetId));
      if (!stored?.prevClose) throw new Error(`${symbol} has no quote with a previous close`);
      const quote = await market.quote(ctx(), 'stock', symbol.toLowerCase());
      expect(quote).toMatchObject({
        symbol,
        type: 'stock',
        price: stored.price,
        prevClose: stored.prevClose,
        quotedAt: stored.quotedAt.toISOString(),
      });
      expect(quote.change).toBeCloseTo(stored.price - stored.prevClose, 6);
      expect(quote.changePercent).toBeCloseTo(((stored.price - stored.prevClose) / stored.prevClose) * 100, 3);
      expect(quote.extended === null ? null : quote.extended?.price).toBe(
        stored.extendedPrice === null || stored.extendedSession === null ? null : stored.extendedPrice,
      );
    });

    it('ranks gainers and losers among active stocks worth $1B or more, and the most traded', async () => {
      const stored = await db()
        .select({ symbol: assets.symbol, price: quotes.price, prevClose: quotes.prevClose, volume: quotes.volume })
        .from(assets)
        .innerJoin(quotes, eq(quotes.assetId, assets.id))
        .where(
          and(
            eq(assets.type, 'stock'),
            eq(assets.active, true),
            gt(quotes.prevClose, 0),
            gte(assets.marketCap, SYMBOL_FILTER_MIN_MARKET_CAP.one_billion),
          ),
        );
      const change = (row: (typeof stored)[number]) => (row.price - (row.prevClose ?? 0)) / (row.prevClose ?? 1);
      const bySymbol = (a: { symbol: string }, b: { symbol: string }) => a.symbol.localeCompare(b.symbol);
      const limit = queryOf(getMovers, { type: 'gainers' }).limit;
      const gainers = await market.movers(ctx(), queryOf(getMovers, { type: 'gainers' }));
      expect(gainers.assets.map((row) => row.symbol)).toEqual(
        [...stored]
          .sort((a, b) => change(b) - change(a) || bySymbol(a, b))
          .slice(0, limit)
          .map((row) => row.symbol),
      );
      const losers = await market.movers(ctx(), queryOf(getMovers, { type: 'losers' }));
      expect(losers.assets.map((row) => row.symbol)).toEqual(
        [...stored]
          .sort((a, b) => change(a) - change(b) || bySymbol(a, b))
          .slice(0, limit)
          .map((row) => row.symbol),
      );
      const traded = await db()
        .select({ symbol: assets.symbol, volume: quotes.volume })
        .from(assets)
        .innerJoin(quotes, eq(quotes.assetId, assets.id))
        .where(and(eq(assets.type, 'stock'), eq(assets.active, true)))
        .orderBy(desc(quotes.volume), asc(assets.symbol))
        .limit(limit);
      const active = await market.movers(ctx(), queryOf(getMovers, { type: 'active' }));
      expect(active.assets.map((row) => row.symbol)).toEqual(traded.map((row) => row.symbol));
    });

    it("charts four years of the stock's daily bars; a free caller gets its latest paid dividend and those ahead", async () => {
      const start = addDays(TODAY, -1461);
      const bars = await db()
        .select({
          date: ohlcDaily.date,
          open: ohlcDaily.open,
          high: ohlcDaily.high,
          low: ohlcDaily.low,
          close: ohlcDaily.close,
          volume: ohlcDaily.volume,
        })
        .from(ohlcDaily)
        .where(and(eq(ohlcDaily.assetId, assetId), between(ohlcDaily.date, start, TODAY)))
        .orderBy(asc(ohlcDaily.date));
      const paid = await db()
        .select({ exDate: dividends.exDate })
        .from(dividends)
        .where(and(eq(dividends.assetId, assetId), between(dividends.exDate, start, TODAY)))
        .orderBy(asc(dividends.exDate));
      const [latest] = await db()
        .select({ exDate: max(dividends.exDate) })
        .from(dividends)
        .where(and(eq(dividends.assetId, assetId), lte(dividends.exDate, TODAY)));
      const chart = await priceHistory.summaries(ctx(), symbol, queryOf(getSummaries), freeFeatures);
      expect(chart).toMatchObject({ symbol, start, end: TODAY });
      expect(chart.bars).toEqual(bars);
      const visible = paid.filter((row) => latest?.exDate === null || row.exDate >= (latest?.exDate ?? ''));
      expect(chart.dividends.map((row) => row.exDate)).toEqual(visible.map((row) => row.exDate));
      expect(chart.gated).toEqual(
        paid.length > visible.length ? { feature: 'dividendHistory', hidden: paid.length - visible.length } : null,
      );
      const plusChart = await priceHistory.summaries(ctx(), symbol, queryOf(getSummaries), plusFeatures);
      expect(plusChart.dividends.map((row) => row.exDate)).toEqual(paid.map((row) => row.exDate));
    });

    it('ranks the market by short interest at the latest settlement', async () => {
      const [latest] = await db()
        .select({ date: max(shortInterest.settlementDate) })
        .from(shortInterest);
      const query = queryOf(getMarketShortInterests);
      const stored = await db()
        .select({ symbol: assets.symbol, percentOfFloat: shortInterest.percentOfFloat })
        .from(shortInterest)
        .innerJoin(assets, eq(assets.id, shortInterest.assetId))
        .where(eq(shortInterest.settlementDate, latest?.date ?? ''));
      const ranked = [...stored]
        .sort(
          (a, b) =>
            (b.percentOfFloat ?? Number.NEGATIVE_INFINITY) - (a.percentOfFloat ?? Number.NEGATIVE_INFINITY) ||
            a.symbol.localeCompare(b.symbol),
        )
        .slice(0, query.limit);
      const answer = await shortInterestService.marketShortInterests(ctx(), query, freeFeatures);
      expect(answer.settlementDate).toBe(latest?.date);
      expect(answer.items.map((row) => row.symbol)).toEqual(ranked.map((row) => row.symbol));
      expect(answer.gated).toBeNull();
    });

    it("lists EH500's constituents by rank; their scores are for pro", async () => {
      const [index] = await db().select().from(marketIndexes);
      if (!index) throw new Error('the demo market has no index');
      const members = await db()
        .select({ rank: indexConstituents.rank, score: indexConstituents.score, symbol: assets.symbol })
        .from(indexConstituents)
        .innerJoin(assets, eq(assets.id, indexConstituents.assetId))
        .where(eq(indexConstituents.indexId, index.id))
        .orderBy(asc(indexConstituents.rank));
      const free = await indexService.marketIndex(ctx(), index.id.toUpperCase(), freeFeatures);
      expect(free.id).toBe(index.id);
      expect(free.constituents.map((row) => [row.rank, row.symbol])).toEqual(members.map((m) => [m.rank, m.symbol]));
      expect(free.constituents.every((row) => row.score === null)).toBe(true);
      const scored = members.filter((member) => member.score !== null).length;
      expect(free.gated).toEqual(scored > 0 ? { feature: 'ehs', hidden: scored } : null);
      const paid = await indexService.marketIndex(ctx(), index.id, proFeatures);
      expect(paid.constituents.map((row) => row.score)).toEqual(members.map((member) => member.score));
      expect(paid.gated).toBeNull();
      const rebalances = await db()
        .select({ date: indexRebalances.date })
        .from(indexRebalances)
        .where(eq(indexRebalances.indexId, index.id))
        .orderBy(desc(indexRebalances.date));
      const listed = await indexService.indexRebalances(ctx(), index.id, { limit: 100 });
      expect(listed.rebalances.map((row) => row.date)).toEqual(rebalances.map((row) => row.date));
    });
  });

  describe('a hand-made market', () => {
    const ids: Record<string, number> = {};
    const aaplBars: Bar[] = [];
    const sessions: IsoDate[] = [];

    async function insertAsset(values: Omit<typeof assets.$inferInsert, 'symbolUpper' | 'source'>) {
      const [row] = await db()
        .insert(assets)
        .values({ ...values, symbolUpper: values.symbol.toUpperCase(), source: 'test' })
        .returning({ id: assets.id });
      if (!row) throw new Error('asset not stored');
      ids[`${values.type}:${values.symbol}`] = row.id;
      return row.id;
    }

    async function insertQuote(assetId: number, price: number, prevClose: number, quotedAt: Date, volume = 1_000_000) {
      await db()
        .insert(quotes)
        .values({
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

    beforeAll(async () => {
      // The demo market is done with: from here on, only the rows below.
      await clearMarketData(db());
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
      const btc = await insertAsset({
        symbol: 'BTC',
        name: 'Bitcoin',
        type: 'crypto',
        marketCap: 1.2e12,
        popularity: 800,
      });
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
      await storeDailyBars(
        db(),
        aaplBars.map((bar) => ({ assetId: aapl, ...bar })),
      );
      const last = aaplBars.at(-1) as Bar;
      const prev = aaplBars.at(-2) as Bar;
      const lastClose = tradingHours(LAST_SESSION)?.close ?? new Date();
      await db()
        .insert(quotes)
        .values({
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
      await storeDailyBars(
        db(),
        sessions.map((date) => ({ assetId: msft, date, open: 400, high: 410, low: 390, close: 405, volume: 5e5 })),
      );

      // Other quotes: MSFT struck just now (the delayed market must not show it), TINY the biggest raw gainer.
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
      await db().insert(ohlcIntraday).values(intraday);

      // AAPL dividends: one announced ahead, six paid; XOM one last month. A split inside the chart window.
      const dividendDates = [addDays(TODAY, 20), ...[1, 2, 3, 4, 5, 6].map((n) => addDays(TODAY, -91 * n + 5))];
      await db()
        .insert(dividends)
        .values(
          dividendDates.map((exDate, i) => ({
            assetId: aapl,
            exDate,
            paymentDate: addDays(exDate, 7),
            amount: 0.25 + i / 100,
            frequency: 4,
            source: 'test',
          })),
        );
      await db()
        .insert(dividends)
        .values({ assetId: xom, exDate: addDays(TODAY, -30), amount: 0.99, source: 'test' });
      await db()
        .insert(splits)
        .values({ assetId: aapl, date: addDays(TODAY, -400), numerator: 4, denominator: 1, source: 'test' });

      // Short interest: four AAPL settlements, one MSFT at the latest.
      const settlements = [0, 1, 2, 3].map((n) => addDays(TODAY, -10 - 15 * n));
      await db()
        .insert(shortInterest)
        .values(
          settlements.map((settlementDate, i) => ({
            assetId: aapl,
            settlementDate,
            sharesShort: 100_000_000 - i * 1_000_000,
            percentOfFloat: 0.7 + i / 10,
            daysToCover: 1.5,
            source: 'test',
          })),
        );
      await db()
        .insert(shortInterest)
        .values({
          assetId: msft,
          settlementDate: settlements[0] as IsoDate,
          sharesShort: 50_000_000,
          percentOfFloat: 1.9,
          source: 'test',
        });

      // EH500 with two constituents and two rebalances.
      await db().insert(marketIndexes).values({ id: 'EH500', name: 'EarningsHub 500', ranking: 'top500' });
      await db()
        .insert(indexConstituents)
        .values([
          { indexId: 'EH500', assetId: msft, rank: 2, score: 88.1, weight: 0.4, addedDate: '2025-01-02' },
          { indexId: 'EH500', assetId: aapl, rank: 1, score: 91.5, weight: 0.6, addedDate: '2024-10-01' },
        ]);
      await db()
        .insert(indexRebalances)
        .values([
          { indexId: 'EH500', date: '2025-01-02', added: ['MSFT'], removed: ['XOM'] },
          { indexId: 'EH500', date: '2025-04-01', added: [], removed: ['BRK.B'] },
        ]);
    });

    describe('market status and holidays', () => {
      it('reports the session, its date and the next open and close as the market-hours rules compute them', () => {
        for (const now of [new Date(), new Date('2026-11-27T15:00:00Z'), new Date('2026-07-04T15:00:00Z')]) {
          const status = market.marketStatus(now);
          expect(status.now).toBe(now.toISOString());
          expect(status.timeZone).toBe(MARKET_TIME_ZONE);
          expect(status.date).toBe(nyDate(now));
          expect(status.dayStatus).toBe(marketDayStatus(status.date));
          expect(new Date(status.nextOpen).getTime()).toBeGreaterThan(now.getTime());
          if (status.dayStatus === 'closed') expect(status.hours).toBeNull();
          else expect(status.hours?.open).toBe(tradingHours(status.date)?.open.toISOString());
          expect(['pre', 'open', 'after', 'closed']).toContain(status.status);
        }
        // Independence Day 2026 falls on a Saturday: the market is closed, and the next open is a weekday's.
        expect(market.marketStatus(new Date('2026-07-04T15:00:00Z'))).toMatchObject({
          dayStatus: 'closed',
          hours: null,
        });
      });

      it('lists holidays and early closes of a window, with the early close time', () => {
        const list = market.marketHolidays({ start: '2026-01-01', end: '2026-12-31' });
        expect(list.holidays.map((h) => h.date)).toEqual(holidays(2026).map((h) => h.date));
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

      it('defaults to the coming year and refuses a reversed window naming the field', async () => {
        const list = market.marketHolidays({});
        expect(list.start).toBe(TODAY);
        expect(list.end).toBe(addDays(TODAY, 365));
        const years = [Number(TODAY.slice(0, 4)), Number(TODAY.slice(0, 4)) + 1];
        expect(list.holidays.map((h) => h.date)).toEqual(
          years.flatMap((year) => holidays(year).map((h) => h.date)).filter((d) => d >= list.start && d <= list.end),
        );
        // Only an end before today is reversed once the start defaults to today: a rule the route cannot check.
        await expect(
          Promise.resolve().then(() => market.marketHolidays({ end: addDays(TODAY, -1) })),
        ).rejects.toMatchObject({ statusCode: 400, message: 'query.end: must not be before start' });
      });
    });

    describe('quotes', () => {
      it('gives the latest quote with its change and extended-hours price; it matches the last daily bar', async () => {
        const quote = await market.quote(ctx(), 'stock', 'aapl');
        const last = aaplBars.at(-1) as Bar;
        const prev = aaplBars.at(-2) as Bar;
        expect(quote).toMatchObject({
          symbol: 'AAPL',
          type: 'stock',
          name: 'Apple Inc.',
          price: last.close,
          prevClose: prev.close,
        });
        expect(quote.change).toBeCloseTo(last.close - prev.close, 6);
        expect(quote.changePercent).toBeCloseTo(((last.close - prev.close) / prev.close) * 100, 3);
        expect(quote.extended).toMatchObject({ session: 'after', price: last.close + 1.5 });
        expect(quote.extended?.change).toBeCloseTo(1.5, 6);
      });

      it("finds a class share however it is written ('brk-b', 'BRK/B'); an unknown symbol is not found", async () => {
        expect((await market.quote(ctx(), 'stock', 'brk-b')).symbol).toBe('BRK.B');
        expect((await market.quote(ctx(), 'stock', 'BRK/B')).symbol).toBe('BRK.B');
        await expect(market.quote(ctx(), 'stock', 'NOPE')).rejects.toMatchObject({
          statusCode: 404,
          message: "No stock with the symbol 'NOPE'",
        });
        await expect(market.quote(ctx(), 'crypto', 'AAPL')).rejects.toMatchObject({
          statusCode: 404,
          message: "No crypto with the symbol 'AAPL'",
        });
      });

      it('batches several types, lists the unknown ones and adds extended prices only when asked', async () => {
        const batch = await market.quotes(
          ctx(),
          queryOf(getQuotes, { stocks: 'AAPL,NOPE,aapl', cryptos: 'BTC', indexes: '^GSPC' }),
        );
        expect(batch.quotes.map((q) => `${q.type}:${q.symbol}`)).toEqual(['stock:AAPL', 'crypto:BTC', 'index:^GSPC']);
        expect(batch.missing).toEqual([{ type: 'stock', symbol: 'NOPE' }]);
        expect(batch.quotes[0]).not.toHaveProperty('extended');
        const extended = await market.quotes(ctx(), queryOf(getQuotes, { stocks: 'AAPL,MSFT', extended: 'true' }));
        expect(extended.quotes[0]?.extended?.session).toBe('after');
        expect(extended.quotes[1]?.extended).toBeNull();
      });

      it('shows the market 15 minutes ago: a quote struck since is replaced by the previous close', async () => {
        const now = new Date();
        const delayed = await market.delayedMarket(ctx(), queryOf(getDelayedMarketQuotes), now);
        expect(delayed.delayMinutes).toBe(15);
        const asOf = now.getTime() - 15 * 60_000;
        expect(delayed.asOf).toBe(new Date(asOf).toISOString());
        expect(delayed.indexes.map((q) => q.symbol)).toEqual(['^GSPC']);
        const all = [...delayed.indexes, ...delayed.gainers, ...delayed.losers, ...delayed.active];
        for (const quote of all) expect(new Date(quote.quotedAt).getTime()).toBeLessThanOrEqual(asOf);
        // MSFT has no intraday bars: its previous close stands in, without the day's range or volume.
        const msft = delayed.gainers.find((q) => q.symbol === 'MSFT');
        expect(msft).toMatchObject({ price: 400, prevClose: 400, volume: null, highPrice: null, lowPrice: null });
        expect(msft?.quotedAt).toBe(tradingHours(previousTradingDay(nyDate(now)))?.close.toISOString());
        expect(delayed.gainers.map((q) => q.symbol)).not.toContain('TINY');
        expect(delayed.losers[0]?.symbol).toBe('BRK.B');
        expect(delayed.active[0]?.symbol).toBe('XOM');
      });

      it("gives an intraday bar's close for a quote struck since, when a bar ended by then", async () => {
        const hours = tradingHours(LAST_SESSION);
        if (!hours) throw new Error('no hours');
        // Half an hour into the session: AAPL's quote (struck at the close) is after it.
        const now = new Date(hours.open.getTime() + 45 * 60_000);
        const asOf = now.getTime() - 15 * 60_000;
        const [bar] = await db()
          .select()
          .from(ohlcIntraday)
          .where(
            and(eq(ohlcIntraday.assetId, ids['stock:AAPL'] ?? 0), lte(ohlcIntraday.ts, new Date(asOf - 5 * 60_000))),
          )
          .orderBy(desc(ohlcIntraday.ts))
          .limit(1);
        const delayed = await market.delayedMarket(ctx(), { limit: 25 }, now);
        const aapl = [...delayed.gainers, ...delayed.losers, ...delayed.active].find((q) => q.symbol === 'AAPL');
        expect(aapl).toMatchObject({
          price: bar?.close,
          quotedAt: new Date((bar?.ts.getTime() ?? 0) + (bar?.intervalMinutes ?? 0) * 60_000).toISOString(),
          volume: null,
        });
      });
    });

    describe('bars and asset info', () => {
      it("gives each asset's bar of a date, or its last one before a day without trading", async () => {
        const last = aaplBars.at(-1) as Bar;
        const exact = await market.ohlc(ctx(), { stocks: ['AAPL', 'MSFT'], date: last.date });
        expect(exact.bars[0]).toEqual({ ...last, symbol: 'AAPL', type: 'stock' });
        expect(exact.bars[1]).toMatchObject({ symbol: 'MSFT', date: last.date, close: 405 });
        let saturday = sessions[5] as IsoDate;
        while (dayOfWeek(saturday) !== SATURDAY) saturday = addDays(saturday, 1);
        const before = aaplBars.filter((bar) => bar.date <= saturday).at(-1) as Bar;
        const weekend = await market.ohlc(ctx(), { stocks: ['AAPL'], date: saturday });
        expect(weekend.date).toBe(saturday);
        expect(weekend.bars[0]?.date).toBe(before.date);
        const latest = await market.ohlc(ctx(), { stocks: ['AAPL', 'XOM'] });
        expect(latest).toEqual({
          date: last.date,
          bars: [{ ...last, symbol: 'AAPL', type: 'stock' }],
          missing: [{ type: 'stock', symbol: 'XOM' }],
        });
      });

      it('gives one asset with its 52-week range and quote; a shared symbol resolves to the stock unless typed', async () => {
        const info = await market.assetInfo(ctx(), 'AAPL');
        expect(info).toMatchObject({ symbol: 'AAPL', symbolUpper: 'AAPL', sector: 'Technology', marketCap: 3e12 });
        expect(info.fiftyTwoWeekHigh).toBe(Math.max(...aaplBars.map((b) => b.high)));
        expect(info.fiftyTwoWeekLow).toBe(Math.min(...aaplBars.map((b) => b.low)));
        expect(info.quote?.price).toBe((aaplBars.at(-1) as Bar).close);
        expect((await market.assetInfo(ctx(), 'BTC')).type).toBe('stock');
        expect(await market.assetInfo(ctx(), 'BTC', 'crypto')).toMatchObject({ type: 'crypto', name: 'Bitcoin' });
        await expect(market.assetInfo(ctx(), 'ZZZZ')).rejects.toMatchObject({
          statusCode: 404,
          message: "No asset with the symbol 'ZZZZ'",
        });
        expect(await market.findAssetSummary(ctx(), 'brk-b')).toEqual({
          name: 'Berkshire Hathaway Inc.',
          type: 'stock',
          exchange: 'NYSE',
          sector: null,
          industry: null,
        });
        expect(await market.findAssetSummary(ctx(), 'ZZZZ')).toBeUndefined();
      });

      it('lists the searchable assets of some types, most followed first, and fingerprints them', async () => {
        const listed = await searchableAssets(db(), { types: ['stock', 'index'] });
        expect(listed.map((row) => `${row.type}:${row.symbol}`)).toEqual([
          'stock:AAPL',
          'stock:MSFT',
          'index:^GSPC',
          'stock:BRK.B',
          'stock:XOM',
          'stock:BTC',
          'stock:TINY',
        ]);
        expect(listed[0]).toEqual({
          symbol: 'AAPL',
          name: 'Apple Inc.',
          type: 'stock',
          exchange: 'NASDAQ',
          marketCap: 3e12,
          popularity: 1000,
        });
        const before = await assetsVersion(db(), { types: ['crypto'] });
        expect(before.startsWith('1-')).toBe(true);
        expect(await assetsVersion(db(), { types: ['crypto'] })).toBe(before);
        // An asset of another type leaves the fingerprint as it was; one of the type changes it.
        await db()
          .insert(assets)
          .values({ symbol: 'ZQIX', symbolUpper: 'ZQIX', name: 'ZQ', type: 'index', source: 'test' });
        expect(await assetsVersion(db(), { types: ['crypto'] })).toBe(before);
        await db()
          .insert(assets)
          .values({ symbol: 'ZQC', symbolUpper: 'ZQC', name: 'ZQ', type: 'crypto', source: 'test' });
        const after = await assetsVersion(db(), { types: ['crypto'] });
        expect(after.startsWith('2-')).toBe(true);
        await db().update(assets).set({ active: false }).where(eq(assets.symbol, 'ZQC'));
        expect((await assetsVersion(db(), { types: ['crypto'] })).startsWith('1-')).toBe(true);
        await db()
          .delete(assets)
          .where(inArray(assets.symbol, ['ZQIX', 'ZQC']));
      });

      it('gives several assets at once', async () => {
        const batch = await market.assetsInfo(ctx(), { stocks: ['MSFT', 'XOM'], cryptos: ['BTC', 'DOGE'] });
        expect(batch.assets.map((a) => `${a.type}:${a.symbol}`)).toEqual(['stock:MSFT', 'stock:XOM', 'crypto:BTC']);
        expect(batch.missing).toEqual([{ type: 'crypto', symbol: 'DOGE' }]);
      });
    });

    describe('top market and movers', () => {
      const caps: [string, number][] = [
        ['AAPL', 3e12],
        ['MSFT', 2.8e12],
        ['BRK.B', 9e11],
        ['XOM', 4.5e11],
        ['BTC', 5e9],
        ['TINY', 5e8],
      ];

      it('lists the largest stocks by market cap (20 by default), crypto excluded', async () => {
        const top = await market.topMarket(ctx(), queryOf(getTopMarket));
        expect(top.assets.map((a) => a.symbol)).toEqual(caps.map(([symbol]) => symbol));
        expect((await market.topMarket(ctx(), queryOf(getTopMarket, { limit: '2' }))).assets).toHaveLength(2);
      });

      it('gives the symbols holding half the market cap of all stocks, with prices when asked', async () => {
        const total = caps.reduce((sum, [, cap]) => sum + cap, 0);
        const top = await market.topMarketSymbols(ctx(), queryOf(getTopMarketSymbols, { prices: 'true' }));
        expect(top.cap).toBe(0.5);
        expect(top.totalMarketCap).toBe(total);
        expect(top.symbols).toEqual(['AAPL', 'MSFT']);
        expect(top.coveredShare).toBeCloseTo((3e12 + 2.8e12) / total, 6);
        expect(top.prices).toEqual({ AAPL: (aaplBars.at(-1) as Bar).close, MSFT: 420 });
        const all = await market.topMarketSymbols(ctx(), queryOf(getTopMarketSymbols, { cap: '1', limit: '3' }));
        expect(all.symbols).toEqual(['AAPL', 'MSFT', 'BRK.B']);
        expect(all).not.toHaveProperty('prices');
      });

      it('ranks gainers and losers among stocks worth $1B or more, most active by volume, most popular', async () => {
        const movers = async (raw: Record<string, string>) =>
          (await market.movers(ctx(), queryOf(getMovers, raw))).assets;
        const gainers = await movers({ type: 'gainers' });
        const pct = (q: { changePercent: number | null }) => q.changePercent ?? 0;
        expect(gainers.map(pct)).toEqual([...gainers.map(pct)].sort((a, b) => b - a));
        expect(gainers.map((q) => q.symbol)).not.toContain('TINY');
        expect(gainers[0]).toMatchObject({ symbol: 'XOM', marketCap: 4.5e11, changePercent: 10 });
        expect((await movers({ type: 'losers', limit: '1' })).map((q) => q.symbol)).toEqual(['BRK.B']);
        expect((await movers({ type: 'active', limit: '1' }))[0]?.symbol).toBe('XOM');
        expect((await movers({ type: 'popular', limit: '2' })).map((q) => q.symbol)).toEqual(['AAPL', 'MSFT']);
        expect((await movers({ type: 'popular', assetType: 'crypto' })).map((q) => q.symbol)).toEqual(['BTC']);
      });
    });

    describe('chart summaries', () => {
      it('gives daily bars, splits and dividends of the last 4 years by default, dividend history trimmed by plan', async () => {
        const free = await priceHistory.summaries(ctx(), 'AAPL', queryOf(getSummaries), freeFeatures);
        expect(free.end).toBe(TODAY);
        expect(free.start).toBe(addDays(TODAY, -1461));
        expect(free.bars).toEqual(aaplBars);
        expect(free.splits).toEqual([{ date: addDays(TODAY, -400), numerator: 4, denominator: 1 }]);
        // The window ends today (the announced dividend lies beyond it). Free: the latest paid one; five withheld.
        expect(free.dividends.map((d) => d.exDate)).toEqual([addDays(TODAY, -86)]);
        expect(free.gated).toEqual({ feature: 'dividendHistory', hidden: 5 });
        const paid = await priceHistory.summaries(ctx(), 'AAPL', queryOf(getSummaries), plusFeatures);
        expect(paid.dividends.map((d) => d.exDate)).toEqual(
          [541, 450, 359, 268, 177, 86].map((n) => addDays(TODAY, -n)),
        );
        expect(paid.gated).toBeNull();
        const ahead = await priceHistory.summaries(
          ctx(),
          'AAPL',
          queryOf(getSummaries, { end: addDays(TODAY, 30) }),
          freeFeatures,
        );
        expect(ahead.dividends.map((d) => d.exDate)).toEqual([addDays(TODAY, -86), addDays(TODAY, 20)]);
      });

      it('honours a window; one too wide once its default end is added is refused naming the field', async () => {
        const window = await priceHistory.summaries(
          ctx(),
          'AAPL',
          queryOf(getSummaries, { start: aaplBars[10]?.date ?? '', end: aaplBars[12]?.date ?? '' }),
          freeFeatures,
        );
        expect(window.bars).toEqual(aaplBars.slice(10, 13));
        await expect(
          priceHistory.summaries(ctx(), 'AAPL', queryOf(getSummaries, { start: '1950-01-01' }), freeFeatures),
        ).rejects.toMatchObject({ statusCode: 400, message: 'query.end: must be at most 3700 days after start' });
        await expect(
          priceHistory.summaries(ctx(), 'AAPL', queryOf(getSummaries, { end: '1950-01-01' }), freeFeatures),
        ).resolves.toMatchObject({ start: addDays('1950-01-01', -1461), bars: [] });
        await expect(priceHistory.summaries(ctx(), 'NOPE', queryOf(getSummaries), freeFeatures)).rejects.toMatchObject({
          statusCode: 404,
          message: "No asset with the symbol 'NOPE'",
        });
      });

      it('gives intraday bars of the latest session, merged to the interval, sessions never mixed', async () => {
        const hours = tradingHours(LAST_SESSION);
        if (!hours) throw new Error('no hours');
        const intraday = (raw: Record<string, string> = {}, symbol = 'AAPL') =>
          priceHistory.intradaySummaries(ctx(), symbol, queryOf(getIntradaySummaries, raw));
        const regularBars = (hours.close.getTime() - hours.open.getTime()) / 300_000;
        const five = await intraday();
        expect(five).toMatchObject({ symbol: 'AAPL', interval: 5, dates: [LAST_SESSION] });
        expect(five.bars).toHaveLength(regularBars);
        expect(five.bars[0]?.ts).toBe(hours.open.toISOString());
        expect(five.bars.every((b) => b.session === 'regular')).toBe(true);

        const fifteen = await intraday({ interval: '15' });
        expect(fifteen.bars).toHaveLength(Math.ceil(regularBars / 3));
        const [a, b, c] = five.bars;
        if (!a || !b || !c) throw new Error('fewer than three bars');
        expect(fifteen.bars[0]).toEqual({
          ts: a.ts,
          session: 'regular',
          interval: 15,
          open: a.open,
          high: Math.max(a.high, b.high, c.high),
          low: Math.min(a.low, b.low, c.low),
          close: c.close,
          volume: a.volume + b.volume + c.volume,
        });

        const full = await intraday({ interval: '60', beforeHours: 'true', afterHours: 'true' });
        expect(full.bars.every((bar) => bar.interval === 60)).toBe(true);
        expect(full.bars[0]).toMatchObject({ ts: hours.preMarketOpen.toISOString(), session: 'pre' });
        expect(full.bars.find((bar) => bar.session === 'regular')?.ts).toBe(hours.open.toISOString());
        expect(full.bars.find((bar) => bar.session === 'after')?.ts).toBe(hours.close.toISOString());
        const order = full.bars.map((bar) => bar.ts);
        expect(order).toEqual([...order].sort());
        // A day before any stored bar has none.
        expect(await intraday({ date: addDays(LAST_SESSION, -40) })).toMatchObject({ dates: [], bars: [] });
      });

      it('serves the finest stored width when a finer one is asked, each session at its own', async () => {
        const intraday = (raw: Record<string, string>, symbol = 'AAPL') =>
          priceHistory.intradaySummaries(ctx(), symbol, queryOf(getIntradaySummaries, raw));
        expect((await intraday({ interval: '1' })).interval).toBe(5);
        const mixed = await intraday({ interval: '15', beforeHours: 'true' });
        expect(mixed.interval).toBe(15);
        const widths = new Set(mixed.bars.map((bar) => `${bar.session} ${bar.interval}`));
        expect([...widths].sort()).toEqual(['pre 30', 'regular 15']);
        expect(await intraday({ type: 'crypto' }, 'BTC')).toMatchObject({ type: 'crypto', bars: [], dates: [] });
        expect(priceHistory.pickInterval([5, 30], 60)).toEqual({ stored: 30, interval: 60 });
        expect(priceHistory.pickInterval([30], 15)).toEqual({ stored: 30, interval: 30 });
      });
    });

    describe('dividends and short interest', () => {
      it('gives dividend history to plus and up, the latest paid and announced ones to everyone', async () => {
        const of = (raw: Record<string, string>, features: AccountFeatures) =>
          dividendService.assetDividends(ctx(), 'AAPL', queryOf(getAssetDividends, raw), features);
        const free = await of({}, freeFeatures);
        expect(free.items.map((d) => d.exDate)).toEqual([addDays(TODAY, 20), addDays(TODAY, -86)]);
        expect(free.gated).toEqual({ feature: 'dividendHistory', hidden: 5 });
        const paid = await of({}, plusFeatures);
        expect(paid.items.map((d) => d.exDate)).toEqual(
          [20, -86, -177, -268, -359, -450, -541].map((n) => addDays(TODAY, n)),
        );
        expect(paid.gated).toBeNull();
        expect(await of({ latest: 'true' }, freeFeatures)).toMatchObject({
          items: [{ exDate: addDays(TODAY, 20) }],
          gated: null,
        });
        const past = await of({ start: addDays(TODAY, -600), end: addDays(TODAY, -200) }, freeFeatures);
        expect(past.items).toEqual([]);
        expect(past.gated).toEqual({ feature: 'dividendHistory', hidden: 4 });
      });

      it('gives the dividend calendar of a window, history trimmed per asset for free callers', async () => {
        const calendar = (raw: Record<string, string>, features: AccountFeatures) =>
          dividendService.dividendCalendar(ctx(), queryOf(getDividendCalendar, raw), features);
        const window = { start: addDays(TODAY, -200), end: addDays(TODAY, 30) };
        const paid = await calendar(window, plusFeatures);
        expect(paid.items.map((d) => `${d.symbol} ${d.exDate}`)).toEqual([
          `AAPL ${addDays(TODAY, -177)}`,
          `AAPL ${addDays(TODAY, -86)}`,
          `XOM ${addDays(TODAY, -30)}`,
          `AAPL ${addDays(TODAY, 20)}`,
        ]);
        const free = await calendar(window, freeFeatures);
        expect(free.items.map((d) => `${d.symbol} ${d.exDate}`)).toEqual([
          `AAPL ${addDays(TODAY, -86)}`,
          `XOM ${addDays(TODAY, -30)}`,
          `AAPL ${addDays(TODAY, 20)}`,
        ]);
        expect(free.gated).toEqual({ feature: 'dividendHistory', hidden: 1 });
        const byPayment = await calendar(
          { dateType: 'payment', start: addDays(TODAY, 27), end: addDays(TODAY, 27) },
          freeFeatures,
        );
        expect(byPayment.items.map((d) => d.paymentDate)).toEqual([addDays(TODAY, 27)]);
        expect(await calendar({}, freeFeatures)).toMatchObject({ start: TODAY, end: addDays(TODAY, 6) });
        // An end alone before today is reversed once the start defaults to today.
        await expect(calendar({ end: addDays(TODAY, -10) }, freeFeatures)).rejects.toMatchObject({
          statusCode: 400,
          message: 'query.end: must not be before start',
        });
      });

      it('gives short-interest history to pro only; plus and free get the latest settlement', async () => {
        const of = (raw: Record<string, string>, features: AccountFeatures) =>
          shortInterestService.assetShortInterests(ctx(), 'AAPL', queryOf(getAssetShortInterests, raw), features);
        const free = await of({}, freeFeatures);
        expect(free.items.map((s) => s.settlementDate)).toEqual([addDays(TODAY, -10)]);
        expect(free.gated).toEqual({ feature: 'shortInterestHistory', hidden: 3 });
        expect((await of({}, plusFeatures)).items).toHaveLength(1);
        const full = await of({}, proFeatures);
        expect(full.items.map((s) => s.settlementDate)).toEqual([10, 25, 40, 55].map((n) => addDays(TODAY, -n)));
        expect(full.gated).toBeNull();
        expect((await of({ latest: 'true' }, freeFeatures)).gated).toBeNull();
      });

      it("ranks the market's most shorted names at the latest settlement; earlier ones are pro history", async () => {
        const ranked = (raw: Record<string, string>, features: AccountFeatures) =>
          shortInterestService.marketShortInterests(ctx(), queryOf(getMarketShortInterests, raw), features);
        const latest = await ranked({}, freeFeatures);
        expect(latest.settlementDate).toBe(addDays(TODAY, -10));
        expect(latest.items.map((s) => s.symbol)).toEqual(['MSFT', 'AAPL']);
        const older = addDays(TODAY, -25);
        expect(await ranked({ date: addDays(older, 1) }, freeFeatures)).toMatchObject({
          settlementDate: older,
          items: [],
          gated: { feature: 'shortInterestHistory', hidden: 1 },
        });
        const paid = await ranked({ date: older, sort: 'sharesShort' }, proFeatures);
        expect(paid.items.map((s) => s.symbol)).toEqual(['AAPL']);
        expect(await ranked({ date: '2000-01-01' }, proFeatures)).toEqual({
          settlementDate: null,
          items: [],
          gated: null,
        });
      });
    });

    describe('our indexes', () => {
      it('lists EH500 constituents by rank; their scores (EHS) are for pro', async () => {
        const free = await indexService.marketIndex(ctx(), 'eh500', freeFeatures);
        expect(free.constituents.map((c) => [c.rank, c.symbol])).toEqual([
          [1, 'AAPL'],
          [2, 'MSFT'],
        ]);
        expect(free.constituents.every((c) => c.score === null)).toBe(true);
        expect(free.gated).toEqual({ feature: 'ehs', hidden: 2 });
        const paid = await indexService.marketIndex(ctx(), 'EH500', proFeatures);
        expect(paid.constituents.map((c) => c.score)).toEqual([91.5, 88.1]);
        await expect(indexService.marketIndex(ctx(), 'SP600', freeFeatures)).rejects.toMatchObject({
          statusCode: 404,
          message: "No index 'SP600'",
        });
      });

      it('answers the EH500 before its first ranking as an index with no members and no rebalances', async () => {
        const rollback = new Error('rollback');
        await expect(
          db().transaction(async (tx) => {
            await tx.delete(marketIndexes);
            const waiting = { ...ctx(), db: tx };
            expect(await indexService.marketIndex(waiting, 'EH500', proFeatures)).toMatchObject({
              id: EH500_INDEX_ID,
              ranked: false,
              updatedAt: null,
              constituents: [],
              gated: null,
            });
            expect(await indexService.indexRebalances(waiting, 'eh500', { limit: 10 })).toEqual({
              id: EH500_INDEX_ID,
              rebalances: [],
            });
            await expect(indexService.marketIndex(waiting, 'SP600', freeFeatures)).rejects.toMatchObject({
              statusCode: 404,
            });
            throw rollback;
          }),
        ).rejects.toBe(rollback);
        expect((await indexService.marketIndex(ctx(), 'eh500', freeFeatures)).ranked).toBe(true);
      });

      it('lists rebalances newest first, as many as asked', async () => {
        expect((await indexService.indexRebalances(ctx(), 'eh500', { limit: 10 })).rebalances).toEqual([
          { date: '2025-04-01', added: [], removed: ['BRK.B'] },
          { date: '2025-01-02', added: ['MSFT'], removed: ['XOM'] },
        ]);
        expect((await indexService.indexRebalances(ctx(), 'EH500', { limit: 1 })).rebalances).toHaveLength(1);
      });
    });

    describe("users' trades by asset", () => {
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
        await db()
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
        const list = await transactionService.assetTransactions(ctx(), 'stock', 'aapl', { limit: 50 });
        expect(list.symbol).toBe('AAPL');
        expect(list.transactions.map((t) => [t.type, t.quantity])).toEqual([
          ['comment', 4],
          ['add', 3],
          ['sell', 2],
          ['buy', 1],
        ]);
        expect(list.transactions[0]).toMatchObject({ comment: 'Strong quarter', user: null });
        expect(list.transactions[1]?.user).toEqual({ id: pro.sub, name: 'earningshub_pro trader', avatarUrl: null });
        expect(list.transactions[1]?.executedAt).toBe(new Date(base + 3 * 60_000).toISOString());
        expect(
          (await transactionService.assetTransactions(ctx(), 'stock', 'AAPL', { limit: 2 })).transactions,
        ).toHaveLength(2);
        await expect(
          transactionService.assetTransactions(ctx(), 'crypto', 'AAPL', { limit: 50 }),
        ).rejects.toMatchObject({ statusCode: 404, message: "No crypto with the symbol 'AAPL'" });
      });
    });
  });
});
