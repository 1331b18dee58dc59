/** The calendar feature's public face: what other features use of it. */
export { dayHeading, safeTimeZone } from './calendar-format.ts';
export { useTimeZone } from './calendar-preferences.ts';
export { EventChips, EventFigures, EventSubject } from './event-details.tsx';
export { GatedNotice } from './gated-notice.tsx';
