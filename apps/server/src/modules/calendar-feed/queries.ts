import { alerts, assetListItems, assets, calendarFeeds, type Database, earnings, earningsDateChanges } from '@eh/db';
import type { EarningsDateStatus, FiscalPeriod, IsoDate, SessionType } from '@eh/domain';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';

type Db = Pick<Database, 'select' | 'insert' | 'delete'>;

export interface FeedRow {
  secret: string;
  createdAt: Date;
}

export async function feedOf(db: Db, params: { userId: string }): Promise<FeedRow | undefined> {
  const rows = await db
    .select({ secret: calendarFeeds.secret, createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, params.userId))
    .limit(1);
  return rows[0];
}

/** The user's feed with this secret: one row per user, so a new secret replaces (and so revokes) the old one. */
export async function saveFeed(db: Db, params: { userId: string; secret: string }): Promise<FeedRow> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId: params.userId, secret: params.secret })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { secret: params.secret, createdAt: sql`now()` } })
    .returning({ secret: calendarFeeds.secret, createdAt: calendarFeeds.createdAt });
  if (!row) throw new Error(`calendar feed of ${params.userId} was not stored`);
  return row;
}

export async function deleteFeed(db: Db, params: { userId: string }): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, params.userId));
}

/** Whose feed a secret opens (the unique index on secret finds it). */
export async function ownerOfSecret(db: Db, params: { secret: string }): Promise<string | undefined> {
  const rows = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.secret, params.secret))
    .limit(1);
  return rows[0]?.userId;
}

export interface FeedReportRow {
  id: number;
  symbol: string;
  name: string;
  periodYear: number;
  period: FiscalPeriod;
  date: IsoDate;
  time: string | null;
  session: SessionType | null;
  dateStatus: EarningsDateStatus;
  /** How many times its date, time or status moved (earnings_date_changes rows). */
  changes: number;
  updatedAt: Date;
}

export interface FeedReportsParams {
  userId: string;
  from: IsoDate;
  to: IsoDate;
  limit: number;
}

/**
 * The reports in [from, to] of every symbol the user follows, in a list or by an alert, by date. Symbols are
 * matched case-blind on the assets' uppercase copy (indexed), each report once however it is followed.
 */
export async function feedReports(db: Db, params: FeedReportsParams): Promise<FeedReportRow[]> {
  const followed = sql`(
    select upper(${alerts.symbol}) from ${alerts} where ${alerts.userId} = ${params.userId}
    union
    select upper(${assetListItems.symbol}) from ${assetListItems} where ${assetListItems.userId} = ${params.userId}
  )`;
  const changes = sql<number>`(
    select count(*)::int from ${earningsDateChanges} where ${earningsDateChanges.earningsId} = ${earnings.id}
  )`;
  return db
    .select({
      id: earnings.id,
      symbol: assets.symbol,
      name: assets.name,
      periodYear: earnings.periodYear,
      period: earnings.period,
      date: earnings.date,
      time: earnings.time,
      session: earnings.session,
      dateStatus: earnings.dateStatus,
      changes: changes.mapWith(Number),
      updatedAt: earnings.updatedAt,
    })
    .from(earnings)
    .innerJoin(assets, eq(assets.id, earnings.assetId))
    .where(
      and(sql`${assets.symbolUpper} in ${followed}`, gte(earnings.date, params.from), lte(earnings.date, params.to)),
    )
    .orderBy(asc(earnings.date), asc(assets.symbol), asc(earnings.id))
    .limit(params.limit);
}
