/**
 * The one seam between the live call page and the app's live socket (features/live): follows the event while the
 * page shows it and hands over each of its messages, once, in order: `event` (the call's changes, and the
 * transcript `segments` it carries while live) and `events_community_post`. The socket's client keeps its
 * messages in the store (the last 50, SPEC §7); this reads each new one as it is dispatched.
 */
import type { CalendarEvent, LiveServerMessage, LiveTranscriptSegment } from '@eh/contracts';
import { useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useLiveTargets } from '../live/index.ts';

export type EventLiveMessage =
  | { type: 'event'; event: CalendarEvent; segments: LiveTranscriptSegment[] }
  | Extract<LiveServerMessage, { type: 'events_community_post' }>;

type Held = { live?: { messages: readonly LiveServerMessage[] } };

/** The event's messages among `messages`, in order. */
export function eventMessages(messages: readonly LiveServerMessage[], eventId: number): EventLiveMessage[] {
  const mine: EventLiveMessage[] = [];
  for (const message of messages) {
    if (message.type === 'event' && message.data.id === eventId) {
      const segments = (message as { segments?: LiveTranscriptSegment[] }).segments ?? [];
      mine.push({ type: 'event', event: message.data, segments });
    } else if (message.type === 'events_community_post' && message.data.eventId === eventId) mine.push(message);
  }
  return mine;
}

/** The messages after `last` in `messages` (all of them when `last` is no longer among them). */
export function messagesAfter(
  messages: readonly LiveServerMessage[],
  last: LiveServerMessage | null,
): readonly LiveServerMessage[] {
  if (last === null) return messages;
  const index = messages.lastIndexOf(last);
  return index < 0 ? messages : messages.slice(index + 1);
}

/** Follows event `eventId` on the live socket and calls `onMessage` with each of its messages from now on. */
export function useEventLive(eventId: number | null, onMessage: (message: EventLiveMessage) => void) {
  useLiveTargets(eventId === null ? null : { events: [eventId] });
  const store = useStore();
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => {
    if (eventId === null) return;
    const read = () => (store.getState() as Held).live?.messages ?? [];
    let held = read();
    let last = held.at(-1) ?? null;
    return store.subscribe(() => {
      const messages = read();
      if (messages === held) return;
      const fresh = messagesAfter(messages, last);
      held = messages;
      last = messages.at(-1) ?? last;
      for (const message of eventMessages(fresh, eventId)) handler.current(message);
    });
  }, [eventId, store]);
}
