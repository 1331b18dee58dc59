import { describe, expect, it } from 'vitest';
import {
  analystRatingsOf,
  analystTrendsOf,
  assetOfYahoo,
  chartOf,
  earningsHistoryQuarters,
  earningsOf,
  lastReleaseOfQuote,
  newsOf,
  quotesOf,
  rawNumber,
  rawUtcDate,
  shortInterestOf,
  summaryDividendsOf,
  summaryOf,
  yahooSymbol,
} from './transform.ts';
import { recordedRequest } from './yahoo-api.ts';

// Small bodies shaped like Yahoo's (formatted=false, with the {raw, fmt} leftovers Yahoo still sends).
const epoch = (iso: string) => Date.parse(iso) / 1000;
const apple = { symbol: 'AAPL', type: 'stock' } as const;

const summaryBody = {
  quoteSummary: {
    result: [
      {
        defaultKeyStatistics: {
          lastFiscalYearEnd: epoch('2024-09-28T00:00:00Z'),
          sharesShort: 120,
          sharesShortPriorMonth: 150,
          sharesShortPreviousMonthDate: epoch('2024-12-31T00:00:00Z'),
          dateShortInterest: epoch('2025-01-31T00:00:00Z'),
          shortRatio: 2.5,
          shortPercentOfFloat: 0.01,
          lastDividendValue: 0.25,
          lastDividendDate: epoch('2025-02-10T00:00:00Z'),
        },
        summaryDetail: { dividendRate: 1, exDividendDate: epoch('2025-02-10T00:00:00Z'), averageVolume: 1000 },
        calendarEvents: {
          earnings: {
            earningsDate: [epoch('2025-04-30T10:59:00Z'), epoch('2025-05-05T12:00:00Z')],
            earningsCallDate: [epoch('2025-01-30T22:00:00Z')],
            isEarningsDateEstimate: true,
            earningsAverage: 1.6,
            revenueAverage: 94_000,
          },
          exDividendDate: epoch('2025-02-10T00:00:00Z'),
          dividendDate: epoch('2025-02-13T00:00:00Z'),
        },
        earningsHistory: {
          history: [
            {
              epsActual: { raw: 0.97, fmt: '0.97' },
              epsEstimate: { raw: 0.95, fmt: '0.95' },
              quarter: { raw: epoch('2024-09-30T00:00:00Z'), fmt: '2024-09-30' },
              period: '-2q',
            },
            {
              epsActual: { raw: 2.4, fmt: '2.4' },
              epsEstimate: { raw: 2.34, fmt: '2.34' },
              quarter: { raw: epoch('2024-12-31T00:00:00Z'), fmt: '2024-12-31' },
              period: '-1q',
            },
          ],
        },
        earningsTrend: {
          trend: [
            {
              period: '0q',
              endDate: '2025-03-31',
              earningsEstimate: { avg: { raw: 1.61 }, yearAgoEps: { raw: 1.53 }, numberOfAnalysts: { raw: 27 } },
              revenueEstimate: { avg: { raw: 94_076 }, yearAgoRevenue: { raw: 90_753 } },
            },
          ],
        },
        recommendationTrend: {
          trend: [
            { period: '0m', strongBuy: 7, buy: 21, hold: 14, sell: 2, strongSell: 2 },
            { period: '-1m', strongBuy: 8, buy: 21, hold: 13, sell: 2, strongSell: 2 },
          ],
        },
        upgradeDowngradeHistory: {
          history: [
            {
              epochGradeDate: epoch('2025-01-31T19:45:59Z'),
              firm: 'Citigroup',
              toGrade: 'Buy',
              fromGrade: 'Buy',
              action: 'main',
            },
            {
              epochGradeDate: epoch('2025-01-06T14:00:00Z'),
              firm: 'Loop Capital',
              toGrade: 'Hold',
              fromGrade: 'Buy',
              action: 'down',
            },
            {
              epochGradeDate: epoch('2024-12-10T14:00:00Z'),
              firm: 'Jefferies',
              toGrade: 'Buy',
              fromGrade: '',
              action: 'init',
              currentPriceTarget: 300,
              priorPriceTarget: 0,
            },
          ],
        },
      },
    ],
    error: null,
  },
};
const summary = summaryOf(summaryBody) ?? {};

describe('raw readers', () => {
  it('read bare and {raw, fmt} values, and midnight-UTC dates as UTC dates', () => {
    expect(rawNumber(1.5)).toBe(1.5);
    expect(rawNumber({ raw: 2, fmt: '2' })).toBe(2);
    expect(rawNumber({})).toBeNull();
    expect(rawNumber('3')).toBeNull();
    // 2025-01-31 00:00 UTC is still January 30 in New York: a date-only field must not be read there.
    expect(rawUtcDate(epoch('2025-01-31T00:00:00Z'))).toBe('2025-01-31');
    expect(rawUtcDate('2025-03-31')).toBe('2025-03-31');
  });
});

describe(yahooSymbol.name, () => {
  it('maps our symbols to Yahoo’s and back', () => {
    expect(yahooSymbol({ symbol: 'BRK.B', type: 'stock' })).toBe('BRK-B');
    expect(yahooSymbol({ symbol: 'BTC', type: 'crypto' })).toBe('BTC-USD');
    expect(yahooSymbol({ symbol: '^GSPC', type: 'index' })).toBe('^GSPC');
    expect(assetOfYahoo('BRK-B')).toEqual({ symbol: 'BRK.B', type: 'stock' });
    expect(assetOfYahoo('BTC-USD', 'CRYPTOCURRENCY')).toEqual({ symbol: 'BTC', type: 'crypto' });
    expect(assetOfYahoo('FNMA', 'EQUITY', 'PNK')).toEqual({ symbol: 'FNMA', type: 'otc' });
    expect(assetOfYahoo('EURUSD=X', 'CURRENCY')).toBeNull();
  });
});

describe(quotesOf.name, () => {
  const body = {
    quoteResponse: {
      result: [
        {
          symbol: 'AAPL',
          quoteType: 'EQUITY',
          regularMarketPrice: 244.6,
          regularMarketPreviousClose: 241.53,
          regularMarketOpen: 241.07,
          regularMarketDayLow: 241,
          regularMarketDayHigh: 245.41,
          regularMarketVolume: 40_896_227,
          regularMarketTime: epoch('2025-02-14T21:00:00Z'),
          postMarketPrice: 244.64,
          postMarketTime: epoch('2025-02-15T00:59:58Z'),
          preMarketPrice: 242,
          preMarketTime: epoch('2025-02-14T13:00:00Z'),
          earningsTimestamp: epoch('2025-01-30T21:30:00Z'),
        },
        { symbol: 'EURUSD=X', quoteType: 'CURRENCY', regularMarketPrice: 1.04, regularMarketTime: 1 },
      ],
    },
  };

  it('reads the session, the day range and the latest extended-hours trade', () => {
    expect(quotesOf(body)).toEqual([
      {
        symbol: 'AAPL',
        type: 'stock',
        price: 244.6,
        prevClose: 241.53,
        open: 241.07,
        lowPrice: 241,
        highPrice: 245.41,
        volume: 40_896_227,
        extendedPrice: 244.64,
        extendedSession: 'after',
        extendedAt: new Date('2025-02-15T00:59:58Z'),
        quotedAt: new Date('2025-02-14T21:00:00Z'),
      },
    ]);
  });

  it('uses the asked-for asset when given and finds the last release time', () => {
    const asked = new Map([['AAPL', { symbol: 'AAPL', type: 'otc' } as const]]);
    expect(quotesOf(body, asked)[0]?.type).toBe('otc');
    expect(lastReleaseOfQuote(body, 'AAPL')?.toISOString()).toBe('2025-01-30T21:30:00.000Z');
  });
});

describe(chartOf.name, () => {
  const chart = (granularity: string, timestamps: string[], quote: Record<string, (number | null)[]>, events = {}) => ({
    chart: {
      result: [
        {
          meta: {
            symbol: 'MSFT',
            instrumentType: 'EQUITY',
            exchangeTimezoneName: 'America/New_York',
            gmtoffset: -18000,
            dataGranularity: granularity,
          },
          timestamp: timestamps.map(epoch),
          events,
          indicators: { quote: [quote] },
        },
      ],
      error: null,
    },
  });

  it('gives daily bars in New York dates, skipping bars that did not trade, with dividends and splits', () => {
    const body = chart(
      '1d',
      ['2021-02-16T14:30:00Z', '2021-02-17T14:30:00Z', '2021-07-20T13:30:00Z'],
      { open: [1, null, 3], high: [2, null, 4], low: [0.5, null, 2], close: [1.5, null, 3.5], volume: [10, null, 30] },
      {
        dividends: { '1613572200': { amount: 0.56, date: epoch('2021-02-17T14:30:00Z') } },
        splits: {
          '1626787800': { date: epoch('2021-07-20T13:30:00Z'), numerator: 4, denominator: 1, splitRatio: '4:1' },
        },
      },
    );
    const { dailyBars, dividends, splits, intradayBars } = chartOf(body);
    expect(dailyBars.map((b) => [b.symbol, b.date, b.close, b.volume])).toEqual([
      ['MSFT', '2021-02-16', 1.5, 10],
      ['MSFT', '2021-07-20', 3.5, 30],
    ]);
    expect(dividends).toEqual([{ symbol: 'MSFT', type: 'stock', exDate: '2021-02-17', amount: 0.56 }]);
    expect(splits).toEqual([{ symbol: 'MSFT', type: 'stock', date: '2021-07-20', numerator: 4, denominator: 1 }]);
    expect(intradayBars).toEqual([]);
  });

  it('gives intraday bars with their session for minute intervals', () => {
    const body = chart('5m', ['2025-02-03T14:00:00Z', '2025-02-03T14:30:00Z', '2025-02-03T21:05:00Z'], {
      open: [1, 2, 3],
      high: [1, 2, 3],
      low: [1, 2, 3],
      close: [1, 2, 3],
      volume: [1, 2, 3],
    });
    expect(chartOf(body).intradayBars.map((b) => [b.session, b.intervalMinutes])).toEqual([
      ['pre', 5],
      ['regular', 5],
      ['after', 5],
    ]);
  });

  it('gives nothing for an empty answer', () => {
    expect(chartOf({ chart: { result: [], error: null } }).dailyBars).toEqual([]);
  });
});

describe(earningsHistoryQuarters.name, () => {
  it('maps Yahoo’s calendar quarters to the fiscal quarters of a September year', () => {
    expect(earningsHistoryQuarters(summary, 9).map((q) => [q.periodYear, q.period, q.epsActual])).toEqual([
      [2024, 'Q4', 0.97],
      [2025, 'Q1', 2.4],
    ]);
  });
});

describe(earningsOf.name, () => {
  it('confirms the last quarter at the quote’s release time and estimates the next from a range', () => {
    const records = earningsOf(summary, apple, { lastRelease: new Date('2025-01-30T21:30:00Z') });
    expect(records).toEqual([
      expect.objectContaining({
        periodYear: 2025,
        period: 'Q1',
        date: '2025-01-30',
        time: '16:30',
        session: 'after',
        dateStatus: 'confirmed',
        epsActual: 2.4,
        epsEstimate: 2.34,
      }),
      expect.objectContaining({
        periodYear: 2025,
        period: 'Q2',
        date: '2025-04-30',
        time: null,
        session: null,
        dateStatus: 'estimated',
        epsEstimate: 1.61,
        epsPriorYear: 1.53,
        revenueEstimate: 94_076,
        revenuePriorYear: 90_753,
        estimateCount: 27,
      }),
    ]);
  });

  it('falls back to the call date (its time says only before or after the session)', () => {
    const [last] = earningsOf(summary, apple);
    expect(last).toMatchObject({ date: '2025-01-30', time: null, session: 'after', dateStatus: 'confirmed' });
    const morningCall = structuredClone(summaryBody);
    const calendar = morningCall.quoteSummary.result[0]?.calendarEvents.earnings;
    if (calendar) calendar.earningsCallDate = [epoch('2025-01-30T15:00:00Z')];
    expect(earningsOf(summaryOf(morningCall) ?? {}, apple)[0]?.session).toBeNull();
  });

  it('confirms a single next date Yahoo does not call an estimate', () => {
    const fixed = structuredClone(summaryBody);
    const calendar = fixed.quoteSummary.result[0]?.calendarEvents.earnings;
    if (calendar) {
      calendar.earningsDate = [epoch('2025-05-01T20:30:00Z')];
      calendar.isEarningsDateEstimate = false;
    }
    expect(earningsOf(summaryOf(fixed) ?? {}, apple)[1]).toMatchObject({
      date: '2025-05-01',
      time: '16:30',
      session: 'after',
      dateStatus: 'confirmed',
    });
  });
});

describe(analystTrendsOf.name, () => {
  it('dates months back from the answer’s time', () => {
    const trends = analystTrendsOf(summary, apple, new Date('2025-02-24T09:34:52Z'));
    expect(trends.map((t) => [t.month, t.buy, t.hold])).toEqual([
      ['2025-01-01', 21, 13],
      ['2025-02-01', 21, 14],
    ]);
  });
});

describe(analystRatingsOf.name, () => {
  it('maps Yahoo’s action codes and keeps price targets', () => {
    expect(analystRatingsOf(summary, apple).map((r) => [r.date, r.firm, r.action, r.toGrade, r.priceTarget])).toEqual([
      ['2025-01-31', 'Citigroup', 'maintain', 'Buy', null],
      ['2025-01-06', 'Loop Capital', 'downgrade', 'Hold', null],
      ['2024-12-10', 'Jefferies', 'initiate', 'Buy', 300],
    ]);
    expect(analystRatingsOf(summary, apple)[2]?.fromGrade).toBeNull();
  });
});

describe(shortInterestOf.name, () => {
  it('gives the latest settlement and the previous one', () => {
    expect(shortInterestOf(summary, apple)).toEqual([
      { ...apple, settlementDate: '2024-12-31', sharesShort: 150 },
      {
        ...apple,
        settlementDate: '2025-01-31',
        sharesShort: 120,
        previousSharesShort: 150,
        changePercent: -20,
        daysToCover: 2.5,
        averageVolume: 1000,
        percentOfFloat: 1,
      },
    ]);
  });
});

describe(summaryDividendsOf.name, () => {
  it('gives the ex-date, payment date, amount and frequency', () => {
    expect(summaryDividendsOf(summary, apple)).toEqual([
      { ...apple, exDate: '2025-02-10', paymentDate: '2025-02-13', amount: 0.25, frequency: 4 },
    ]);
  });

  it('gives nothing when the last dividend is not that ex-date’s', () => {
    const stale = structuredClone(summaryBody);
    const stats = stale.quoteSummary.result[0]?.defaultKeyStatistics;
    if (stats) stats.lastDividendDate = epoch('2024-11-08T00:00:00Z');
    expect(summaryDividendsOf(summaryOf(stale) ?? {}, apple)).toEqual([]);
  });
});

describe(newsOf.name, () => {
  it('reads search news with the publisher, image and related tickers in our form', () => {
    const body = {
      news: [
        {
          uuid: 'u1',
          title: ' Berkshire letter ',
          publisher: 'Motley Fool',
          link: 'https://finance.yahoo.com/m/u1.html',
          providerPublishTime: epoch('2025-02-25T09:52:00Z'),
          type: 'STORY',
          thumbnail: {
            resolutions: [
              { url: 'https://img/140', tag: '140x140' },
              { url: 'https://img/o', tag: 'original' },
            ],
          },
          relatedTickers: ['BRK-B', 'AAPL'],
        },
        { uuid: 'u2', title: 'Video', providerPublishTime: epoch('2025-02-25T00:20:00Z'), type: 'VIDEO' },
        { title: 'no id' },
      ],
    };
    expect(newsOf(body)).toEqual([
      {
        externalId: 'u1',
        title: 'Berkshire letter',
        url: 'https://finance.yahoo.com/m/u1.html',
        imageUrl: 'https://img/o',
        author: 'Motley Fool',
        newsType: 'story',
        tags: [],
        symbols: ['BRK.B', 'AAPL'],
        publishedAt: new Date('2025-02-25T09:52:00Z'),
      },
      expect.objectContaining({ externalId: 'u2', newsType: 'headline', url: null, imageUrl: null, symbols: [] }),
    ]);
  });
});

describe(recordedRequest.name, () => {
  it('reads what a recorded request asked for from its URL', () => {
    expect(recordedRequest('https://query2.finance.yahoo.com/v7/finance/quote?symbols=AAPL,BABA&crumb=x')).toEqual({
      kind: 'quote',
      keys: ['AAPL', 'BABA'],
    });
    expect(recordedRequest('https://query2.finance.yahoo.com/v8/finance/chart/%5EVXAPL?interval=1d')).toEqual({
      kind: 'chart',
      keys: ['^VXAPL'],
    });
    expect(recordedRequest('https://query2.finance.yahoo.com/v10/finance/quoteSummary/AAPL?modules=earnings')).toEqual({
      kind: 'quoteSummary',
      keys: ['AAPL'],
    });
    expect(recordedRequest('https://query2.finance.yahoo.com/v1/finance/search?q=AAPL&newsCount=4')).toEqual({
      kind: 'search',
      keys: ['AAPL'],
    });
    expect(recordedRequest('not a url')).toBeNull();
  });
});
