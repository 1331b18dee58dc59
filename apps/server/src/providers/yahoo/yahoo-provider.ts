/**
 * Yahoo Finance (through yahoo-finance2): quotes, daily and intraday bars with dividend and split events, the
 * earnings Yahoo can date, analyst ratings and monthly trends, short interest, the upcoming dividend and news.
 *
 * Live runs need the assets to fetch (`--symbols`): Yahoo has no list of everything. Recorded runs without assets
 * cover every symbol of the recording. One quoteSummary call per asset serves the earnings, ratings, trends, short
 * interest and dividend datasets (cached for the provider's life, like charts).
 */
import { addDays, nyDate } from '@eh/domain';
import { batches, type DatasetHandlers, datasetsOf, dispatchDatasets, inWindow } from '../datasets.ts';
import { createVendorHttpClient, providerUserAgent } from '../http.ts';
import { type AssetKey, DATASETS, type FetchParams, type MarketDataProvider, type ProviderEnv } from '../types.ts';
import {
  analystRatingsOf,
  analystTrendsOf,
  assetOfYahoo,
  type ChartRecords,
  chartOf,
  earningsOf,
  lastReleaseOfQuote,
  newsOf,
  quotesOf,
  shortInterestOf,
  summaryDividendsOf,
  summaryOf,
  yahooSymbol,
} from './transform.ts';
import {
  type ChartQuery,
  createRecordedYahooSource,
  createYahooApi,
  type RecordedKind,
  type YahooAnswer,
  type YahooSource,
} from './yahoo-api.ts';

export const YAHOO_PROVIDER = 'yahoo';
/** Symbols per quote request. */
const QUOTE_BATCH = 50;
/** Daily history fetched when no window is given (SPEC §9 default range is 4y; a year more for comparisons). */
const DEFAULT_HISTORY_YEARS = 5;
const INTRADAY_DAYS = 5;

export function createYahooProvider(env: ProviderEnv): MarketDataProvider {
  const rate = env.config.YAHOO_REQUESTS_PER_SECOND;
  const source: YahooSource = env.fromFile
    ? createRecordedYahooSource(env.fromFile)
    : createYahooApi(
        createVendorHttpClient({
          provider: YAHOO_PROVIDER,
          userAgent: providerUserAgent(env.config),
          requestsPerSecond: rate,
          timeoutMs: env.config.PROVIDER_TIMEOUT_MS,
        }),
      );
  const now = () => env.now ?? new Date();

  /** The assets a fetch covers: the requested ones, else (recorded) every symbol recorded for that kind. */
  async function targets(params: FetchParams, kind: RecordedKind): Promise<AssetKey[]> {
    if (params.assets) return params.assets;
    const recorded = await source.recordedSymbols(kind);
    if (!recorded) throw new Error('yahoo needs the assets to fetch (--symbols): Yahoo has no list of everything');
    return recorded.flatMap((symbol) => assetOfYahoo(symbol) ?? []);
  }

  const summaries = new Map<string, Promise<YahooAnswer | null>>();
  const summary = (asset: AssetKey, signal?: AbortSignal) => {
    const key = yahooSymbol(asset);
    let answer = summaries.get(key);
    if (!answer) {
      answer = source.quoteSummary(key, signal);
      summaries.set(key, answer);
    }
    return answer;
  };

  const charts = new Map<string, Promise<ChartRecords>>();
  const chart = (asset: AssetKey, query: ChartQuery, signal?: AbortSignal) => {
    const key = `${yahooSymbol(asset)}|${query.interval}|${query.period1.toISOString()}|${query.period2.toISOString()}`;
    let records = charts.get(key);
    if (!records) {
      records = source.chart(yahooSymbol(asset), query, signal).then((answers) => {
        // Several answers (recordings) may overlap: one record per day, bar time or event date.
        const parts = answers.map(({ body }) => chartOf(body, asset));
        return {
          dailyBars: uniqueBy(
            parts.flatMap((p) => p.dailyBars),
            (b) => b.date,
          ),
          intradayBars: uniqueBy(
            parts.flatMap((p) => p.intradayBars),
            (b) => b.ts.toISOString(),
          ),
          dividends: uniqueBy(
            parts.flatMap((p) => p.dividends),
            (d) => d.exDate,
          ),
          splits: uniqueBy(
            parts.flatMap((p) => p.splits),
            (d) => d.date,
          ),
        };
      });
      charts.set(key, records);
    }
    return records;
  };

  const dailyWindow = (params: FetchParams): ChartQuery => {
    const today = nyDate(now());
    const to = params.to ?? today;
    const from = params.from ?? addDays(to, -Math.round(DEFAULT_HISTORY_YEARS * 365.25));
    // period2 is exclusive at Yahoo: the day after `to`.
    return { period1: new Date(`${from}T00:00:00Z`), period2: new Date(`${addDays(to, 1)}T00:00:00Z`), interval: '1d' };
  };

  async function* quotes(params: FetchParams) {
    const assets = await targets(params, 'quote');
    for (const group of batches(assets, QUOTE_BATCH)) {
      const bySymbol = new Map(group.map((asset) => [yahooSymbol(asset), asset]));
      const answers = await source.quote([...bySymbol.keys()], params.signal);
      const records = answers.flatMap(({ body }) => quotesOf(body, bySymbol));
      if (records.length > 0) yield records;
    }
  }

  function fromChart<K extends keyof ChartRecords>(part: K, intraday = false) {
    return async function* (params: FetchParams): AsyncIterable<ChartRecords[K]> {
      for (const asset of await targets(params, 'chart')) {
        const query: ChartQuery = intraday
          ? { period1: new Date(now().getTime() - INTRADAY_DAYS * 86_400_000), period2: now(), interval: '5m' }
          : dailyWindow(params);
        const records = (await chart(asset, query, params.signal))[part];
        if (records.length > 0) yield records;
      }
    };
  }

  async function* dividends(params: FetchParams) {
    for (const asset of await targets(params, 'chart')) {
      const history = (await chart(asset, dailyWindow(params), params.signal)).dividends;
      const answer = asset.type === 'crypto' ? null : await summary(asset, params.signal);
      const result = answer && summaryOf(answer.body);
      // The summary's dividend has the payment date; the chart's of the same ex-date does not.
      const upcoming = result ? summaryDividendsOf(result, asset) : [];
      const byDate = new Map([...history, ...upcoming].map((d) => [d.exDate, d]));
      const records = [...byDate.values()].filter((d) => inWindow(d.exDate, params));
      if (records.length > 0) yield records;
    }
  }

  function fromSummary<R>(
    read: (result: Record<string, unknown>, asset: AssetKey, answer: YahooAnswer) => R[],
    dateOf: (record: R) => string,
  ) {
    return async function* (params: FetchParams): AsyncIterable<R[]> {
      for (const asset of await targets(params, 'quoteSummary')) {
        const answer = await summary(asset, params.signal);
        const result = answer && summaryOf(answer.body);
        const records = (answer && result ? read(result, asset, answer) : []).filter((r) =>
          inWindow(dateOf(r), params),
        );
        if (records.length > 0) yield records;
      }
    };
  }

  async function* earnings(params: FetchParams) {
    for (const asset of await targets(params, 'quoteSummary')) {
      const answer = await summary(asset, params.signal);
      const result = answer && summaryOf(answer.body);
      if (!result) continue;
      // The quote's earningsTimestamp dates the last release to the minute; the summary alone gives the call.
      const quote = await source.quote([yahooSymbol(asset)], params.signal);
      const lastRelease = quote.map(({ body }) => lastReleaseOfQuote(body, yahooSymbol(asset))).find(Boolean) ?? null;
      const records = earningsOf(result, asset, { lastRelease }).filter((e) => inWindow(e.date, params));
      if (records.length > 0) yield records;
    }
  }

  async function* news(params: FetchParams) {
    for (const asset of await targets(params, 'search')) {
      const answer = await source.search(yahooSymbol(asset), params.signal);
      const records = answer ? newsOf(answer.body) : [];
      if (records.length > 0) yield records;
    }
  }

  const handlers: DatasetHandlers = {
    quotes,
    dailyBars: fromChart('dailyBars'),
    intradayBars: fromChart('intradayBars', true),
    earnings,
    dividends,
    splits: fromChart('splits'),
    shortInterest: fromSummary(shortInterestOf, (r) => r.settlementDate),
    analystRatings: fromSummary(analystRatingsOf, (r) => r.date),
    analystTrends: fromSummary(
      (result, asset, answer) => analystTrendsOf(result, asset, answer.fetchedAt ?? now()),
      (r) => r.month,
    ),
    news,
  };

  return {
    name: YAHOO_PROVIDER,
    datasets: datasetsOf(handlers, DATASETS),
    batchSize: QUOTE_BATCH,
    rateLimitPerSecond: rate,
    canHandle: (asset) =>
      asset.type === 'stock' || asset.type === 'otc' || asset.type === 'index' || asset.type === 'crypto',
    fetch: dispatchDatasets(YAHOO_PROVIDER, handlers),
  };
}

/** The last record per key, in key order. */
function uniqueBy<T>(records: readonly T[], key: (record: T) => string): T[] {
  const byKey = new Map(records.map((record) => [key(record), record]));
  return [...byKey.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, record]) => record);
}
