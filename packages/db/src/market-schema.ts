/**
 * Market data (SPEC §3, §7; DESIGN §6). Providers write here through the ingestion writer; the API only reads.
 * Every row says where it came from (`source`: 'demo', 'sec', 'yahoo', …). Prices are double precision: vendors
 * deliver floats and the product displays them, it does no accounting with them.
 */
import {
  ASSET_TYPES,
  CALENDAR_EVENT_TYPES,
  EARNINGS_DATE_STATUSES,
  EVENT_STATUSES,
  FILE_TYPES,
  FISCAL_PERIODS,
  MARKET_ASSET_TYPES,
  SESSION_TYPES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '@eh/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Stocks, crypto, OTC names and indexes. `symbol` is the display form ('BRK.B'); `symbolUpper` its uppercase copy. */
export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    symbolUpper: text('symbol_upper').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: MARKET_ASSET_TYPES }).notNull(),
    exchange: text('exchange'),
    cik: text('cik'),
    sector: text('sector'),
    industry: text('industry'),
    country: text('country'),
    currency: text('currency').notNull().default('USD'),
    description: text('description'),
    website: text('website'),
    /** Month (1–12) the fiscal year ends in; NVIDIA's is 1. */
    fiscalYearEndMonth: smallint('fiscal_year_end_month'),
    sharesOutstanding: bigint('shares_outstanding', { mode: 'number' }),
    marketCap: doublePrecision('market_cap'),
    /** Higher is more followed: drives 'popular' filters, search ties and sort by popularity. */
    popularity: integer('popularity').notNull().default(0),
    /** CoinGecko id and the like: the provider's own key for this asset. */
    externalIds: jsonb('external_ids').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    active: boolean('active').notNull().default(true),
    source: text('source').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('assets_type_symbol_idx').on(t.type, t.symbolUpper),
    index('assets_symbol_upper_idx').on(t.symbolUpper),
    index('assets_market_cap_idx').on(t.type, t.marketCap.desc().nullsLast()),
    index('assets_popularity_idx').on(t.popularity.desc()),
    index('assets_cik_idx').on(t.cik),
  ],
);

/** The latest quote per asset, with the extended-hours price when there is one. */
export const quotes = pgTable('quotes', {
  assetId: integer('asset_id')
    .primaryKey()
    .references(() => assets.id, { onDelete: 'cascade' }),
  price: doublePrecision('price').notNull(),
  prevClose: doublePrecision('prev_close'),
  open: doublePrecision('open'),
  lowPrice: doublePrecision('low_price'),
  highPrice: doublePrecision('high_price'),
  volume: bigint('volume', { mode: 'number' }),
  extendedPrice: doublePrecision('extended_price'),
  extendedSession: text('extended_session', { enum: ['pre', 'after'] }),
  extendedAt: timestamp('extended_at', { withTimezone: true }),
  /** When the price was struck (not when we stored it). */
  quotedAt: timestamp('quoted_at', { withTimezone: true }).notNull(),
  source: text('source').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Daily bars, a row per asset and calendar quarter (decision 0054): the quarter's trading days as offsets from its
 * first day, and a value per day in each of the other arrays, in the days' order. A row of 63 days is about 2.8 kB,
 * over the 2 kB at which Postgres compresses it in place (storage `main`, set by the migration): five years of 741
 * assets take 31 MB where a row per day took 91 MB (70 MB of rows of 76 bytes, mostly their headers, and a 21 MB
 * key). Written only by the ingestion's daily-bars writer, which merges a batch into its quarters; read through
 * the view {@link ohlcDaily}.
 */
export const ohlcQuarters = pgTable(
  'ohlc_quarters',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    /** The quarter's first day. */
    quarter: date('quarter', { mode: 'string' }).notNull(),
    days: smallint('days').array().notNull(),
    open: doublePrecision('open').array().notNull(),
    high: doublePrecision('high').array().notNull(),
    low: doublePrecision('low').array().notNull(),
    close: doublePrecision('close').array().notNull(),
    volume: bigint('volume', { mode: 'number' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.quarter] })],
);

/**
 * A row per asset and day, unpacked from {@link ohlcQuarters} (a view, made by the migration). A reader bounds
 * `quarter` as well as `date` (`quarterOf`, daily-bars.ts): the key is (asset, quarter), and a bound on the date alone unpacks every
 * quarter of the asset.
 */
export const ohlcDaily = pgView('ohlc_daily', {
  assetId: integer('asset_id').notNull(),
  quarter: date('quarter', { mode: 'string' }).notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  open: doublePrecision('open').notNull(),
  high: doublePrecision('high').notNull(),
  low: doublePrecision('low').notNull(),
  close: doublePrecision('close').notNull(),
  volume: bigint('volume', { mode: 'number' }).notNull(),
}).existing();

/** Intraday bars of recent days, pre- and after-market included (`session` says which). */
export const ohlcIntraday = pgTable(
  'ohlc_intraday',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    intervalMinutes: smallint('interval_minutes').notNull(),
    session: text('session', { enum: ['pre', 'regular', 'after'] }).notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume: bigint('volume', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.intervalMinutes, t.ts] })],
);

/**
 * One row per company and fiscal quarter: when it reports (date, exact New York time where known, session,
 * confirmed or estimated, and who said so) and what it reported against estimates.
 */
export const earnings = pgTable(
  'earnings',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    periodYear: smallint('period_year').notNull(),
    period: text('period', { enum: FISCAL_PERIODS }).notNull(),
    /** Last day of the fiscal quarter. */
    periodEnd: date('period_end', { mode: 'string' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** 'HH:MM' America/New_York; null when only the day (or only the session) is known. */
    time: text('time'),
    session: text('session', { enum: SESSION_TYPES }),
    dateStatus: text('date_status', { enum: EARNINGS_DATE_STATUSES }).notNull(),
    dateSource: text('date_source').notNull(),
    epsEstimate: doublePrecision('eps_estimate'),
    epsActual: doublePrecision('eps_actual'),
    epsPriorYear: doublePrecision('eps_prior_year'),
    revenueEstimate: doublePrecision('revenue_estimate'),
    revenueActual: doublePrecision('revenue_actual'),
    revenuePriorYear: doublePrecision('revenue_prior_year'),
    /** Analysts behind the consensus. */
    estimateCount: smallint('estimate_count'),
    /** When the actuals landed. */
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    /** Close-to-close move around the report (pre/post earnings move), percent. */
    priceMovePercent: doublePrecision('price_move_percent'),
    source: text('source').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('earnings_asset_period_idx').on(t.assetId, t.periodYear, t.period),
    index('earnings_date_idx').on(t.date),
    index('earnings_asset_date_idx').on(t.assetId, t.date.desc()),
  ],
);

/** Every change of an earnings date: old → new, when, and which source said so. */
export const earningsDateChanges = pgTable(
  'earnings_date_changes',
  {
    id: serial('id').primaryKey(),
    earningsId: integer('earnings_id')
      .notNull()
      .references(() => earnings.id, { onDelete: 'cascade' }),
    oldDate: date('old_date', { mode: 'string' }),
    newDate: date('new_date', { mode: 'string' }).notNull(),
    oldTime: text('old_time'),
    newTime: text('new_time'),
    oldStatus: text('old_status', { enum: EARNINGS_DATE_STATUSES }),
    newStatus: text('new_status', { enum: EARNINGS_DATE_STATUSES }).notNull(),
    source: text('source').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('earnings_date_changes_earnings_idx').on(t.earningsId, t.changedAt)],
);

/** Corporate guidance: a company's own range for a metric of a coming period. */
export const guidance = pgTable(
  'guidance',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    periodYear: smallint('period_year').notNull(),
    /** A quarter, or 'FY' for the whole fiscal year. */
    period: text('period', { enum: [...FISCAL_PERIODS, 'FY'] }).notNull(),
    metric: text('metric', { enum: ['eps', 'revenue'] }).notNull(),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
    /** Consensus at the time of the guidance, for comparison. */
    consensus: doublePrecision('consensus'),
    issuedDate: date('issued_date', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
  },
  (t) => [
    uniqueIndex('guidance_unique_idx').on(t.assetId, t.periodYear, t.period, t.metric, t.issuedDate),
    index('guidance_issued_idx').on(t.assetId, t.issuedDate.desc()),
  ],
);

export const dividends = pgTable(
  'dividends',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    exDate: date('ex_date', { mode: 'string' }).notNull(),
    recordDate: date('record_date', { mode: 'string' }),
    paymentDate: date('payment_date', { mode: 'string' }),
    declaredDate: date('declared_date', { mode: 'string' }),
    amount: doublePrecision('amount').notNull(),
    /** Payments per year: 12, 4, 2, 1; null when irregular. */
    frequency: smallint('frequency'),
    source: text('source').notNull(),
  },
  (t) => [
    uniqueIndex('dividends_asset_ex_idx').on(t.assetId, t.exDate),
    index('dividends_ex_idx').on(t.exDate),
    index('dividends_payment_idx').on(t.paymentDate),
  ],
);

export const splits = pgTable(
  'splits',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    /** 4-for-1: numerator 4, denominator 1. */
    numerator: doublePrecision('numerator').notNull(),
    denominator: doublePrecision('denominator').notNull(),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.date] })],
);

/** Exchange-reported short interest, twice a month. */
export const shortInterest = pgTable(
  'short_interest',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    settlementDate: date('settlement_date', { mode: 'string' }).notNull(),
    sharesShort: bigint('shares_short', { mode: 'number' }).notNull(),
    previousSharesShort: bigint('previous_shares_short', { mode: 'number' }),
    changePercent: doublePrecision('change_percent'),
    daysToCover: doublePrecision('days_to_cover'),
    averageVolume: bigint('average_volume', { mode: 'number' }),
    percentOfFloat: doublePrecision('percent_of_float'),
    source: text('source').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.assetId, t.settlementDate] }),
    index('short_interest_date_idx').on(t.settlementDate),
  ],
);

export const analystRatings = pgTable(
  'analyst_ratings',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    firm: text('firm').notNull(),
    analyst: text('analyst'),
    /** upgrade, downgrade, initiate, maintain, reiterate. */
    action: text('action').notNull(),
    fromGrade: text('from_grade'),
    toGrade: text('to_grade'),
    priceTarget: doublePrecision('price_target'),
    priorPriceTarget: doublePrecision('prior_price_target'),
    source: text('source').notNull(),
  },
  (t) => [
    uniqueIndex('analyst_ratings_unique_idx').on(t.assetId, t.date, t.firm),
    index('analyst_ratings_asset_date_idx').on(t.assetId, t.date.desc()),
    index('analyst_ratings_date_idx').on(t.date.desc()),
  ],
);

/** Monthly consensus counts (strong buy … strong sell), as Yahoo's recommendationTrend gives them. */
export const analystTrends = pgTable(
  'analyst_trends',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    strongBuy: smallint('strong_buy').notNull().default(0),
    buy: smallint('buy').notNull().default(0),
    hold: smallint('hold').notNull().default(0),
    sell: smallint('sell').notNull().default(0),
    strongSell: smallint('strong_sell').notNull().default(0),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.month] })],
);

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    /** The vendor's id or URL hash, so re-ingestion updates instead of duplicating. */
    externalId: text('external_id').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary'),
    /** Sanitised HTML (allow-listed tags only); never the vendor's raw markup. */
    body: text('body'),
    url: text('url'),
    imageUrl: text('image_url'),
    author: text('author'),
    /** SPEC §3 content type. */
    newsType: text('news_type').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    symbols: text('symbols').array().notNull().default(sql`'{}'::text[]`),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('news_source_external_idx').on(t.source, t.externalId),
    index('news_published_idx').on(t.publishedAt.desc()),
    index('news_symbols_idx').using('gin', t.symbols),
    index('news_tags_idx').using('gin', t.tags),
    index('news_type_published_idx').on(t.newsType, t.publishedAt.desc()),
  ],
);

export const secFilings = pgTable(
  'sec_filings',
  {
    id: serial('id').primaryKey(),
    assetId: integer('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
    cik: text('cik').notNull(),
    accessionNumber: text('accession_number').notNull(),
    /** The form as filed ('10-K', '8-K/A', 'SC 13G'). */
    form: text('form').notNull(),
    /** One of SPEC's eleven kinds (sec_10k …) or 'other'. */
    kind: text('kind').notNull(),
    filedDate: date('filed_date', { mode: 'string' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    periodOfReport: date('period_of_report', { mode: 'string' }),
    /** 8-K item numbers ('2.02' is results of operations: an earnings release). */
    items: text('items').array().notNull().default(sql`'{}'::text[]`),
    primaryDocument: text('primary_document'),
    description: text('description'),
    url: text('url').notNull(),
    source: text('source').notNull(),
  },
  (t) => [
    uniqueIndex('sec_filings_accession_idx').on(t.accessionNumber, t.cik),
    index('sec_filings_asset_date_idx').on(t.assetId, t.filedDate.desc()),
    index('sec_filings_kind_date_idx').on(t.kind, t.filedDate.desc()),
  ],
);

/** Events: earnings calls, economic releases, Fed meetings, IPOs and dividend dates. */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    eventType: text('event_type', { enum: CALENDAR_EVENT_TYPES }).notNull(),
    eventStatus: text('event_status', { enum: EVENT_STATUSES }).notNull(),
    eventDate: timestamp('event_date', { withTimezone: true }).notNull(),
    assetId: integer('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
    symbol: text('symbol'),
    title: text('title').notNull(),
    description: text('description'),
    earningsId: integer('earnings_id').references(() => earnings.id, { onDelete: 'set null' }),
    periodYear: smallint('period_year'),
    period: text('period', { enum: FISCAL_PERIODS }),
    /** Economic: country, importance, actual / forecast / previous; IPO: price range, shares; call: webcast. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    audioUrl: text('audio_url'),
    youtubeUrl: text('youtube_url'),
    /** Stable key per source so re-ingestion updates in place. */
    externalId: text('external_id').notNull(),
    source: text('source').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('events_source_external_idx').on(t.source, t.externalId),
    index('events_date_idx').on(t.eventDate),
    index('events_type_status_date_idx').on(t.eventType, t.eventStatus, t.eventDate),
    index('events_asset_date_idx').on(t.assetId, t.eventDate.desc()),
  ],
);

/** Files of a company's quarter: transcript, slides, report, recording. `content` holds a transcript's sections. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    type: text('type', { enum: FILE_TYPES }).notNull(),
    periodYear: smallint('period_year').notNull(),
    period: text('period', { enum: FISCAL_PERIODS }).notNull(),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    url: text('url'),
    mimeType: text('mime_type'),
    /** Transcript: { sections: [{ title, paragraphs: [{ speaker, role, text, startMs? }] }] }. */
    content: jsonb('content').$type<Record<string, unknown>>(),
    externalFileId: text('external_file_id'),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_asset_period_idx').on(t.assetId, t.periodYear, t.period),
    index('files_type_date_idx').on(t.type, t.date.desc()),
    index('files_external_idx').on(t.externalFileId),
  ],
);

/** Analysis of a file (summary, highlights, sentiment), written by the AI summaries job. */
export const fileAnalysis = pgTable('file_analysis', {
  fileId: text('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  summary: text('summary').notNull(),
  highlights: jsonb('highlights').$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
  sentiment: doublePrecision('sentiment'),
  model: text('model').notNull(),
  source: text('source').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** SPEC §3 metrics per stock and day (ps, pe, yoyEps, yoyRevenue, overallScore = EHS), with history. */
export const metrics = pgTable(
  'metrics',
  {
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    ps: doublePrecision('ps'),
    pe: doublePrecision('pe'),
    yoyEps: doublePrecision('yoy_eps'),
    yoyRevenue: doublePrecision('yoy_revenue'),
    overallScore: doublePrecision('overall_score'),
    /** The score's parts, so the UI can explain it. */
    components: jsonb('components').$type<Record<string, number | null>>(),
  },
  (t) => [
    primaryKey({ columns: [t.assetId, t.date] }),
    index('metrics_date_score_idx').on(t.date, t.overallScore.desc().nullsLast()),
  ],
);

/** Our indexes (EH500) and their membership over time. */
export const marketIndexes = pgTable('market_indexes', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  /** SPEC ranking the index follows ('top500'). */
  ranking: text('ranking').notNull(),
  updatedAt: updatedAt(),
});

export const indexConstituents = pgTable(
  'index_constituents',
  {
    indexId: text('index_id')
      .notNull()
      .references(() => marketIndexes.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    score: doublePrecision('score'),
    weight: doublePrecision('weight'),
    addedDate: date('added_date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.indexId, t.assetId] }), index('index_constituents_rank_idx').on(t.indexId, t.rank)],
);

export const indexRebalances = pgTable(
  'index_rebalances',
  {
    id: serial('id').primaryKey(),
    indexId: text('index_id')
      .notNull()
      .references(() => marketIndexes.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    added: text('added').array().notNull().default(sql`'{}'::text[]`),
    removed: text('removed').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex('index_rebalances_date_idx').on(t.indexId, t.date)],
);

/**
 * Trades and other transactions users record in their lists (SPEC §3 transaction types and statuses). The lists
 * write them; the public community-trades call reads the executed buy/sell/add/comment ones by asset.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id').notNull(),
    listId: text('list_id'),
    symbol: text('symbol'),
    assetType: text('asset_type', { enum: ASSET_TYPES }).notNull(),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    status: text('status', { enum: TRANSACTION_STATUSES }).notNull(),
    quantity: doublePrecision('quantity'),
    price: doublePrecision('price'),
    amount: doublePrecision('amount'),
    comment: text('comment'),
    executedAt: timestamp('executed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('transactions_asset_idx').on(t.assetType, t.symbol, t.executedAt.desc()),
    index('transactions_user_idx').on(t.userId, t.executedAt.desc()),
  ],
);

/** One row per ingestion run: what a provider added, changed, skipped and failed. */
export const ingestionRuns = pgTable(
  'ingestion_runs',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    dataset: text('dataset').notNull(),
    status: text('status', { enum: ['running', 'succeeded', 'failed', 'partial'] }).notNull(),
    added: integer('added').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    message: text('message'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('ingestion_runs_provider_idx').on(t.provider, t.startedAt.desc())],
);

/** The Postgres job queue (DESIGN §2): workers claim due jobs with `for update skip locked`. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** A job with a key is queued once until it finishes (a schedule cannot pile up). */
    uniqueKey: text('unique_key'),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_unique_key_idx').on(t.uniqueKey).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
