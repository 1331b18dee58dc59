import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** SPEC §1 feature flags; `message` is the banner text or the maintenance message. */
export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  message: text('message'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const releaseNotes = pgTable(
  'release_notes',
  {
    id: serial('id').primaryKey(),
    platform: text('platform', { enum: ['web', 'native'] }).notNull(),
    version: text('version').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    title: text('title').notNull(),
    items: jsonb('items').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('release_notes_platform_date_idx').on(t.platform, t.date.desc())],
);

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    message: text('message').notNull(),
    email: text('email'),
    page: text('page'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_created_at_idx').on(t.createdAt.desc())],
);

/** Every email and SMS the product sends: the local mailbox (/dev/mail) without SMTP, a delivery log with it. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    /** The plain text (the local mailbox shows it); an email with an HTML part also keeps that in `html`. */
    body: text('body').notNull(),
    html: text('html'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_created_at_idx').on(t.createdAt.desc())],
);

/** Seeds that have run, so each runs once per database. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
export * from './affiliates-schema.ts';
export * from './billing-schema.ts';
export * from './call-search-schema.ts';
export * from './community-schema.ts';
export * from './identity-schema.ts';
export * from './lists-schema.ts';
export * from './market-schema.ts';
export * from './notifications-schema.ts';
export * from './reactions-schema.ts';
export * from './teams-schema.ts';
export * from './users-schema.ts';
