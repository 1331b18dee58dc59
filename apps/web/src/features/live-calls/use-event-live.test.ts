import type { CalendarEvent, LiveServerMessage } from '@eh/contracts';
import { describe, expect, it } from 'vitest';
import { eventMessages, messagesAfter } from './use-event-live.ts';

const event = (id: number) => ({ id }) as CalendarEvent;
const segment = (seq: number) => ({
  seq,
  speaker: 'Operator',
  role: null,
  section: 'Operator',
  turn: 0,
  text: `s${seq}`,
  spokenAt: '2026-01-01T00:00:00.000Z',
});

describe(eventMessages.name, () => {
  it("keeps the event's own changes, segments and posts, in order, and nothing of other events", () => {
    const messages = [
      { type: 'event', data: event(7), segments: [segment(0)] },
      { type: 'event', data: event(8), segments: [segment(0)] },
      { type: 'quotes', at: '2026-01-01T00:00:00.000Z', data: [] },
      { type: 'events_community_post', action: 'deleted', data: { id: 'p1', eventId: 7 } },
      { type: 'events_community_post', action: 'deleted', data: { id: 'p2', eventId: 8 } },
      { type: 'event', data: event(7) },
    ] as unknown as LiveServerMessage[];
    expect(eventMessages(messages, 7)).toEqual([
      { type: 'event', event: event(7), segments: [segment(0)] },
      { type: 'events_community_post', action: 'deleted', data: { id: 'p1', eventId: 7 } },
      { type: 'event', event: event(7), segments: [] },
    ]);
  });
});

describe(messagesAfter.name, () => {
  it('gives the messages after the last one read, or all when it has left the kept window', () => {
    const [a, b, c] = [{ type: 'pong' }, { type: 'pong' }, { type: 'pong' }] as unknown as LiveServerMessage[];
    expect(messagesAfter([a, b, c] as LiveServerMessage[], b as LiveServerMessage)).toEqual([c]);
    expect(messagesAfter([a, b, c] as LiveServerMessage[], null)).toHaveLength(3);
    expect(messagesAfter([b, c] as LiveServerMessage[], { type: 'pong' } as LiveServerMessage)).toHaveLength(2);
  });
});
