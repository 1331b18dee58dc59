import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RATING_ACTIONS } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { Dataset, DatasetRecords, FetchParams } from '../../src/providers/types.ts';
import {
  analystRatingsOf,
  analystTrendsOf,
  chartOf,
  earningsHistoryQuarters,
  earningsOf,
  fiscalYearEndMonthOfSummary,
  lastReleaseOfQuote,
  newsOf,
  quotesOf,
  shortInterestOf,
  summaryDividendsOf,
  summaryOf,
} from '../../src/providers/yahoo/transform.ts';
import { createYahooProvider } from '../../src/providers/yahoo/yahoo-provider.ts';

// Real recorded data (../shared/fixtures/real): tests only, never product code.
const REAL = resolve(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'real');
const YAHOO = resolve(REAL, 'yahoo-finance2');
const recorded = (file: string) =>
  JSON.parse(readFileSync(resolve(YAHOO, file), 'utf8')) as {
    request: { url: string };
    response: { headers: Record<string, string>; bodyJson: unknown };
  };
const body = (file: string) => recorded(file).response.bodyJson;

const apple = { symbol: 'AAPL', type: 'stock' } as const;
const appleSummary = summaryOf(body('quoteSummary-all-AAPL.json')) ?? {};

describe('Yahoo quoteSummary (Apple, recorded 2025-02-24)', () => {
  it('reads the fiscal year end (September) and maps the calendar-quarter history to fiscal quarters', () => {
    expect(fiscalYearEndMonthOfSummary(appleSummary)).toBe(9);
    const history = earningsHistoryQuarters(appleSummary, 9);
    expect(history.map((q) => [q.periodYear, q.period, q.quarterEnd, q.epsActual, q.epsEstimate])).toEqual([
      [2024, 'Q2', '2024-03-31', 1.53, 1.49923],
      [2024, 'Q3', '2024-06-30', 1.4, 1.34086],
      [2024, 'Q4', '2024-09-30', 0.97, 0.94654],
      [2025, 'Q1', '2024-12-31', 2.4, 2.34102],
    ]);
  });

  it('confirms the last release at the quote’s time and estimates the next one', () => {
    const lastRelease = lastReleaseOfQuote(body('quote-AAPL.json'), 'AAPL');
    const [last, next] = earningsOf(appleSummary, apple, { lastRelease });
    expect(last).toMatchObject({
      periodYear: 2025,
      period: 'Q1',
      date: '2025-01-30',
      time: '16:30',
      session: 'after',
      dateStatus: 'confirmed',
      epsActual: 2.4,
    });
    // Yahoo's range 2025-04-30 … 2025-05-05, flagged as an estimate (Apple reported on 2025-05-01).
    expect(next).toMatchObject({
      periodYear: 2025,
      period: 'Q2',
      date: '2025-04-30',
      dateStatus: 'estimated',
      time: null,
      epsEstimate: 1.60796,
      epsPriorYear: 1.53,
      revenueEstimate: 94_076_168_920,
      estimateCount: 27,
    });
  });

  it('gives the analyst rating history with our action names', () => {
    const ratings = analystRatingsOf(appleSummary, apple);
    expect(ratings).toHaveLength(968);
    expect(ratings[0]).toMatchObject({ date: '2025-01-31', firm: 'Citigroup', action: 'maintain', toGrade: 'Buy' });
    expect(new Set(ratings.map((r) => r.action))).toEqual(new Set(RATING_ACTIONS));
    expect(ratings.filter((r) => r.action === 'downgrade').length).toBeGreaterThan(0);
  });

  it('dates the recommendation trend from the answer’s HTTP date', () => {
    const fetchedAt = new Date(recorded('quoteSummary-recommendationTrend-AAPL.json').response.headers.date ?? '');
    const trends = analystTrendsOf(appleSummary, apple, fetchedAt);
    expect(trends.at(-1)).toMatchObject({
      month: '2025-02-01',
      strongBuy: 7,
      buy: 21,
      hold: 14,
      sell: 2,
      strongSell: 2,
    });
    expect(trends.map((t) => t.month)).toEqual(['2024-11-01', '2024-12-01', '2025-01-01', '2025-02-01']);
  });

  it('gives short interest at the last two settlements', () => {
    expect(shortInterestOf(appleSummary, apple)).toEqual([
      { ...apple, settlementDate: '2024-12-31', sharesShort: 157_008_120 },
      expect.objectContaining({
        settlementDate: '2025-01-31',
        sharesShort: 124_917_523,
        previousSharesShort: 157_008_120,
        daysToCover: 2.12,
        percentOfFloat: 0.83,
      }),
    ]);
  });

  it('gives the declared dividend: $0.25, ex 2025-02-10, paid 2025-02-13, quarterly', () => {
    expect(summaryDividendsOf(appleSummary, apple)).toEqual([
      { ...apple, exDate: '2025-02-10', paymentDate: '2025-02-13', amount: 0.25, frequency: 4 },
    ]);
  });
});

describe('Yahoo chart', () => {
  it('gives MSFT’s daily bars and its four 2021 dividends', () => {
    const chart = chartOf(body('historical-via-chart-MSFT-dividends-2021-02-01-to-2022-01-31.csv.json'));
    expect(chart.dailyBars).toHaveLength(252);
    expect(chart.dailyBars[0]).toMatchObject({ symbol: 'MSFT', date: '2021-02-01', volume: 33_314_200 });
    expect(chart.dailyBars[0]?.open).toBeCloseTo(235.06, 2);
    expect(chart.dailyBars.at(-1)?.date).toBe('2022-01-28');
    expect(chart.dividends.map((d) => [d.exDate, d.amount])).toEqual([
      ['2021-02-17', 0.56],
      ['2021-05-19', 0.56],
      ['2021-08-18', 0.56],
      ['2021-11-17', 0.62],
    ]);
  });

  it('gives NVDA’s 4-for-1 split of 2021-07-20', () => {
    const chart = chartOf(body('historical-via-chart-NVDA-split-2021-02-01-to-2022-01-31.csv.json'));
    expect(chart.splits).toEqual([{ symbol: 'NVDA', type: 'stock', date: '2021-07-20', numerator: 4, denominator: 1 }]);
    // Yahoo's chart prices are already split-adjusted: no fourfold drop on the split day.
    const close = (date: string) => chart.dailyBars.find((b) => b.date === date)?.close ?? 0;
    expect(close('2021-07-19') / close('2021-07-20')).toBeCloseTo(1, 1);
  });

  it('gives no dividends for TSLA', () => {
    expect(chartOf(body('historical-via-chart-dividends-TSLA-no-dividends.json')).dividends).toEqual([]);
  });
});

describe('Yahoo quote and search', () => {
  it('quotes Apple with its after-hours trade and Bitcoin as our BTC', () => {
    expect(quotesOf(body('quote-AAPL.json'))[0]).toMatchObject({
      symbol: 'AAPL',
      price: 244.6,
      prevClose: 241.53,
      extendedPrice: 244.64,
      extendedSession: 'after',
    });
    expect(quotesOf(body('quote-BTC-USD.json'))[0]).toMatchObject({ symbol: 'BTC', type: 'crypto', price: 96_077.45 });
    expect(quotesOf(body('quote-EURUSD=X.json'))).toEqual([]);
  });

  it('reads search news', () => {
    const news = newsOf(body('search-AAPL.json'));
    expect(news).toHaveLength(4);
    expect(news[1]).toMatchObject({ author: 'Bloomberg', newsType: 'story', symbols: ['AAPL'] });
    expect(news.some((n) => n.symbols.includes('BRK.B'))).toBe(true);
  });
});

describe('Yahoo provider from the recorded folder', () => {
  const provider = createYahooProvider({ config: loadConfig({}), fromFile: YAHOO });
  async function all<D extends Dataset>(dataset: D, params: FetchParams = {}): Promise<DatasetRecords[D][]> {
    const rows: DatasetRecords[D][] = [];
    for await (const batch of provider.fetch(dataset, params)) rows.push(...batch);
    return rows;
  }

  it("gives Amazon's confirmed last release and estimated next one", async () => {
    const earnings = await all('earnings', { assets: [{ symbol: 'AMZN', type: 'stock' }] });
    expect(earnings.map((e) => [e.periodYear, e.period, e.date, e.time, e.dateStatus])).toEqual([
      [2024, 'Q4', '2025-02-06', '16:01', 'confirmed'],
      [2025, 'Q1', '2025-04-28', null, 'estimated'],
    ]);
  });

  it('merges overlapping recordings into one bar per day', async () => {
    const bars = await all('dailyBars', { assets: [apple] });
    expect(new Set(bars.map((b) => b.date)).size).toBe(bars.length);
    expect(bars[0]?.date).toBe('2020-01-02');
  });

  it('limits dividends to the window and covers every recorded symbol without one', async () => {
    const dividends = await all('dividends', {
      assets: [{ symbol: 'MSFT', type: 'stock' }],
      from: '2021-06-01',
      to: '2021-12-31',
    });
    expect(dividends.map((d) => d.exDate)).toEqual(['2021-08-18', '2021-11-17']);
    const everyone = new Set((await all('analystRatings')).map((r) => r.symbol));
    expect([...everyone]).toEqual(expect.arrayContaining(['AAPL', 'AMZN', 'GOOG', 'ABBV', 'BABA', 'SPOT']));
  });
});
