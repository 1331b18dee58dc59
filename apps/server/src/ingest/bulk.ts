/**
 * Set-based upserts through `unnest`: each chunk of rows travels as one array literal per column. A chunk of new
 * rows goes in with a plain insert; otherwise `on conflict … do update … where (…) is distinct from (…)` skips
 * unchanged rows and tells inserts from updates by `xmax = 0` (a freshly inserted row version has no deleting
 * transaction).
 */
import { type Database, rowsOf } from '@eh/db';
import { sql } from 'drizzle-orm';

/** Postgres types of the array parameters; `text[]` and `jsonb` travel as text and are cast per element. */
export type ColumnType =
  | 'int4'
  | 'int2'
  | 'int8'
  | 'float8'
  | 'bool'
  | 'text'
  | 'date'
  | 'timestamptz'
  | 'jsonb'
  | 'text[]';

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  /** Always written, even when every row leaves it undefined (keys and NOT NULL columns). */
  required?: boolean;
  /** SQL used for a row that leaves the column empty (a NOT NULL column's default). */
  fallback?: string;
}

export interface UpsertSpec {
  table: string;
  columns: readonly ColumnSpec[];
  /** The unique key `on conflict` targets; empty for plain inserts (history rows). */
  conflict: readonly string[];
  /** Columns compared and updated on conflict; default every column outside the key. */
  compare?: readonly string[];
  /** Set to now() when a row changes. */
  touch?: string;
  /** Set from the new row when it changes, without being compared (the row's `source`). */
  alsoSet?: readonly string[];
  /** Update expressions other than `excluded.<column>`, e.g. merging a jsonb map; compared as written. */
  mergeExpr?: Readonly<Record<string, string>>;
  /** Rows per statement, when fewer than {@link CHUNK_ROWS}: statements outside a transaction that readers wait for. */
  chunkRows?: number;
}

export type Row = Record<string, unknown>;

export interface UpsertResult {
  added: number;
  changed: number;
  skipped: number;
}

/**
 * Per table, whether the last chunk was all new rows: then the next chunk is first tried as a plain insert (about
 * a quarter cheaper than `on conflict`, which pays a speculative insertion per row, and the common case of a first
 * load); otherwise it goes straight to the upsert.
 */
export type InsertHints = Map<string, boolean>;

/** Rows per statement: large enough to amortise the round trip, small enough for the parameter buffers. */
export const CHUNK_ROWS = 5000;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

const quoted = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
/** Dates and ISO instants need no quoting inside an array literal. */
const BARE = /^[\w:.+-]+$/;

function element(value: unknown, type: ColumnType): string {
  if (value === undefined || value === null) return 'NULL';
  switch (type) {
    case 'int4':
    case 'int2':
    case 'int8':
    case 'float8':
      return String(value);
    case 'bool':
      return value ? 't' : 'f';
    case 'jsonb':
      return quoted(JSON.stringify(value));
    case 'text[]':
      return quoted(`{${(value as string[]).map(quoted).join(',')}}`);
    case 'timestamptz': {
      const text = value instanceof Date ? value.toISOString() : String(value);
      return BARE.test(text) ? text : quoted(text);
    }
    case 'date':
      return BARE.test(String(value)) ? String(value) : quoted(String(value));
    default:
      return quoted(String(value));
  }
}

/**
 * One column as a Postgres array literal, built here rather than by the driver: the per-element escaping of the
 * drivers' array serialisers costs more than the database's own work on a million rows.
 */
function arrayLiteral(rows: readonly Row[], column: ColumnSpec): string {
  const parts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i += 1) parts[i] = element(rows[i]?.[column.name], column.type);
  return `{${parts.join(',')}}`;
}

const paramType = (type: ColumnType) => (type === 'jsonb' || type === 'text[]' ? 'text[]' : `${type}[]`);

function selectExpr(column: ColumnSpec, from: string): string {
  const value =
    column.type === 'jsonb' || column.type === 'text[]'
      ? `${from}.${ident(column.name)}::${column.type}`
      : `${from}.${ident(column.name)}`;
  return column.fallback ? `coalesce(${value}, ${column.fallback})` : value;
}

/** Keeps the last row of each key: one statement cannot update the same row twice. */
export function dedupeByKey<T>(rows: readonly T[], key: (row: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const k = key(row);
    byKey.delete(k);
    byKey.set(k, row);
  }
  return [...byKey.values()];
}

const isUniqueViolation = (error: unknown): boolean => {
  const codeOf = (e: unknown) => (typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined);
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
};

/**
 * Inserts or updates `rows` (already unique on the conflict key). A column that every row leaves undefined is not
 * written at all: the provider did not say, so the stored value stays.
 */
export async function upsertRows(
  db: Database,
  spec: UpsertSpec,
  rows: readonly Row[],
  hints?: InsertHints,
): Promise<UpsertResult> {
  const result: UpsertResult = { added: 0, changed: 0, skipped: 0 };
  if (rows.length === 0) return result;
  const columns = spec.columns.filter(
    (column) =>
      column.required || spec.conflict.includes(column.name) || rows.some((row) => row[column.name] !== undefined),
  );
  const names = columns.map((c) => c.name);
  const list = names.map(ident).join(', ');
  const compare = (
    spec.compare ?? names.filter((n) => !spec.conflict.includes(n) && !spec.alsoSet?.includes(n))
  ).filter((n) => names.includes(n));
  const table = ident(spec.table);
  const newValue = (n: string) => spec.mergeExpr?.[n] ?? `excluded.${ident(n)}`;
  const alsoSet = (spec.alsoSet ?? []).filter((n) => names.includes(n));
  const target = `(${spec.conflict.map(ident).join(', ')})`;
  const onConflict =
    spec.conflict.length === 0
      ? ''
      : compare.length === 0
        ? `on conflict ${target} do nothing`
        : `on conflict ${target} do update set ${[
            ...[...compare, ...alsoSet].map((n) => `${ident(n)} = ${newValue(n)}`),
            ...(spec.touch ? [`${ident(spec.touch)} = now()`] : []),
          ].join(', ')} where (${compare.map((n) => `${table}.${ident(n)}`).join(', ')}) is distinct from (${compare
            .map(newValue)
            .join(', ')})`;
  const unnest = (chunk: readonly Row[]) =>
    sql.join(
      columns.map((column) => sql`${sql.param(arrayLiteral(chunk, column))}::${sql.raw(paramType(column.type))}`),
      sql.raw(', '),
    );

  /**
   * A plain insert of the whole chunk, in a savepoint: true when every row was new. A row already stored (or one
   * another writer inserted meanwhile) fails it at once and leaves nothing behind; the upsert then does the work.
   */
  const insertAll = async (chunk: readonly Row[]): Promise<boolean> => {
    const query = sql.join(
      [
        sql.raw(
          `insert into ${table} (${list}) select ${columns.map((c) => selectExpr(c, 'u')).join(', ')} from unnest(`,
        ),
        unnest(chunk),
        sql.raw(`) as u(${list})`),
      ],
      sql.raw(''),
    );
    try {
      await db.transaction(async (tx) => {
        await tx.execute(query);
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  };

  /** The upsert, answering counts rather than a row per written row (rows cost more to return than to write). */
  const upsert = async (chunk: readonly Row[]): Promise<{ added: number; changed: number }> => {
    const query = sql.join(
      [
        sql.raw(
          `with w as (insert into ${table} (${list}) select ${columns.map((c) => selectExpr(c, 'u')).join(', ')} from unnest(`,
        ),
        unnest(chunk),
        sql.raw(
          `) as u(${list}) ${onConflict} returning (xmax = 0) as inserted) ` +
            'select (count(*) filter (where inserted))::int as added, (count(*) filter (where not inserted))::int as changed from w',
        ),
      ],
      sql.raw(''),
    );
    return rowsOf<{ added: number; changed: number }>(await db.execute(query))[0] ?? { added: 0, changed: 0 };
  };

  const chunkRows = Math.min(CHUNK_ROWS, spec.chunkRows ?? CHUNK_ROWS);
  for (let start = 0; start < rows.length; start += chunkRows) {
    const chunk = rows.slice(start, start + chunkRows);
    if (spec.conflict.length > 0 && hints?.get(spec.table) !== false) {
      const allNew = await insertAll(chunk);
      // New rows last time: try the plain insert again; known rows: go straight to the upsert.
      hints?.set(spec.table, allNew);
      if (allNew) {
        result.added += chunk.length;
        continue;
      }
    }
    const written = await upsert(chunk);
    result.added += written.added;
    result.changed += written.changed;
    result.skipped += chunk.length - written.added - written.changed;
  }
  return result;
}
