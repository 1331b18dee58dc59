/** What every dataset writer is given and returns, and the helpers they share. */

import type { Database } from '@eh/db';
import { isIsoDate, MARKET_ASSET_TYPES } from '@eh/domain';
import type { AssetKey, Dataset, DatasetRecords } from '../providers/index.ts';
import { type AssetIds, assetKeyOf } from './asset-ids.ts';
import {
  type ColumnSpec,
  type ColumnType,
  dedupeByKey,
  type InsertHints,
  type Row,
  type UpsertResult,
  type UpsertSpec,
  upsertRows,
} from './bulk.ts';

/** A table's own write of a batch's unique rows, where a row is not a row of the table (the daily bars' quarters). */
export type RowsWrite = (db: Database, rows: readonly Row[]) => Promise<UpsertResult>;

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

export type DatasetWriter<D extends Dataset> = ((
  db: Database,
  records: readonly DatasetRecords[D][],
  ctx: WriteContext,
) => Promise<BatchCounts>) & {
  /**
   * The batch made ready before its transaction (its records checked, looked up and made rows), leaving the write to
   * do inside it: a transaction holds the embedded database, and pages wait for it, only while it writes. Only for
   * tables whose lookups read nothing a concurrent writer changes (asset ids, or nothing).
   */
  prepare?: (
    db: Database,
    records: readonly DatasetRecords[D][],
    ctx: WriteContext,
  ) => Promise<(tx: Database) => Promise<BatchCounts>>;
};

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
  write?: RowsWrite,
) {
  const unique = dedupeByKey(rows, key);
  counts.skipped += rows.length - unique.length;
  const result = write ? await write(db, unique) : await upsertRows(db, spec, unique, hints);
  counts.added += result.added;
  counts.changed += result.changed;
  counts.skipped += result.skipped;
  return result;
}

/** A record names an asset: a symbol and one of our asset types. */
export const hasAsset = (r: AssetKey) =>
  typeof r.symbol === 'string' && r.symbol.trim() !== '' && (MARKET_ASSET_TYPES as readonly string[]).includes(r.type);

/** A column's Postgres type; a trailing `!` marks one always written (a key or a NOT NULL column). */
export type ColumnTypeSpec = ColumnType | `${ColumnType}!`;

/** How one column is filled: from the record, from the batch's lookups for it (`link`), or from the run. */
export interface ColumnSource<R, L> {
  type: ColumnTypeSpec;
  /** SQL for a row that leaves the column empty (a NOT NULL column's default). */
  fallback?: string;
  /** Default: the record's field named like the column in camelCase (`ex_date` reads `exDate`). */
  value?: (record: R, link: L, ctx: WriteContext) => unknown;
}

type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/**
 * A column named after a field of the record (`ex_date` for `exDate`) may give just its type, and reads the field;
 * any other column says how it is filled.
 */
type Columns<R, L, K extends string> = {
  [Name in K]: Name extends SnakeCase<keyof R & string>
    ? ColumnTypeSpec | ColumnSource<R, L>
    : ColumnSource<R, L> & Required<Pick<ColumnSource<R, L>, 'value'>>;
};

/**
 * One dataset's table: which records are valid, what each needs looked up, and the columns a row is made of, with
 * the upsert's conflict key and change detection (`compare`, `alsoSet`, `touch`, `mergeExpr` of {@link UpsertSpec}).
 */
export interface TableDescription<R, L, K extends string>
  extends Omit<UpsertSpec, 'columns' | 'conflict' | 'compare' | 'alsoSet'> {
  /** How the run's message names these records ("3 invalid daily bars"). */
  what: string;
  /** A record that fails it is counted as an error and not written. */
  valid: (record: R) => boolean;
  /** The batch's lookups (asset ids, linked rows) per record; a record it leaves out must be counted as an error. */
  link?: (db: Database, records: R[], ctx: WriteContext, counts: BatchCounts) => Promise<{ record: R; link: L }[]>;
  /** `link` reads no table (so the batch may be made ready before its transaction); {@link linkAssetIds} is known. */
  linkReadsNothing?: boolean;
  /** The columns in table order. */
  columns: Columns<R, L, K>;
  /** Writes the rows instead of the upsert into `table` (which then names what the rows are read from). */
  write?: RowsWrite;
  /** Runs once the rows are written (history rows that refer to them). */
  afterWrite?: (db: Database, linked: readonly { record: R; link: L }[], ctx: WriteContext) => Promise<void>;
  conflict: readonly NoInfer<K>[];
  compare?: readonly NoInfer<K>[];
  alsoSet?: readonly NoInfer<K>[];
}

const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase());

/**
 * The writer of a described table: keeps the valid records, links them, makes their rows and upserts them
 * (deduplicated on the conflict key, later records winning), counting rows added, changed, skipped and in error.
 */
export function tableWriter<R, K extends string, L = undefined>(
  table: TableDescription<R, L, K>,
): ((db: Database, records: readonly R[], ctx: WriteContext) => Promise<BatchCounts>) & {
  prepare?: (db: Database, records: readonly R[], ctx: WriteContext) => Promise<(tx: Database) => Promise<BatchCounts>>;
} {
  const { what, valid, link, columns, afterWrite, linkReadsNothing, write: writeRows, ...upsert } = table;
  const sources = Object.entries<ColumnTypeSpec | ColumnSource<R, L>>(columns).map(([name, source]) => {
    const { type, fallback, value } = typeof source === 'string' ? { type: source } : source;
    const required = type.endsWith('!');
    const field = camelCase(name);
    return {
      column: col(name, (required ? type.slice(0, -1) : type) as ColumnType, required, fallback),
      value: value ?? ((record: R) => (record as Record<string, unknown>)[field]),
    };
  });
  const spec: UpsertSpec = { ...upsert, columns: sources.map((source) => source.column) };
  const keyOf = (row: Row) => spec.conflict.map((name) => String(row[name])).join('\u0000');
  const prepare = async (db: Database, records: readonly R[], ctx: WriteContext) => {
    const counts = emptyCounts();
    const kept = validRecords(records, valid, counts, what);
    // Without `link` nothing reads it (L is undefined).
    const linked = link ? await link(db, kept, ctx, counts) : kept.map((record) => ({ record, link: undefined as L }));
    const rows = linked.map(({ record, link }) => {
      const row: Row = {};
      for (const source of sources) row[source.column.name] = source.value(record, link, ctx);
      return row;
    });
    return async (tx: Database) => {
      await upsertCounted(tx, spec, rows, counts, keyOf, ctx.insertHints, writeRows);
      await afterWrite?.(tx, linked, ctx);
      return counts;
    };
  };
  const write = async (db: Database, records: readonly R[], ctx: WriteContext) => (await prepare(db, records, ctx))(db);
  const outside = link === undefined || link === (linkAssetIds as unknown) || linkReadsNothing === true;
  return outside ? Object.assign(write, { prepare }) : write;
}

/** The `link` of an asset's records: its id; records of assets we do not list are errors. */
export async function linkAssetIds<R extends AssetKey>(
  db: Database,
  records: readonly R[],
  ctx: WriteContext,
  counts: BatchCounts,
): Promise<{ record: R; link: number }[]> {
  return (await withAssetIds(db, records, ctx, counts)).map(({ record, assetId }) => ({ record, link: assetId }));
}

/** The `asset_id` column of an asset's records linked by {@link linkAssetIds}. */
export const ASSET_ID = {
  type: 'int4!',
  value: (_record: unknown, assetId: number) => assetId,
} satisfies ColumnSource<unknown, number>;
/** The `source` column: the provider's name. */
export const SOURCE = {
  type: 'text!',
  value: (_record: unknown, _link: unknown, ctx: WriteContext) => ctx.source,
} satisfies ColumnSource<unknown, unknown>;
