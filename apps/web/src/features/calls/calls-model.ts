/**
 * The /calls page's rules (pure TypeScript): which calls are live, the reader's day each falls on, the time shown
 * in the reader's zone, and where each row leads (the transcript once published, else the company's events).
 */
import type { CalendarEvent } from '@eh/contracts';
import { formatIsoDate, type IsoDate } from '@eh/domain';
import { fillPath, PAGES, type PageId, SYMBOL_TABS, symbolPath } from '../../shared/routes.ts';
import { safeTimeZone } from '../calendar/index.ts';

/** The two tabs of the page; the first is the default (no query parameter). */
export const CALL_TABS = [
  { key: 'upcoming', label: 'Live now / Upcoming' },
  { key: 'recorded', label: 'Recorded' },
] as const;
export type CallTab = (typeof CALL_TABS)[number]['key'];

export function callTabOf(value: string | null): CallTab {
  return CALL_TABS.find((tab) => tab.key === value)?.key ?? 'upcoming';
}

/** How many calls one page of a list shows, and how many more each "Show more" asks for. */
export const CALLS_PAGE_SIZE = 50;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();

function cached(store: Map<string, Intl.DateTimeFormat>, zone: string, options: Intl.DateTimeFormatOptions) {
  let format = store.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options });
    store.set(zone, format);
  }
  return format;
}

/** The reader's calendar day of an instant. */
export function localDay(instant: string, timeZone: string): IsoDate {
  const parts = cached(dayFormats, safeTimeZone(timeZone), {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return formatIsoDate({ year: part('year'), month: part('month'), day: part('day') });
}

/** '4:05 PM EST' in the reader's zone. */
export function callTime(instant: string, timeZone: string): string {
  return cached(timeFormats, safeTimeZone(timeZone), {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(instant));
}

export interface CallDay {
  day: IsoDate;
  calls: CalendarEvent[];
}

/** Calls grouped by the reader's day, in the order given (the API's: upcoming oldest first, recorded newest first). */
export function byDay(calls: readonly CalendarEvent[], timeZone: string): CallDay[] {
  const days: CallDay[] = [];
  for (const call of calls) {
    const day = localDay(call.eventDate, timeZone);
    const last = days.at(-1);
    if (last?.day === day) last.calls.push(call);
    else days.push({ day, calls: [call] });
  }
  return days;
}

/** Live calls first (they may have started yesterday in the reader's zone), then the upcoming ones. */
export function splitLive(calls: readonly CalendarEvent[]): { live: CalendarEvent[]; upcoming: CalendarEvent[] } {
  return {
    live: calls.filter((call) => call.eventStatus === 'live'),
    upcoming: calls.filter((call) => call.eventStatus === 'upcoming'),
  };
}

const EVENTS_TAB = SYMBOL_TABS.find((tab) => tab.key === 'events');
const pathOf = (id: PageId): string => PAGES.find((page) => page.id === id)?.path ?? '/';

export interface CallLink {
  to: string;
  label: string;
  kind: 'live' | 'transcript' | 'events';
}

/**
 * Where a call's row leads: a live call's own page (its audio, live transcript and comments), a finished call's
 * transcript page when it has one, else the company's events tab. Null for a call without a company.
 */
export function callLink(call: CalendarEvent): CallLink | null {
  if (!call.symbol) return null;
  const symbol = call.symbol.toUpperCase();
  const page = callPagePath(call);
  if (call.eventStatus === 'live' && page) return { to: page, label: 'Join live', kind: 'live' };
  const published = call.eventStatus === 'closed' && call.details.hasTranscript === true;
  if (published && call.periodYear !== null && call.period !== null) {
    return {
      to: fillPath(pathOf('transcriptByPeriod'), {
        symbol,
        periodYear: String(call.periodYear),
        period: call.period,
      }),
      label: 'Transcript',
      kind: 'transcript',
    };
  }
  return { to: symbolPath(symbol, EVENTS_TAB), label: 'Events', kind: 'events' };
}

/**
 * What a finished call's page says first, for whoever came to join it (a list read a moment before it ended still
 * offers Join live): that it ended, and what is left of it. Null while it is live or still to come.
 */
export function endedCallNote(
  call: Pick<CalendarEvent, 'eventType' | 'eventStatus' | 'audioUrl' | 'details'>,
): string | null {
  if (call.eventType !== 'call' || call.eventStatus !== 'closed') return null;
  const transcript = call.details.hasTranscript === true;
  if (call.audioUrl) {
    return transcript
      ? 'This call has ended. Listen to the recording below, or read the transcript.'
      : 'This call has ended. Listen to the recording below; its transcript comes here once it is published.';
  }
  return transcript
    ? 'This call has ended. Read its transcript.'
    : 'This call has ended. Its transcript comes here once it is published.';
}

/** The call's own page (SPEC §2 /{symbol}/events/{eventId}); null for a call without a company. */
export function callPagePath(call: Pick<CalendarEvent, 'id' | 'symbol'>): string | null {
  return call.symbol
    ? fillPath(pathOf('symbolEvent'), { symbol: call.symbol.toUpperCase(), eventId: String(call.id) })
    : null;
}

/** Whether a call belongs on a tab: live and upcoming calls on the first, finished ones on Recorded. */
export function onCallsTab(call: Pick<CalendarEvent, 'eventType' | 'eventStatus'>, tab: CallTab): boolean {
  if (call.eventType !== 'call') return false;
  return tab === 'recorded' ? call.eventStatus === 'closed' : call.eventStatus !== 'closed';
}

/** Whether `a` comes before `b` in a tab's order (the API's: oldest first, Recorded newest first; then by id). */
function before(a: CalendarEvent, b: CalendarEvent, tab: CallTab): boolean {
  const at = Date.parse(a.eventDate);
  const bt = Date.parse(b.eventDate);
  if (at !== bt) return tab === 'recorded' ? at > bt : at < bt;
  return tab === 'recorded' ? a.id > b.id : a.id < b.id;
}

/**
 * A changed call (a socket `event` message) into a tab's loaded list, in place: replaced or moved to its place when
 * it belongs there, taken out when it no longer does (a call that closed leaves "Live now / Upcoming" and joins
 * Recorded). A call that would go after the last one loaded while more remain unloaded is left for "Show more".
 * True when the list changed.
 */
export function placeCall(list: { events: CalendarEvent[]; hasMore: boolean }, call: CalendarEvent, tab: CallTab) {
  const index = list.events.findIndex((held) => held.id === call.id);
  if (index >= 0) list.events.splice(index, 1);
  if (!onCallsTab(call, tab)) return index >= 0;
  const at = list.events.findIndex((held) => before(call, held, tab));
  if (at < 0) {
    if (list.hasMore) return index >= 0;
    list.events.push(call);
  } else list.events.splice(at, 0, call);
  return true;
}
