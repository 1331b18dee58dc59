import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './market-schema.ts';
import { users } from './users-schema.ts';

/**
 * SPEC §3 Community post: a signed-in member's comment on an event (a call's comments panel). Plain text as typed,
 * normalised on the way in (modules/community); a deleted post keeps its row (`deletedAt`, and who: the author or a
 * super admin) so the per-user rate limit counts it and moderation leaves a trace, and every read skips it.
 */
export const communityPosts = pgTable(
  'community_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last edit by the author; null when never edited. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    editCount: smallint('edit_count').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by', { enum: ['author', 'admin'] }),
  },
  (t) => [
    // GET /events-community/posts?eventId: newest first, paged by (created_at, id).
    index('community_posts_event_idx')
      .on(t.eventId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // The per-user rate limit: posts in the last minute and hour.
    index('community_posts_user_idx').on(t.userId, t.createdAt.desc()),
    check('community_posts_deleted_check', sql`(${t.deletedAt} is null) = (${t.deletedBy} is null)`),
  ],
);

/**
 * What a live call's transcript has said so far: one row per segment (a sentence, with its speaker), written once
 * when it is spoken (`insert … on conflict do nothing`, so one node publishes each segment however many run the
 * loop) and read by a client that opens the call late. Goes with its event.
 */
export const liveTranscriptSegments = pgTable(
  'live_transcript_segments',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    speaker: text('speaker').notNull(),
    role: text('role'),
    /** The part of the call: Operator, Prepared Remarks, Q&A. */
    section: text('section'),
    /** Consecutive segments of one speaker share a turn. */
    turn: integer('turn').notNull(),
    text: text('text').notNull(),
    /** When the segment was spoken (its last word). */
    spokenAt: timestamp('spoken_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.seq] })],
);
