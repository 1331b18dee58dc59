import {
  DEFAULT_DAILY_NOTIFICATION_CAP,
  DEFAULT_NOTIFICATION_TIME_ZONE,
  DELIVERY_STATUSES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_PROVIDERS,
} from '@eh/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users-schema.ts';

/**
 * Something worth telling people about: a report's results, a moved date, a new rating… once per kind and
 * event key ('earnings:123', 'rating:456'). Digests and tests are personal: they name their user.
 */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    eventKey: text('event_key').notNull(),
    symbol: text('symbol'),
    /** Set for a personal event (a digest, a test); null when it fans out to every follower of `symbol`. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The product page it is about, as a path ('/quote/AAPL/earnings'). */
    path: text('path').notNull(),
    /** What a template needs beyond title and body (the report's session and status, figures…). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_events_kind_key_idx').on(t.kind, t.eventKey)],
);

/**
 * One event sent to one user on one channel: the unique key makes delivery exactly-once per user, alert, event and
 * channel. The table is also the delivery queue (claimed with `for update skip locked`) and the user's delivery log.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => notificationEvents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    /** Not sent before this (quiet hours hold push and SMS until they end; retries wait their backoff). */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** The provider that carried it and what it answered last ('250 2.0.0 OK', '410 Gone', 'no verified phone'). */
    provider: text('provider', { enum: NOTIFICATION_PROVIDERS }),
    providerAnswer: text('provider_answer'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deliveries_event_user_channel_idx').on(t.eventId, t.userId, t.channel),
    index('deliveries_due_idx').on(t.status, t.notBefore),
    index('deliveries_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Per transport: failures in a row, and until when it rests (circuit open). Shown on /dev. */
export const notificationProviders = pgTable('notification_providers', {
  name: text('name', { enum: NOTIFICATION_PROVIDERS }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  openUntil: timestamp('open_until', { withTimezone: true }),
  lastError: text('last_error'),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
});

/** How far each trigger has read its source table (the last id or time it turned into events). */
export const notificationCursors = pgTable('notification_cursors', {
  trigger: text('trigger').primaryKey(),
  position: text('position').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A user's notification limits: their zone, quiet hours ('HH:MM' local, may span midnight) and daily cap. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull().default(DEFAULT_NOTIFICATION_TIME_ZONE),
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  dailyCap: integer('daily_cap').notNull().default(DEFAULT_DAILY_NOTIFICATION_CAP),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The personal ICS feed: its secret is the whole credential, so it is revocable (a new one replaces it). */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
