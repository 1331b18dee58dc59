import { type Database, ohlcDaily, ohlcIntraday, quarterOf, splits } from '@eh/db';
import type { IsoDate } from '@eh/domain';
import { and, asc, desc, eq, gte, inArray, lt, lte, max, min, sql } from 'drizzle-orm';
import { barColumns, inAssetWindow, type WindowParams } from '../quotes/index.ts';

export async function dailyBars(db: Database, params: Required<WindowParams>) {
  return db
    .select(barColumns)
    .from(ohlcDaily)
    .where(
      and(
        inAssetWindow(ohlcDaily.assetId, ohlcDaily.date, params),
        gte(ohlcDaily.quarter, quarterOf(sql`${params.start}::date`)),
        lte(ohlcDaily.quarter, params.end),
      ),
    )
    .orderBy(asc(ohlcDaily.date));
}

export async function splitsOf(db: Database, params: Required<WindowParams>) {
  return db
    .select({ date: splits.date, numerator: splits.numerator, denominator: splits.denominator })
    .from(splits)
    .where(inAssetWindow(splits.assetId, splits.date, params))
    .orderBy(asc(splits.date));
}

export type IntradaySession = 'pre' | 'regular' | 'after';

/** The bar widths stored for an asset, per session (extended hours are often stored coarser than regular hours). */
export async function intradayWidths(db: Database, params: { assetId: number }) {
  return db
    .selectDistinct({ session: ohlcIntraday.session, interval: ohlcIntraday.intervalMinutes })
    .from(ohlcIntraday)
    .where(eq(ohlcIntraday.assetId, params.assetId))
    .orderBy(asc(ohlcIntraday.session), asc(ohlcIntraday.intervalMinutes));
}

const nyDay = sql`(${ohlcIntraday.ts} at time zone 'America/New_York')::date`;

export interface IntradayDatesParams {
  assetId: number;
  sessions: readonly IntradaySession[];
  /** Dates up to this instant (the end of the New York day asked for). */
  before: Date;
  since: Date;
  days: number;
}

/** The latest New York dates that have bars of the sessions asked for, newest first. */
export async function intradayDates(db: Database, params: IntradayDatesParams): Promise<IsoDate[]> {
  const rows = await db
    .selectDistinct({ date: sql`${nyDay}`.mapWith(String) })
    .from(ohlcIntraday)
    .where(
      and(
        eq(ohlcIntraday.assetId, params.assetId),
        inArray(ohlcIntraday.session, [...params.sessions]),
        lt(ohlcIntraday.ts, params.before),
        gte(ohlcIntraday.ts, params.since),
      ),
    )
    .orderBy(desc(sql`${nyDay}`))
    .limit(params.days);
  return rows.map((row) => row.date);
}

export interface IntradayBarsParams {
  assetId: number;
  session: IntradaySession;
  storedInterval: number;
  interval: number;
  from: Date;
  to: Date;
}

/**
 * One session's bars merged to `interval` minutes. Buckets are aligned to 09:30 New York (offsets change by whole
 * hours, so the :30 alignment holds all year); a bucket crossing the close holds only this session's part, stamped
 * with its first bar's time.
 */
export async function intradayBars(db: Database, params: IntradayBarsParams) {
  const bucket = sql`date_bin(make_interval(mins => ${params.interval}::int), ${ohlcIntraday.ts}, timestamptz '2000-01-03 14:30:00+00')`;
  return db
    .select({
      ts: min(ohlcIntraday.ts).mapWith(ohlcIntraday.ts),
      open: sql`(array_agg(${ohlcIntraday.open} order by ${ohlcIntraday.ts}))[1]`.mapWith(Number),
      high: max(ohlcIntraday.high).mapWith(Number),
      low: min(ohlcIntraday.low).mapWith(Number),
      close: sql`(array_agg(${ohlcIntraday.close} order by ${ohlcIntraday.ts} desc))[1]`.mapWith(Number),
      volume: sql`sum(${ohlcIntraday.volume})`.mapWith(Number),
    })
    .from(ohlcIntraday)
    .where(
      and(
        eq(ohlcIntraday.assetId, params.assetId),
        eq(ohlcIntraday.session, params.session),
        eq(ohlcIntraday.intervalMinutes, params.storedInterval),
        gte(ohlcIntraday.ts, params.from),
        lt(ohlcIntraday.ts, params.to),
      ),
    )
    .groupBy(bucket)
    .orderBy(min(ohlcIntraday.ts));
}
