import type { getLikelyMovers, getSymbolReactions, ReportReaction, ResponseOf } from '@eh/contracts';
import {
  type AccountFeatures,
  canUse,
  describeReactionStats,
  LIKELY_MOVERS_LIMIT,
  MARKET_TIME_ZONE,
  nyDate,
  REACTION_BENCHMARK_SYMBOL,
  type ReactionNullReason,
  reportTiming,
  surpriseOf,
  weekWindow,
} from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import { notFound } from '../../kernel/http/errors.ts';
import { findAsset } from '../quotes/index.ts';
import * as q from './queries.ts';

/**
 * A report with its stored reaction as the API gives it. A reaction stored for another date or session than the
 * report has now (the date moved since) is not shown: the report reads as stale until the queued recompute runs.
 */
export function toReportReaction(row: q.AssetReactionRow): ReportReaction {
  const heard = reportTiming({ ...row, reportedAtMs: row.reportedAt?.getTime() ?? null });
  const { session } = heard;
  const stored = row.stored;
  const current = stored !== null && stored.reportDate === heard.date && stored.session === session;
  const reason: ReactionNullReason | null = current ? stored.reason : 'stale';
  const kept = current && stored.reason === null ? stored : null;
  return {
    earningsId: row.earningsId,
    periodYear: row.periodYear,
    period: row.period,
    date: row.date,
    session,
    epsSurprisePercent: surpriseOf(row.epsActual, row.epsEstimate).surprisePercent,
    revenueSurprisePercent: surpriseOf(row.revenueActual, row.revenueEstimate).surprisePercent,
    reason,
    baseDate: kept?.baseDate ?? null,
    reactionDate: kept?.reactionDate ?? null,
    longEndDate: kept?.longEndDate ?? null,
    gapPercent: kept?.gapPercent ?? null,
    oneDayPercent: kept?.oneDayPercent ?? null,
    fiveDayPercent: kept?.fiveDayPercent ?? null,
    intradayRangePercent: kept?.intradayRangePercent ?? null,
    benchmarkPercent: kept?.benchmarkPercent ?? null,
    relativePercent: kept?.relativePercent ?? null,
    splitAdjusted: kept?.splitAdjusted ?? false,
  };
}

/**
 * One company's reactions, record and expected move. The whole answer is the price move's premium data
 * (prePostEarningsMove): without it, nothing but how many reports it withheld.
 */
export async function symbolReactions(
  ctx: AppContext,
  features: AccountFeatures,
  symbol: string,
): Promise<ResponseOf<typeof getSymbolReactions>> {
  const asset = await findAsset(ctx.db, { symbol });
  if (!asset) throw notFound(`Unknown symbol: ${symbol.toUpperCase()}`);
  const rows = await q.assetReactions(ctx.db, asset.id);
  const header = { symbol: asset.symbol, name: asset.name, benchmark: REACTION_BENCHMARK_SYMBOL } as const;
  if (!canUse(features, 'priceMove')) {
    return {
      ...header,
      reactions: [],
      stats: null,
      summary: null,
      expectedMove: null,
      gated: rows.length > 0 ? [{ feature: 'priceMove', hidden: rows.length }] : [],
    };
  }
  const stored = await q.statsOf(ctx.db, asset.id);
  return {
    ...header,
    reactions: rows.map(toReportReaction),
    stats: stored?.stats ?? null,
    summary: stored ? describeReactionStats(asset.symbol, stored.stats) : null,
    expectedMove:
      stored?.expectedMovePercent != null && stored.expectedMoveSource
        ? { percent: stored.expectedMovePercent, source: stored.expectedMoveSource }
        : null,
    gated: [],
  };
}

/**
 * This week's likely big movers: the week's reports whose companies have the largest expected moves. Premium data
 * like the price move: without it, only how many there were.
 */
export async function likelyMovers(
  ctx: AppContext,
  features: AccountFeatures,
  now = new Date(),
): Promise<ResponseOf<typeof getLikelyMovers>> {
  const { start, end } = weekWindow(nyDate(now));
  const header = { start, end, timeZone: MARKET_TIME_ZONE } as const;
  if (!canUse(features, 'priceMove')) {
    const hidden = await q.likelyMoversCount(ctx.db, { start, end });
    return { ...header, movers: [], gated: hidden > 0 ? [{ feature: 'priceMove', hidden }] : [] };
  }
  const rows = await q.likelyMovers(ctx.db, { start, end, limit: LIKELY_MOVERS_LIMIT });
  return {
    ...header,
    movers: rows.flatMap((row) =>
      row.expectedMovePercent === null || row.expectedMoveSource === null
        ? []
        : [
            {
              earningsId: row.earningsId,
              symbol: row.symbol,
              name: row.name,
              date: row.date,
              time: row.time,
              session: reportTiming({ ...row, reportedAtMs: null }).session,
              dateStatus: row.dateStatus,
              expectedMove: { percent: row.expectedMovePercent, source: row.expectedMoveSource },
              typicalMovePercent: row.typicalMovePercent,
            },
          ],
    ),
    gated: [],
  };
}
