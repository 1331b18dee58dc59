/**
 * Earnings dates users can trust (DESIGN §6). Peers show estimates as facts; we keep a date's status and source,
 * never let an estimate overwrite a confirmed date, record every change, and confirm past dates from the
 * company's own SEC filing (an 8-K with Item 2.02, "Results of Operations and Financial Condition").
 */

import type { EarningsDateStatus } from './market.ts';
import type { SessionType } from './market-hours.ts';
import { nextTradingDay, sessionOf } from './market-hours.ts';
import type { IsoDate, WallTime } from './time.ts';

/** What is known about when a quarter is (or was) reported, and who said so. */
export interface EarningsDateFacts {
  date: IsoDate;
  /** 'HH:MM' America/New_York; null when only the day (or the session) is known. */
  time: WallTime | null;
  session: SessionType | null;
  status: EarningsDateStatus;
  source: string;
}

/** One row of an earnings date's history: old → new, and which source said so. */
export interface EarningsDateChange {
  oldDate: IsoDate;
  newDate: IsoDate;
  oldTime: WallTime | null;
  newTime: WallTime | null;
  oldStatus: EarningsDateStatus;
  newStatus: EarningsDateStatus;
  source: string;
}

export interface EarningsDateDecision {
  /** What to store. */
  next: EarningsDateFacts;
  /** The history row to write, when the date, time or status moved. */
  change: EarningsDateChange | null;
}

/**
 * Merges what a source now says into what is stored:
 * - a confirmed date is never overwritten by an estimate (the estimate is ignored);
 * - otherwise the newer statement wins; on the same day a statement without a time or session keeps the known ones
 *   (an 8-K confirms the day, not the hour);
 * - a statement that changes nothing keeps the stored facts, source included (no churn between vendors);
 * - a change of date, time or status yields a history row naming the new source.
 */
export function mergeEarningsDate(
  current: EarningsDateFacts | null,
  incoming: EarningsDateFacts,
): EarningsDateDecision {
  if (!current) return { next: incoming, change: null };
  if (current.status === 'confirmed' && incoming.status === 'estimated') return { next: current, change: null };
  const sameDay = incoming.date === current.date;
  const next: EarningsDateFacts = {
    date: incoming.date,
    time: incoming.time ?? (sameDay ? current.time : null),
    session: incoming.session ?? (sameDay ? current.session : null),
    status: incoming.status,
    source: incoming.source,
  };
  const moved = next.date !== current.date || next.time !== current.time || next.status !== current.status;
  if (!moved && next.session === current.session) return { next: current, change: null };
  return {
    next,
    change: moved
      ? {
          oldDate: current.date,
          newDate: next.date,
          oldTime: current.time,
          newTime: next.time,
          oldStatus: current.status,
          newStatus: next.status,
          source: incoming.source,
        }
      : null,
  };
}

/** The 8-K item that announces results of operations: an earnings release. */
export const EARNINGS_RELEASE_8K_ITEM = '2.02';
/** The source recorded on a date confirmed from an SEC filing. */
export const SEC_CONFIRMATION_SOURCE = 'sec';

export interface FilingFacts {
  /** As filed: '8-K', '8-K/A', '10-Q' … */
  form: string;
  /** Item numbers ('2.02', '9.01'); 'Item 2.02' is accepted too. */
  items: readonly string[];
  filedDate: IsoDate;
}

/** Whether a filing is an earnings release: an 8-K (or its amendment) carrying Item 2.02. */
export function isEarningsRelease(filing: Pick<FilingFacts, 'form' | 'items'>): boolean {
  const form = filing.form.trim().toUpperCase();
  if (form !== '8-K' && form !== '8-K/A') return false;
  return filing.items.some((item) => item.replace(/^item\s*/i, '').trim() === EARNINGS_RELEASE_8K_ITEM);
}

/**
 * Whether an 8-K Item 2.02 confirms a report on `report.date`: filed that day, or, for a report after the close,
 * by the next business day (EDGAR dates a filing accepted after 17:30 with the next business day, and a Friday
 * evening release is filed on Monday).
 */
export function filingConfirmsReport(
  report: Pick<EarningsDateFacts, 'date' | 'time' | 'session'>,
  filing: FilingFacts,
): boolean {
  if (!isEarningsRelease(filing)) return false;
  if (filing.filedDate === report.date) return true;
  const session = report.session ?? (report.time ? sessionOf(report.time, report.date) : null);
  if (session !== 'after') return false;
  return filing.filedDate > report.date && filing.filedDate <= nextTradingDay(report.date);
}
