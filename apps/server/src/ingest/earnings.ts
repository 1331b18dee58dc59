/**
 * Earnings: estimates and actuals always update, but the report date follows the domain rule (a confirmed date is
 * never overwritten by an estimate; every move of date, time or status is kept in `earnings_date_changes`).
 */

import { type Database, rowsOf } from '@eh/db';
import {
  EARNINGS_RELEASE_8K_ITEM,
  type EarningsDateChange,
  type EarningsDateFacts,
  type EarningsDateStatus,
  filingConfirmsReport,
  isIsoDate,
  mergeEarningsDate,
  parseWallTime,
  SEC_CONFIRMATION_SOURCE,
  type SessionType,
} from '@eh/domain';
import { sql } from 'drizzle-orm';
import type { EarningsRecord } from '../providers/index.ts';
import { type BatchCounts, col, hasAsset, SOURCE, tableWriter, type WriteContext, withAssetIds } from './batch.ts';
import { upsertRows } from './bulk.ts';

interface StoredDate {
  id: number;
  asset_id: number;
  period_year: number;
  period: string;
  date: string;
  time: string | null;
  session: SessionType | null;
  date_status: EarningsDateStatus;
  date_source: string;
}

const factsOf = (row: StoredDate): EarningsDateFacts => ({
  date: row.date,
  time: row.time,
  session: row.session,
  status: row.date_status,
  source: row.date_source,
});

/** History rows in one statement. */
async function insertChanges(db: Database, changes: readonly { earningsId: number; change: EarningsDateChange }[]) {
  if (changes.length === 0) return;
  await upsertRows(
    db,
    {
      table: 'earnings_date_changes',
      columns: [
        col('earnings_id', 'int4', true),
        col('old_date', 'date', true),
        col('new_date', 'date', true),
        col('old_time', 'text', true),
        col('new_time', 'text', true),
        col('old_status', 'text', true),
        col('new_status', 'text', true),
        col('source', 'text', true),
      ],
      // No key: every change is a new row.
      conflict: [],
      compare: [],
    },
    changes.map(({ earningsId, change }) => ({
      earnings_id: earningsId,
      old_date: change.oldDate,
      new_date: change.newDate,
      old_time: change.oldTime,
      new_time: change.newTime,
      old_status: change.oldStatus,
      new_status: change.newStatus,
      source: change.source,
    })),
  );
}

/** A quarter's report date after the domain rule, and the move it made to a stored date (for its history row). */
interface EarningsLink {
  assetId: number;
  next: EarningsDateFacts;
  change: { earningsId: number; change: EarningsDateChange } | null;
}

/** Each quarter once (the last record wins), its date merged with the stored one, which stays locked until commit. */
async function linkEarningsDates(
  db: Database,
  records: EarningsRecord[],
  ctx: WriteContext,
  counts: BatchCounts,
): Promise<{ record: EarningsRecord; link: EarningsLink }[]> {
  const paired = await withAssetIds(db, records, ctx, counts);
  const keyOf = (assetId: number, periodYear: number, period: string) => `${assetId}:${periodYear}:${period}`;
  const byKey = new Map<string, (typeof paired)[number]>();
  for (const item of paired) {
    const key = keyOf(item.assetId, item.record.periodYear, item.record.period);
    if (byKey.has(key)) counts.skipped += 1;
    byKey.delete(key);
    byKey.set(key, item);
  }
  const unique = [...byKey.values()];
  if (unique.length === 0) return [];

  // Lock the rows we may move, so two writers cannot both decide from the same old date.
  const stored = await db.execute(sql`
    select e.id, e.asset_id, e.period_year, e.period, e.date::text as date, e.time, e.session, e.date_status, e.date_source
    from earnings e
    join unnest(${sql.param(unique.map((u) => u.assetId))}::int4[], ${sql.param(unique.map((u) => u.record.periodYear))}::int2[],
      ${sql.param(unique.map((u) => u.record.period))}::text[]) as k(asset_id, period_year, period)
      on e.asset_id = k.asset_id and e.period_year = k.period_year and e.period = k.period
    for update of e`);
  const current = new Map<string, StoredDate>();
  for (const row of rowsOf<StoredDate>(stored)) current.set(keyOf(row.asset_id, row.period_year, row.period), row);

  return unique.map(({ record: r, assetId }) => {
    const existing = current.get(keyOf(assetId, r.periodYear, r.period));
    const { next, change } = mergeEarningsDate(existing ? factsOf(existing) : null, {
      date: r.date,
      time: r.time ?? null,
      session: r.session ?? null,
      status: r.dateStatus,
      source: ctx.source,
    });
    return {
      record: r,
      link: { assetId, next, change: change && existing ? { earningsId: existing.id, change } : null },
    };
  });
}

export const writeEarnings = tableWriter({
  what: 'earnings',
  valid: (r: EarningsRecord) =>
    hasAsset(r) &&
    Number.isInteger(r.periodYear) &&
    isIsoDate(r.date) &&
    (r.time === undefined || r.time === null || parseWallTime(r.time) !== null) &&
    (r.dateStatus === 'confirmed' || r.dateStatus === 'estimated'),
  link: linkEarningsDates,
  table: 'earnings',
  columns: {
    asset_id: { type: 'int4!', value: (_r, link) => link.assetId },
    period_year: 'int2!',
    period: 'text!',
    period_end: 'date',
    date: { type: 'date!', value: (_r, link) => link.next.date },
    time: { type: 'text!', value: (_r, link) => link.next.time },
    session: { type: 'text!', value: (_r, link) => link.next.session },
    date_status: { type: 'text!', value: (_r, link) => link.next.status },
    date_source: { type: 'text!', value: (_r, link) => link.next.source },
    eps_estimate: 'float8',
    eps_actual: 'float8',
    eps_prior_year: 'float8',
    revenue_estimate: 'float8',
    revenue_actual: 'float8',
    revenue_prior_year: 'float8',
    estimate_count: 'int2',
    reported_at: 'timestamptz',
    price_move_percent: 'float8',
    source: SOURCE,
  },
  conflict: ['asset_id', 'period_year', 'period'],
  alsoSet: ['source'],
  touch: 'updated_at',
  // Every move of a stored date is kept in `earnings_date_changes`.
  afterWrite: (db, linked) =>
    insertChanges(
      db,
      linked.flatMap(({ link }) => (link.change ? [link.change] : [])),
    ),
});

/**
 * Confirms past estimated dates from SEC 8-K Item 2.02 filings (DESIGN §6): a report on `date` whose company filed
 * an earnings release that day (or, after the close, by the next business day) becomes confirmed with source
 * 'sec', with its history row. Returns how many dates it confirmed.
 */
export async function confirmEarningsFromFilings(db: Database, today: string): Promise<number> {
  // Candidates in SQL (indexed by asset and filing date); the rule itself is the domain's.
  const candidates = await db.execute(sql`
    select e.id, e.date::text as date, e.time, e.session, e.date_status, e.date_source,
      f.form, f.items, f.filed_date::text as filed_date
    from earnings e
    join sec_filings f on f.asset_id = e.asset_id and f.filed_date between e.date and e.date + 5
    where e.date_status = 'estimated' and e.date <= ${today}::date and ${EARNINGS_RELEASE_8K_ITEM} = any(f.items)`);
  const confirmed = new Map<number, EarningsDateChange>();
  for (const row of rowsOf<
    StoredDate & {
      form: string;
      items: string[];
      filed_date: string;
    }
  >(candidates)) {
    if (confirmed.has(row.id)) continue;
    if (!filingConfirmsReport(row, { form: row.form, items: row.items, filedDate: row.filed_date })) continue;
    const { change } = mergeEarningsDate(factsOf(row), {
      date: row.date,
      time: null,
      session: null,
      status: 'confirmed',
      source: SEC_CONFIRMATION_SOURCE,
    });
    if (change) confirmed.set(row.id, change);
  }
  if (confirmed.size === 0) return 0;
  const ids = [...confirmed.keys()];
  await db.execute(sql`
    update earnings set date_status = 'confirmed', date_source = ${SEC_CONFIRMATION_SOURCE}, updated_at = now()
    where id = any(${sql.param(ids)}::int4[])`);
  await insertChanges(
    db,
    [...confirmed].map(([earningsId, change]) => ({ earningsId, change })),
  );
  return confirmed.size;
}
