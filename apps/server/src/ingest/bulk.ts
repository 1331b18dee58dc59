/**
 * Set-based upserts through `unnest`: one statement per chunk, each column sent as one array parameter. Unchanged
 * rows are skipped by `… do update … where (…) is distinct from (…)`, and inserts are told from updates by
 * `xmax = 0` (a freshly inserted row version has no deleting transaction).
 */
import type { Database } from '@eh/db';
import { type SQL, sql } from 'drizzle-orm';

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
  /** Predicate of a partial unique index, when the key is one. */
  conflictWhere?: string;
  /** Columns compared and updated on conflict; default every column outside the key. */
  compare?: readonly string[];
  /** Set to now() when a row changes. */
  touch?: string;
  /** Set from the new row when it changes, without being compared (the row's `source`). */
  alsoSet?: readonly string[];
  /** Update expressions other than `excluded.<column>`, e.g. merging a jsonb map; compared as written. */
  mergeExpr?: Readonly<Record<string, string>>;
  /** Extra columns to return for each written row. */
  returning?: readonly string[];
}

export type Row = Record<string, unknown>;

export interface UpsertResult<R extends Row = Row> {
  added: number;
  changed: number;
  skipped: number;
  /** Written rows (inserted or changed), with `inserted` and the `returning` columns. */
  rows: (R & { inserted: boolean })[];
}

/** Rows per statement: large enough to amortise the round trip, small enough for the parameter buffers. */
export const CHUNK_ROWS = 5000;

/** Rows of a raw `db.execute`, typed by the caller (both drivers return `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Postgres array literal for a `text[]` value sent inside a `text[]` parameter. */
function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}

function encode(value: unknown, type: ColumnType): unknown {
  if (value === undefined || value === null) return null;
  switch (type) {
    case 'jsonb':
      return JSON.stringify(value);
    case 'text[]':
      return textArrayLiteral(value as string[]);
    case 'timestamptz':
      return value instanceof Date ? value.toISOString() : value;
    default:
      return value;
  }
}

const paramType = (type: ColumnType) => (type === 'jsonb' || type === 'text[]' ? 'text[]' : `${type}[]`);
function selectExpr(column: ColumnSpec): string {
  const value =
    column.type === 'jsonb' || column.type === 'text[]'
      ? `u.${ident(column.name)}::${column.type}`
      : `u.${ident(column.name)}`;
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

/**
 * Inserts or updates `rows` (already unique on the conflict key). A column that every row leaves undefined is not
 * written at all: the provider did not say, so the stored value stays.
 */
export async function upsertRows<R extends Row = Row>(
  db: Database,
  spec: UpsertSpec,
  rows: readonly Row[],
): Promise<UpsertResult<R>> {
  const result: UpsertResult<R> = { added: 0, changed: 0, skipped: 0, rows: [] };
  if (rows.length === 0) return result;
  const columns = spec.columns.filter(
    (column) =>
      column.required || spec.conflict.includes(column.name) || rows.some((row) => row[column.name] !== undefined),
  );
  const names = columns.map((c) => c.name);
  const compare = (
    spec.compare ?? names.filter((n) => !spec.conflict.includes(n) && !spec.alsoSet?.includes(n))
  ).filter((n) => names.includes(n));
  const table = ident(spec.table);
  const target = `(${spec.conflict.map(ident).join(', ')})${spec.conflictWhere ? ` where ${spec.conflictWhere}` : ''}`;
  const newValue = (n: string) => spec.mergeExpr?.[n] ?? `excluded.${ident(n)}`;
  const alsoSet = (spec.alsoSet ?? []).filter((n) => names.includes(n));
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
  const returning = ['(xmax = 0) as inserted', ...(spec.returning ?? []).map(ident)].join(', ');

  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const chunk = rows.slice(start, start + CHUNK_ROWS);
    const params: SQL[] = columns.map(
      (column) =>
        sql`${sql.param(chunk.map((row) => encode(row[column.name], column.type)))}::${sql.raw(paramType(column.type))}`,
    );
    const query = sql.join(
      [
        sql.raw(
          `insert into ${table} (${names.map(ident).join(', ')}) select ${columns.map(selectExpr).join(', ')} from unnest(`,
        ),
        sql.join(params, sql.raw(', ')),
        sql.raw(`) as u(${names.map(ident).join(', ')}) ${onConflict} returning ${returning}`),
      ],
      sql.raw(''),
    );
    const written = rowsOf<R & { inserted: boolean }>(await db.execute(query));
    for (const row of written) {
      if (row.inserted) result.added += 1;
      else result.changed += 1;
      result.rows.push(row);
    }
    result.skipped += chunk.length - written.length;
  }
  return result;
}
