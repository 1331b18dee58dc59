/**
 * Market-data enumerations and limits of SPEC §3 and §9, named once for the server, the contracts and the web app.
 */

/** SPEC §3 asset types in market data (cash belongs to lists only). */
export const MARKET_ASSET_TYPES = ['stock', 'crypto', 'otc', 'index'] as const;
export type MarketAssetType = (typeof MARKET_ASSET_TYPES)[number];

/** Fiscal quarters as the API names them (`period`); `periodYear` is the fiscal year. */
export const FISCAL_PERIODS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;
export type FiscalPeriod = (typeof FISCAL_PERIODS)[number];

/**
 * Whether an earnings date is a fact or a guess. Peers show estimates as facts; we never do: a confirmed date
 * comes from the company (press release, 8-K Item 2.02, investor-relations calendar), an estimated one is our
 * projection or a vendor's.
 */
export const EARNINGS_DATE_STATUSES = ['confirmed', 'estimated'] as const;
export type EarningsDateStatus = (typeof EARNINGS_DATE_STATUSES)[number];

/** SPEC §3 content types (news and feed). */
export const CONTENT_TYPES = [
  'earnings_results',
  'transcript',
  'transcript_summary',
  'live_call',
  'recorded_call',
  'story',
  'headline',
  'wiim',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** SPEC §3 feed item kinds. */
export const FEED_ITEM_KINDS = [
  'earningsResults',
  'article',
  'headline',
  'transcript',
  'transcriptSummary',
  'liveCall',
  'recordedCall',
] as const;
export type FeedItemKind = (typeof FEED_ITEM_KINDS)[number];

/** SPEC §3 call media. */
export const CALL_MEDIA = ['audio', 'transcript'] as const;
export type CallMedia = (typeof CALL_MEDIA)[number];

/** SPEC §3 calendar event types and statuses. */
export const CALENDAR_EVENT_TYPES = [
  'call',
  'economic',
  'economic_fed',
  'ipo',
  'dividend_ex',
  'dividend_payment',
] as const;
export type CalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number];
export const EVENT_STATUSES = ['upcoming', 'live', 'closed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** SPEC §3 symbol filter groups; `{product}_custom` is `earningshub_custom`. */
export const CUSTOM_SYMBOL_FILTER = 'earningshub_custom';
export const SYMBOL_FILTERS = [
  'all',
  'popular',
  'one_billion',
  'ten_billion',
  'hundred_billion',
  CUSTOM_SYMBOL_FILTER,
] as const;
export type SymbolFilter = (typeof SYMBOL_FILTERS)[number];
/** SPEC §3: the legacy filter value that migrates to the custom filter. */
export const LEGACY_ALERTS_FILTER = 'earningshub_alerts';
/** Market-cap floors of the cap filter groups, in dollars. */
export const SYMBOL_FILTER_MIN_MARKET_CAP = {
  one_billion: 1e9,
  ten_billion: 1e10,
  hundred_billion: 1e11,
} as const satisfies Partial<Record<SymbolFilter, number>>;

/** SPEC §3 calendar sort keys. */
export const EARNINGS_SORT_KEYS = [
  'popularity',
  'time',
  'marketCap',
  'alphabetical',
  'yoyPercentChangeRevenue',
  'yoyPercentChangeEPS',
  /** The company's typical move after its reports, biggest first (decision 0045). */
  'typicalMove',
] as const;
export type EarningsSortKey = (typeof EARNINGS_SORT_KEYS)[number];

/** SPEC §3 metrics and ranking. */
export const METRICS = ['ps', 'pe', 'yoyEps', 'yoyRevenue', 'overallScore'] as const;
export type Metric = (typeof METRICS)[number];
export const RANKINGS = ['top500'] as const;
export type Ranking = (typeof RANKINGS)[number];

/** SPEC §3 chart types and ranges. */
export const CHART_TYPES = ['line', 'candlestick'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export const CHART_RANGES = ['1d', '1w', '1m', '6m', 'ytd', '1y', '5y', 'all'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** Kinds of stored files (a call's transcript, slides, report, recording). */
export const FILE_TYPES = ['transcript', 'slides', 'report', 'audio'] as const;
export type FileType = (typeof FILE_TYPES)[number];
/** The named file feed (GET /pricing/files/filter/{filter}, the socket's filesFilter) of each type, besides `latest`. */
export const FILE_TYPE_FEEDS = {
  transcript: 'transcripts',
  slides: 'slides',
  report: 'reports',
  audio: 'audio',
} as const satisfies Record<FileType, string>;

/** Analyst rating actions as vendors report them. */
export const RATING_ACTIONS = ['upgrade', 'downgrade', 'initiate', 'maintain', 'reiterate'] as const;
export type RatingAction = (typeof RATING_ACTIONS)[number];

/** SPEC §3 SEC filing types: stored key, label and the theme colour the UI shows them in. */
export const SEC_FILING_KINDS = [
  { key: 'sec_10k', form: '10-K', label: 'Annual Report', color: 'info' },
  { key: 'sec_10q', form: '10-Q', label: 'Quarterly Report', color: 'success' },
  { key: 'sec_8k', form: '8-K', label: 'Current Report', color: 'error' },
  { key: 'sec_20f', form: '20-F', label: 'Foreign Annual Report', color: 'info' },
  { key: 'sec_6k', form: '6-K', label: 'Foreign Current Report', color: 'success' },
  { key: 'sec_def14a', form: 'DEF 14A', label: 'Proxy Statement', color: 'warning' },
  { key: 'sec_13d', form: '13D', label: 'Beneficial Ownership', color: 'error' },
  { key: 'sec_13g', form: '13G', label: 'Beneficial Ownership', color: 'success' },
  { key: 'sec_4', form: 'Form 4', label: 'Insider Trading', color: 'warning' },
  { key: 'sec_s1', form: 'S-1', label: 'Registration Statement', color: 'warning' },
  { key: 'sec_425', form: '425', label: 'Prospectus', color: 'warning' },
] as const;
export type SecFilingKind = (typeof SEC_FILING_KINDS)[number];
export type SecFilingType = SecFilingKind['key'];
export const SEC_FILING_TYPES = SEC_FILING_KINDS.map((kind) => kind.key) as SecFilingType[];
/** Forms outside the eleven kinds are kept, under this key. */
export const OTHER_FILING_TYPE = 'other';
export type StoredFilingType = SecFilingType | typeof OTHER_FILING_TYPE;

/** SPEC §9 default limits. */
export const DEFAULT_LIMITS = {
  news: 50,
  topStories: 5,
  tagNews: 5,
  multiSymbolNews: 5,
  eventPosts: 100,
  topMarketEarnings: 10,
  topMarketCapSymbols: 20,
  filesByFilter: 5,
} as const;
/** SPEC §9 "top market cap 0.5": the share of the universe's market cap the top-market cap list covers. */
export const TOP_MARKET_CAP_SHARE = 0.5;
/** SPEC §9: the default history range of earnings history and charts. */
export const DEFAULT_HISTORY_RANGE = '4y';
/** The largest `limit` any list endpoint accepts; more is a 400, never a slow query. */
export const MAX_LIST_LIMIT = 500;
/** The widest date window a calendar or history query accepts, in days. */
export const MAX_DATE_RANGE_DAYS = 3700;

/** The source label of everything the demo provider creates; the UI shows it. */
export const DEMO_SOURCE = 'demo';

/** SPEC §3 transaction types and statuses (lists and community trades). */
export const TRANSACTION_TYPES = [
  'initial_cash',
  'add',
  'buy',
  'comment',
  'sell',
  'deposit',
  'withdraw',
  'dividend_pay',
  'spinoff_adjustment',
  'spinoff_addition',
  'symbol_delist',
  'watch',
  'unwatch',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_STATUSES = ['pending', 'executed', 'failed', 'canceled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];
/** SPEC §5: a symbol's transaction view keeps only these types, and only executed ones. */
export const SYMBOL_VIEW_TRANSACTION_TYPES = [
  'comment',
  'buy',
  'sell',
  'add',
] as const satisfies readonly TransactionType[];
/** SPEC §3 asset types including cash, as lists hold them. */
export const ASSET_TYPES = ['cash', ...MARKET_ASSET_TYPES] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
