import { CALENDAR_EVENT_TYPES, EVENT_STATUSES, FISCAL_PERIODS } from '@eh/domain';
import { z } from 'zod';
import { csvParam, IsoDateString, limitParam, SymbolParams, withDateWindow } from './common.ts';
import { GatedMarkers, PremiumMarker } from './earnings.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';

/**
 * SPEC §7 Events (public group): earnings calls, economic releases, Fed meetings, IPOs and dividend dates, one
 * event, a company's events and the live YouTube stream. Everyone sees every event; without the plan features of
 * SPEC §4 an economic or Fed event keeps its title and time but not its figures (`details` is emptied), and a
 * finished call keeps its page but not its recording (`audioUrl` is null). Each such event carries `gated`.
 */

const TAGS = ['events'];
const Datetime = z.iso.datetime();

export const EventTypeSchema = z.enum(CALENDAR_EVENT_TYPES);
export const EventStatusSchema = z.enum(EVENT_STATUSES);

export const CalendarEvent = z.object({
  id: z.number().int(),
  eventType: EventTypeSchema,
  eventStatus: EventStatusSchema,
  eventDate: Datetime,
  symbol: z.string().nullable(),
  /** The company's name when the event belongs to one. */
  name: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  earningsId: z.number().int().nullable(),
  periodYear: z.number().int().nullable(),
  period: z.enum(FISCAL_PERIODS).nullable(),
  /** Economic: country, importance, actual / forecast / previous; IPO: price range, shares; call: webcast. */
  details: z.record(z.string(), z.unknown()),
  audioUrl: z.string().nullable(),
  youtubeUrl: z.string().nullable(),
  source: z.string(),
  /** Set when the caller's plan withheld part of this event. */
  gated: PremiumMarker.nullable(),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;

export const EVENTS_DEFAULT_LIMIT = 200;
export const SYMBOL_EVENTS_DEFAULT_LIMIT = 50;

export const getEvents = defineRoute({
  method: 'GET',
  path: paths.getEvents,
  group: 'public',
  summary:
    'Events by type and status between start and end (New York days). Oldest first from today when no window is given, except status=closed alone (recorded events), which lists newest first; `order` overrides. `hasMore` says the limit cut the list',
  tags: TAGS,
  query: withDateWindow(
    z.object({
      start: IsoDateString.optional(),
      end: IsoDateString.optional(),
      type: csvParam(EventTypeSchema, CALENDAR_EVENT_TYPES.length)
        .optional()
        .describe('One or more of call, economic, economic_fed, ipo, dividend_ex, dividend_payment'),
      status: csvParam(EventStatusSchema, EVENT_STATUSES.length)
        .optional()
        .describe('One or more of upcoming, live, closed'),
      order: z.enum(['asc', 'desc']).optional(),
      limit: limitParam(EVENTS_DEFAULT_LIMIT),
    }),
  ),
  response: z.object({
    events: z.array(CalendarEvent),
    hasMore: z.boolean(),
    gated: GatedMarkers,
  }),
});

export const getEvent = defineRoute({
  method: 'GET',
  path: paths.getEvent,
  group: 'public',
  summary: 'One event',
  tags: TAGS,
  params: z.object({
    id: z.coerce
      .number({ error: 'must be an event id' })
      .int('must be an event id')
      .positive('must be an event id')
      .max(2_147_483_647, 'must be an event id'),
  }),
  response: CalendarEvent,
});

export const getSymbolEvents = defineRoute({
  method: 'GET',
  path: paths.getSymbolEvents,
  group: 'public',
  summary: "A company's events (calls, dividends, IPO), newest first",
  tags: TAGS,
  params: SymbolParams,
  query: z.object({ limit: limitParam(SYMBOL_EVENTS_DEFAULT_LIMIT) }),
  response: z.object({
    symbol: z.string(),
    events: z.array(CalendarEvent),
    hasMore: z.boolean(),
    gated: GatedMarkers,
  }),
});

export const getYoutubeStream = defineRoute({
  method: 'GET',
  path: paths.getYoutubeStream,
  group: 'public',
  summary: 'The live event streamed on YouTube now (the most recently started one), or null',
  tags: TAGS,
  response: z.object({
    stream: z
      .object({
        eventId: z.number().int(),
        eventType: EventTypeSchema,
        title: z.string(),
        symbol: z.string().nullable(),
        youtubeUrl: z.string(),
        eventDate: Datetime,
      })
      .nullable(),
  }),
});
