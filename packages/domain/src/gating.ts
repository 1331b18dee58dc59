/**
 * Server-side trimming of premium earnings, events and files data (SPEC §3 gated features, §4 plan features;
 * DESIGN §5). Companion of market-gating.ts (dividends, short interest, EHS): the same {@link GatedMarker} tells
 * the client what was withheld so it shows the upgrade prompt, never an empty state.
 *
 * The rules:
 * - earnings history (historicalEarnings): per company, the current quarter (the next report, or the latest one
 *   when none is scheduled), the quarter before it and anything scheduled later; in calendar windows, reports
 *   dated from the first day of the previous calendar quarter on (that span holds the current and last season);
 * - the pre/post earnings move and the typical move after reports (prePostEarningsMove, pro) are blanked on every row
 *   without it;
 * - analyst ratings (analystRatings) and corporate guidance (corporateGuidance, pro) are withheld whole;
 * - files: metadata stays visible, content and links are withheld per type (transcript: eventTranscripts, slides:
 *   eventSlides, report: eventReports, audio: historicalAudio); AI analysis needs eventTranscriptsAi;
 * - events: economic and Fed events keep their title and time but lose their figures (economicCalendar,
 *   fedCalendar); a finished call loses its recording (historicalAudio). Live and upcoming calls stay free.
 */

import type { CalendarEventType, EventStatus, FileType } from './market.ts';
import type { GatedMarker, Trimmed } from './market-gating.ts';
import { type AccountFeatures, type BooleanAccountFeature, canUse, type GatedFeature } from './plans.ts';
import { formatIsoDate, type IsoDate, parseIsoDate } from './time.ts';

/**
 * SPEC §4 names the economic and Fed calendars as plan features but §3 gives them no gated-feature name; they are
 * gated under their account-feature names.
 */
export const CALENDAR_GATES = ['economicCalendar', 'fedCalendar'] as const satisfies readonly BooleanAccountFeature[];
export type CalendarGate = (typeof CALENDAR_GATES)[number];

/** Every name a {@link GatedMarker} of the market-data API can carry. */
export type PremiumFeature = GatedFeature | CalendarGate;

export interface PremiumMarker extends Omit<GatedMarker, 'feature'> {
  feature: PremiumFeature;
}

export function canUsePremium(features: AccountFeatures, feature: PremiumFeature): boolean {
  return feature === 'economicCalendar' || feature === 'fedCalendar' ? features[feature] : canUse(features, feature);
}

/** Sums markers of the same feature, in the order they first appear; markers that hid nothing are dropped. */
export function mergeMarkers<M extends PremiumMarker>(markers: readonly (M | null | undefined)[]): M[] {
  const byFeature = new Map<PremiumFeature, M>();
  for (const marker of markers) {
    if (!marker || marker.hidden <= 0) continue;
    const seen = byFeature.get(marker.feature);
    byFeature.set(marker.feature, seen ? { ...seen, hidden: seen.hidden + marker.hidden } : { ...marker });
  }
  return [...byFeature.values()];
}

// ---- earnings --------------------------------------------------------------------------------------------------

/** The first day of the calendar quarter before `today`'s: calendar windows show free callers reports from then. */
export function calendarHistoryStart(today: IsoDate): IsoDate {
  const parts = parseIsoDate(today);
  if (parts === null) throw new RangeError(`Invalid date '${today}'`);
  const quarterStartMonth = parts.month - ((parts.month - 1) % 3);
  return quarterStartMonth === 1
    ? formatIsoDate({ year: parts.year - 1, month: 10, day: 1 })
    : formatIsoDate({ year: parts.year, month: quarterStartMonth - 3, day: 1 });
}

/**
 * One company's reports: the date of the quarter before the current one, where the current one is the next report
 * on or after `today`, or the latest one when none is scheduled. Reports before that date are history. Null when
 * there are no reports.
 */
export function symbolHistoryStart(dates: readonly IsoDate[], today: IsoDate): IsoDate | null {
  const sorted = [...dates].sort();
  if (sorted.length === 0) return null;
  const upcoming = sorted.findIndex((date) => date >= today);
  const current = upcoming === -1 ? sorted.length - 1 : upcoming;
  return sorted[Math.max(0, current - 1)] ?? null;
}

export interface EarningsFigures {
  date: IsoDate;
  priceMovePercent: number | null;
  /** The company's typical move after its reports (decision 0045): the same premium data as the price move. */
  typicalMovePercent?: number | null | undefined;
}

/**
 * Earnings rows as a caller may see them: without historicalEarnings, rows dated before `historyStart` are
 * withheld; without prePostEarningsMove the price move and the typical move are blanked, and the marker counts the
 * rows that lost either. `historyStart` null means nothing is history.
 */
export function trimEarnings<T extends EarningsFigures>(
  rows: readonly T[],
  features: AccountFeatures,
  historyStart: IsoDate | null,
): { items: T[]; gated: PremiumMarker[] } {
  const history = canUse(features, 'earningsHistory');
  const kept = history || historyStart === null ? [...rows] : rows.filter((row) => row.date >= historyStart);
  let blanked = 0;
  const items = canUse(features, 'priceMove')
    ? kept
    : kept.map((row) => {
        if (row.priceMovePercent === null && row.typicalMovePercent == null) return row;
        blanked += 1;
        return row.typicalMovePercent === undefined
          ? { ...row, priceMovePercent: null }
          : { ...row, priceMovePercent: null, typicalMovePercent: null };
      });
  return {
    items,
    gated: mergeMarkers([
      { feature: 'earningsHistory', hidden: rows.length - kept.length },
      { feature: 'priceMove', hidden: blanked },
    ]),
  };
}

/** A list that is premium as a whole (analyst ratings, guidance): all of it, or nothing and how much there was. */
export function trimWhole<T>(items: readonly T[], features: AccountFeatures, feature: GatedFeature): Trimmed<T> {
  if (canUse(features, feature)) return { items: [...items], gated: null };
  return { items: [], gated: items.length > 0 ? { feature, hidden: items.length } : null };
}

// ---- files -----------------------------------------------------------------------------------------------------

/** The gated feature behind each file type's content. */
export const FILE_CONTENT_GATES = {
  transcript: 'transcript',
  slides: 'slides',
  report: 'report',
  audio: 'historicalAudio',
} as const satisfies Record<FileType, GatedFeature>;

/** Null when the caller may open a file's content (transcript sections, slides, report or recording link). */
export function fileContentGate(type: FileType, features: AccountFeatures): GatedMarker | null {
  const feature = FILE_CONTENT_GATES[type];
  return canUse(features, feature) ? null : { feature, hidden: 1 };
}

/** Null when the caller may read AI analysis of files (summary, highlights, sentiment). */
export function analysisGate(features: AccountFeatures): GatedMarker | null {
  return canUse(features, 'aiSummary') ? null : { feature: 'aiSummary', hidden: 1 };
}

// ---- events ----------------------------------------------------------------------------------------------------

export interface EventFacts {
  eventType: CalendarEventType;
  eventStatus: EventStatus;
  /** Whether the event carries a recording. */
  hasAudio: boolean;
}

/**
 * What of an event a caller may not see: an economic or Fed event's figures without the matching calendar feature,
 * a finished call's recording without historicalAudio. Null when nothing is withheld.
 */
export function eventGate(event: EventFacts, features: AccountFeatures): PremiumMarker | null {
  const feature: PremiumFeature | null =
    event.eventType === 'economic'
      ? 'economicCalendar'
      : event.eventType === 'economic_fed'
        ? 'fedCalendar'
        : event.eventType === 'call' && event.eventStatus === 'closed' && event.hasAudio
          ? 'historicalAudio'
          : null;
  return feature === null || canUsePremium(features, feature) ? null : { feature, hidden: 1 };
}
