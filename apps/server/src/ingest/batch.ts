/** What every dataset writer is given and returns, and the helpers they share. */

import type { Database } from '@eh/db';
import { isIsoDate, MARKET_ASSET_TYPES } from '@eh/domain';
import type { AssetKey, Dataset, DatasetRecords } from '../providers/index.ts';
import { type AssetIds, assetKeyOf } from './asset-ids.ts';
import { type ColumnSpec, dedupeByKey, type InsertHints, type Row, type UpsertSpec, upsertRows } from './bulk.ts';

export interface WriteContext {
  /** The provider's name, stored as every row's `source`. */
  source: string;
  assets: AssetIds;
  /** Instant of the run ("now" for the provider). */
  now: Date;
  /** Per table, whether the last batch's rows were new (see {@link InsertHints}). */
  insertHints: InsertHints;
}

export interface BatchCounts {
  added: number;
  changed: number;
  skipped: number;
  /** Records that could not be written (invalid, or naming an unknown asset). */
  errors: number;
  /** A few words per kind of record error, for the run's message. */
  problems: string[];
}

export type DatasetWriter<D extends Dataset> = (
  db: Database,
  records: readonly DatasetRecords[D][],
  ctx: WriteContext,
) => Promise<BatchCounts>;

export const col = (name: string, type: ColumnSpec['type'], required = false, fallback?: string): ColumnSpec => ({
  name,
  type,
  required,
  ...(fallback ? { fallback } : {}),
});
export const finite = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
export const finiteOrAbsent = (value: unknown) => value === undefined || value === null || finite(value);
export const dateOrAbsent = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && isIsoDate(value));
export const validDate = (value: unknown) => value instanceof Date && Number.isFinite(value.getTime());

export function emptyCounts(): BatchCounts {
  return { added: 0, changed: 0, skipped: 0, errors: 0, problems: [] };
}

/** Splits out records that fail `valid`, counting them as errors. */
export function validRecords<T>(
  records: readonly T[],
  valid: (record: T) => boolean,
  counts: BatchCounts,
  what: string,
): T[] {
  const kept = records.filter(valid);
  const rejected = records.length - kept.length;
  if (rejected > 0) {
    counts.errors += rejected;
    counts.problems.push(`${rejected} invalid ${what}`);
  }
  return kept;
}

/** Pairs each record with its asset id; records naming an asset we do not list are errors. */
export async function withAssetIds<T extends AssetKey>(
  db: Database,
  records: readonly T[],
  ctx: WriteContext,
  counts: BatchCounts,
): Promise<{ record: T; assetId: number }[]> {
  const ids = await ctx.assets.resolve(db, records);
  const paired: { record: T; assetId: number }[] = [];
  const unknown = new Set<string>();
  for (const record of records) {
    const assetId = ids.get(assetKeyOf(record));
    if (assetId === undefined) unknown.add(`${record.symbol} (${record.type})`);
    else paired.push({ record, assetId });
  }
  const missing = records.length - paired.length;
  if (missing > 0) {
    counts.errors += missing;
    const names = [...unknown];
    counts.problems.push(
      `${missing} records of unknown assets: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ` and ${names.length - 5} more` : ''}`,
    );
  }
  return paired;
}

/** Upserts rows (deduplicated on `key`, later rows winning) and adds to the batch's counts. */
export async function upsertCounted(
  db: Database,
  spec: UpsertSpec,
  rows: Row[],
  counts: BatchCounts,
  key: (row: Row) => string,
  hints?: InsertHints,
) {
  const unique = dedupeByKey(rows, key);
  counts.skipped += rows.length - unique.length;
  const result = await upsertRows(db, spec, unique, hints);
  counts.added += result.added;
  counts.changed += result.changed;
  counts.skipped += result.skipped;
  return result;
}

/** A record names an asset: a symbol and one of our asset types. */
export const hasAsset = (r: AssetKey) =>
  typeof r.symbol === 'string' && r.symbol.trim() !== '' && (MARKET_ASSET_TYPES as readonly string[]).includes(r.type);
