/**
 * One writer per dataset, each described as a table for {@link tableWriter}: which records are valid, what they
 * need looked up (asset ids, linked rows), how a record fills each column, and the upsert's key and change
 * detection (earnings are described in `earnings.ts`, their dates following the domain rule). Each writer is called
 * inside its batch's transaction.
 */

import { type Database, rowsOf } from '@eh/db';
import { isIsoDate } from '@eh/domain';
import { sql } from 'drizzle-orm';
import type {
  AnalystRatingRecord,
  AnalystTrendRecord,
  AssetRecord,
  DailyBarRecord,
  Dataset,
  DividendRecord,
  EventRecord,
  FileRecord,
  FilingRecord,
  GuidanceRecord,
  IntradayBarRecord,
  NewsRecord,
  QuoteRecord,
  ShortInterestRecord,
  SplitRecord,
} from '../providers/index.ts';
import { assetKeyOf } from './asset-ids.ts';
import {
  ASSET_ID,
  type BatchCounts,
  type DatasetWriter,
  dateOrAbsent,
  finite,
  finiteOrAbsent,
  hasAsset,
  linkAssetIds,
  SOURCE,
  tableWriter,
  validDate,
  type WriteContext,
  withAssetIds,
} from './batch.ts';
import { upsertDailyBars } from './daily-bars.ts';
import { writeEarnings } from './earnings.ts';
import { newsSlug, plainText, sanitizeNewsBody } from './news-text.ts';

const roundOrAbsent = (value: number | null | undefined) =>
  value === undefined || value === null ? value : Math.round(value);
const cikOf = (cik: string) => cik.replace(/^0+/, '');

const BAR_COLUMNS = {
  open: 'float8!',
  high: 'float8!',
  low: 'float8!',
  close: 'float8!',
  volume: 'int8!',
} as const;
const validBar = (r: { open: number; high: number; low: number; close: number; volume: number }) =>
  finite(r.open) && finite(r.high) && finite(r.low) && finite(r.close) && finite(r.volume);

/** 8-K items as bare numbers ('Item 2.02' → '2.02'), so the earnings confirmation can match them in SQL. */
const normalizeItems = (items: readonly string[] | undefined) =>
  items === undefined
    ? undefined
    : [...new Set(items.map((item) => item.replace(/^item\s*/i, '').trim()).filter(Boolean))];

/** A news item keeps its title without markup; one left with none is an error. */
async function linkNewsTitles(_db: Database, records: NewsRecord[], _ctx: WriteContext, counts: BatchCounts) {
  return records.flatMap((record) => {
    const title = plainText(record.title);
    if (title) return [{ record, link: title }];
    counts.errors += 1;
    counts.problems.push(`news item ${record.externalId} has no title once its markup is removed`);
    return [];
  });
}

/** A filing's asset: the named listing first; otherwise whichever of our assets the filer's CIK belongs to. */
async function linkFilings(db: Database, records: FilingRecord[], ctx: WriteContext) {
  const ids = await ctx.assets.resolve(
    db,
    records.flatMap((r) => (r.asset ? [r.asset] : [])),
  );
  const byCik = await ctx.assets.byCik(
    db,
    records.map((r) => cikOf(r.cik)),
  );
  return records.map((record) => ({
    record,
    link: (record.asset ? ids.get(assetKeyOf(record.asset)) : undefined) ?? byCik.get(cikOf(record.cik)) ?? null,
  }));
}

/** An event's asset, and a call's earnings row (its quarter's). */
async function linkEvents(db: Database, records: EventRecord[], ctx: WriteContext) {
  const ids = await ctx.assets.resolve(
    db,
    records.flatMap((r) => (r.asset ? [r.asset] : [])),
  );
  // An IPO names a company we may not list yet: the event keeps its symbol without an asset.
  const assetIdOf = (r: EventRecord) => (r.asset ? (ids.get(assetKeyOf(r.asset)) ?? null) : null);
  // A call belongs to its quarter's earnings row.
  const quarters = records.flatMap((r) => {
    const assetId = assetIdOf(r);
    return assetId !== null && r.periodYear && r.period
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
  return records.map((record) => {
    const assetId = assetIdOf(record);
    const earningsId =
      assetId !== null && record.periodYear && record.period
        ? (earningsIds.get(`${assetId}:${record.periodYear}:${record.period}`) ?? null)
        : null;
    return { record, link: { assetId, earningsId } };
  });
}

/** A file's asset (records of assets we do not list are errors) and its event (same source) by key. */
async function linkFiles(db: Database, records: FileRecord[], ctx: WriteContext, counts: BatchCounts) {
  const paired = await withAssetIds(db, records, ctx, counts);
  const eventKeys = [
    ...new Set(paired.flatMap(({ record }) => (record.eventExternalId ? [record.eventExternalId] : []))),
  ];
  const eventIds = new Map<string, number>();
  if (eventKeys.length > 0) {
    const found = await db.execute(sql`
        select id, external_id from events where source = ${ctx.source} and external_id = any(${sql.param(eventKeys)}::text[])`);
    for (const row of rowsOf<{ id: number; external_id: string }>(found)) eventIds.set(row.external_id, row.id);
  }
  return paired.map(({ record, assetId }) => ({
    record,
    link: {
      assetId,
      eventId: record.eventExternalId ? (eventIds.get(record.eventExternalId) ?? null) : null,
    },
  }));
}

export const WRITERS: { [D in Dataset]: DatasetWriter<D> } = {
  assets: tableWriter({
    what: 'assets',
    valid: (r: AssetRecord) => hasAsset(r) && typeof r.name === 'string' && r.name.trim() !== '',
    table: 'assets',
    columns: {
      type: 'text!',
      symbol: { type: 'text!', value: (r) => r.symbol.trim() },
      symbol_upper: { type: 'text!', value: (r) => r.symbol.trim().toUpperCase() },
      name: { type: 'text!', value: (r) => r.name.trim() },
      exchange: 'text',
      cik: { type: 'text', value: (r) => (r.cik === undefined || r.cik === null ? r.cik : cikOf(r.cik)) },
      sector: 'text',
      industry: 'text',
      country: 'text',
      currency: { type: 'text', fallback: `'USD'` },
      description: 'text',
      website: 'text',
      fiscal_year_end_month: 'int2',
      shares_outstanding: 'int8',
      market_cap: 'float8',
      popularity: { type: 'int4', fallback: '0' },
      external_ids: { type: 'jsonb', fallback: `'{}'::jsonb` },
      active: { type: 'bool', fallback: 'true' },
      source: SOURCE,
    },
    conflict: ['type', 'symbol_upper'],
    alsoSet: ['source'],
    touch: 'updated_at',
    // Each provider adds its own key (a CoinGecko id) without dropping another's.
    mergeExpr: { external_ids: 'assets.external_ids || excluded.external_ids' },
  }),

  quotes: tableWriter({
    what: 'quotes',
    valid: (r: QuoteRecord) => hasAsset(r) && finite(r.price) && validDate(r.quotedAt),
    link: linkAssetIds,
    table: 'quotes',
    columns: {
      asset_id: ASSET_ID,
      price: 'float8!',
      prev_close: 'float8',
      open: 'float8',
      low_price: 'float8',
      high_price: 'float8',
      volume: 'int8',
      extended_price: 'float8',
      extended_session: 'text',
      extended_at: 'timestamptz',
      quoted_at: 'timestamptz!',
      source: SOURCE,
    },
    conflict: ['asset_id'],
    alsoSet: ['source'],
    touch: 'updated_at',
  }),

  dailyBars: tableWriter({
    what: 'daily bars',
    valid: (r: DailyBarRecord) => hasAsset(r) && isIsoDate(r.date) && validBar(r),
    link: linkAssetIds,
    table: 'ohlc_daily',
    columns: { asset_id: ASSET_ID, date: 'date!', ...BAR_COLUMNS },
    conflict: ['asset_id', 'date'],
    write: upsertDailyBars,
  }),

  intradayBars: tableWriter({
    what: 'intraday bars',
    valid: (r: IntradayBarRecord) =>
      hasAsset(r) && validDate(r.ts) && Number.isInteger(r.intervalMinutes) && r.intervalMinutes > 0 && validBar(r),
    link: linkAssetIds,
    table: 'ohlc_intraday',
    columns: { asset_id: ASSET_ID, interval_minutes: 'int2!', ts: 'timestamptz!', session: 'text!', ...BAR_COLUMNS },
    conflict: ['asset_id', 'interval_minutes', 'ts'],
  }),

  earnings: writeEarnings,

  guidance: tableWriter({
    what: 'guidance',
    valid: (r: GuidanceRecord) =>
      hasAsset(r) &&
      Number.isInteger(r.periodYear) &&
      isIsoDate(r.issuedDate) &&
      finiteOrAbsent(r.low) &&
      finiteOrAbsent(r.high),
    link: linkAssetIds,
    table: 'guidance',
    columns: {
      asset_id: ASSET_ID,
      period_year: 'int2!',
      period: 'text!',
      metric: 'text!',
      issued_date: 'date!',
      low: 'float8!',
      high: 'float8!',
      consensus: 'float8',
      source: SOURCE,
    },
    conflict: ['asset_id', 'period_year', 'period', 'metric', 'issued_date'],
    alsoSet: ['source'],
  }),

  dividends: tableWriter({
    what: 'dividends',
    valid: (r: DividendRecord) =>
      hasAsset(r) &&
      isIsoDate(r.exDate) &&
      finite(r.amount) &&
      dateOrAbsent(r.recordDate) &&
      dateOrAbsent(r.paymentDate) &&
      dateOrAbsent(r.declaredDate),
    link: linkAssetIds,
    table: 'dividends',
    columns: {
      asset_id: ASSET_ID,
      ex_date: 'date!',
      record_date: 'date',
      payment_date: 'date',
      declared_date: 'date',
      amount: 'float8!',
      frequency: 'int2',
      source: SOURCE,
    },
    conflict: ['asset_id', 'ex_date'],
    alsoSet: ['source'],
  }),

  splits: tableWriter({
    what: 'splits',
    valid: (r: SplitRecord) =>
      hasAsset(r) && isIsoDate(r.date) && finite(r.numerator) && finite(r.denominator) && r.denominator !== 0,
    link: linkAssetIds,
    table: 'splits',
    columns: { asset_id: ASSET_ID, date: 'date!', numerator: 'float8!', denominator: 'float8!', source: SOURCE },
    conflict: ['asset_id', 'date'],
    alsoSet: ['source'],
  }),

  shortInterest: tableWriter({
    what: 'short interest',
    valid: (r: ShortInterestRecord) => hasAsset(r) && isIsoDate(r.settlementDate) && finite(r.sharesShort),
    link: linkAssetIds,
    table: 'short_interest',
    columns: {
      asset_id: ASSET_ID,
      settlement_date: 'date!',
      shares_short: { type: 'int8!', value: (r) => Math.round(r.sharesShort) },
      previous_shares_short: { type: 'int8', value: (r) => roundOrAbsent(r.previousSharesShort) },
      change_percent: 'float8',
      days_to_cover: 'float8',
      average_volume: { type: 'int8', value: (r) => roundOrAbsent(r.averageVolume) },
      percent_of_float: 'float8',
      source: SOURCE,
    },
    conflict: ['asset_id', 'settlement_date'],
    alsoSet: ['source'],
  }),

  analystRatings: tableWriter({
    what: 'analyst ratings',
    valid: (r: AnalystRatingRecord) =>
      hasAsset(r) &&
      isIsoDate(r.date) &&
      typeof r.firm === 'string' &&
      r.firm.trim() !== '' &&
      typeof r.action === 'string',
    link: linkAssetIds,
    table: 'analyst_ratings',
    columns: {
      asset_id: ASSET_ID,
      date: 'date!',
      firm: { type: 'text!', value: (r) => r.firm.trim() },
      analyst: 'text',
      action: 'text!',
      from_grade: 'text',
      to_grade: 'text',
      price_target: 'float8',
      prior_price_target: 'float8',
      source: SOURCE,
    },
    conflict: ['asset_id', 'date', 'firm'],
    alsoSet: ['source'],
  }),

  analystTrends: tableWriter({
    what: 'analyst trends',
    valid: (r: AnalystTrendRecord) => hasAsset(r) && isIsoDate(r.month),
    link: linkAssetIds,
    table: 'analyst_trends',
    columns: {
      asset_id: ASSET_ID,
      month: 'date!',
      strong_buy: 'int2!',
      buy: 'int2!',
      hold: 'int2!',
      sell: 'int2!',
      strong_sell: 'int2!',
      source: SOURCE,
    },
    conflict: ['asset_id', 'month'],
    alsoSet: ['source'],
  }),

  news: tableWriter({
    what: 'news items',
    valid: (r: NewsRecord) =>
      typeof r.externalId === 'string' &&
      r.externalId !== '' &&
      typeof r.title === 'string' &&
      validDate(r.publishedAt),
    link: linkNewsTitles,
    linkReadsNothing: true,
    table: 'news',
    columns: {
      source: SOURCE,
      external_id: 'text!',
      slug: { type: 'text!', value: (r, title, ctx) => newsSlug(title, ctx.source, r.externalId) },
      title: { type: 'text!', value: (_r, title) => title },
      summary: {
        type: 'text',
        value: (r) => (r.summary === undefined || r.summary === null ? r.summary : plainText(r.summary) || null),
      },
      body: { type: 'text', value: (r) => (r.body === undefined ? undefined : sanitizeNewsBody(r.body)) },
      url: 'text',
      image_url: 'text',
      author: 'text',
      news_type: 'text!',
      tags: { type: 'text[]!', value: (r) => [...new Set(r.tags)] },
      symbols: {
        type: 'text[]!',
        value: (r) => [...new Set(r.symbols.map((s) => s.trim().toUpperCase()).filter(Boolean))],
      },
      published_at: 'timestamptz!',
    },
    conflict: ['source', 'external_id'],
  }),

  filings: tableWriter({
    what: 'filings',
    valid: (r: FilingRecord) =>
      typeof r.cik === 'string' &&
      r.cik !== '' &&
      typeof r.accessionNumber === 'string' &&
      r.accessionNumber !== '' &&
      isIsoDate(r.filedDate) &&
      dateOrAbsent(r.periodOfReport) &&
      (r.asset === null || hasAsset(r.asset)),
    link: linkFilings,
    table: 'sec_filings',
    columns: {
      asset_id: { type: 'int4!', value: (_r, assetId) => assetId },
      cik: { type: 'text!', value: (r) => cikOf(r.cik) },
      accession_number: 'text!',
      form: 'text!',
      kind: 'text!',
      filed_date: 'date!',
      accepted_at: 'timestamptz',
      period_of_report: 'date',
      items: { type: 'text[]', fallback: `'{}'::text[]`, value: (r) => normalizeItems(r.items) },
      primary_document: 'text',
      description: 'text',
      url: 'text!',
      source: SOURCE,
    },
    conflict: ['accession_number', 'cik'],
    alsoSet: ['source'],
  }),

  events: tableWriter({
    what: 'events',
    valid: (r: EventRecord) =>
      typeof r.externalId === 'string' &&
      r.externalId !== '' &&
      typeof r.title === 'string' &&
      validDate(r.eventDate) &&
      (r.asset === undefined || r.asset === null || hasAsset(r.asset)),
    link: linkEvents,
    table: 'events',
    columns: {
      source: SOURCE,
      external_id: 'text!',
      event_type: 'text!',
      event_status: 'text!',
      event_date: 'timestamptz!',
      asset_id: { type: 'int4!', value: (_r, link) => link.assetId },
      symbol: { type: 'text!', value: (r) => (r.asset ? r.asset.symbol.trim().toUpperCase() : null) },
      title: { type: 'text!', value: (r) => plainText(r.title) },
      description: 'text',
      earnings_id: { type: 'int4!', value: (_r, link) => link.earningsId },
      period_year: 'int2',
      period: 'text',
      details: { type: 'jsonb', fallback: `'{}'::jsonb` },
      audio_url: 'text',
      youtube_url: 'text',
    },
    conflict: ['source', 'external_id'],
    touch: 'updated_at',
  }),

  files: tableWriter({
    what: 'files',
    valid: (r: FileRecord) =>
      hasAsset(r) && typeof r.id === 'string' && r.id !== '' && Number.isInteger(r.periodYear) && validDate(r.date),
    link: linkFiles,
    table: 'files',
    columns: {
      id: 'text!',
      asset_id: { type: 'int4!', value: (_r, link) => link.assetId },
      symbol: { type: 'text!', value: (r) => r.symbol.trim().toUpperCase() },
      type: { type: 'text!', value: (r) => r.fileType },
      period_year: 'int2!',
      period: 'text!',
      event_id: { type: 'int4!', value: (_r, link) => link.eventId },
      title: { type: 'text!', value: (r) => plainText(r.title) },
      date: 'timestamptz!',
      url: 'text',
      mime_type: 'text',
      content: 'jsonb',
      external_file_id: 'text',
      source: SOURCE,
    },
    conflict: ['id'],
    alsoSet: ['source'],
  }),
};
