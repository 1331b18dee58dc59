import {
  CLOCK_TIME_PATTERN,
  DELIVERY_STATUSES,
  MAX_DAILY_NOTIFICATION_CAP,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_PROVIDERS,
} from '@eh/domain';
import { z } from 'zod';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import { SafeString } from './text.ts';

const TAGS = ['notifications'];

/** How many entries of the delivery log one page holds by default, and at most. */
export const DELIVERY_LOG_PAGE = 20;
export const DELIVERY_LOG_PAGE_MAX = 100;

export const NotificationChannelSchema = z.enum(NOTIFICATION_CHANNELS);

/** One row of "Notifications sent": what it was about, where it went and what the provider said. */
export const DeliveryLogEntry = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  symbol: z.string().nullable(),
  title: z.string(),
  path: z.string(),
  channel: NotificationChannelSchema,
  status: z.enum(DELIVERY_STATUSES),
  provider: z.enum(NOTIFICATION_PROVIDERS).nullable(),
  providerAnswer: z.string().nullable(),
  attempts: z.number().int(),
  /** When it was sent; for a queued one, when it may go (quiet hours, a retry's wait). */
  sentAt: z.iso.datetime().nullable(),
  notBefore: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type DeliveryLogEntry = z.infer<typeof DeliveryLogEntry>;

export const getDeliveries = defineRoute({
  method: 'GET',
  path: paths.getDeliveries,
  group: 'portfolios',
  summary: "The caller's delivery log, newest first (paged with ?before=<id of the last entry seen>)",
  tags: TAGS,
  query: z.object({
    limit: z.coerce.number().int('must be a whole number').min(1).max(DELIVERY_LOG_PAGE_MAX).default(DELIVERY_LOG_PAGE),
    before: z.coerce.number().int('must be a whole number').min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  }),
  response: z.object({ deliveries: z.array(DeliveryLogEntry), next: z.number().int().nullable() }),
});

export const postTestNotification = defineRoute({
  method: 'POST',
  path: paths.postTestNotification,
  group: 'portfolios',
  summary: 'Send a test notification to the caller on one channel now (it shows in the delivery log)',
  tags: TAGS,
  status: 202,
  body: z.strictObject({ channel: NotificationChannelSchema }),
  response: z.object({ delivery: DeliveryLogEntry }),
});

/** An IANA time zone this server knows ('Europe/Paris'); checked against the runtime's zone data. */
export const TimeZoneString = SafeString.trim()
  .min(1, 'is required')
  .max(64, 'must be at most 64 characters')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as America/New_York');

const ClockTime = SafeString.regex(CLOCK_TIME_PATTERN, 'must be a time HH:MM (24-hour clock)');

export const NotificationPreferences = z.object({
  timeZone: z.string(),
  quietStart: z.string().nullable(),
  quietEnd: z.string().nullable(),
  dailyCap: z.number().int(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const getNotificationPreferences = defineRoute({
  method: 'GET',
  path: paths.getNotificationPreferences,
  group: 'portfolios',
  summary: "The caller's time zone, quiet hours and daily cap on push and SMS",
  tags: TAGS,
  response: NotificationPreferences,
});

export const postNotificationPreferences = defineRoute({
  method: 'POST',
  path: paths.postNotificationPreferences,
  group: 'portfolios',
  summary: 'Change the time zone, quiet hours (both or neither) and daily cap; fields left out keep their value',
  tags: TAGS,
  body: z
    .strictObject({
      timeZone: TimeZoneString.optional(),
      quietStart: ClockTime.nullable().optional(),
      quietEnd: ClockTime.nullable().optional(),
      dailyCap: z.number().int('must be a whole number').min(0).max(MAX_DAILY_NOTIFICATION_CAP).optional(),
    })
    .superRefine((value, ctx) => {
      const start = value.quietStart;
      const end = value.quietEnd;
      if (start === undefined && end === undefined) return;
      if (((start ?? null) === null) !== ((end ?? null) === null)) {
        ctx.addIssue({
          code: 'custom',
          path: [start ? 'quietEnd' : 'quietStart'],
          message: 'quiet hours need both a start and an end (or neither)',
        });
      }
    }),
  response: NotificationPreferences,
});

const UnsubscribeQuery = z.object({
  token: SafeString.min(1, 'is required').max(2048, 'must be at most 2048 characters'),
});

/** What an unsubscribe link turns off, in words and as data. */
export const UnsubscribeScope = z.object({
  /** The alert kind, 'marketing' or 'email' (every email about a symbol, or about every symbol). */
  kind: z.string(),
  symbol: z.string().nullable(),
  description: z.string(),
});

export const getUnsubscribe = defineRoute({
  method: 'GET',
  path: paths.getUnsubscribe,
  group: 'public',
  summary: 'What an unsubscribe link (signed token) would turn off',
  tags: TAGS,
  query: UnsubscribeQuery,
  response: UnsubscribeScope,
});

/** RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` (form-encoded) to the same URL. */
export const postUnsubscribe = defineRoute({
  method: 'POST',
  path: paths.postUnsubscribe,
  group: 'public',
  summary: 'Turn off what the signed unsubscribe token names (one click; also the List-Unsubscribe-Post target)',
  tags: TAGS,
  query: UnsubscribeQuery,
  response: UnsubscribeScope.extend({ unsubscribed: z.literal(true) }),
});

export const NotificationProviderStatus = z.object({
  name: z.enum(NOTIFICATION_PROVIDERS),
  state: z.enum(['closed', 'open']),
  failures: z.number().int(),
  openUntil: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  lastFailureAt: z.iso.datetime().nullable(),
  lastSuccessAt: z.iso.datetime().nullable(),
});

export const getNotificationProviders = defineRoute({
  method: 'GET',
  path: paths.getNotificationProviders,
  group: 'public',
  summary: 'Circuit breakers of the notification transports and the delivery queue (while the dev flag is on)',
  tags: ['dev'],
  response: z.object({
    providers: z.array(NotificationProviderStatus),
    queue: z.record(z.enum(DELIVERY_STATUSES), z.number().int()),
  }),
});
