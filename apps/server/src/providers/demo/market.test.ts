import { isTradingDay, MS_PER_MINUTE, nyDate, nyTime } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import type { AssetKey, DailyBarRecord, IntradayBarRecord } from '../types.ts';
import { collect, keyOf, market, NOW } from './test-support.ts';
import { SPLITS } from './universe/traits.ts';

/** A cross-section: mega caps, share classes, volatile names, OTC, crypto (stable and not) and indexes. */
const SAMPLE: AssetKey[] = [
  ...['AAPL', 'NVDA', 'TSLA', 'BRK.B', 'BRK.A', 'GOOGL', 'GOOG', 'KO', 'JPM', 'O', 'GME', 'CRWV', 'TSM'].map(
    (symbol) => ({
      symbol,
      type: 'stock' as const,
    }),
  ),
  ...['FNMA', 'NSRGY'].map((symbol) => ({ symbol, type: 'otc' as const })),
  ...['BTC', 'ETH', 'USDT', 'DOGE'].map((symbol) => ({ symbol, type: 'crypto' as const })),
  ...['^GSPC', '^VIX', '^RUT'].map((symbol) => ({ symbol, type: 'index' as const })),
];

/** Moments that exercise every branch: pre-market, regular session, after hours, weekend, holiday, early close. */
const MOMENTS = {
  preMarket: new Date('2026-11-20T13:30:00Z'),
  session: NOW,
  openBeforeFirstBar: new Date('2026-11-20T14:32:00Z'),
  afterHours: new Date('2026-11-20T22:15:00Z'),
  weekend: new Date('2026-11-22T16:00:00Z'),
  thanksgiving: new Date('2026-11-26T18:00:00Z'),
  earlyCloseAfterHours: new Date('2026-11-27T19:00:00Z'),
};

function byAsset<T extends { symbol: string; type: string }>(records: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const record of records) {
    const key = keyOf(record);
    map.set(key, [...(map.get(key) ?? []), record]);
  }
  return map;
}

function aggregate(bars: readonly IntradayBarRecord[]) {
  return {
    open: bars[0]?.open,
    high: Math.max(...bars.map((bar) => bar.high)),
    low: Math.min(...bars.map((bar) => bar.low)),
    close: bars.at(-1)?.close,
    volume: bars.reduce((sum, bar) => sum + bar.volume, 0),
  };
}

describe('demo prices', () => {
  it.each(Object.entries(MOMENTS))(
    'quotes the last daily bar (%s)',
    async (_, now) => {
      const provider = market(now);
      const params = { assets: SAMPLE, from: nyDate(new Date(now.getTime() - 20 * 86_400_000)) };
      const bars = byAsset(await collect(provider, 'dailyBars', params));
      const quotes = await collect(provider, 'quotes', { assets: SAMPLE });
      expect(quotes).toHaveLength(SAMPLE.length);
      for (const quote of quotes) {
        const series = bars.get(keyOf(quote)) ?? [];
        const last = series.at(-1);
        const before = series.at(-2);
        expect(quote.price, quote.symbol).toBe(last?.close);
        expect(quote.prevClose, quote.symbol).toBe(before?.close);
        expect([quote.open, quote.highPrice, quote.lowPrice, quote.volume]).toEqual([
          last?.open,
          last?.high,
          last?.low,
          last?.volume,
        ]);
        expect(quote.quotedAt.getTime()).toBeLessThanOrEqual(now.getTime());
        if (quote.type === 'crypto') expect(last?.date).toBe(new Date(now).toISOString().slice(0, 10));
        else expect(nyDate(quote.quotedAt)).toBe(last?.date);
      }
    },
    60_000,
  );

  it('adds the extended-hours price in pre- and after-market for listed stocks only', async () => {
    const pre = await collect(market(MOMENTS.preMarket), 'quotes', { assets: SAMPLE });
    const after = await collect(market(MOMENTS.afterHours), 'quotes', { assets: SAMPLE });
    const session = await collect(market(MOMENTS.session), 'quotes', { assets: SAMPLE });
    const weekend = await collect(market(MOMENTS.weekend), 'quotes', { assets: SAMPLE });
    const early = await collect(market(MOMENTS.earlyCloseAfterHours), 'quotes', { assets: SAMPLE });
    for (const [quotes, session_] of [
      [pre, 'pre'],
      [after, 'after'],
      [early, 'after'],
    ] as const) {
      for (const quote of quotes) {
        if (quote.type === 'stock') {
          expect(quote.extendedSession, quote.symbol).toBe(session_);
          expect(quote.extendedPrice, quote.symbol).toBeGreaterThan(0);
          expect(quote.extendedAt?.getTime()).toBeLessThanOrEqual(MOMENTS.earlyCloseAfterHours.getTime());
        } else {
          expect(quote.extendedSession, quote.symbol).toBeNull();
        }
      }
    }
    for (const quote of session) expect(quote.extendedPrice, quote.symbol).toBeNull();
    // Over the weekend the quote keeps Friday's after-hours price, where Friday's chart ends.
    const fridayBars = await collect(market(MOMENTS.weekend), 'intradayBars', { assets: SAMPLE });
    for (const quote of weekend) {
      if (quote.type !== 'stock') {
        expect(quote.extendedSession, quote.symbol).toBeNull();
        continue;
      }
      const last = fridayBars.filter((bar) => bar.symbol === quote.symbol && bar.type === 'stock').at(-1);
      expect(last?.session, quote.symbol).toBe('after');
      expect(quote.extendedSession, quote.symbol).toBe('after');
      expect(quote.extendedPrice, quote.symbol).toBe(last?.close);
    }
  }, 60_000);

  it.each(Object.entries(MOMENTS))(
    "ends the day's intraday bars at the quote, without one-bar spikes (%s)",
    async (_, now) => {
      const provider = market(now);
      const quotes = await collect(provider, 'quotes', { assets: SAMPLE });
      const intraday = byAsset(await collect(provider, 'intradayBars', { assets: SAMPLE }));
      for (const quote of quotes) {
        const key = keyOf(quote);
        const bars = intraday.get(key) ?? [];
        const regular = bars.filter((bar) => bar.session === 'regular');
        // The last regular bar closes at the quote's price, unless today's session has not traded a bar yet.
        const lastRegular = regular.at(-1);
        if (lastRegular && nyDate(lastRegular.ts) === nyDate(quote.quotedAt)) {
          expect(lastRegular.close, key).toBe(quote.price);
        }
        // The chart's last point is the price the quote names last: the extended one when it has one.
        expect(bars.at(-1)?.close, key).toBe(quote.extendedPrice ?? quote.price);
        const dayOf = (bar: IntradayBarRecord) =>
          quote.type === 'crypto' ? bar.ts.toISOString().slice(0, 10) : nyDate(bar.ts);
        // A session still trading has not reached its range yet: judge the days that are done.
        const trading =
          quote.type === 'crypto' ? now.toISOString().slice(0, 10) : nyTime(now) < '16:00' ? nyDate(now) : '';
        for (const day of new Set(regular.map(dayOf))) {
          if (day === trading) continue;
          const session = regular.filter((bar) => dayOf(bar) === day);
          const range = Math.max(...session.map((bar) => bar.high)) - Math.min(...session.map((bar) => bar.low));
          for (let index = 1; index < session.length; index += 1) {
            const jump = Math.abs((session[index]?.close ?? 0) - (session[index - 1]?.close ?? 0));
            // A 5-minute bar moves a fraction of the day's range (it was the whole range: 242 → 232 → 237).
            expect(jump, `${key} ${day} bar ${index}`).toBeLessThanOrEqual(0.4 * range + 0.011);
          }
        }
      }
    },
    60_000,
  );

  it('has daily bars on trading days only for listed assets and every day for crypto, five years back', async () => {
    const provider = market();
    const bars = byAsset(await collect(provider, 'dailyBars', { assets: SAMPLE }));
    const aapl = bars.get('stock:AAPL') ?? [];
    expect(aapl[0]?.date).toBe('2021-11-22');
    expect(aapl.length).toBeGreaterThan(1250);
    for (const [key, series] of bars) {
      for (const bar of series) {
        if (!key.startsWith('crypto:')) expect(isTradingDay(bar.date), `${key} ${bar.date}`).toBe(true);
        expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
        expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
        expect(bar.low).toBeGreaterThan(0);
      }
      const dates = series.map((bar) => bar.date);
      expect(dates, key).toEqual([...dates].sort());
      expect(new Set(dates).size, key).toBe(dates.length);
    }
    expect((bars.get('crypto:BTC') ?? []).length).toBeGreaterThan(1820);
    // CoreWeave listed on 2025-03-28: no bars before.
    expect(bars.get('stock:CRWV')?.[0]?.date).toBe('2025-03-28');
    // A stablecoin stays at its peg.
    for (const bar of bars.get('crypto:USDT') ?? []) expect(Math.abs(bar.close - 1)).toBeLessThan(0.01);
  }, 60_000);

  it('moves share classes together and indexes with their members', async () => {
    const provider = market();
    const bars = byAsset(await collect(provider, 'dailyBars', { assets: SAMPLE, from: '2025-01-01' }));
    const a = bars.get('stock:BRK.A') ?? [];
    const b = bars.get('stock:BRK.B') ?? [];
    expect(a.length).toBe(b.length);
    for (let index = 0; index < a.length; index += 1) {
      expect((a[index]?.close ?? 0) / (b[index]?.close ?? 1)).toBeCloseTo(1500, -1);
    }
    const returns = (series: DailyBarRecord[]) =>
      series.slice(1).map((bar, index) => bar.close / (series[index]?.close ?? 1) - 1);
    const correlation = (x: number[], y: number[]) => {
      const mean = (v: number[]) => v.reduce((s, n) => s + n, 0) / v.length;
      const mx = mean(x);
      const my = mean(y);
      let sxy = 0;
      let sxx = 0;
      let syy = 0;
      for (let i = 0; i < x.length; i += 1) {
        sxy += ((x[i] ?? 0) - mx) * ((y[i] ?? 0) - my);
        sxx += ((x[i] ?? 0) - mx) ** 2;
        syy += ((y[i] ?? 0) - my) ** 2;
      }
      return sxy / Math.sqrt(sxx * syy);
    };
    const spx = returns(bars.get('index:^GSPC') ?? []);
    expect(correlation(returns(bars.get('stock:AAPL') ?? []), spx)).toBeGreaterThan(0.3);
    expect(correlation(returns(bars.get('index:^RUT') ?? []), spx)).toBeGreaterThan(0.7);
    expect(correlation(returns(bars.get('index:^VIX') ?? []), spx)).toBeLessThan(0);
  }, 60_000);

  it('keeps the split-adjusted series continuous across real splits', async () => {
    const provider = market();
    const splits = await collect(provider, 'splits', {});
    expect(splits.map((split) => `${split.symbol} ${split.date}`)).toEqual(
      expect.arrayContaining(['NVDA 2024-06-10', 'AVGO 2024-07-15', 'WMT 2024-02-26', 'NFLX 2025-11-17']),
    );
    const inWindow = SPLITS.filter(([, date]) => date >= '2021-11-22');
    expect(splits).toHaveLength(inWindow.length);
    const assets = [...new Set(splits.map((split) => split.symbol))].map((symbol) => ({
      symbol,
      type: 'stock' as const,
    }));
    const bars = byAsset(await collect(provider, 'dailyBars', { assets }));
    for (const split of splits) {
      const series = bars.get(`stock:${split.symbol}`) ?? [];
      const index = series.findIndex((bar) => bar.date === split.date);
      expect(index, `${split.symbol} ${split.date}`).toBeGreaterThan(0);
      const move = (series[index]?.close ?? 0) / (series[index - 1]?.close ?? 1);
      // Unadjusted, a 10-for-1 split would read as a 90% fall; adjusted it is an ordinary day.
      expect(move, `${split.symbol} ${split.date}`).toBeGreaterThan(0.7);
      expect(move, `${split.symbol} ${split.date}`).toBeLessThan(1.4);
      expect(Math.abs(move - split.denominator / split.numerator)).toBeGreaterThan(0.05);
    }
  }, 60_000);

  it.each(Object.entries(MOMENTS))(
    'has intraday bars that agree with the daily bars (%s)',
    async (_, now) => {
      const provider = market(now);
      const intraday = byAsset(await collect(provider, 'intradayBars', { assets: SAMPLE }));
      const daily = byAsset(
        await collect(provider, 'dailyBars', {
          assets: SAMPLE,
          from: nyDate(new Date(now.getTime() - 15 * 86_400_000)),
        }),
      );
      for (const asset of SAMPLE) {
        const key = `${asset.type}:${asset.symbol}`;
        const bars = intraday.get(key) ?? [];
        expect(bars.length, key).toBeGreaterThan(0);
        for (const bar of bars)
          expect(bar.ts.getTime() + bar.intervalMinutes * MS_PER_MINUTE).toBeLessThanOrEqual(now.getTime());
        const crypto = asset.type === 'crypto';
        const dayOf = (bar: IntradayBarRecord) => (crypto ? bar.ts.toISOString().slice(0, 10) : nyDate(bar.ts));
        const days = [...new Set(bars.map(dayOf))];
        expect(days.length, key).toBeGreaterThanOrEqual(2);
        for (const day of days) {
          const regular = bars.filter((bar) => bar.session === 'regular' && dayOf(bar) === day);
          const dailyBar = (daily.get(key) ?? []).find((bar) => bar.date === day);
          if (regular.length === 0) continue;
          expect(dailyBar, `${key} ${day}`).toBeDefined();
          expect(aggregate(regular), `${key} ${day}`).toEqual({
            open: dailyBar?.open,
            high: dailyBar?.high,
            low: dailyBar?.low,
            close: dailyBar?.close,
            volume: dailyBar?.volume,
          });
          for (const bar of regular) {
            expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close));
            expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close));
          }
        }
        const sessions = new Set(bars.map((bar) => bar.session));
        if (asset.type === 'stock') {
          expect(sessions.has('pre') && sessions.has('after'), key).toBe(true);
          for (const bar of bars.filter((b) => b.session === 'pre')) {
            expect(nyTime(bar.ts) >= '04:00' && nyTime(bar.ts) < '09:30', `${key} ${nyTime(bar.ts)}`).toBe(true);
          }
          for (const bar of bars.filter((b) => b.session === 'regular')) {
            expect(nyTime(bar.ts) >= '09:30' && nyTime(bar.ts) < '16:00').toBe(true);
            expect(bar.intervalMinutes).toBe(5);
          }
        } else {
          expect([...sessions], key).toEqual(['regular']);
        }
      }
    },
    60_000,
  );
});
