/**
 * How a stock has moved since a report, as an alert tells it from what is stored when the alert is made: the stored
 * reaction once its day has closed; else the quote, while it is of the first session that traded on the news (after
 * hours or before the open, against the last close; the reaction day's regular hours, against the previous close).
 * Null whenever a figure could be of another day or from before the news: an alert never says a wrong number.
 */

import { closeInstant, earningsPublishedAt } from './ehs.ts';
import { formatPercent } from './format.ts';
import { isTradingDay, nextTradingDay, previousTradingDay, type SessionType, tradingHours } from './market-hours.ts';
import { type ReactionNullReason, reportTiming } from './reactions.ts';
import { addDays, type IsoDate, nyDate, type WallTime } from './time.ts';

/** A report with its stored reaction row and its asset's quote, as one SQL row reads them (instants in epoch ms). */
export interface ReportMoveFacts {
  date: IsoDate;
  time: WallTime | null;
  session: SessionType | null;
  /** When the figures were stored: a report stored before its day was heard then (`reportTiming`). */
  reportedAtMs: number | null;
  /** The reaction row's report date and session (null without a row): a row for another date or session is stale. */
  reactionReportDate: IsoDate | null;
  reactionSession: SessionType | null;
  reactionReason: ReactionNullReason | null;
  reactionDate: IsoDate | null;
  gapPercent: number | null;
  oneDayPercent: number | null;
  reactionComputedAtMs: number | null;
  price: number | null;
  prevClose: number | null;
  extendedPrice: number | null;
  extendedSession: 'pre' | 'after' | null;
  extendedAtMs: number | null;
  quotedAtMs: number | null;
}

export type ReportMove =
  | { when: 'reaction'; percent: number; gapPercent: number; oneDayPercent: number }
  | { when: 'afterHours' | 'preMarket' | 'today'; percent: number };

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function reportMove(facts: ReportMoveFacts, now: Date): ReportMove | null {
  // The day and session the reactions job reads the report in.
  const { date, time, session, earlyAtMs } = reportTiming(facts);
  if (session === null) return null;
  const { reactionDate, gapPercent, oneDayPercent, reactionComputedAtMs } = facts;
  if (
    facts.reactionReportDate === date &&
    facts.reactionSession === session &&
    facts.reactionReason === null &&
    reactionDate !== null &&
    gapPercent !== null &&
    oneDayPercent !== null &&
    // A bar stored while its day trades is no close: only a reaction worked out after that close is told.
    reactionComputedAtMs !== null &&
    reactionComputedAtMs >= closeInstant(reactionDate)
  )
    return { when: 'reaction', percent: oneDayPercent, gapPercent, oneDayPercent };

  const { price, prevClose, extendedPrice, extendedAtMs, quotedAtMs } = facts;
  if (price === null || quotedAtMs === null) return null;
  const first = session === 'after' ? addDays(date, 1) : date;
  const day = isTradingDay(first) ? first : nextTradingDay(first);
  const hours = tradingHours(day);
  if (hours === null) return null;
  const published = earlyAtMs ?? earningsPublishedAt(date, time, session);
  const quoteDay = nyDate(quotedAtMs);
  // Before the reaction day opens, the regular price is the last close before the news (the base): the extended
  // price's move from it, as the quote page works it out (modules/quotes toQuote).
  if (
    extendedPrice !== null &&
    extendedAtMs !== null &&
    extendedAtMs > published &&
    now.getTime() < hours.open.getTime() &&
    quoteDay === previousTradingDay(day) &&
    price !== 0
  ) {
    const percent = round(((extendedPrice - price) / price) * 100, 4);
    if (facts.extendedSession === 'after' && nyDate(extendedAtMs) === quoteDay) return { when: 'afterHours', percent };
    if (facts.extendedSession === 'pre' && nyDate(extendedAtMs) === day) return { when: 'preMarket', percent };
  }
  // On the reaction day, the price struck in its session against the previous close (the base), as toQuote does.
  if (
    nyDate(now) === day &&
    quoteDay === day &&
    quotedAtMs >= hours.open.getTime() &&
    quotedAtMs > published &&
    prevClose
  )
    return { when: 'today', percent: round((round(price - prevClose, 6) / prevClose) * 100, 4) };
  return null;
}

/** The facts of a report with no reaction row stored. */
export const NO_STORED_REACTION = {
  reactionReportDate: null,
  reactionSession: null,
  reactionReason: null,
  reactionDate: null,
  gapPercent: null,
  oneDayPercent: null,
  reactionComputedAtMs: null,
} as const satisfies Partial<ReportMoveFacts>;

/** A quote as the API sends it (the calendar reads the live socket's). */
export interface ReportMoveQuote {
  price: number;
  prevClose: number | null;
  quotedAt: string;
  extended?: { price: number; session: 'pre' | 'after'; at: string | null } | null;
}

/** The same rule from a quote alone, for a report whose reaction is not stored yet (the calendar's live move). */
export function reportMoveFromQuote(
  report: Pick<ReportMoveFacts, 'date' | 'time' | 'session' | 'reportedAtMs'>,
  quote: ReportMoveQuote,
  now: Date,
): ReportMove | null {
  return reportMove(
    {
      ...report,
      ...NO_STORED_REACTION,
      price: quote.price,
      prevClose: quote.prevClose,
      extendedPrice: quote.extended?.price ?? null,
      extendedSession: quote.extended?.session ?? null,
      extendedAtMs: quote.extended?.at ? Date.parse(quote.extended.at) : null,
      quotedAtMs: Date.parse(quote.quotedAt),
    },
    now,
  );
}

/** When a move so far was struck, in words. */
export const REPORT_MOVE_WHEN_LABELS: Readonly<Record<Exclude<ReportMove['when'], 'reaction'>, string>> = {
  afterHours: 'after hours',
  preMarket: 'before the open',
  today: 'today',
};

const signed = (value: number) => formatPercent(value, { digits: 1 });

/** 'shares opened +3.1% and closed +2.4%', 'shares +3.1% after hours', '… before the open', '… today'. */
export function describeReportMove(move: ReportMove): string {
  if (move.when === 'reaction')
    return `shares opened ${signed(move.gapPercent)} and closed ${signed(move.oneDayPercent)}`;
  return `shares ${signed(move.percent)} ${REPORT_MOVE_WHEN_LABELS[move.when]}`;
}
