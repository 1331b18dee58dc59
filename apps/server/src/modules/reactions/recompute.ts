/**
 * The reactions job's work (decision 0045): every report's reaction and every company's record, worked out for the
 * whole market from stored bars, splits and report dates, and written back in bulk. A run reads a chunk of
 * companies at a time (their bars, splits and reports in three statements), computes in memory with the domain's
 * rules, and upserts the chunk's rows with one `unnest` statement per table; rows that did not change are skipped.
 */

import type { Database } from '@eh/db';
import {
  type DailyBar,
  expectedMove,
  type MarketAssetType,
  nyDate,
  REACTION_BENCHMARK_SYMBOL,
  type ReactionRecord,
  reactionStats,
  reactionTo,
  reportTiming,
  type SplitEvent,
  surpriseOf,
} from '@eh/domain';
import * as q from './queries.ts';

/** The options market's implied move per asset id, percent (a provider capability: decision 0045). */
export type ImpliedMoves = (assetIds: readonly number[]) => Promise<ReadonlyMap<number, number>>;

export interface RecomputeParams {
  now?: Date;
  /** Where implied moves come from; none of today's providers gives them. */
  impliedMoves?: ImpliedMoves;
  /** Companies per chunk (tests use small ones). */
  chunk?: number;
  /** Only these companies (default: every company with a report). */
  assetIds?: readonly number[];
  /** Stops the run before its next chunk (the worker stopping); the job runs again from the start. */
  signal?: AbortSignal;
}

export interface RecomputeResult {
  companies: number;
  reports: number;
  /** Reports with a reaction. */
  reactions: number;
  /** Bars read. */
  bars: number;
  written: { reactions: number; stats: number };
  timings: { read: number; compute: number; write: number };
}

function groupBy<T extends { assetId: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.assetId);
    if (list) list.push(row);
    else out.set(row.assetId, [row]);
  }
  return out;
}

export async function recomputeReactions(db: Database, params: RecomputeParams = {}): Promise<RecomputeResult> {
  const today = nyDate(params.now ?? new Date());
  const chunk = params.chunk ?? q.REACTION_ASSETS_PER_STATEMENT;
  const result: RecomputeResult = {
    companies: 0,
    reports: 0,
    reactions: 0,
    bars: 0,
    written: { reactions: 0, stats: 0 },
    timings: { read: 0, compute: 0, write: 0 },
  };
  let mark = performance.now();
  const lap = (key: keyof RecomputeResult['timings']) => {
    const now = performance.now();
    result.timings[key] += now - mark;
    mark = now;
  };

  const benchmarkId = await q.indexAssetId(db, REACTION_BENCHMARK_SYMBOL);
  const benchmark: DailyBar[] = benchmarkId === null ? [] : await q.barsOf(db, [benchmarkId]);
  const only = params.assetIds ? new Set(params.assetIds) : null;
  const companies = (await q.reportingAssets(db)).filter((company) => only === null || only.has(company.id));
  lap('read');

  for (let start = 0; start < companies.length; start += chunk) {
    params.signal?.throwIfAborted();
    const slice = companies.slice(start, start + chunk);
    const ids = slice.map((company) => company.id);
    const [bars, splits, reports] = await Promise.all([q.barsOf(db, ids), q.splitsOf(db, ids), q.reportsOf(db, ids)]);
    const implied = params.impliedMoves ? await params.impliedMoves(ids) : null;
    lap('read');

    const barsBy = groupBy(bars);
    const splitsBy = groupBy(splits);
    const reportsBy = groupBy(reports);
    const reactionRows: q.ReactionRow[] = [];
    const statsRows: q.StatsRow[] = [];
    for (const company of slice) {
      const own: DailyBar[] = barsBy.get(company.id) ?? [];
      const ownSplits: SplitEvent[] = splitsBy.get(company.id) ?? [];
      const records: ReactionRecord[] = [];
      for (const report of reportsBy.get(company.id) ?? []) {
        const { date, session } = reportTiming(report);
        const { reaction, reason } = reactionTo({
          reportDate: date,
          session,
          assetType: company.type as MarketAssetType,
          today,
          bars: own,
          benchmark,
          splits: ownSplits,
        });
        reactionRows.push({
          earnings_id: report.id,
          asset_id: company.id,
          report_date: date,
          session,
          reason,
          base_date: reaction?.baseDate ?? null,
          reaction_date: reaction?.reactionDate ?? null,
          long_end_date: reaction?.longEndDate ?? null,
          gap_percent: reaction?.gapPercent ?? null,
          one_day_percent: reaction?.oneDayPercent ?? null,
          five_day_percent: reaction?.fiveDayPercent ?? null,
          intraday_range_percent: reaction?.intradayRangePercent ?? null,
          benchmark_percent: reaction?.benchmarkPercent ?? null,
          relative_percent: reaction?.relativePercent ?? null,
          split_adjusted: reaction?.splitAdjusted ?? false,
        });
        if (reaction) {
          records.push({
            date,
            oneDayPercent: reaction.oneDayPercent,
            epsSurprisePercent: surpriseOf(report.epsActual, report.epsEstimate).surprisePercent,
            revenueSurprisePercent: surpriseOf(report.revenueActual, report.revenueEstimate).surprisePercent,
          });
        }
      }
      const stats = reactionStats(records);
      const expected = expectedMove({
        impliedPercent: implied?.get(company.id) ?? null,
        typicalMovePercent: stats.typicalMovePercent,
        bars: own,
      });
      statsRows.push({
        asset_id: company.id,
        typical_move_percent: stats.typicalMovePercent,
        expected_move_percent: expected?.percent ?? null,
        expected_move_source: expected?.source ?? null,
        stats,
      });
      result.reactions += records.length;
    }
    result.companies += slice.length;
    result.reports += reports.length;
    result.bars += bars.length;
    lap('compute');

    const written = await q.writeReactions(db, reactionRows);
    const statsWritten = await q.writeStats(db, statsRows);
    result.written.reactions += written.added + written.changed;
    result.written.stats += statsWritten.added + statsWritten.changed;
    lap('write');
  }
  return result;
}
