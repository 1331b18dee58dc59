import type { getAssetMetrics } from '@eh/contracts';
import { type AccountFeatures, trimScores, weeklyHistoryDates } from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import { checkWindow, type Query, requireAsset, today } from '../quotes/index.ts';
import * as q from './read-queries.ts';

/**
 * The asset's weekly metrics (the last trading day of each week, plus the latest day computed), oldest first;
 * default window: everything kept (EHS_HISTORY_WEEKS back from the latest run). The four parts are public like the
 * EH500 ranks; the score itself is the pro ehs feature and blanked without it.
 */
export async function assetMetrics(
  ctx: AppContext,
  symbol: string,
  query: Query<typeof getAssetMetrics>,
  features: AccountFeatures,
  now = new Date(),
) {
  const end = query.end ?? today(now);
  if (query.start) checkWindow(query.start, end);
  const asset = await requireAsset(ctx, symbol, query.type);
  const rows = await q.metricsOf(ctx.db, { assetId: asset.id, start: query.start, end });
  const first = rows[0]?.date;
  const last = rows.at(-1)?.date;
  const weekly = new Set(first && last ? weeklyHistoryDates(first, last) : []);
  const points = rows.filter((row) => weekly.has(row.date) || row.date === last);
  const trimmed = trimScores(
    points.map(({ overallScore, ...rest }) => ({ ...rest, score: overallScore })),
    features,
  );
  return {
    symbol: asset.symbol,
    type: asset.type,
    start: query.start ?? first ?? end,
    end,
    points: trimmed.items.map(({ score, ...rest }) => ({ ...rest, overallScore: score })),
    gated: trimmed.gated,
  };
}
