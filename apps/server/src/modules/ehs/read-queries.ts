import { type Database, metrics } from '@eh/db';
import { asc } from 'drizzle-orm';
import { inAssetWindow, type WindowParams } from '../quotes/index.ts';

/** The asset's stored weekly metrics within the window (either bound optional), oldest first. */
export async function metricsOf(db: Database, params: WindowParams) {
  return db
    .select({
      date: metrics.date,
      overallScore: metrics.overallScore,
      ps: metrics.ps,
      pe: metrics.pe,
      yoyEps: metrics.yoyEps,
      yoyRevenue: metrics.yoyRevenue,
    })
    .from(metrics)
    .where(inAssetWindow(metrics.assetId, metrics.date, params))
    .orderBy(asc(metrics.date));
}
