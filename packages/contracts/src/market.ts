import {
  DEFAULT_LIMITS,
  EH500_DESCRIPTION,
  EH500_INDEX_ID,
  EH500_NAME,
  EH500_RANKING,
  GATED_FEATURES,
  MARKET_DAY_STATUSES,
  MARKET_SESSION_STATUSES,
  MARKET_TIME_ZONE,
  type MarketAssetType,
  type StaticAssetListLayout,
  SYMBOL_VIEW_TRANSACTION_TYPES,
  TOP_MARKET_CAP_SHARE,
} from '@eh/domain';
import { z } from 'zod';
import {
  csvParam,
  IsoDateString,
  limitParam,
  MarketAssetTypeSchema,
  SymbolParams,
  SymbolString,
  withDateWindow,
} from './common.ts';
import { paths } from './paths.ts';
import { defineRoute, type ResponseOf } from './route.ts';
import { SafeString } from './text.ts';

/**
 * SPEC §7 Market data (public group): market status and holidays, quotes, bars, asset info, top market cap and
 * movers, chart summaries, short interest, dividends, our indexes, community trades by asset, and the static
 * asset lists the web client searches. Symbols match case-insensitively; a symbol held by several asset types
 * resolves to the stock, then the index, the OTC name, the crypto asset, unless `?type=` says which.
 */

const TAGS = ['market'];
const Datetime = z.iso.datetime();
const DateOut = z.iso.date();

/** `?flag=true|false` (also 1/0, yes/no); a bare `z.coerce.boolean()` would read 'false' as true. */
export const booleanParam = (defaultValue: boolean) => z.stringbool().default(defaultValue);

/** What a plan-trimmed answer left out (SPEC §3 gated features): the client prompts an upgrade with it. */
export const GatedHistory = z
  .object({
    feature: z.enum(GATED_FEATURES),
    /** How many items the caller's plan hid. */
    hidden: z.number().int(),
  })
  .nullable()
  .describe('Set when the plan trimmed the answer; null when nothing was hidden');
export type GatedHistory = z.infer<typeof GatedHistory>;

export const AssetRef = z.object({ type: MarketAssetTypeSchema, symbol: z.string() });
export type AssetRef = z.infer<typeof AssetRef>;

const TypeQuery = z.object({
  type: MarketAssetTypeSchema.optional().describe('Which asset when the symbol is held by several types'),
});

/** Most symbols one batch call takes, over all its lists. */
export const BATCH_SYMBOLS_MAX = 200;

/** The batch calls' symbol lists, one per asset type (SPEC: stocks, cryptos, otcs, indexes). */
export const ASSET_LIST_PARAMS = {
  stocks: 'stock',
  cryptos: 'crypto',
  otcs: 'otc',
  indexes: 'index',
} as const satisfies Record<string, MarketAssetType>;
const assetLists = z.object({
  stocks: csvParam(SymbolString, BATCH_SYMBOLS_MAX).optional(),
  cryptos: csvParam(SymbolString, BATCH_SYMBOLS_MAX).optional(),
  otcs: csvParam(SymbolString, BATCH_SYMBOLS_MAX).optional(),
  indexes: csvParam(SymbolString, BATCH_SYMBOLS_MAX).optional(),
});
function withBatchLimit<T extends z.ZodType<z.output<typeof assetLists>>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const total = Object.keys(ASSET_LIST_PARAMS).reduce(
      (sum, key) => sum + (value[key as keyof typeof ASSET_LIST_PARAMS]?.length ?? 0),
      0,
    );
    if (total > BATCH_SYMBOLS_MAX)
      ctx.addIssue({ code: 'custom', path: ['stocks'], message: `at most ${BATCH_SYMBOLS_MAX} symbols in all` });
  });
}

// ---- market status and holidays -------------------------------------------------------------------------------

export const TradingHoursOut = z.object({
  preMarketOpen: Datetime,
  open: Datetime,
  close: Datetime,
  afterHoursClose: Datetime,
});

export const MarketStatus = z.object({
  now: Datetime,
  timeZone: z.literal(MARKET_TIME_ZONE),
  /** Where the market is now: pre-market, regular hours, after-hours, or closed. */
  status: z.enum(MARKET_SESSION_STATUSES),
  /** The New York trading date of `now`. */
  date: DateOut,
  /** SPEC §3 market day status of `date`. */
  dayStatus: z.enum(MARKET_DAY_STATUSES),
  /** The holiday or early close of `date`, if any. */
  holiday: z.string().nullable(),
  /** The session times of `date`; null when the market is closed that day. */
  hours: TradingHoursOut.nullable(),
  nextOpen: Datetime,
  nextClose: Datetime,
});
export type MarketStatus = z.infer<typeof MarketStatus>;

export const getMarketStatus = defineRoute({
  method: 'GET',
  path: paths.getMarketStatus,
  group: 'public',
  summary: 'US stock market now: open, closed, pre- or after-market; next open and close; today incl. early close',
  tags: TAGS,
  response: MarketStatus,
});

export const MarketHolidayOut = z.object({
  date: DateOut,
  name: z.string(),
  status: z.enum(['closed', 'early-close']),
  /** The weekday that replaces a holiday falling on a weekend. */
  observed: z.boolean(),
  /** Regular close on an early-close day, New York 'HH:MM'; null on a full closure. */
  closeTime: z.string().nullable(),
});

/** Holidays listed when no end is given: a year ahead. */
export const HOLIDAYS_DEFAULT_DAYS = 365;

export const getMarketHolidays = defineRoute({
  method: 'GET',
  path: paths.getMarketHolidays,
  group: 'public',
  summary: 'Market holidays and early closes, from today (or start) for a year (or to end)',
  tags: TAGS,
  query: withDateWindow(z.object({ start: IsoDateString.optional(), end: IsoDateString.optional() })),
  response: z.object({ start: DateOut, end: DateOut, holidays: z.array(MarketHolidayOut) }),
});

// ---- quotes ---------------------------------------------------------------------------------------------------

export const ExtendedQuote = z.object({
  price: z.number(),
  session: z.enum(['pre', 'after']),
  at: Datetime.nullable(),
  /** Against the regular-session price. */
  change: z.number(),
  changePercent: z.number().nullable(),
});

/** SPEC §3 Quote (symbol, price, prevClose, lowPrice, highPrice, volume) with the day's change. */
export const Quote = z.object({
  symbol: z.string(),
  type: MarketAssetTypeSchema,
  name: z.string(),
  price: z.number(),
  prevClose: z.number().nullable(),
  open: z.number().nullable(),
  lowPrice: z.number().nullable(),
  highPrice: z.number().nullable(),
  volume: z.number().nullable(),
  change: z.number().nullable(),
  changePercent: z.number().nullable(),
  /** When the price was struck. */
  quotedAt: Datetime,
  source: z.string(),
  /** Pre- or after-market price; always on a single quote, on batch quotes with `extended=true`. */
  extended: ExtendedQuote.nullable().optional(),
});
export type Quote = z.infer<typeof Quote>;

export const getQuote = defineRoute({
  method: 'GET',
  path: paths.getQuote,
  group: 'public',
  summary: 'Latest quote of one asset, with its extended-hours price',
  tags: TAGS,
  params: z.object({ type: MarketAssetTypeSchema, symbol: SymbolString }),
  response: Quote,
});

export const getQuotes = defineRoute({
  method: 'GET',
  path: paths.getQuotes,
  group: 'public',
  summary: 'Latest quotes of several assets; unknown symbols are listed in `missing`',
  tags: TAGS,
  query: withBatchLimit(
    assetLists.extend({ extended: booleanParam(false).describe('Add the pre- or after-market price') }),
  ),
  response: z.object({ quotes: z.array(Quote), missing: z.array(AssetRef) }),
});

/** SPEC's delayed quotes are 15 minutes behind, as free market data is. */
export const DELAYED_QUOTE_MINUTES = 15;

export const getDelayedMarketQuotes = defineRoute({
  method: 'GET',
  path: paths.getDelayedMarketQuotes,
  group: 'public',
  summary: `The market ${DELAYED_QUOTE_MINUTES} minutes ago: indexes and the top movers`,
  tags: TAGS,
  query: z.object({ limit: z.coerce.number().int().min(1).max(25).default(5).describe('Movers per list') }),
  response: z.object({
    delayMinutes: z.literal(DELAYED_QUOTE_MINUTES),
    /** Prices are as of this instant or earlier. */
    asOf: Datetime,
    indexes: z.array(Quote),
    gainers: z.array(Quote),
    losers: z.array(Quote),
    active: z.array(Quote),
  }),
});

// ---- bars -----------------------------------------------------------------------------------------------------

export const DailyBar = z.object({
  date: DateOut,
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type DailyBar = z.infer<typeof DailyBar>;

export const getOhlc = defineRoute({
  method: 'GET',
  path: paths.getOhlc,
  group: 'public',
  summary:
    "Each asset's daily bar of `date` (default: the latest); on a day without one (weekend, holiday, not yet traded) the last bar before it, whose own date is given",
  tags: TAGS,
  query: withBatchLimit(assetLists.extend({ date: IsoDateString.optional() })),
  response: z.object({
    date: DateOut.nullable(),
    bars: z.array(DailyBar.extend({ symbol: z.string(), type: MarketAssetTypeSchema })),
    missing: z.array(AssetRef),
  }),
});

// ---- asset info -----------------------------------------------------------------------------------------------

/** SPEC §3 Asset (symbol, uppercase copy, name, type) with its profile, 52-week range and latest quote. */
export const AssetInfo = z.object({
  symbol: z.string(),
  symbolUpper: z.string(),
  name: z.string(),
  type: MarketAssetTypeSchema,
  exchange: z.string().nullable(),
  cik: z.string().nullable(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  country: z.string().nullable(),
  currency: z.string(),
  description: z.string().nullable(),
  website: z.string().nullable(),
  fiscalYearEndMonth: z.number().int().nullable(),
  sharesOutstanding: z.number().nullable(),
  marketCap: z.number().nullable(),
  popularity: z.number().int(),
  active: z.boolean(),
  source: z.string(),
  fiftyTwoWeekHigh: z.number().nullable(),
  fiftyTwoWeekLow: z.number().nullable(),
  quote: Quote.nullable(),
});
export type AssetInfo = z.infer<typeof AssetInfo>;

export const getAssetInfo = defineRoute({
  method: 'GET',
  path: paths.getAssetInfo,
  group: 'public',
  summary: 'One asset: profile, market cap, 52-week range and latest quote',
  tags: TAGS,
  params: SymbolParams,
  query: TypeQuery,
  response: AssetInfo,
});

export const getAssetsInfo = defineRoute({
  method: 'GET',
  path: paths.getAssetsInfo,
  group: 'public',
  summary: 'Several assets at once; unknown symbols are listed in `missing`',
  tags: TAGS,
  query: withBatchLimit(assetLists),
  response: z.object({ assets: z.array(AssetInfo), missing: z.array(AssetRef) }),
});

export const getTopMarket = defineRoute({
  method: 'GET',
  path: paths.getTopMarket,
  group: 'public',
  summary: 'The largest stocks by market cap, with their quotes',
  tags: TAGS,
  query: z.object({ limit: limitParam(DEFAULT_LIMITS.topMarketCapSymbols) }),
  response: z.object({ assets: z.array(AssetInfo) }),
});

/**
 * SPEC §9 "top market cap symbols 20; top market cap 0.5", read as: the largest stocks, biggest first, until
 * together they hold `cap` (default 0.5) of the market cap of every stock we list, and at most `limit` (default
 * 20) of them.
 */
export const getTopMarketSymbols = defineRoute({
  method: 'GET',
  path: paths.getTopMarketSymbols,
  group: 'public',
  summary: 'Symbols of the largest stocks holding `cap` of the market cap of all stocks (at most `limit`)',
  tags: TAGS,
  query: z.object({
    cap: z.coerce.number().gt(0).max(1).default(TOP_MARKET_CAP_SHARE).describe('Share of total market cap, 0–1'),
    limit: limitParam(DEFAULT_LIMITS.topMarketCapSymbols),
    prices: booleanParam(false).describe('Add each symbol’s latest price'),
  }),
  response: z.object({
    cap: z.number(),
    totalMarketCap: z.number(),
    /** Share of the total the returned symbols hold (below `cap` when `limit` cut the list). */
    coveredShare: z.number(),
    symbols: z.array(z.string()),
    prices: z.record(z.string(), z.number()).optional(),
  }),
});

export const MOVER_LISTS = ['gainers', 'losers', 'active', 'popular'] as const;
export type MoverList = (typeof MOVER_LISTS)[number];
export const MOVERS_DEFAULT_LIMIT = 10;
export const MOVERS_MAX_LIMIT = 50;

export const Mover = Quote.extend({ marketCap: z.number().nullable() });

export const getMovers = defineRoute({
  method: 'GET',
  path: paths.getMovers,
  group: 'public',
  summary:
    'Home-page lists: biggest gainers and losers (stocks worth at least $1B), most active by volume, most popular',
  tags: TAGS,
  query: z.object({
    type: z.enum(MOVER_LISTS),
    assetType: MarketAssetTypeSchema.default('stock'),
    limit: z.coerce.number().int().min(1).max(MOVERS_MAX_LIMIT).default(MOVERS_DEFAULT_LIMIT),
  }),
  response: z.object({ type: z.enum(MOVER_LISTS), assets: z.array(Mover) }),
});

// ---- chart summaries ------------------------------------------------------------------------------------------

export const Dividend = z.object({
  exDate: DateOut,
  recordDate: DateOut.nullable(),
  paymentDate: DateOut.nullable(),
  declaredDate: DateOut.nullable(),
  amount: z.number(),
  /** Payments a year: 12, 4, 2, 1; null when irregular. */
  frequency: z.number().int().nullable(),
  source: z.string(),
});
export type Dividend = z.infer<typeof Dividend>;

export const Split = z.object({ date: DateOut, numerator: z.number(), denominator: z.number() });

const windowQuery = TypeQuery.extend({ start: IsoDateString.optional(), end: IsoDateString.optional() });

export const getSummaries = defineRoute({
  method: 'GET',
  path: paths.getSummaries,
  group: 'public',
  summary:
    'Daily bars with dividend and split events for a chart, from start to end (default: the 4 years to today); dividend history beyond the latest needs historicalDividends',
  tags: TAGS,
  params: SymbolParams,
  query: withDateWindow(windowQuery),
  response: z.object({
    symbol: z.string(),
    type: MarketAssetTypeSchema,
    start: DateOut,
    end: DateOut,
    bars: z.array(DailyBar),
    dividends: z.array(Dividend),
    splits: z.array(Split),
    gated: GatedHistory,
  }),
});

/** Bar widths the intraday chart offers, in minutes. */
export const INTRADAY_INTERVALS = [1, 5, 10, 15, 30, 60] as const;
export const INTRADAY_MAX_DAYS = 10;

export const IntradayBar = z.object({
  ts: Datetime,
  session: z.enum(['pre', 'regular', 'after']),
  /** This bar's width in minutes: extended-hours bars can be wider than regular ones when stored coarser. */
  interval: z.number().int(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});

export const getIntradaySummaries = defineRoute({
  method: 'GET',
  path: paths.getIntradaySummaries,
  group: 'public',
  summary:
    'Intraday bars of the last `days` trading days up to `date` (default: the latest with bars), regular hours plus pre-market (beforeHours) and after-hours (afterHours); bars are merged to `interval` minutes where the stored width allows',
  tags: TAGS,
  params: SymbolParams,
  query: TypeQuery.extend({
    interval: z.coerce
      .number()
      .int()
      .refine((value) => (INTRADAY_INTERVALS as readonly number[]).includes(value), {
        message: `must be one of ${INTRADAY_INTERVALS.join(', ')}`,
      })
      .default(5),
    date: IsoDateString.optional(),
    days: z.coerce.number().int().min(1).max(INTRADAY_MAX_DAYS).default(1),
    beforeHours: booleanParam(false),
    afterHours: booleanParam(false),
  }),
  response: z.object({
    symbol: z.string(),
    type: MarketAssetTypeSchema,
    /**
     * The regular session's bar width: the requested one, or the smallest multiple of the finest stored width
     * that reaches it. Each bar says its own.
     */
    interval: z.number().int(),
    dates: z.array(DateOut),
    bars: z.array(IntradayBar),
  }),
});

// ---- short interest and dividends -----------------------------------------------------------------------------

export const ShortInterest = z.object({
  settlementDate: DateOut,
  sharesShort: z.number(),
  previousSharesShort: z.number().nullable(),
  changePercent: z.number().nullable(),
  daysToCover: z.number().nullable(),
  averageVolume: z.number().nullable(),
  percentOfFloat: z.number().nullable(),
  source: z.string(),
});
export type ShortInterest = z.infer<typeof ShortInterest>;

const historyQuery = withDateWindow(
  windowQuery.extend({ latest: booleanParam(false).describe('Only the most recent one') }),
);

export const getAssetShortInterests = defineRoute({
  method: 'GET',
  path: paths.getAssetShortInterests,
  group: 'public',
  summary: 'Short interest of one asset, newest first; history beyond the latest needs the pro shortInterest feature',
  tags: TAGS,
  params: SymbolParams,
  query: historyQuery,
  response: z.object({
    symbol: z.string(),
    type: MarketAssetTypeSchema,
    items: z.array(ShortInterest),
    gated: GatedHistory,
  }),
});

export const SHORT_INTEREST_SORTS = ['percentOfFloat', 'daysToCover', 'sharesShort', 'changePercent'] as const;
export const MARKET_SHORT_INTERESTS_DEFAULT_LIMIT = 50;

export const getMarketShortInterests = defineRoute({
  method: 'GET',
  path: paths.getMarketShortInterests,
  group: 'public',
  summary:
    'The most shorted assets at a settlement date (default: the latest); earlier settlements need the pro shortInterest feature',
  tags: TAGS,
  query: z.object({
    date: IsoDateString.optional(),
    sort: z.enum(SHORT_INTEREST_SORTS).default('percentOfFloat'),
    limit: limitParam(MARKET_SHORT_INTERESTS_DEFAULT_LIMIT),
  }),
  response: z.object({
    settlementDate: DateOut.nullable(),
    items: z.array(ShortInterest.extend({ symbol: z.string(), type: MarketAssetTypeSchema, name: z.string() })),
    gated: GatedHistory,
  }),
});

export const getAssetDividends = defineRoute({
  method: 'GET',
  path: paths.getAssetDividends,
  group: 'public',
  summary:
    'Dividends of one asset, newest first; history beyond the latest paid one needs historicalDividends (plus and up)',
  tags: TAGS,
  params: SymbolParams,
  query: historyQuery,
  response: z.object({
    symbol: z.string(),
    type: MarketAssetTypeSchema,
    items: z.array(Dividend),
    gated: GatedHistory,
  }),
});

export const DIVIDEND_CALENDAR_DEFAULT_DAYS = 7;
export const DIVIDEND_CALENDAR_DEFAULT_LIMIT = 100;

export const getDividendCalendar = defineRoute({
  method: 'GET',
  path: paths.getDividendCalendar,
  group: 'public',
  summary:
    'Dividend calendar of the market by ex-date or payment date (default: the 7 days from today), biggest companies first within a day',
  tags: TAGS,
  query: withDateWindow(
    z.object({
      start: IsoDateString.optional(),
      end: IsoDateString.optional(),
      dateType: z.enum(['ex', 'payment']).default('ex'),
      limit: limitParam(DIVIDEND_CALENDAR_DEFAULT_LIMIT),
    }),
  ),
  response: z.object({
    start: DateOut,
    end: DateOut,
    items: z.array(
      Dividend.extend({
        symbol: z.string(),
        type: MarketAssetTypeSchema,
        name: z.string(),
        marketCap: z.number().nullable(),
      }),
    ),
    gated: GatedHistory,
  }),
});

// ---- EHS history ----------------------------------------------------------------------------------------------

export const MetricPoint = z.object({
  date: DateOut,
  /** The EHS (0–100); null when the plan hides it (`gated`) or the company was not scored that week. */
  overallScore: z.number().nullable(),
  ps: z.number().nullable(),
  pe: z.number().nullable(),
  yoyEps: z.number().nullable(),
  yoyRevenue: z.number().nullable(),
});
export type MetricPoint = z.infer<typeof MetricPoint>;

export const getAssetMetrics = defineRoute({
  method: 'GET',
  path: paths.getAssetMetrics,
  group: 'public',
  summary:
    'The weekly metrics of one asset (EHS and its four parts), oldest first, from start to end (default: the whole kept history); the score needs the pro ehs feature',
  tags: TAGS,
  params: SymbolParams,
  query: withDateWindow(windowQuery),
  response: z.object({
    symbol: z.string(),
    type: MarketAssetTypeSchema,
    start: DateOut,
    end: DateOut,
    points: z.array(MetricPoint),
    gated: GatedHistory,
  }),
});

// ---- our indexes ----------------------------------------------------------------------------------------------

const IndexParams = z.object({
  id: SafeString.regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be an index id'),
});

export const getMarketIndex = defineRoute({
  method: 'GET',
  path: paths.getMarketIndex,
  group: 'public',
  summary:
    'One of our indexes (EH500) with its constituents by rank; scores (EHS) need the pro ehs feature. Before its first ranking (the history fill) the EH500 answers ranked: false with no constituents',
  tags: TAGS,
  params: IndexParams,
  response: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    ranking: z.string(),
    /** False until the index is first ranked: then updatedAt is null and there are no constituents yet. */
    ranked: z.boolean(),
    updatedAt: Datetime.nullable(),
    constituents: z.array(
      z.object({
        rank: z.number().int(),
        symbol: z.string(),
        name: z.string(),
        type: MarketAssetTypeSchema,
        sector: z.string().nullable(),
        marketCap: z.number().nullable(),
        score: z.number().nullable(),
        weight: z.number().nullable(),
        addedDate: DateOut,
      }),
    ),
    gated: GatedHistory,
  }),
});

/** The EH500's answer before its first ranking (the history fill): the index, with no members yet. */
export const EH500_NOT_RANKED_ANSWER: ResponseOf<typeof getMarketIndex> = {
  id: EH500_INDEX_ID,
  name: EH500_NAME,
  description: EH500_DESCRIPTION,
  ranking: EH500_RANKING,
  ranked: false,
  updatedAt: null,
  constituents: [],
  gated: null,
};

export const REBALANCES_DEFAULT_LIMIT = 20;

export const getIndexRebalances = defineRoute({
  method: 'GET',
  path: paths.getIndexRebalances,
  group: 'public',
  summary: 'Rebalances of one of our indexes, newest first: symbols added and removed (none before its first ranking)',
  tags: TAGS,
  params: IndexParams,
  query: z.object({ limit: limitParam(REBALANCES_DEFAULT_LIMIT) }),
  response: z.object({
    id: z.string(),
    rebalances: z.array(z.object({ date: DateOut, added: z.array(z.string()), removed: z.array(z.string()) })),
  }),
});

// ---- community trades -----------------------------------------------------------------------------------------

export const COMMUNITY_TRADES_DEFAULT_LIMIT = 50;

export const CommunityTrade = z.object({
  id: z.number().int(),
  type: z.enum(SYMBOL_VIEW_TRANSACTION_TYPES),
  quantity: z.number().nullable(),
  price: z.number().nullable(),
  amount: z.number().nullable(),
  comment: z.string().nullable(),
  executedAt: Datetime,
  /** Public profile fields; null when the account is gone. */
  user: z.object({ id: z.string(), name: z.string().nullable(), avatarUrl: z.string().nullable() }).nullable(),
});

export const getAssetTransactions = defineRoute({
  method: 'GET',
  path: paths.getAssetTransactions,
  group: 'public',
  summary: "The community's executed buys, sells, adds and comments on an asset, newest first (SPEC §5)",
  tags: TAGS,
  params: z.object({ type: MarketAssetTypeSchema, symbol: SymbolString }),
  query: z.object({ limit: limitParam(COMMUNITY_TRADES_DEFAULT_LIMIT) }),
  response: z.object({ symbol: z.string(), type: MarketAssetTypeSchema, transactions: z.array(CommunityTrade) }),
});

// ---- static asset lists ---------------------------------------------------------------------------------------

/**
 * The asset lists the web client builds its search index from (SPEC §7 static GET files), columnar so that no
 * key repeats: entry `i` is `symbol[i]`, `name[i]`, `types[type[i]]`, `exchanges[exchange[i]]` (-1: none),
 * `marketCapM[i]` (market cap in millions of dollars, rounded; 0: unknown) and `popularity[i]`.
 */
export const StaticAssetList = z.object({
  /** Changes whenever the assets change. */
  version: z.string(),
  count: z.number().int(),
  types: z.array(MarketAssetTypeSchema),
  exchanges: z.array(z.string()),
  symbol: z.array(z.string()),
  name: z.array(z.string()),
  type: z.array(z.number().int()),
  exchange: z.array(z.number().int()),
  marketCapM: z.array(z.number().int()),
  popularity: z.array(z.number().int()),
});
export type StaticAssetList = z.infer<typeof StaticAssetList>;
// The layout itself (with its encoder and decoder) lives in the domain package, free of zod, for the web client.
const _sameLayout: StaticAssetListLayout = {} as StaticAssetList;
void _sameLayout;

export const getStaticAssets = defineRoute({
  method: 'GET',
  path: paths.getStaticAssets,
  group: 'public',
  summary: 'Every active stock, OTC name and crypto asset for client-side search (ETag, 304, gzip/brotli)',
  tags: TAGS,
  response: StaticAssetList,
});

export const getStaticIndexes = defineRoute({
  method: 'GET',
  path: paths.getStaticIndexes,
  group: 'public',
  summary: 'Every market index, in the asset list shape (ETag, 304, gzip/brotli)',
  tags: TAGS,
  response: StaticAssetList,
});
