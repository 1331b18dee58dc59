import type { CalendarEvent } from '@eh/contracts';
import { describe, expect, it } from 'vitest';
import { callEvent as call } from './call-fixture.ts';
import {
  byDay,
  callLink,
  callPagePath,
  callTabOf,
  callTime,
  endedCallNote,
  localDay,
  placeCall,
  splitLive,
} from './calls-model.ts';

describe(callLink.name, () => {
  it('leads to the transcript page when the call has a published transcript', () => {
    expect(callLink(call({ details: { hasTranscript: true } }))).toEqual({
      to: '/quote/WMT/2027/Q3',
      label: 'Transcript',
      kind: 'transcript',
    });
  });

  it('leads to the company’s events tab otherwise', () => {
    expect(callLink(call({ details: { hasTranscript: false } }))?.to).toBe('/quote/WMT/events');
    expect(callLink(call({ details: { hasTranscript: true }, period: null }))?.kind).toBe('events');
    expect(callLink(call({ symbol: null }))).toBeNull();
    // A call still to come has no transcript to read yet.
    expect(callLink(call({ eventStatus: 'upcoming', details: { hasTranscript: true } }))?.kind).toBe('events');
  });

  it('names the call’s own page', () => {
    expect(callPagePath(call({ id: 3398, symbol: 'brk.b' }))).toBe('/BRK.B/events/3398');
    expect(callPagePath(call({ symbol: null }))).toBeNull();
  });
});

describe('times in the reader’s zone', () => {
  it('puts an evening New York call on the next day in Tokyo', () => {
    const instant = '2026-11-24T21:30:00.000Z';
    expect(localDay(instant, 'America/New_York')).toBe('2026-11-24');
    expect(localDay(instant, 'Asia/Tokyo')).toBe('2026-11-25');
    expect(callTime(instant, 'America/New_York')).toBe('4:30 PM EST');
    expect(callTime(instant, 'UTC')).toBe('9:30 PM UTC');
  });

  it('groups calls by the reader’s day in the order given', () => {
    const calls = [
      call({ id: 1, eventDate: '2026-11-24T13:30:00.000Z' }),
      call({ id: 2, eventDate: '2026-11-24T21:30:00.000Z' }),
      call({ id: 3, eventDate: '2026-11-25T13:00:00.000Z' }),
    ];
    expect(byDay(calls, 'America/New_York').map((day) => [day.day, day.calls.map((c) => c.id)])).toEqual([
      ['2026-11-24', [1, 2]],
      ['2026-11-25', [3]],
    ]);
    expect(byDay(calls, 'Asia/Tokyo').map((day) => [day.day, day.calls.map((c) => c.id)])).toEqual([
      ['2026-11-24', [1]],
      ['2026-11-25', [2, 3]],
    ]);
  });
});

describe(splitLive.name, () => {
  it('separates live calls from upcoming ones', () => {
    const { live, upcoming } = splitLive([
      call({ id: 1, eventStatus: 'live' }),
      call({ id: 2, eventStatus: 'upcoming' }),
    ]);
    expect(live.map((c) => c.id)).toEqual([1]);
    expect(upcoming.map((c) => c.id)).toEqual([2]);
  });

  it('reads the tab from the address, live and upcoming by default', () => {
    expect(callTabOf('recorded')).toBe('recorded');
    expect(callTabOf(null)).toBe('upcoming');
    expect(callTabOf('bogus')).toBe('upcoming');
  });
});

describe(placeCall.name, () => {
  const at = (hour: number) => `2026-11-26T${String(hour).padStart(2, '0')}:00:00.000Z`;
  const upcoming = (id: number, hour: number) => call({ id, eventStatus: 'upcoming', eventDate: at(hour) });
  const ids = (list: { events: CalendarEvent[] }) => list.events.map((event) => [event.id, event.eventStatus]);

  it('moves a call from Live now / Upcoming to Recorded as it goes live and then ends', () => {
    const first = { events: [upcoming(1, 14), upcoming(2, 15), upcoming(3, 16)], hasMore: false };
    const recorded = { events: [call({ id: 9, eventDate: at(12) })], hasMore: true };
    expect(placeCall(first, { ...upcoming(2, 15), eventStatus: 'live' }, 'upcoming')).toBe(true);
    expect(placeCall(recorded, { ...upcoming(2, 15), eventStatus: 'live' }, 'recorded')).toBe(false);
    expect(ids(first)).toEqual([
      [1, 'upcoming'],
      [2, 'live'],
      [3, 'upcoming'],
    ]);
    const closed = { ...upcoming(2, 15), eventStatus: 'closed' as const };
    expect(placeCall(first, closed, 'upcoming')).toBe(true);
    expect(placeCall(recorded, closed, 'recorded')).toBe(true);
    expect(ids(first)).toEqual([
      [1, 'upcoming'],
      [3, 'upcoming'],
    ]);
    // Recorded is newest first.
    expect(ids(recorded)).toEqual([
      [2, 'closed'],
      [9, 'closed'],
    ]);
  });

  it('adds a new call in its place, never after the last loaded one while more remain, and nothing but calls', () => {
    const list = { events: [upcoming(1, 14), upcoming(3, 16)], hasMore: true };
    expect(placeCall(list, upcoming(2, 15), 'upcoming')).toBe(true);
    expect(placeCall(list, upcoming(4, 18), 'upcoming')).toBe(false);
    expect(placeCall(list, { ...upcoming(5, 15), eventType: 'ipo' }, 'upcoming')).toBe(false);
    expect(ids(list).map(([id]) => id)).toEqual([1, 2, 3]);
    const whole = { events: [upcoming(1, 14)], hasMore: false };
    expect(placeCall(whole, upcoming(4, 18), 'upcoming')).toBe(true);
    // A call moved to a later time moves in the list.
    expect(placeCall(whole, upcoming(1, 20), 'upcoming')).toBe(true);
    expect(ids(whole).map(([id]) => id)).toEqual([4, 1]);
  });
});

describe(endedCallNote.name, () => {
  const ended = (audioUrl: string | null, hasTranscript: boolean) =>
    call({ eventStatus: 'closed', audioUrl, details: { ...call().details, hasTranscript } });

  it('says nothing while the call is live or to come, or for an event that is not a call', () => {
    expect(endedCallNote(call({ eventStatus: 'live' }))).toBeNull();
    expect(endedCallNote(call({ eventStatus: 'upcoming' }))).toBeNull();
    expect(endedCallNote(call({ eventType: 'ipo', eventStatus: 'closed' }))).toBeNull();
  });

  it('says the call ended and offers what is left of it', () => {
    const audio = 'https://example.com/call.m3u8';
    expect(endedCallNote(ended(audio, true))).toBe(
      'This call has ended. Listen to the recording below, or read the transcript.',
    );
    expect(endedCallNote(ended(audio, false))).toBe(
      'This call has ended. Listen to the recording below; its transcript comes here once it is published.',
    );
    expect(endedCallNote(ended(null, true))).toBe('This call has ended. Read its transcript.');
    expect(endedCallNote(ended(null, false))).toBe(
      'This call has ended. Its transcript comes here once it is published.',
    );
  });
});
