/**
 * The calls' answers as component tests see them: GET /events for calls (live and upcoming, or recorded) and one
 * event, in the contracts' shapes. Each caller's events are trimmed by the domain's own gate (`eventGate`), as the
 * events service trims them: without the plan's recordings a finished call keeps its page but not its audio, and the
 * list says what it withheld (`mergeMarkers`).
 */
import type { CalendarEvent, getEvents, getYoutubeStream, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { type AccountFeatures, eventGate, mergeMarkers } from '@eh/domain';
import { HttpResponse, http } from 'msw';
import { network } from './network.ts';

/** An event as the events service sends it to a caller with `features`. */
export function eventFor(event: CalendarEvent, features: AccountFeatures): CalendarEvent {
  const gated = eventGate(
    { eventType: event.eventType, eventStatus: event.eventStatus, hasAudio: event.audioUrl !== null },
    features,
  );
  return { ...event, audioUrl: gated?.feature === 'historicalAudio' ? null : event.audioUrl, gated };
}

/** What the calls page asked for: each GET /events query, in order. */
export type CallsAsked = URLSearchParams[];

/**
 * Answers GET /events?type=call as the events service does for a caller with `features`: `status=closed` gets the
 * `recorded` calls (newest first), anything else the `upcoming` ones (live and to come, oldest first), each cut to
 * the asked limit with `hasMore` saying whether more remain. Returns the queries asked, in order.
 */
export function answerCalls(
  { upcoming = [], recorded = [] }: { upcoming?: readonly CalendarEvent[]; recorded?: readonly CalendarEvent[] },
  features: AccountFeatures,
): CallsAsked {
  const asked: CallsAsked = [];
  network.use(
    http.get(`*${paths.getEvents}`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const all = query.get('status') === 'closed' ? recorded : upcoming;
      const limit = Number(query.get('limit'));
      const events = all.slice(0, limit).map((event) => eventFor(event, features));
      return HttpResponse.json({
        events,
        hasMore: all.length > limit,
        gated: mergeMarkers(events.map((event) => event.gated)),
      } satisfies ResponseOf<typeof getEvents>);
    }),
  );
  return asked;
}

/** Answers GET /events/youtube-stream: nothing is streaming on video. */
export function answerNoVideoStream(): void {
  network.use(
    http.get(`*${paths.getYoutubeStream}`, () =>
      HttpResponse.json({ stream: null } satisfies ResponseOf<typeof getYoutubeStream>),
    ),
  );
}
