import { assets, type Database, dividends } from '@eh/db';
import type { IsoDate } from '@eh/domain';
import { and, asc, desc, eq, gte, lte, max, sql } from 'drizzle-orm';
import { type HistoryParams, inAssetWindow } from '../quotes/index.ts';

const dividendColumns = {
  exDate: dividends.exDate,
  recordDate: dividends.recordDate,
  paymentDate: dividends.paymentDate,
  declaredDate: dividends.declaredDate,
  amount: dividends.amount,
  frequency: dividends.frequency,
  source: dividends.source,
};

/** One asset's dividends in a window, newest first. */
export async function dividendsOf(db: Database, params: HistoryParams) {
  return db
    .select(dividendColumns)
    .from(dividends)
    .where(inAssetWindow(dividends.assetId, dividends.exDate, params))
    .orderBy(desc(dividends.exDate))
    .limit(params.latest ? 1 : params.limit);
}

/** The asset's latest ex-date on or before `today`: the one dividend free callers see history of. */
export async function latestPastExDate(db: Database, params: { assetId: number; today: IsoDate }) {
  const [row] = await db
    .select({ exDate: max(dividends.exDate) })
    .from(dividends)
    .where(and(eq(dividends.assetId, params.assetId), lte(dividends.exDate, params.today)));
  return row?.exDate ?? null;
}

export interface DividendCalendarParams {
  start: IsoDate;
  end: IsoDate;
  dateType: 'ex' | 'payment';
  today: IsoDate;
  limit: number;
}

/** The market's dividends by ex- or payment date, each with its asset's latest past ex-date (for trimming). */
export async function dividendCalendar(db: Database, params: DividendCalendarParams) {
  const column = params.dateType === 'ex' ? dividends.exDate : dividends.paymentDate;
  const latestPast = sql<
    string | null
  >`(select max(d2.ex_date) from dividends d2 where d2.asset_id = ${dividends.assetId} and d2.ex_date <= ${params.today})`;
  return db
    .select({
      ...dividendColumns,
      symbol: assets.symbol,
      type: assets.type,
      name: assets.name,
      marketCap: assets.marketCap,
      latestPastExDate: latestPast.mapWith(String),
    })
    .from(dividends)
    .innerJoin(assets, eq(assets.id, dividends.assetId))
    .where(and(gte(column, params.start), lte(column, params.end)))
    .orderBy(asc(column), sql`${assets.marketCap} desc nulls last`, asc(assets.symbol))
    .limit(params.limit);
}
