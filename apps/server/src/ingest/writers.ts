/**
 * One writer per dataset: maps a provider's records to rows (asset ids resolved, text sanitised) and upserts them
 * with {@link upsertRows}. Each writer is called inside its batch's transaction.
 */

import { isIsoDate } from '@eh/domain';
import { sql } from 'drizzle-orm';
import type { AssetKey, Dataset, DatasetRecords } from '../providers/index.ts';
import { assetKeyOf } from './asset-ids.ts';
import {
  col,
  type DatasetWriter,
  dateOrAbsent,
  emptyCounts,
  finite,
  finiteOrAbsent,
  hasAsset,
  upsertCounted as upsert,
  validDate,
  validRecords,
  type WriteContext,
  withAssetIds,
} from './batch.ts';
import { type Row, rowsOf, type UpsertSpec } from './bulk.ts';
import { writeEarnings } from './earnings.ts';
import { newsSlug, plainText, sanitizeNewsBody } from './news-text.ts';

/** An asset-scoped dataset: validate, resolve ids, map to rows, upsert on the key. */
function assetScoped<D extends Dataset>(
  what: string,
  spec: UpsertSpec,
  valid: (record: DatasetRecords[D]) => boolean,
  toRow: (record: DatasetRecords[D], assetId: number, ctx: WriteContext) => Row,
): DatasetWriter<D> {
  return async (db, records, ctx) => {
    const counts = emptyCounts();
    const kept = validRecords(records, valid, counts, what);
    const paired = await withAssetIds(db, kept as (DatasetRecords[D] & AssetKey)[], ctx, counts);
    const rows = paired.map(({ record, assetId }) => toRow(record, assetId, ctx));
    await upsert(
      db,
      spec,
      rows,
      counts,
      (row) => spec.conflict.map((c) => String(row[c])).join('\u0000'),
      ctx.insertHints,
    );
    return counts;
  };
}

const writeAssets: DatasetWriter<'assets'> = async (db, records, ctx) => {
  const counts = emptyCounts();
  const kept = validRecords(
    records,
    (r) => hasAsset(r) && typeof r.name === 'string' && r.name.trim() !== '',
    counts,
    'assets',
  );
  const rows = kept.map(
    (r): Row => ({
      type: r.type,
      symbol: r.symbol.trim(),
      symbol_upper: r.symbol.trim().toUpperCase(),
      name: r.name.trim(),
      exchange: r.exchange,
      cik: r.cik === undefined || r.cik === null ? r.cik : r.cik.replace(/^0+/, ''),
      sector: r.sector,
      industry: r.industry,
      country: r.country,
      currency: r.currency,
      description: r.description,
      website: r.website,
      fiscal_year_end_month: r.fiscalYearEndMonth,
      shares_outstanding: r.sharesOutstanding,
      market_cap: r.marketCap,
      popularity: r.popularity,
      external_ids: r.externalIds,
      active: r.active,
      source: ctx.source,
    }),
  );
  await upsert(
    db,
    {
      table: 'assets',
      columns: [
        col('type', 'text', true),
        col('symbol', 'text', true),
        col('symbol_upper', 'text', true),
        col('name', 'text', true),
        col('exchange', 'text'),
        col('cik', 'text'),
        col('sector', 'text'),
        col('industry', 'text'),
        col('country', 'text'),
        col('currency', 'text', false, `'USD'`),
        col('description', 'text'),
        col('website', 'text'),
        col('fiscal_year_end_month', 'int2'),
        col('shares_outstanding', 'int8'),
        col('market_cap', 'float8'),
        col('popularity', 'int4', false, '0'),
        col('external_ids', 'jsonb', false, `'{}'::jsonb`),
        col('active', 'bool', false, 'true'),
        col('source', 'text', true),
      ],
      conflict: ['type', 'symbol_upper'],
      alsoSet: ['source'],
      touch: 'updated_at',
      // Each provider adds its own key (a CoinGecko id) without dropping another's.
      mergeExpr: { external_ids: 'assets.external_ids || excluded.external_ids' },
    },
    rows,
    counts,
    (row) => `${row.type}:${row.symbol_upper}`,
    ctx.insertHints,
  );
  return counts;
};

const writeQuotes = assetScoped<'quotes'>(
  'quotes',
  {
    table: 'quotes',
    columns: [
      col('asset_id', 'int4', true),
      col('price', 'float8', true),
      col('prev_close', 'float8'),
      col('open', 'float8'),
      col('low_price', 'float8'),
      col('high_price', 'float8'),
      col('volume', 'int8'),
      col('extended_price', 'float8'),
      col('extended_session', 'text'),
      col('extended_at', 'timestamptz'),
      col('quoted_at', 'timestamptz', true),
      col('source', 'text', true),
    ],
    conflict: ['asset_id'],
    alsoSet: ['source'],
    touch: 'updated_at',
  },
  (r) => hasAsset(r) && finite(r.price) && validDate(r.quotedAt),
  (r, assetId, ctx) => ({
    asset_id: assetId,
    price: r.price,
    prev_close: r.prevClose,
    open: r.open,
    low_price: r.lowPrice,
    high_price: r.highPrice,
    volume: r.volume,
    extended_price: r.extendedPrice,
    extended_session: r.extendedSession,
    extended_at: r.extendedAt,
    quoted_at: r.quotedAt,
    source: ctx.source,
  }),
);

const ohlcColumns = [
  col('open', 'float8', true),
  col('high', 'float8', true),
  col('low', 'float8', true),
  col('close', 'float8', true),
  col('volume', 'int8', true),
];
const validBar = (r: { open: number; high: number; low: number; close: number; volume: number }) =>
  finite(r.open) && finite(r.high) && finite(r.low) && finite(r.close) && finite(r.volume);

const writeDailyBars = assetScoped<'dailyBars'>(
  'daily bars',
  {
    table: 'ohlc_daily',
    columns: [col('asset_id', 'int4', true), col('date', 'date', true), ...ohlcColumns],
    conflict: ['asset_id', 'date'],
  },
  (r) => hasAsset(r) && isIsoDate(r.date) && validBar(r),
  (r, assetId) => ({
    asset_id: assetId,
    date: r.date,
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    volume: r.volume,
  }),
);

const writeIntradayBars = assetScoped<'intradayBars'>(
  'intraday bars',
  {
    table: 'ohlc_intraday',
    columns: [
      col('asset_id', 'int4', true),
      col('interval_minutes', 'int2', true),
      col('ts', 'timestamptz', true),
      col('session', 'text', true),
      ...ohlcColumns,
    ],
    conflict: ['asset_id', 'interval_minutes', 'ts'],
  },
  (r) => hasAsset(r) && validDate(r.ts) && Number.isInteger(r.intervalMinutes) && r.intervalMinutes > 0 && validBar(r),
  (r, assetId) => ({
    asset_id: assetId,
    interval_minutes: r.intervalMinutes,
    ts: r.ts,
    session: r.session,
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    volume: r.volume,
  }),
);

const writeGuidance = assetScoped<'guidance'>(
  'guidance',
  {
    table: 'guidance',
    columns: [
      col('asset_id', 'int4', true),
      col('period_year', 'int2', true),
      col('period', 'text', true),
      col('metric', 'text', true),
      col('issued_date', 'date', true),
      col('low', 'float8', true),
      col('high', 'float8', true),
      col('consensus', 'float8'),
      col('source', 'text', true),
    ],
    conflict: ['asset_id', 'period_year', 'period', 'metric', 'issued_date'],
    alsoSet: ['source'],
  },
  (r) =>
    hasAsset(r) &&
    Number.isInteger(r.periodYear) &&
    isIsoDate(r.issuedDate) &&
    finiteOrAbsent(r.low) &&
    finiteOrAbsent(r.high),
  (r, assetId, ctx) => ({
    asset_id: assetId,
    period_year: r.periodYear,
    period: r.period,
    metric: r.metric,
    issued_date: r.issuedDate,
    low: r.low,
    high: r.high,
    consensus: r.consensus,
    source: ctx.source,
  }),
);

const writeDividends = assetScoped<'dividends'>(
  'dividends',
  {
    table: 'dividends',
    columns: [
      col('asset_id', 'int4', true),
      col('ex_date', 'date', true),
      col('record_date', 'date'),
      col('payment_date', 'date'),
      col('declared_date', 'date'),
      col('amount', 'float8', true),
      col('frequency', 'int2'),
      col('source', 'text', true),
    ],
    conflict: ['asset_id', 'ex_date'],
    alsoSet: ['source'],
  },
  (r) =>
    hasAsset(r) &&
    isIsoDate(r.exDate) &&
    finite(r.amount) &&
    dateOrAbsent(r.recordDate) &&
    dateOrAbsent(r.paymentDate) &&
    dateOrAbsent(r.declaredDate),
  (r, assetId, ctx) => ({
    asset_id: assetId,
    ex_date: r.exDate,
    record_date: r.recordDate,
    payment_date: r.paymentDate,
    declared_date: r.declaredDate,
    amount: r.amount,
    frequency: r.frequency,
    source: ctx.source,
  }),
);

const writeSplits = assetScoped<'splits'>(
  'splits',
  {
    table: 'splits',
    columns: [
      col('asset_id', 'int4', true),
      col('date', 'date', true),
      col('numerator', 'float8', true),
      col('denominator', 'float8', true),
      col('source', 'text', true),
    ],
    conflict: ['asset_id', 'date'],
    alsoSet: ['source'],
  },
  (r) => hasAsset(r) && isIsoDate(r.date) && finite(r.numerator) && finite(r.denominator) && r.denominator !== 0,
  (r, assetId, ctx) => ({
    asset_id: assetId,
    date: r.date,
    numerator: r.numerator,
    denominator: r.denominator,
    source: ctx.source,
  }),
);

const writeShortInterest = assetScoped<'shortInterest'>(
  'short interest',
  {
    table: 'short_interest',
    columns: [
      col('asset_id', 'int4', true),
      col('settlement_date', 'date', true),
      col('shares_short', 'int8', true),
      col('previous_shares_short', 'int8'),
      col('change_percent', 'float8'),
      col('days_to_cover', 'float8'),
      col('average_volume', 'int8'),
      col('percent_of_float', 'float8'),
      col('source', 'text', true),
    ],
    conflict: ['asset_id', 'settlement_date'],
    alsoSet: ['source'],
  },
  (r) => hasAsset(r) && isIsoDate(r.settlementDate) && finite(r.sharesShort),
  (r, assetId, ctx) => ({
    asset_id: assetId,
    settlement_date: r.settlementDate,
    shares_short: Math.round(r.sharesShort),
    previous_shares_short:
      r.previousSharesShort === undefined || r.previousSharesShort === null
        ? r.previousSharesShort
        : Math.round(r.previousSharesShort),
    change_percent: r.changePercent,
    days_to_cover: r.daysToCover,
    average_volume:
      r.averageVolume === undefined || r.averageVolume === null ? r.averageVolume : Math.round(r.averageVolume),
    percent_of_float: r.percentOfFloat,
    source: ctx.source,
  }),
);

const writeAnalystRatings = assetScoped<'analystRatings'>(
  'analyst ratings',
  {
    table: 'analyst_ratings',
    columns: [
      col('asset_id', 'int4', true),
      col('date', 'date', true),
      col('firm', 'text', true),
      col('analyst', 'text'),
      col('action', 'text', true),
      col('from_grade', 'text'),
      col('to_grade', 'text'),
      col('price_target', 'float8'),
      col('prior_price_target', 'float8'),
      col('source', 'text', true),
    ],
    conflict: ['asset_id', 'date', 'firm'],
    alsoSet: ['source'],
  },
  (r) =>
    hasAsset(r) &&
    isIsoDate(r.date) &&
    typeof r.firm === 'string' &&
    r.firm.trim() !== '' &&
    typeof r.action === 'string',
  (r, assetId, ctx) => ({
    asset_id: assetId,
    date: r.date,
    firm: r.firm.trim(),
    analyst: r.analyst,
    action: r.action,
    from_grade: r.fromGrade,
    to_grade: r.toGrade,
    price_target: r.priceTarget,
    prior_price_target: r.priorPriceTarget,
    source: ctx.source,
  }),
);

const writeAnalystTrends = assetScoped<'analystTrends'>(
  'analyst trends',
  {
    table: 'analyst_trends',
    columns: [
      col('asset_id', 'int4', true),
      col('month', 'date', true),
      col('strong_buy', 'int2', true),
      col('buy', 'int2', true),
      col('hold', 'int2', true),
      col('sell', 'int2', true),
      col('strong_sell', 'int2', true),
      col('source', 'text', true),
    ],
    conflict: ['asset_id', 'month'],
    alsoSet: ['source'],
  },
  (r) => hasAsset(r) && isIsoDate(r.month),
  (r, assetId, ctx) => ({
    asset_id: assetId,
    month: r.month,
    strong_buy: r.strongBuy,
    buy: r.buy,
    hold: r.hold,
    sell: r.sell,
    strong_sell: r.strongSell,
    source: ctx.source,
  }),
);

const writeNews: DatasetWriter<'news'> = async (db, records, ctx) => {
  const counts = emptyCounts();
  const kept = validRecords(
    records,
    (r) =>
      typeof r.externalId === 'string' &&
      r.externalId !== '' &&
      typeof r.title === 'string' &&
      validDate(r.publishedAt),
    counts,
    'news items',
  );
  const rows = kept.flatMap((r): Row[] => {
    const title = plainText(r.title);
    if (!title) {
      counts.errors += 1;
      counts.problems.push(`news item ${r.externalId} has no title once its markup is removed`);
      return [];
    }
    return [
      {
        source: ctx.source,
        external_id: r.externalId,
        slug: newsSlug(title, ctx.source, r.externalId),
        title,
        summary: r.summary === undefined || r.summary === null ? r.summary : plainText(r.summary) || null,
        body: r.body === undefined ? undefined : sanitizeNewsBody(r.body),
        url: r.url,
        image_url: r.imageUrl,
        author: r.author,
        news_type: r.newsType,
        tags: [...new Set(r.tags)],
        symbols: [...new Set(r.symbols.map((s) => s.trim().toUpperCase()).filter(Boolean))],
        published_at: r.publishedAt,
      },
    ];
  });
  await upsert(
    db,
    {
      table: 'news',
      columns: [
        col('source', 'text', true),
        col('external_id', 'text', true),
        col('slug', 'text', true),
        col('title', 'text', true),
        col('summary', 'text'),
        col('body', 'text'),
        col('url', 'text'),
        col('image_url', 'text'),
        col('author', 'text'),
        col('news_type', 'text', true),
        col('tags', 'text[]', true),
        col('symbols', 'text[]', true),
        col('published_at', 'timestamptz', true),
      ],
      conflict: ['source', 'external_id'],
    },
    rows,
    counts,
    (row) => String(row.external_id),
    ctx.insertHints,
  );
  return counts;
};

/** 8-K items as bare numbers ('Item 2.02' → '2.02'), so the earnings confirmation can match them in SQL. */
const normalizeItems = (items: readonly string[] | undefined) =>
  items === undefined
    ? undefined
    : [...new Set(items.map((item) => item.replace(/^item\s*/i, '').trim()).filter(Boolean))];

const writeFilings: DatasetWriter<'filings'> = async (db, records, ctx) => {
  const counts = emptyCounts();
  const kept = validRecords(
    records,
    (r) =>
      typeof r.cik === 'string' &&
      r.cik !== '' &&
      typeof r.accessionNumber === 'string' &&
      r.accessionNumber !== '' &&
      isIsoDate(r.filedDate) &&
      dateOrAbsent(r.periodOfReport) &&
      (r.asset === null || hasAsset(r.asset)),
    counts,
    'filings',
  );
  const cikOf = (cik: string) => cik.replace(/^0+/, '');
  const ids = await ctx.assets.resolve(
    db,
    kept.flatMap((r) => (r.asset ? [r.asset] : [])),
  );
  const byCik = await ctx.assets.byCik(
    db,
    kept.map((r) => cikOf(r.cik)),
  );
  const rows = kept.map(
    (r): Row => ({
      // The named listing first; otherwise whichever of our assets the filer's CIK belongs to.
      asset_id: (r.asset ? ids.get(assetKeyOf(r.asset)) : undefined) ?? byCik.get(cikOf(r.cik)) ?? null,
      cik: cikOf(r.cik),
      accession_number: r.accessionNumber,
      form: r.form,
      kind: r.kind,
      filed_date: r.filedDate,
      accepted_at: r.acceptedAt,
      period_of_report: r.periodOfReport,
      items: normalizeItems(r.items),
      primary_document: r.primaryDocument,
      description: r.description,
      url: r.url,
      source: ctx.source,
    }),
  );
  await upsert(
    db,
    {
      table: 'sec_filings',
      columns: [
        col('asset_id', 'int4', true),
        col('cik', 'text', true),
        col('accession_number', 'text', true),
        col('form', 'text', true),
        col('kind', 'text', true),
        col('filed_date', 'date', true),
        col('accepted_at', 'timestamptz'),
        col('period_of_report', 'date'),
        col('items', 'text[]', false, `'{}'::text[]`),
        col('primary_document', 'text'),
        col('description', 'text'),
        col('url', 'text', true),
        col('source', 'text', true),
      ],
      conflict: ['accession_number', 'cik'],
      alsoSet: ['source'],
    },
    rows,
    counts,
    (row) => `${row.accession_number}:${row.cik}`,
    ctx.insertHints,
  );
  return counts;
};

const writeEvents: DatasetWriter<'events'> = async (db, records, ctx) => {
  const counts = emptyCounts();
  const kept = validRecords(
    records,
    (r) =>
      typeof r.externalId === 'string' &&
      r.externalId !== '' &&
      typeof r.title === 'string' &&
      validDate(r.eventDate) &&
      (r.asset === undefined || r.asset === null || hasAsset(r.asset)),
    counts,
    'events',
  );
  const ids = await ctx.assets.resolve(
    db,
    kept.flatMap((r) => (r.asset ? [r.asset] : [])),
  );
  // A call belongs to its quarter's earnings row.
  const quarters = kept.flatMap((r) => {
    const assetId = r.asset ? ids.get(assetKeyOf(r.asset)) : undefined;
    return assetId !== undefined && r.periodYear && r.period
      ? [{ assetId, periodYear: r.periodYear, period: r.period }]
      : [];
  });
  const earningsIds = new Map<string, number>();
  if (quarters.length > 0) {
    const found = await db.execute(sql`
      select e.id, e.asset_id, e.period_year, e.period
      from earnings e
      join unnest(${sql.param(quarters.map((q) => q.assetId))}::int4[], ${sql.param(quarters.map((q) => q.periodYear))}::int2[],
        ${sql.param(quarters.map((q) => q.period))}::text[]) as k(asset_id, period_year, period)
        on e.asset_id = k.asset_id and e.period_year = k.period_year and e.period = k.period`);
    for (const row of rowsOf<{ id: number; asset_id: number; period_year: number; period: string }>(found)) {
      earningsIds.set(`${row.asset_id}:${row.period_year}:${row.period}`, row.id);
    }
  }
  const rows = kept.map((r): Row => {
    // An IPO names a company we may not list yet: the event keeps its symbol without an asset.
    const assetId = r.asset ? (ids.get(assetKeyOf(r.asset)) ?? null) : null;
    return {
      source: ctx.source,
      external_id: r.externalId,
      event_type: r.eventType,
      event_status: r.eventStatus,
      event_date: r.eventDate,
      asset_id: assetId,
      symbol: r.asset ? r.asset.symbol.trim().toUpperCase() : null,
      title: plainText(r.title),
      description: r.description,
      earnings_id:
        assetId !== null && r.periodYear && r.period
          ? (earningsIds.get(`${assetId}:${r.periodYear}:${r.period}`) ?? null)
          : null,
      period_year: r.periodYear,
      period: r.period,
      details: r.details,
      audio_url: r.audioUrl,
      youtube_url: r.youtubeUrl,
    };
  });
  await upsert(
    db,
    {
      table: 'events',
      columns: [
        col('source', 'text', true),
        col('external_id', 'text', true),
        col('event_type', 'text', true),
        col('event_status', 'text', true),
        col('event_date', 'timestamptz', true),
        col('asset_id', 'int4', true),
        col('symbol', 'text', true),
        col('title', 'text', true),
        col('description', 'text'),
        col('earnings_id', 'int4', true),
        col('period_year', 'int2'),
        col('period', 'text'),
        col('details', 'jsonb', false, `'{}'::jsonb`),
        col('audio_url', 'text'),
        col('youtube_url', 'text'),
      ],
      conflict: ['source', 'external_id'],
      touch: 'updated_at',
    },
    rows,
    counts,
    (row) => String(row.external_id),
    ctx.insertHints,
  );
  return counts;
};

const writeFiles: DatasetWriter<'files'> = async (db, records, ctx) => {
  const counts = emptyCounts();
  const kept = validRecords(
    records,
    (r) =>
      hasAsset(r) && typeof r.id === 'string' && r.id !== '' && Number.isInteger(r.periodYear) && validDate(r.date),
    counts,
    'files',
  );
  const paired = await withAssetIds(db, kept, ctx, counts);
  const eventKeys = [
    ...new Set(paired.flatMap(({ record }) => (record.eventExternalId ? [record.eventExternalId] : []))),
  ];
  const eventIds = new Map<string, number>();
  if (eventKeys.length > 0) {
    const found = await db.execute(sql`
      select id, external_id from events where source = ${ctx.source} and external_id = any(${sql.param(eventKeys)}::text[])`);
    for (const row of rowsOf<{ id: number; external_id: string }>(found)) eventIds.set(row.external_id, row.id);
  }
  const rows = paired.map(
    ({ record: r, assetId }): Row => ({
      id: r.id,
      asset_id: assetId,
      symbol: r.symbol.trim().toUpperCase(),
      type: r.fileType,
      period_year: r.periodYear,
      period: r.period,
      event_id: r.eventExternalId ? (eventIds.get(r.eventExternalId) ?? null) : null,
      title: plainText(r.title),
      date: r.date,
      url: r.url,
      mime_type: r.mimeType,
      content: r.content,
      external_file_id: r.externalFileId,
      source: ctx.source,
    }),
  );
  await upsert(
    db,
    {
      table: 'files',
      columns: [
        col('id', 'text', true),
        col('asset_id', 'int4', true),
        col('symbol', 'text', true),
        col('type', 'text', true),
        col('period_year', 'int2', true),
        col('period', 'text', true),
        col('event_id', 'int4', true),
        col('title', 'text', true),
        col('date', 'timestamptz', true),
        col('url', 'text'),
        col('mime_type', 'text'),
        col('content', 'jsonb'),
        col('external_file_id', 'text'),
        col('source', 'text', true),
      ],
      conflict: ['id'],
      alsoSet: ['source'],
    },
    rows,
    counts,
    (row) => String(row.id),
    ctx.insertHints,
  );
  return counts;
};

export const WRITERS: { [D in Dataset]: DatasetWriter<D> } = {
  assets: writeAssets,
  quotes: writeQuotes,
  dailyBars: writeDailyBars,
  intradayBars: writeIntradayBars,
  earnings: writeEarnings,
  guidance: writeGuidance,
  dividends: writeDividends,
  splits: writeSplits,
  shortInterest: writeShortInterest,
  analystRatings: writeAnalystRatings,
  analystTrends: writeAnalystTrends,
  news: writeNews,
  filings: writeFilings,
  events: writeEvents,
  files: writeFiles,
};
