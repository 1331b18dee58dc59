/**
 * Market data for the web client (SPEC §7 market data, earnings, events, files and pricing, news): one RTK Query
 * endpoint per contract, typed from `@eh/contracts` (types only: zod stays out of the bundle). Paths are checked
 * against the contracts by the compiler. Every endpoint provides the `MarketData` tag, so a sign-in or sign-out
 * (which changes what the plan unlocks) refetches them all; finer tags name the entity.
 */

import type {
  getAnalyzerFile,
  getAssetDividends,
  getAssetFiles,
  getAssetGuidance,
  getAssetInfo,
  getAssetMetrics,
  getAssetNews,
  getAssetRatings,
  getAssetShortInterests,
  getAssetsInfo,
  getAssetTransactions,
  getDelayedMarketQuotes,
  getDividendCalendar,
  getEvent,
  getFile,
  getFileAnalysis,
  getFileContent,
  getFileContents,
  getIndexRebalances,
  getIntradaySummaries,
  getMarketHolidays,
  getMarketIndex,
  getMarketShortInterests,
  getMarketStatus,
  getMetricStats,
  getMovers,
  getNews,
  getNewsItem,
  getQuote,
  getQuotes,
  getSummaries,
  getSymbolEarnings,
  getSymbolEvents,
  getTagNews,
  getTopMarket,
  getTopMarketEarnings,
  getTopMarketSymbols,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { api, PLAN_GATED_TAG } from '../api.ts';
import { fillPath } from '../routes.ts';
import { newerQuote } from './newer-quote.ts';

/** The contract paths, each checked against its contract's `path` by the compiler. */
const PATHS = {
  marketStatus: paths.getMarketStatus,
  marketHolidays: paths.getMarketHolidays,
  quote: paths.getQuote,
  quotes: paths.getQuotes,
  delayedQuotes: paths.getDelayedMarketQuotes,
  assetInfo: paths.getAssetInfo,
  assetsInfo: paths.getAssetsInfo,
  topMarket: paths.getTopMarket,
  topMarketSymbols: paths.getTopMarketSymbols,
  movers: paths.getMovers,
  summaries: paths.getSummaries,
  intraday: paths.getIntradaySummaries,
  shortInterests: paths.getAssetShortInterests,
  marketShortInterests: paths.getMarketShortInterests,
  dividends: paths.getAssetDividends,
  dividendCalendar: paths.getDividendCalendar,
  marketIndex: paths.getMarketIndex,
  indexRebalances: paths.getIndexRebalances,
  assetMetrics: paths.getAssetMetrics,
  transactions: paths.getAssetTransactions,
  symbolEarnings: paths.getSymbolEarnings,
  topMarketEarnings: paths.getTopMarketEarnings,
  symbolEvents: paths.getSymbolEvents,
  event: paths.getEvent,
  assetFiles: paths.getAssetFiles,
  file: paths.getFile,
  fileContent: paths.getFileContent,
  fileAnalysis: paths.getFileAnalysis,
  analyzerFile: paths.getAnalyzerFile,
  fileContents: paths.getFileContents,
  ratings: paths.getAssetRatings,
  guidance: paths.getAssetGuidance,
  metricStats: paths.getMetricStats,
  news: paths.getNews,
  assetNews: paths.getAssetNews,
  tagNews: paths.getTagNews,
  newsItem: paths.getNewsItem,
} as const;

/** Path parameters are strings or numbers on the wire, whatever the contract coerces them to. */
type PathParams = Record<string, string | number>;
const path = (pattern: string, params: PathParams): string =>
  fillPath(pattern, Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])));

/** Keeps only the query part of an argument (drops the path parameters). */
function without<T extends object, K extends keyof T>(args: T, ...keys: K[]): Omit<T, K> {
  const out = { ...args };
  for (const key of keys) delete out[key];
  return out;
}

export const MARKET_TAG_TYPES = [
  PLAN_GATED_TAG,
  'Quote',
  'Asset',
  'Earnings',
  'Events',
  'Files',
  'News',
  'Ratings',
  'MarketIndex',
] as const;

const MARKET = PLAN_GATED_TAG;

// Argument types: path parameters plus the query of each contract.
export type SymbolArgs = { symbol: string };
export type AssetInfoArgs = ParamsOf<typeof getAssetInfo> & NonNullable<QueryOf<typeof getAssetInfo>>;
export type QuoteArgs = ParamsOf<typeof getQuote>;
export type QuotesArgs = NonNullable<QueryOf<typeof getQuotes>>;
export type AssetsInfoArgs = NonNullable<QueryOf<typeof getAssetsInfo>>;
export type SummariesArgs = ParamsOf<typeof getSummaries> & NonNullable<QueryOf<typeof getSummaries>>;
export type IntradayArgs = ParamsOf<typeof getIntradaySummaries> & NonNullable<QueryOf<typeof getIntradaySummaries>>;
export type ShortInterestsArgs = ParamsOf<typeof getAssetShortInterests> &
  NonNullable<QueryOf<typeof getAssetShortInterests>>;
export type DividendsArgs = ParamsOf<typeof getAssetDividends> & NonNullable<QueryOf<typeof getAssetDividends>>;
export type TransactionsArgs = ParamsOf<typeof getAssetTransactions> &
  NonNullable<QueryOf<typeof getAssetTransactions>>;
export type SymbolEarningsArgs = ParamsOf<typeof getSymbolEarnings> & NonNullable<QueryOf<typeof getSymbolEarnings>>;
export type SymbolEventsArgs = ParamsOf<typeof getSymbolEvents> & NonNullable<QueryOf<typeof getSymbolEvents>>;
export type AssetFilesArgs = ParamsOf<typeof getAssetFiles> & NonNullable<QueryOf<typeof getAssetFiles>>;
/** The contract coerces the year from the path; the client sends a number. */
export type FileContentsArgs = Omit<ParamsOf<typeof getFileContents>, 'periodYear'> & { periodYear: number };
export type RatingsArgs = ParamsOf<typeof getAssetRatings> & NonNullable<QueryOf<typeof getAssetRatings>>;
export type GuidanceArgs = ParamsOf<typeof getAssetGuidance> & NonNullable<QueryOf<typeof getAssetGuidance>>;
export type AssetNewsArgs = ParamsOf<typeof getAssetNews> & NonNullable<QueryOf<typeof getAssetNews>>;
export type TagNewsArgs = ParamsOf<typeof getTagNews> & NonNullable<QueryOf<typeof getTagNews>>;
export type IndexArgs = ParamsOf<typeof getMarketIndex>;
export type RebalancesArgs = ParamsOf<typeof getIndexRebalances> & NonNullable<QueryOf<typeof getIndexRebalances>>;

// Answers.
export type MarketStatusResponse = ResponseOf<typeof getMarketStatus>;
export type QuoteResponse = ResponseOf<typeof getQuote>;
export type AssetInfoResponse = ResponseOf<typeof getAssetInfo>;
export type SummariesResponse = ResponseOf<typeof getSummaries>;
export type IntradayResponse = ResponseOf<typeof getIntradaySummaries>;
export type ShortInterestsResponse = ResponseOf<typeof getAssetShortInterests>;
export type DividendsResponse = ResponseOf<typeof getAssetDividends>;
export type TransactionsResponse = ResponseOf<typeof getAssetTransactions>;
export type SymbolEarningsResponse = ResponseOf<typeof getSymbolEarnings>;
export type SymbolEarningsRow = SymbolEarningsResponse['earnings'][number];
export type SymbolEventsResponse = ResponseOf<typeof getSymbolEvents>;
export type CalendarEventItem = SymbolEventsResponse['events'][number];
export type AssetFilesResponse = ResponseOf<typeof getAssetFiles>;
export type SecFilingItem = AssetFilesResponse['filings'][number];
export type FileMetaItem = AssetFilesResponse['files'][number];
export type FileContentResponse = ResponseOf<typeof getFileContent>;
export type FileContentsResponse = ResponseOf<typeof getFileContents>;
export type FileAnalysisResponse = ResponseOf<typeof getFileAnalysis>;
export type RatingsResponse = ResponseOf<typeof getAssetRatings>;
export type GuidanceResponse = ResponseOf<typeof getAssetGuidance>;
export type MetricStatsResponse = ResponseOf<typeof getMetricStats>;
export type NewsListResponse = ResponseOf<typeof getAssetNews>;
export type NewsListItem = NewsListResponse['news'][number];
export type MarketIndexResponse = ResponseOf<typeof getMarketIndex>;
export type AssetMetricsArgs = ParamsOf<typeof getAssetMetrics> & NonNullable<QueryOf<typeof getAssetMetrics>>;
export type AssetMetricsResponse = ResponseOf<typeof getAssetMetrics>;

const marketTagged = api.enhanceEndpoints({ addTagTypes: MARKET_TAG_TYPES });

export const marketApi = marketTagged.injectEndpoints({
  endpoints: (build) => ({
    // ---- market status ----------------------------------------------------------------------------------------
    getMarketStatus: build.query<MarketStatusResponse, void>({
      query: () => PATHS.marketStatus,
      providesTags: [MARKET],
    }),
    getMarketHolidays: build.query<
      ResponseOf<typeof getMarketHolidays>,
      NonNullable<QueryOf<typeof getMarketHolidays>>
    >({
      query: (args) => ({ url: PATHS.marketHolidays, params: args }),
      providesTags: [MARKET],
    }),

    // ---- quotes -----------------------------------------------------------------------------------------------
    // Polled and streamed: a polled answer never replaces a newer quote the live socket wrote into the cache (the
    // demo's simulated ticks are newer than the stored quote), and a provider's fresher stored quote always lands.
    getQuote: build.query<QuoteResponse, QuoteArgs>({
      query: (args) => path(PATHS.quote, args),
      providesTags: (_r, _e, { symbol }) => [MARKET, { type: 'Quote', id: symbol.toUpperCase() }],
      merge: (held, incoming) => newerQuote(held, incoming),
    }),
    getQuotes: build.query<ResponseOf<typeof getQuotes>, QuotesArgs>({
      query: (args) => ({ url: PATHS.quotes, params: args }),
      providesTags: [MARKET, 'Quote'],
      merge: (held, incoming) => {
        const heldByKey = new Map(held.quotes.map((quote) => [`${quote.type}:${quote.symbol}`, quote]));
        return {
          ...incoming,
          quotes: incoming.quotes.map((quote) => {
            const kept = heldByKey.get(`${quote.type}:${quote.symbol}`);
            return kept ? newerQuote(kept, quote) : quote;
          }),
        };
      },
    }),
    getDelayedMarketQuotes: build.query<
      ResponseOf<typeof getDelayedMarketQuotes>,
      NonNullable<QueryOf<typeof getDelayedMarketQuotes>>
    >({
      query: (args) => ({ url: PATHS.delayedQuotes, params: args }),
      providesTags: [MARKET, 'Quote'],
    }),

    // ---- assets -----------------------------------------------------------------------------------------------
    getAssetInfo: build.query<AssetInfoResponse, AssetInfoArgs>({
      query: (args) => ({ url: path(PATHS.assetInfo, { symbol: args.symbol }), params: without(args, 'symbol') }),
      providesTags: (_r, _e, { symbol }) => [MARKET, { type: 'Asset', id: symbol.toUpperCase() }],
    }),
    getAssetsInfo: build.query<ResponseOf<typeof getAssetsInfo>, AssetsInfoArgs>({
      query: (args) => ({ url: PATHS.assetsInfo, params: args }),
      providesTags: [MARKET, 'Asset'],
    }),
    getTopMarket: build.query<ResponseOf<typeof getTopMarket>, NonNullable<QueryOf<typeof getTopMarket>>>({
      query: (args) => ({ url: PATHS.topMarket, params: args }),
      providesTags: [MARKET, 'Asset'],
    }),
    getTopMarketSymbols: build.query<
      ResponseOf<typeof getTopMarketSymbols>,
      NonNullable<QueryOf<typeof getTopMarketSymbols>>
    >({
      query: (args) => ({ url: PATHS.topMarketSymbols, params: args }),
      providesTags: [MARKET, 'Asset'],
    }),
    getMovers: build.query<ResponseOf<typeof getMovers>, NonNullable<QueryOf<typeof getMovers>>>({
      query: (args) => ({ url: PATHS.movers, params: args }),
      providesTags: [MARKET, 'Quote'],
    }),

    // ---- charts -----------------------------------------------------------------------------------------------
    getSummaries: build.query<SummariesResponse, SummariesArgs>({
      query: (args) => ({ url: path(PATHS.summaries, { symbol: args.symbol }), params: without(args, 'symbol') }),
      providesTags: (_r, _e, { symbol }) => [MARKET, { type: 'Quote', id: symbol.toUpperCase() }],
    }),
    getIntradaySummaries: build.query<IntradayResponse, IntradayArgs>({
      query: (args) => ({ url: path(PATHS.intraday, { symbol: args.symbol }), params: without(args, 'symbol') }),
      providesTags: (_r, _e, { symbol }) => [MARKET, { type: 'Quote', id: symbol.toUpperCase() }],
    }),

    // ---- short interest and dividends -------------------------------------------------------------------------
    getAssetShortInterests: build.query<ShortInterestsResponse, ShortInterestsArgs>({
      query: (args) => ({ url: path(PATHS.shortInterests, { symbol: args.symbol }), params: without(args, 'symbol') }),
      providesTags: [MARKET],
    }),
    getMarketShortInterests: build.query<
      ResponseOf<typeof getMarketShortInterests>,
      NonNullable<QueryOf<typeof getMarketShortInterests>>
    >({
      query: (args) => ({ url: PATHS.marketShortInterests, params: args }),
      providesTags: [MARKET],
    }),
    getAssetDividends: build.query<DividendsResponse, DividendsArgs>({
      query: (args) => ({ url: path(PATHS.dividends, { symbol: args.symbol }), params: without(args, 'symbol') }),
      providesTags: [MARKET],
    }),
    getDividendCalendar: build.query<
      ResponseOf<typeof getDividendCalendar>,
      NonNullable<QueryOf<typeof getDividendCalendar>>
    >({
      query: (args) => ({ url: PATHS.dividendCalendar, params: args }),
      providesTags: [MARKET],
    }),

    // ---- our indexes and metrics ------------------------------------------------------------------------------
    getAssetMetrics: build.query<AssetMetricsResponse, AssetMetricsArgs>({
      query: (args) => ({ url: path(PATHS.assetMetrics, { symbol: args.symbol }), params: without(args, 'symbol') }),
      providesTags: [MARKET],
    }),
    getMarketIndex: build.query<MarketIndexResponse, IndexArgs>({
      query: (args) => path(PATHS.marketIndex, args),
      providesTags: (_r, _e, { id }) => [MARKET, { type: 'MarketIndex', id }],
    }),
    getIndexRebalances: build.query<ResponseOf<typeof getIndexRebalances>, RebalancesArgs>({
      query: (args) => ({ url: path(PATHS.indexRebalances, { id: args.id }), params: without(args, 'id') }),
      providesTags: (_r, _e, { id }) => [MARKET, { type: 'MarketIndex', id }],
    }),
    getMetricStats: build.query<MetricStatsResponse, NonNullable<QueryOf<typeof getMetricStats>>>({
      query: (args) => ({ url: PATHS.metricStats, params: args }),
      providesTags: [MARKET, 'MarketIndex'],
    }),

    // ---- community trades -------------------------------------------------------------------------------------
    getAssetTransactions: build.query<TransactionsResponse, TransactionsArgs>({
      query: (args) => ({
        url: path(PATHS.transactions, { type: args.type, symbol: args.symbol }),
        params: without(args, 'type', 'symbol'),
      }),
      providesTags: [MARKET],
    }),

    // ---- earnings ---------------------------------------------------------------------------------------------
    getSymbolEarnings: build.query<SymbolEarningsResponse, SymbolEarningsArgs>({
      query: (args) => ({ url: path(PATHS.symbolEarnings, { symbol: args.symbol }), params: without(args, 'symbol') }),
      providesTags: (_r, _e, { symbol }) => [MARKET, { type: 'Earnings', id: symbol.toUpperCase() }],
    }),
    getTopMarketEarnings: build.query<
      ResponseOf<typeof getTopMarketEarnings>,
      NonNullable<QueryOf<typeof getTopMarketEarnings>>
    >({
      query: (args) => ({ url: PATHS.topMarketEarnings, params: args }),
      providesTags: [MARKET, 'Earnings'],
    }),

    // ---- events -----------------------------------------------------------------------------------------------
    getSymbolEvents: build.query<SymbolEventsResponse, SymbolEventsArgs>({
      query: (args) => ({ url: path(PATHS.symbolEvents, { symbol: args.symbol }), params: without(args, 'symbol') }),
      providesTags: [MARKET, 'Events'],
    }),
    getEvent: build.query<ResponseOf<typeof getEvent>, { id: number }>({
      query: (args) => path(PATHS.event, args),
      providesTags: (_r, _e, { id }) => [MARKET, { type: 'Events', id }],
    }),

    // ---- files, transcripts and SEC filings -------------------------------------------------------------------
    getAssetFiles: build.query<AssetFilesResponse, AssetFilesArgs>({
      query: (args) => ({ url: path(PATHS.assetFiles, { symbol: args.symbol }), params: without(args, 'symbol') }),
      providesTags: [MARKET, 'Files'],
    }),
    getFile: build.query<ResponseOf<typeof getFile>, { id: string }>({
      query: (args) => path(PATHS.file, args),
      providesTags: (_r, _e, { id }) => [MARKET, { type: 'Files', id }],
    }),
    getFileContent: build.query<FileContentResponse, { id: string }>({
      query: (args) => path(PATHS.fileContent, args),
      providesTags: (_r, _e, { id }) => [MARKET, { type: 'Files', id }],
    }),
    getFileAnalysis: build.query<FileAnalysisResponse, { id: string }>({
      query: (args) => path(PATHS.fileAnalysis, args),
      providesTags: (_r, _e, { id }) => [MARKET, { type: 'Files', id }],
    }),
    getAnalyzerFile: build.query<ResponseOf<typeof getAnalyzerFile>, { id: string }>({
      query: (args) => path(PATHS.analyzerFile, args),
      providesTags: (_r, _e, { id }) => [MARKET, { type: 'Files', id }],
    }),
    getFileContents: build.query<FileContentsResponse, FileContentsArgs>({
      query: (args) => path(PATHS.fileContents, args),
      providesTags: [MARKET, 'Files'],
    }),

    // ---- analysts and guidance --------------------------------------------------------------------------------
    getAssetRatings: build.query<RatingsResponse, RatingsArgs>({
      query: (args) => ({ url: path(PATHS.ratings, { symbol: args.symbol }), params: without(args, 'symbol') }),
      providesTags: [MARKET, 'Ratings'],
    }),
    getAssetGuidance: build.query<GuidanceResponse, GuidanceArgs>({
      query: (args) => ({ url: path(PATHS.guidance, { symbol: args.symbol }), params: without(args, 'symbol') }),
      providesTags: [MARKET, 'Ratings'],
    }),

    // ---- news -------------------------------------------------------------------------------------------------
    getNews: build.query<ResponseOf<typeof getNews>, NonNullable<QueryOf<typeof getNews>>>({
      query: (args) => ({ url: PATHS.news, params: args }),
      providesTags: [MARKET, 'News'],
    }),
    getAssetNews: build.query<NewsListResponse, AssetNewsArgs>({
      query: (args) => ({ url: path(PATHS.assetNews, { symbol: args.symbol }), params: without(args, 'symbol') }),
      providesTags: [MARKET, 'News'],
    }),
    getTagNews: build.query<ResponseOf<typeof getTagNews>, TagNewsArgs>({
      query: (args) => ({ url: path(PATHS.tagNews, { tag: args.tag }), params: without(args, 'tag') }),
      providesTags: [MARKET, 'News'],
    }),
    getNewsItem: build.query<ResponseOf<typeof getNewsItem>, { id: number }>({
      query: (args) => path(PATHS.newsItem, args),
      providesTags: (_r, _e, { id }) => [MARKET, { type: 'News', id }],
    }),
  }),
});

export const {
  useGetMarketStatusQuery,
  useGetAssetMetricsQuery,
  useGetMarketHolidaysQuery,
  useGetQuoteQuery,
  useGetQuotesQuery,
  useGetDelayedMarketQuotesQuery,
  useGetAssetInfoQuery,
  useGetAssetsInfoQuery,
  useGetTopMarketQuery,
  useGetTopMarketSymbolsQuery,
  useGetMoversQuery,
  useGetSummariesQuery,
  useGetIntradaySummariesQuery,
  useGetAssetShortInterestsQuery,
  useGetMarketShortInterestsQuery,
  useGetAssetDividendsQuery,
  useGetDividendCalendarQuery,
  useGetMarketIndexQuery,
  useGetIndexRebalancesQuery,
  useGetMetricStatsQuery,
  useGetAssetTransactionsQuery,
  useGetSymbolEarningsQuery,
  useGetTopMarketEarningsQuery,
  useGetSymbolEventsQuery,
  useGetEventQuery,
  useGetAssetFilesQuery,
  useGetFileQuery,
  useGetFileContentQuery,
  useGetFileAnalysisQuery,
  useGetAnalyzerFileQuery,
  useGetFileContentsQuery,
  useGetAssetRatingsQuery,
  useGetAssetGuidanceQuery,
  useGetNewsQuery,
  useGetAssetNewsQuery,
  useGetTagNewsQuery,
  useGetNewsItemQuery,
} = marketApi;
