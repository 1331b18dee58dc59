import {
  analystRatings,
  analystTrends,
  assets,
  type Database,
  fileAnalysis,
  files,
  guidance,
  indexConstituents,
  marketIndexes,
  metrics,
  secFilings,
} from '@eh/db';
import type { FileType, FiscalPeriod, IsoDate, Metric, Ranking } from '@eh/domain';
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, max, type SQL, sql } from 'drizzle-orm';
import { assetIdOf, popularAssetIds } from '../quotes/index.ts';

const fileColumns = {
  id: files.id,
  assetId: files.assetId,
  symbol: assets.symbol,
  name: assets.name,
  type: files.type,
  periodYear: files.periodYear,
  period: files.period,
  title: files.title,
  date: files.date,
  url: files.url,
  mimeType: files.mimeType,
  externalFileId: files.externalFileId,
  eventId: files.eventId,
  source: files.source,
  hasContent: sql<boolean>`${files.content} is not null`,
  hasAnalysis: sql<boolean>`${fileAnalysis.fileId} is not null`,
};

function selectFiles(db: Database) {
  return db
    .select(fileColumns)
    .from(files)
    .innerJoin(assets, eq(assets.id, files.assetId))
    .leftJoin(fileAnalysis, eq(fileAnalysis.fileId, files.id));
}
export type FileRow = Awaited<ReturnType<ReturnType<typeof selectFiles>['execute']>>[number];

function selectFilesWithContent(db: Database) {
  return db
    .select({ ...fileColumns, content: files.content })
    .from(files)
    .innerJoin(assets, eq(assets.id, files.assetId))
    .leftJoin(fileAnalysis, eq(fileAnalysis.fileId, files.id));
}
export type FileContentRow = Awaited<ReturnType<ReturnType<typeof selectFilesWithContent>['execute']>>[number];

export async function fileById(db: Database, params: { id: string }): Promise<FileRow | undefined> {
  const rows = await selectFiles(db).where(eq(files.id, params.id)).limit(1);
  return rows[0];
}

export async function fileWithContent(db: Database, params: { id: string }): Promise<FileContentRow | undefined> {
  const rows = await selectFilesWithContent(db).where(eq(files.id, params.id)).limit(1);
  return rows[0];
}

const analysisColumns = {
  fileId: fileAnalysis.fileId,
  summary: fileAnalysis.summary,
  highlights: fileAnalysis.highlights,
  sentiment: fileAnalysis.sentiment,
  model: fileAnalysis.model,
  source: fileAnalysis.source,
  createdAt: fileAnalysis.createdAt,
};
export type AnalysisRow = { [K in keyof typeof analysisColumns]: (typeof fileAnalysis.$inferSelect)[K] };

export async function analysisOf(db: Database, params: { fileId: string }): Promise<AnalysisRow | undefined> {
  const rows = await db.select(analysisColumns).from(fileAnalysis).where(eq(fileAnalysis.fileId, params.fileId));
  return rows[0];
}

export interface FeedParams {
  types?: readonly FileType[];
  /** Only files of the popular set's companies. */
  popular?: boolean;
  limit: number;
}

/** Newest files of some types (files_type_date_idx), optionally of the most followed companies only. */
export async function fileFeed(db: Database, params: FeedParams): Promise<FileRow[]> {
  return selectFiles(db)
    .where(
      and(
        params.types ? inArray(files.type, [...params.types]) : undefined,
        params.popular ? inArray(files.assetId, popularAssetIds(db)) : undefined,
      ),
    )
    .orderBy(desc(files.date), asc(files.id))
    .limit(params.limit);
}

/** Each asset's newest file that has an analysis, with it. */
export async function latestAnalysed(db: Database, params: { assetIds: readonly number[] }) {
  if (params.assetIds.length === 0) return [];
  return db
    .selectDistinctOn([files.assetId], { file: fileColumns, analysis: analysisColumns })
    .from(files)
    .innerJoin(assets, eq(assets.id, files.assetId))
    .innerJoin(fileAnalysis, eq(fileAnalysis.fileId, files.id))
    .where(inArray(files.assetId, [...params.assetIds]))
    .orderBy(files.assetId, desc(files.date), asc(files.id));
}

/** Assets stored under any of `keys` (uppercase symbol spellings). */
export async function assetsBySymbolKeys(db: Database, params: { keys: readonly string[] }) {
  if (params.keys.length === 0) return [];
  return db
    .select({ id: assets.id, symbol: assets.symbol, symbolUpper: assets.symbolUpper, type: assets.type })
    .from(assets)
    .where(inArray(assets.symbolUpper, [...params.keys]));
}

export interface AssetFilesParams {
  assetId: number;
  types?: readonly FileType[];
  externalFileId?: string | undefined;
  periodYear?: number;
  period?: FiscalPeriod;
  limit: number;
}

export async function assetFiles(db: Database, params: AssetFilesParams): Promise<FileRow[]> {
  return selectFiles(db)
    .where(
      and(
        eq(files.assetId, params.assetId),
        params.types ? inArray(files.type, [...params.types]) : undefined,
        params.externalFileId ? eq(files.externalFileId, params.externalFileId) : undefined,
      ),
    )
    .orderBy(desc(files.date), asc(files.id))
    .limit(params.limit);
}

/** A fiscal quarter's files with content (files_asset_period_idx). */
export async function quarterFiles(
  db: Database,
  params: { assetId: number; periodYear: number; period: FiscalPeriod },
): Promise<FileContentRow[]> {
  return selectFilesWithContent(db)
    .where(
      and(eq(files.assetId, params.assetId), eq(files.periodYear, params.periodYear), eq(files.period, params.period)),
    )
    .orderBy(asc(files.type), asc(files.date), asc(files.id));
}

/** Whether a company's fiscal quarter has a file, in one statement (files_asset_period_idx). */
export async function quarterHasFiles(
  db: Database,
  params: { symbol: string; periodYear: number; period: FiscalPeriod },
): Promise<boolean> {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.assetId, assetIdOf(db, params.symbol)),
        eq(files.periodYear, params.periodYear),
        eq(files.period, params.period),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function assetFilings(
  db: Database,
  params: { assetId: number; kinds?: readonly string[]; limit: number },
) {
  return db
    .select({
      id: secFilings.id,
      kind: secFilings.kind,
      form: secFilings.form,
      accessionNumber: secFilings.accessionNumber,
      filedDate: secFilings.filedDate,
      periodOfReport: secFilings.periodOfReport,
      items: secFilings.items,
      description: secFilings.description,
      url: secFilings.url,
      source: secFilings.source,
    })
    .from(secFilings)
    .where(
      and(
        eq(secFilings.assetId, params.assetId),
        params.kinds ? inArray(secFilings.kind, [...params.kinds]) : undefined,
      ),
    )
    .orderBy(desc(secFilings.filedDate), desc(secFilings.id))
    .limit(params.limit);
}

const ratingColumns = {
  date: analystRatings.date,
  firm: analystRatings.firm,
  analyst: analystRatings.analyst,
  action: analystRatings.action,
  fromGrade: analystRatings.fromGrade,
  toGrade: analystRatings.toGrade,
  priceTarget: analystRatings.priceTarget,
  priorPriceTarget: analystRatings.priorPriceTarget,
  source: analystRatings.source,
};

export interface RatingsParams {
  assetId: number;
  start?: IsoDate | undefined;
  /** Each firm's newest rating only. */
  latestPerFirm: boolean;
  limit: number;
}

/** A company's ratings, newest first (analyst_ratings_asset_date_idx). */
export async function ratingsOf(db: Database, params: RatingsParams) {
  const where = and(
    eq(analystRatings.assetId, params.assetId),
    params.start ? gte(analystRatings.date, params.start) : undefined,
  );
  if (!params.latestPerFirm)
    return db
      .select(ratingColumns)
      .from(analystRatings)
      .where(where)
      .orderBy(desc(analystRatings.date), asc(analystRatings.firm))
      .limit(params.limit);
  const latest = db
    .selectDistinctOn([analystRatings.firm], { id: analystRatings.id })
    .from(analystRatings)
    .where(where)
    .orderBy(analystRatings.firm, desc(analystRatings.date));
  return db
    .select(ratingColumns)
    .from(analystRatings)
    .where(inArray(analystRatings.id, latest))
    .orderBy(desc(analystRatings.date), asc(analystRatings.firm))
    .limit(params.limit);
}

/** The consensus of the newest `months` months on record, oldest first. */
export async function recentTrend(db: Database, params: { assetId: number; months: number }) {
  const rows = await db
    .select({
      month: analystTrends.month,
      strongBuy: analystTrends.strongBuy,
      buy: analystTrends.buy,
      hold: analystTrends.hold,
      sell: analystTrends.sell,
      strongSell: analystTrends.strongSell,
    })
    .from(analystTrends)
    .where(eq(analystTrends.assetId, params.assetId))
    .orderBy(desc(analystTrends.month))
    .limit(params.months);
  return rows.reverse();
}

export interface GuidanceParams {
  assetId: number;
  start?: IsoDate | undefined;
  end?: IsoDate | undefined;
  periodYear?: number | undefined;
  period?: FiscalPeriod | 'FY' | undefined;
}

export async function guidanceOf(db: Database, params: GuidanceParams) {
  const where: (SQL | undefined)[] = [
    eq(guidance.assetId, params.assetId),
    params.start ? gte(guidance.issuedDate, params.start) : undefined,
    params.end ? lte(guidance.issuedDate, params.end) : undefined,
    params.periodYear === undefined ? undefined : eq(guidance.periodYear, params.periodYear),
    params.period ? eq(guidance.period, params.period) : undefined,
  ];
  return db
    .select({
      periodYear: guidance.periodYear,
      period: guidance.period,
      metric: guidance.metric,
      low: guidance.low,
      high: guidance.high,
      consensus: guidance.consensus,
      issuedDate: guidance.issuedDate,
      source: guidance.source,
    })
    .from(guidance)
    .where(and(...where))
    .orderBy(desc(guidance.issuedDate), asc(guidance.periodYear), asc(guidance.period), asc(guidance.metric));
}

/** The latest metrics date on or before `date` (any date when absent). */
export async function metricsDate(db: Database, params: { date?: IsoDate | undefined }): Promise<IsoDate | null> {
  const [row] = await db
    .select({ date: max(metrics.date) })
    .from(metrics)
    .where(params.date ? lte(metrics.date, params.date) : undefined);
  return row?.date ?? null;
}

const METRIC_COLUMNS = {
  ps: metrics.ps,
  pe: metrics.pe,
  yoyEps: metrics.yoyEps,
  yoyRevenue: metrics.yoyRevenue,
  overallScore: metrics.overallScore,
} as const satisfies Record<Metric, unknown>;

/** Size of a ranking's universe when its index is not built yet ('top500' → 500). */
const RANKING_SIZE: Record<Ranking, number> = { top500: 500 };

/**
 * A metric's values on `date` over a ranking: the constituents of our index that follows it (EH500 for top500), or,
 * before that index exists, the best overall scores of that date.
 */
export async function metricValues(
  db: Database,
  params: { date: IsoDate; target: Ranking; type: Metric },
): Promise<number[]> {
  const column = METRIC_COLUMNS[params.type];
  const [index] = await db
    .select({ id: marketIndexes.id })
    .from(marketIndexes)
    .where(eq(marketIndexes.ranking, params.target))
    .limit(1);
  const members = index
    ? db
        .select({ id: indexConstituents.assetId })
        .from(indexConstituents)
        .where(eq(indexConstituents.indexId, index.id))
    : db
        .select({ id: metrics.assetId })
        .from(metrics)
        .where(and(eq(metrics.date, params.date), isNotNull(metrics.overallScore)))
        .orderBy(sql`${metrics.overallScore} desc nulls last`)
        .limit(RANKING_SIZE[params.target]);
  const rows = await db
    .select({ value: column })
    .from(metrics)
    .where(and(eq(metrics.date, params.date), inArray(metrics.assetId, members), isNotNull(column)));
  return rows.map((row) => row.value).filter((value): value is number => value !== null);
}
