import type { CalendarEvent } from '@eh/contracts';

/** For tests: a recorded Walmart call as the events API sends it, with `overrides` applied. */
export function callEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: 1,
    eventType: 'call',
    eventStatus: 'closed',
    eventDate: '2026-11-19T13:30:00.000Z',
    symbol: 'WMT',
    name: 'Walmart Inc.',
    title: 'Walmart Inc. Q3 2027 Earnings Call',
    description: null,
    earningsId: 1,
    periodYear: 2027,
    period: 'Q3',
    details: {},
    audioUrl: null,
    youtubeUrl: null,
    source: 'demo',
    gated: null,
    ...overrides,
  };
}
