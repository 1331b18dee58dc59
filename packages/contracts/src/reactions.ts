import {
  EARNINGS_DATE_STATUSES,
  EXPECTED_MOVE_SOURCES,
  FISCAL_PERIODS,
  LIKELY_MOVERS_LIMIT,
  MARKET_TIME_ZONE,
  REACTION_BENCHMARK_SYMBOL,
  REACTION_NULL_REASONS,
  REACTION_STAT_WINDOWS,
  SESSION_TYPES,
} from '@eh/domain';
import { z } from 'zod';
import { SymbolParams } from './common.ts';
import { GatedMarkers } from './earnings.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';

/**
 * How a stock reacted to each of its reports, its record over the last ones and the move expected on the next
 * (decision 0045). Plan-gated like the price move on the earnings rows (prePostEarningsMove).
 */

const DateOut = z.iso.date();
const Percent = z.number().nullable();

export const ReportReaction = z.object({
  earningsId: z.number().int(),
  periodYear: z.number().int(),
  period: z.enum(FISCAL_PERIODS),
  date: DateOut,
  /** The session the reaction is read in (stored, or from the time); null when unknown. */
  session: z.enum(SESSION_TYPES).nullable(),
  epsSurprisePercent: Percent,
  revenueSurprisePercent: Percent,
  /** Why there is no reaction; null when there is one. */
  reason: z.enum(REACTION_NULL_REASONS).nullable(),
  /** The close measured from, and the first session that traded on the news. */
  baseDate: DateOut.nullable(),
  reactionDate: DateOut.nullable(),
  /** The fifth session (the reaction day the first); null until it has traded. */
  longEndDate: DateOut.nullable(),
  gapPercent: Percent,
  oneDayPercent: Percent,
  fiveDayPercent: Percent,
  intradayRangePercent: Percent,
  /** The benchmark's move over the same one-day window, and the stock's less it (percentage points). */
  benchmarkPercent: Percent,
  relativePercent: Percent,
  splitAdjusted: z.boolean(),
});
export type ReportReaction = z.infer<typeof ReportReaction>;

export const ReactionWindowStats = z.object({
  reports: z.union(REACTION_STAT_WINDOWS.map((n) => z.literal(n))),
  meanAbsPercent: Percent,
  up: z.number().int(),
  down: z.number().int(),
});

export const ReactionStatsOut = z.object({
  count: z.number().int(),
  windows: z.array(ReactionWindowStats),
  up: z.number().int(),
  down: z.number().int(),
  beatAndFell: z.number().int(),
  missedAndRose: z.number().int(),
  epsCorrelation: z.number().nullable(),
  revenueCorrelation: z.number().nullable(),
  largest: z.object({ date: DateOut, oneDayPercent: z.number() }).nullable(),
  typicalMovePercent: Percent,
  typicalWindow: z.union(REACTION_STAT_WINDOWS.map((n) => z.literal(n))).nullable(),
});
export type ReactionStatsOut = z.infer<typeof ReactionStatsOut>;

export const ExpectedMoveOut = z.object({
  percent: z.number(),
  /** implied: the options market (a provider that gives it); history: the company's record scaled by recent
   * volatility; volatility: recent volatility alone. */
  source: z.enum(EXPECTED_MOVE_SOURCES),
});

export const getSymbolReactions = defineRoute({
  method: 'GET',
  path: paths.getSymbolReactions,
  group: 'public',
  summary: `How one company's stock moved after each of its reports, newest first (gap, one and five days, intraday range, and against the S&P 500 ${REACTION_BENCHMARK_SYMBOL}), with a reason where there is no move; its record over the last 4, 8 and 12 reports; and the move expected on its next report with where that figure comes from. Without prePostEarningsMove nothing but \`gated\` is sent`,
  tags: ['earnings'],
  params: SymbolParams,
  response: z.object({
    symbol: z.string(),
    name: z.string(),
    benchmark: z.literal(REACTION_BENCHMARK_SYMBOL),
    reactions: z.array(ReportReaction),
    stats: ReactionStatsOut.nullable(),
    /** The record in words ("NVDA has moved 7.9% on average after its last 8 reports, up 5 times"). */
    summary: z.string().nullable(),
    expectedMove: ExpectedMoveOut.nullable(),
    gated: GatedMarkers,
  }),
});

export const LikelyMover = z.object({
  earningsId: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  date: DateOut,
  /** 'HH:MM' New York time; null when only the day (or the session) is known. */
  time: z.string().nullable(),
  session: z.enum(SESSION_TYPES).nullable(),
  dateStatus: z.enum(EARNINGS_DATE_STATUSES),
  expectedMove: ExpectedMoveOut,
  typicalMovePercent: Percent,
});
export type LikelyMover = z.infer<typeof LikelyMover>;

export const getLikelyMovers = defineRoute({
  method: 'GET',
  path: paths.getLikelyMovers,
  group: 'public',
  summary: `This week's likely big movers (the home page's card): the reports of the current Monday–Friday week (New York; next week on a weekend) whose companies have the largest expected moves, largest first, at most ${LIKELY_MOVERS_LIMIT}, each with where its figure comes from. Without prePostEarningsMove nothing but \`gated\` is sent`,
  tags: ['earnings'],
  response: z.object({
    start: DateOut,
    end: DateOut,
    timeZone: z.literal(MARKET_TIME_ZONE),
    movers: z.array(LikelyMover),
    gated: GatedMarkers,
  }),
});
