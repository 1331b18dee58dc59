import {
  type ANALYZER_STATUSES,
  type FileAnalysis,
  type FileFilter,
  type FileMeta,
  type FileWithContent,
  type getAssetFiles,
  type getAssetGuidance,
  type getAssetRatings,
  type getFileAnalysis,
  type getFileContents,
  type getLatestAnalyses,
  type getMetricStats,
  RATINGS_TREND_MONTHS,
  type ResponseOf,
  type SecFiling,
} from '@eh/contracts';
import {
  type AccountFeatures,
  analysisGate,
  canUse,
  distributionOf,
  FILE_TYPES,
  type FileType,
  type FiscalPeriod,
  fileContentGate,
  type IsoDate,
  type Metric,
  mergeMarkers,
  type Ranking,
  SEC_FILING_KINDS,
  trimWhole,
} from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import { notFound } from '../../kernel/http/errors.ts';
import { findAsset, symbolKeys } from '../quotes/index.ts';
import * as q from './queries.ts';
import { readStoredStatements } from './stored-analysis.ts';

async function assetOf(ctx: AppContext, symbol: string) {
  const asset = await findAsset(ctx.db, { symbol });
  if (!asset) throw notFound(`Unknown symbol: ${symbol.toUpperCase()}`);
  return asset;
}

/** A file's metadata as this caller may see it: the link of a type its plan does not open is withheld. */
export function toFileMeta(row: q.FileRow, features: AccountFeatures): FileMeta {
  const gated = fileContentGate(row.type, features);
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    type: row.type,
    periodYear: row.periodYear,
    period: row.period,
    title: row.title,
    date: row.date.toISOString(),
    url: gated ? null : row.url,
    mimeType: row.mimeType,
    externalFileId: row.externalFileId,
    eventId: row.eventId,
    source: row.source,
    hasContent: row.hasContent,
    hasAnalysis: row.hasAnalysis,
    gated,
  };
}

type Sections = NonNullable<FileWithContent['content']>['sections'];

/** A transcript's stored sections in the contract's shape (stored content is vendor-shaped JSON). */
function sectionsOf(content: Record<string, unknown> | null): Sections | null {
  const sections = content?.sections;
  if (!Array.isArray(sections)) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return sections.map((section: Record<string, unknown>) => ({
    title: text(section?.title) ?? '',
    paragraphs: (Array.isArray(section?.paragraphs) ? section.paragraphs : []).map(
      (paragraph: Record<string, unknown>) => ({
        speaker: text(paragraph?.speaker) ?? '',
        role: text(paragraph?.role),
        text: text(paragraph?.text) ?? '',
        startMs: typeof paragraph?.startMs === 'number' ? paragraph.startMs : null,
      }),
    ),
  }));
}

export function toFileWithContent(row: q.FileContentRow, features: AccountFeatures): FileWithContent {
  const meta = toFileMeta(row, features);
  const sections = meta.gated ? null : sectionsOf(row.content);
  return { ...meta, content: sections ? { sections } : null };
}

/** A stored analysis in the contract's shape: its statements and their citations read from `highlights`. */
function toAnalysis(row: q.AnalysisRow): FileAnalysis {
  const { meta: _, ...statements } = readStoredStatements(row.highlights);
  return { ...row, ...statements, createdAt: row.createdAt.toISOString() };
}

async function fileOf(ctx: AppContext, id: string) {
  const row = await q.fileById(ctx.db, { id });
  if (!row) throw notFound(`Unknown file: ${id}`);
  return row;
}

export async function file(ctx: AppContext, features: AccountFeatures, id: string): Promise<FileMeta> {
  return toFileMeta(await fileOf(ctx, id), features);
}

export async function fileContent(ctx: AppContext, features: AccountFeatures, id: string): Promise<FileWithContent> {
  const row = await q.fileWithContent(ctx.db, { id });
  if (!row) throw notFound(`Unknown file: ${id}`);
  return toFileWithContent(row, features);
}

export async function fileAnalysis(
  ctx: AppContext,
  features: AccountFeatures,
  id: string,
): Promise<ResponseOf<typeof getFileAnalysis>> {
  const row = await fileOf(ctx, id);
  const gated = row.hasAnalysis ? analysisGate(features) : null;
  const analysis = row.hasAnalysis && !gated ? await q.analysisOf(ctx.db, { fileId: id }) : undefined;
  return { file: toFileMeta(row, features), analysis: analysis ? toAnalysis(analysis) : null, gated };
}

/** The analyzer's view: ready with an analysis; a transcript without one is pending; other types unsupported. */
export async function analyzerFile(ctx: AppContext, features: AccountFeatures, id: string) {
  const { file: meta, analysis, gated } = await fileAnalysis(ctx, features, id);
  const status: (typeof ANALYZER_STATUSES)[number] = meta.hasAnalysis
    ? 'ready'
    : meta.type === 'transcript'
      ? 'pending'
      : 'unsupported';
  return { fileId: meta.id, status, analysis, gated };
}

const FILTER_TYPES: Record<FileFilter, readonly FileType[] | undefined> = {
  latest: undefined,
  popular: undefined,
  transcripts: ['transcript'],
  slides: ['slides'],
  reports: ['report'],
  audio: ['audio'],
};

export async function filesByFilter(ctx: AppContext, features: AccountFeatures, filter: FileFilter, limit: number) {
  const types = FILTER_TYPES[filter];
  const rows = await q.fileFeed(ctx.db, {
    ...(types ? { types } : {}),
    ...(filter === 'popular' ? { popular: true } : {}),
    limit,
  });
  return { filter, files: rows.map((row) => toFileMeta(row, features)) };
}

const TYPE_PREFERENCE = ['stock', 'index', 'otc', 'crypto'] as const;

export async function latestAnalyses(
  ctx: AppContext,
  features: AccountFeatures,
  symbols: readonly string[],
): Promise<ResponseOf<typeof getLatestAnalyses>> {
  const wanted = [...new Set(symbols.map((symbol) => symbol.toUpperCase()))];
  const stored = await q.assetsBySymbolKeys(ctx.db, { keys: wanted.flatMap(symbolKeys) });
  // Each asked symbol resolves as findAsset does: any stored spelling, the stock before other types.
  const assetOfSymbol = new Map<string, (typeof stored)[number]>();
  for (const symbol of wanted) {
    const keys = symbolKeys(symbol);
    const match = stored
      .filter((asset) => keys.includes(asset.symbolUpper))
      .sort((a, b) => TYPE_PREFERENCE.indexOf(a.type) - TYPE_PREFERENCE.indexOf(b.type))[0];
    if (match) assetOfSymbol.set(symbol, match);
  }
  const ids = [...new Set([...assetOfSymbol.values()].map((asset) => asset.id))];
  const latest = new Map((await q.latestAnalysed(ctx.db, { assetIds: ids })).map((row) => [row.file.assetId, row]));
  const gated = analysisGate(features);
  const items: ResponseOf<typeof getLatestAnalyses>['items'] = [];
  const missing: string[] = [];
  for (const symbol of wanted) {
    const asset = assetOfSymbol.get(symbol);
    const row = asset ? latest.get(asset.id) : undefined;
    if (!asset || !row) {
      missing.push(symbol);
      continue;
    }
    items.push({
      symbol: asset.symbol,
      file: toFileMeta(row.file, features),
      analysis: gated ? null : toAnalysis(row.analysis),
    });
  }
  return { items, missing, gated: gated && items.length > 0 ? { ...gated, hidden: items.length } : null };
}

const FILING_KINDS = new Map<string, (typeof SEC_FILING_KINDS)[number]>(
  SEC_FILING_KINDS.map((kind) => [kind.key, kind]),
);

function toFiling(row: Awaited<ReturnType<typeof q.assetFilings>>[number]): SecFiling {
  const kind = FILING_KINDS.get(row.kind);
  return {
    ...row,
    type: row.kind,
    label: kind ? `${kind.form} ${kind.label}` : row.form,
    color: kind?.color ?? 'default',
  };
}

export interface AssetFilesQuery {
  types?: string[] | undefined;
  type?: string | undefined;
  externalFileId?: string | undefined;
  limit: number;
}

const isFileType = (value: string): value is FileType => FILE_TYPES.some((type) => type === value);

/** A company's files and SEC filings; `types` mixes file types and filing kinds, each list gets the ones it holds. */
export async function assetFiles(
  ctx: AppContext,
  features: AccountFeatures,
  symbol: string,
  query: AssetFilesQuery,
): Promise<ResponseOf<typeof getAssetFiles>> {
  const asset = await assetOf(ctx, symbol);
  const asked = [...(query.types ?? []), ...(query.type ? [query.type] : [])];
  const fileTypes = asked.length ? asked.filter(isFileType) : undefined;
  const filingKinds = asked.length ? asked.filter((type) => !isFileType(type)) : undefined;
  // An externalFileId names a vendor file: filings have none.
  const wantFilings = !query.externalFileId && (filingKinds === undefined || filingKinds.length > 0);
  const wantFiles = fileTypes === undefined || fileTypes.length > 0;
  const [fileRows, filingRows] = await Promise.all([
    wantFiles
      ? q.assetFiles(ctx.db, {
          assetId: asset.id,
          ...(fileTypes ? { types: fileTypes } : {}),
          externalFileId: query.externalFileId,
          limit: query.limit,
        })
      : [],
    wantFilings
      ? q.assetFilings(ctx.db, {
          assetId: asset.id,
          ...(filingKinds ? { kinds: filingKinds } : {}),
          limit: query.limit,
        })
      : [],
  ]);
  return {
    symbol: asset.symbol,
    files: fileRows.map((row) => toFileMeta(row, features)),
    filings: filingRows.map(toFiling),
  };
}

export async function quarterContents(
  ctx: AppContext,
  features: AccountFeatures,
  params: { symbol: string; periodYear: number; period: FiscalPeriod },
): Promise<ResponseOf<typeof getFileContents>> {
  const asset = await assetOf(ctx, params.symbol);
  const rows = await q.quarterFiles(ctx.db, {
    assetId: asset.id,
    periodYear: params.periodYear,
    period: params.period,
  });
  const contents = rows.map((row) => toFileWithContent(row, features));
  return {
    symbol: asset.symbol,
    periodYear: params.periodYear,
    period: params.period,
    files: contents,
    gated: mergeMarkers(contents.map((item) => item.gated)),
  };
}

export async function ratings(
  ctx: AppContext,
  features: AccountFeatures,
  symbol: string,
  query: { latest: boolean; start?: IsoDate | undefined; limit: number },
): Promise<ResponseOf<typeof getAssetRatings>> {
  const asset = await assetOf(ctx, symbol);
  const [rows, months] = await Promise.all([
    q.ratingsOf(ctx.db, { assetId: asset.id, start: query.start, latestPerFirm: query.latest, limit: query.limit }),
    q.recentTrend(ctx.db, { assetId: asset.id, months: RATINGS_TREND_MONTHS }),
  ]);
  const { items, gated } = trimWhole(rows, features, 'analystRatings');
  // The consensus is withheld with the feature, not only when ratings were hidden: an empty list (a `start` past
  // the newest rating) must not open it.
  const trend = canUse(features, 'analystRatings') ? months : [];
  return { symbol: asset.symbol, ratings: items, consensus: trend.at(-1) ?? null, trend, gated };
}

export async function guidance(
  ctx: AppContext,
  features: AccountFeatures,
  symbol: string,
  query: Omit<q.GuidanceParams, 'assetId'>,
): Promise<ResponseOf<typeof getAssetGuidance>> {
  const asset = await assetOf(ctx, symbol);
  const rows = await q.guidanceOf(ctx.db, { assetId: asset.id, ...query });
  const { items, gated } = trimWhole(rows, features, 'guidance');
  return { symbol: asset.symbol, guidance: items, gated };
}

export async function stats(
  ctx: AppContext,
  query: { date?: IsoDate | undefined; target: Ranking; type: Metric },
): Promise<ResponseOf<typeof getMetricStats>> {
  const date = await q.metricsDate(ctx.db, { date: query.date });
  const values = date ? await q.metricValues(ctx.db, { date, target: query.target, type: query.type }) : [];
  return { date, target: query.target, type: query.type, ...distributionOf(values) };
}
