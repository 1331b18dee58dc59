import { ALERT_DEFAULTS, ASSET_TYPES } from '@eh/domain';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users-schema.ts';

/** SPEC §3 Asset list (My Stocks list): cash defaults to 0, items to none. */
export const assetLists = pgTable(
  'asset_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    cash: doublePrecision('cash').notNull().default(0),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('asset_lists_user_idx').on(t.userId, t.createdAt)],
);

/** SPEC §3 list item: one row per list and symbol. */
export const assetListItems = pgTable(
  'asset_list_items',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => assetLists.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    assetType: text('asset_type', { enum: ASSET_TYPES }).notNull(),
    quantity: doublePrecision('quantity').notNull().default(0),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('asset_list_items_list_symbol_idx').on(t.listId, t.symbol),
    index('asset_list_items_user_idx').on(t.userId, t.symbol),
  ],
);

const alertSwitch = (name: string, key: keyof typeof ALERT_DEFAULTS) =>
  boolean(name).notNull().default(ALERT_DEFAULTS[key]);

/** SPEC §3 Alert, per user and symbol, with its defaults. Notification delivery reads these switches. */
export const alerts = pgTable(
  'alerts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    liveCall: alertSwitch('live_call', 'liveCall'),
    earningsResults: alertSwitch('earnings_results', 'earningsResults'),
    eventTranscript: alertSwitch('event_transcript', 'eventTranscript'),
    eventTranscriptSummary: alertSwitch('event_transcript_summary', 'eventTranscriptSummary'),
    dailySummary: alertSwitch('daily_summary', 'dailySummary'),
    weeklySummary: alertSwitch('weekly_summary', 'weeklySummary'),
    analystRatings: alertSwitch('analyst_ratings', 'analystRatings'),
    guidance: alertSwitch('guidance', 'guidance'),
    dividendPayment: alertSwitch('dividend_payment', 'dividendPayment'),
    earningsReminder: alertSwitch('earnings_reminder', 'earningsReminder'),
    notifyByEmail: alertSwitch('notify_by_email', 'notifyByEmail'),
    notifyBySms: alertSwitch('notify_by_sms', 'notifyBySms'),
    notifyByPush: alertSwitch('notify_by_push', 'notifyByPush'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alerts_user_symbol_idx').on(t.userId, t.symbol), index('alerts_symbol_idx').on(t.symbol)],
);

/** SPEC §3 Earnings filter: the symbols of the user's custom calendar filter. */
export const earningsFilters = pgTable('earnings_filters', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  symbols: text('symbols').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
