import { assets, type Database, shortInterest } from '@eh/db';
import type { IsoDate } from '@eh/domain';
import { and, asc, desc, eq, lte, max, sql } from 'drizzle-orm';
import { type HistoryParams, inAssetWindow } from '../quotes/index.ts';

const shortInterestColumns = {
  settlementDate: shortInterest.settlementDate,
  sharesShort: shortInterest.sharesShort,
  previousSharesShort: shortInterest.previousSharesShort,
  changePercent: shortInterest.changePercent,
  daysToCover: shortInterest.daysToCover,
  averageVolume: shortInterest.averageVolume,
  percentOfFloat: shortInterest.percentOfFloat,
  source: shortInterest.source,
};

export async function shortInterestsOf(db: Database, params: HistoryParams) {
  return db
    .select(shortInterestColumns)
    .from(shortInterest)
    .where(inAssetWindow(shortInterest.assetId, shortInterest.settlementDate, params))
    .orderBy(desc(shortInterest.settlementDate))
    .limit(params.latest ? 1 : params.limit);
}

export interface LatestSettlementParams {
  /** One asset's latest; the market's when absent. */
  assetId?: number;
  onOrBefore?: IsoDate | undefined;
}

export async function latestSettlementDate(db: Database, params: LatestSettlementParams) {
  const [row] = await db
    .select({ date: max(shortInterest.settlementDate) })
    .from(shortInterest)
    .where(
      and(
        params.assetId === undefined ? undefined : eq(shortInterest.assetId, params.assetId),
        params.onOrBefore ? lte(shortInterest.settlementDate, params.onOrBefore) : undefined,
      ),
    );
  return row?.date ?? null;
}

export interface MarketShortInterestParams {
  date: IsoDate;
  sort: 'percentOfFloat' | 'daysToCover' | 'sharesShort' | 'changePercent';
  limit: number;
}

export async function marketShortInterests(db: Database, params: MarketShortInterestParams) {
  return db
    .select({ ...shortInterestColumns, symbol: assets.symbol, type: assets.type, name: assets.name })
    .from(shortInterest)
    .innerJoin(assets, eq(assets.id, shortInterest.assetId))
    .where(eq(shortInterest.settlementDate, params.date))
    .orderBy(sql`${shortInterestColumns[params.sort]} desc nulls last`, asc(assets.symbol))
    .limit(params.limit);
}
