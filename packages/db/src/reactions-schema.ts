/**
 * How stocks react to their reports (decision 0045): what the reactions job works out from `ohlc_daily`, `splits`
 * and `earnings`, stored so no request computes it. Both tables are rewritten in bulk whenever prices, splits or
 * report dates change.
 */
import { EXPECTED_MOVE_SOURCES, REACTION_NULL_REASONS, type ReactionStats, SESSION_TYPES } from '@eh/domain';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { assets, earnings } from './market-schema.ts';

/** One row per report: its reaction, or why there is none. */
export const earningsReactions = pgTable(
  'earnings_reactions',
  {
    earningsId: integer('earnings_id')
      .primaryKey()
      .references(() => earnings.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'cascade' }),
    /** The report's date and session the row was worked out for: a report moved since reads as stale. */
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    session: text('session', { enum: SESSION_TYPES }),
    /** Null when there is a reaction. */
    reason: text('reason', { enum: REACTION_NULL_REASONS }),
    baseDate: date('base_date', { mode: 'string' }),
    reactionDate: date('reaction_date', { mode: 'string' }),
    longEndDate: date('long_end_date', { mode: 'string' }),
    gapPercent: doublePrecision('gap_percent'),
    oneDayPercent: doublePrecision('one_day_percent'),
    fiveDayPercent: doublePrecision('five_day_percent'),
    intradayRangePercent: doublePrecision('intraday_range_percent'),
    benchmarkPercent: doublePrecision('benchmark_percent'),
    relativePercent: doublePrecision('relative_percent'),
    splitAdjusted: boolean('split_adjusted').notNull().default(false),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('earnings_reactions_asset_idx').on(t.assetId, t.reportDate.desc())],
);

/** One row per company with at least one report: its record and the move expected on its next report. */
export const reactionStats = pgTable('reaction_stats', {
  assetId: integer('asset_id')
    .primaryKey()
    .references(() => assets.id, { onDelete: 'cascade' }),
  /** The calendar's sortable figure (the record's `typicalMovePercent`). */
  typicalMovePercent: doublePrecision('typical_move_percent'),
  expectedMovePercent: doublePrecision('expected_move_percent'),
  expectedMoveSource: text('expected_move_source', { enum: EXPECTED_MOVE_SOURCES }),
  stats: jsonb('stats').$type<ReactionStats>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
