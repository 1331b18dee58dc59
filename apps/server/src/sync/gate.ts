import type { CalendarEvent, EarningsRow, FileMeta } from '@eh/contracts';
import { type AccountFeatures, eventGate, fileContentGate, trimEarnings } from '@eh/domain';

/**
 * Plan gates on pushed data, the same as the API's (events/service.ts toEvent, files/service.ts toFileMeta):
 * publishers publish what a caller with every feature sees, and each client is sent what its plan shows.
 */
export function gateEvent(event: CalendarEvent, features: AccountFeatures): CalendarEvent {
  const gated = eventGate(
    { eventType: event.eventType, eventStatus: event.eventStatus, hasAudio: event.audioUrl !== null },
    features,
  );
  if (!gated) return event.gated === null ? event : { ...event, gated: null };
  const figuresHidden = gated.feature === 'economicCalendar' || gated.feature === 'fedCalendar';
  return {
    ...event,
    details: figuresHidden ? {} : event.details,
    audioUrl: gated.feature === 'historicalAudio' ? null : event.audioUrl,
    gated,
  };
}

export function gateFile(file: FileMeta, features: AccountFeatures): FileMeta {
  const gated = fileContentGate(file.type, features);
  if (!gated) return file.gated === null ? file : { ...file, gated: null };
  return { ...file, url: null, gated };
}

/** A report's results as the earnings calls gate them: the price move blanked without its feature (a fresh report is
 * never history). */
export function gateEarnings(row: EarningsRow, features: AccountFeatures): EarningsRow {
  return trimEarnings([row], features, null).items[0] ?? row;
}
