import { z } from 'zod';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import { SafeString } from './text.ts';

const TAGS = ['calendar feed'];

/** The personal calendar feed: a secret address any calendar app can subscribe to. */
export const CalendarFeed = z.object({
  /** https address of the feed (`/api/calendar/{secret}.ics` on the product's host). */
  url: z.url(),
  createdAt: z.iso.datetime(),
});
export type CalendarFeed = z.infer<typeof CalendarFeed>;

const FeedAnswer = z.object({ feed: CalendarFeed.nullable() });

export const getCalendarFeed = defineRoute({
  method: 'GET',
  path: paths.getCalendarFeed,
  group: 'portfolios',
  summary: "The caller's calendar feed address, or null when it is off",
  tags: TAGS,
  response: FeedAnswer,
});

export const createCalendarFeed = defineRoute({
  method: 'POST',
  path: paths.createCalendarFeed,
  group: 'portfolios',
  summary: 'Turn the calendar feed on, or give it a new secret address: the previous address stops working at once',
  tags: TAGS,
  response: z.object({ feed: CalendarFeed }),
});

export const deleteCalendarFeed = defineRoute({
  method: 'DELETE',
  path: paths.deleteCalendarFeed,
  group: 'portfolios',
  summary: 'Turn the calendar feed off: its address answers 404 from now on',
  tags: TAGS,
  response: z.object({ feed: z.null() }),
});

export const getCalendarFeedIcs = defineRoute({
  method: 'GET',
  path: paths.getCalendarFeedIcs,
  group: 'public',
  summary:
    'GET /calendar/{secret}.ics: the calendar feed of that secret (RFC 5545, text/calendar), the earnings dates of its owner’s lists and alerts. An unknown, revoked or malformed secret is a 404.',
  tags: TAGS,
  // Only well-formed text gets this far (a NUL is a 400 like everywhere else); the service answers 404 to any
  // other secret it does not know, malformed or not.
  params: z.object({ '*': SafeString }),
  /** text/calendar bytes. */
  response: z.unknown(),
});
