import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { assets, events, files, news, secFilings } from './market-schema.ts';
import { users } from './users-schema.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Search inside calls (decision 0044): a call's transcript cut into passages of a few sentences, one row each, with
 * what the filters need copied beside the text (so a search reads one table and its GIN index). A call is a stored
 * transcript file (`call_id` is the file's id) or a live call as it is spoken (`live:<event id>`, replaced by the
 * file once the transcript is stored); a file's passages are found by `call_id`, which is its id. `section`/`paragraph`/`start`/`end` locate the passage the way an AI summary
 * citation does. The executive's words weigh most (A), an analyst's next (B), the operator's least (D).
 *
 * The further sources (`source`, decision 0044) sit in the same rows, so one index and one query serve them all: a
 * call's AI summary (`summary:<file id>`, a statement a row, located at its first citation, weighing A), a news article
 * (`news:<id>`: headline A, summary and body B, cut like a transcript's paragraphs) and an SEC filing
 * (`filing:<id>`: what is stored of it, C). They have no speaker role nor part of a call (null), and `speaker` says
 * what the passage is (the statement's kind, the article's headline or body, the filing's form). A news article
 * without a company has no `asset_id`/`symbol`.
 */
export const callPassages = pgTable(
  'call_passages',
  {
    callId: text('call_id').notNull(),
    seq: integer('seq').notNull(),
    /** transcript | summary | news | filing (CALL_SEARCH_SOURCES). */
    source: text('source').notNull().default('transcript'),
    fileId: text('file_id').references(() => files.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    newsId: integer('news_id').references(() => news.id, { onDelete: 'cascade' }),
    filingId: integer('filing_id').references(() => secFilings.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
    symbol: text('symbol'),
    date: timestamp('date', { withTimezone: true }).notNull(),
    periodYear: smallint('period_year'),
    period: text('period'),
    /** prepared | qa, null for the operator's opening. */
    part: text('part'),
    role: text('role'),
    speaker: text('speaker').notNull(),
    section: smallint('section').notNull(),
    paragraph: integer('paragraph').notNull(),
    start: integer('start').notNull(),
    end: integer('end').notNull(),
    text: text('text').notNull(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, "text"), (case "source" when 'transcript' then (case "role" when 'executive' then 'A' when 'analyst' then 'B' else 'D' end) when 'news' then (case when "section" = 0 then 'A' else 'B' end) when 'filing' then 'C' else 'A' end)::"char")`,
      ),
  },
  (t) => [
    primaryKey({ columns: [t.callId, t.seq] }),
    index('call_passages_tsv_idx').using('gin', t.tsv),
    index('call_passages_asset_date_idx').on(t.assetId, t.date.desc()),
    index('call_passages_event_idx').on(t.eventId),
    index('call_passages_news_idx').on(t.newsId).where(sql`"news_id" is not null`),
    index('call_passages_filing_idx').on(t.filingId).where(sql`"filing_id" is not null`),
  ],
);

/** Which content each indexed transcript was cut from, so a re-ingested unchanged transcript is left as it is. */
export const callIndexState = pgTable('call_index_state', {
  fileId: text('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  contentHash: text('content_hash').notNull(),
  indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which content each indexed summary, news article and filing was cut from (by its call id: `summary:<file id>`,
 * `news:<id>`, `filing:<id>`), so one stored again unchanged is left as it is.
 */
export const searchIndexState = pgTable('search_index_state', {
  callId: text('call_id').primaryKey(),
  contentHash: text('content_hash').notNull(),
  indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A search a user saved to be alerted on: the query as typed and its filters. */
export const savedCallSearches = pgTable(
  'saved_call_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_call_searches_user_idx').on(t.userId, t.createdAt.desc())],
);

/** Calls a saved search has alerted on: at most once per saved search and call. */
export const callSearchHits = pgTable(
  'call_search_hits',
  {
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedCallSearches.id, { onDelete: 'cascade' }),
    callId: text('call_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.callId] })],
);
