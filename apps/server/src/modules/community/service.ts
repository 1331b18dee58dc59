import {
  type CommunityPost,
  ErrorCode,
  encodePostsKey,
  type getCommunityPosts,
  type PostsCursor,
  type ResponseOf,
} from '@eh/contracts';
import {
  COMMUNITY_POST_EDITS_MAX,
  COMMUNITY_POSTS_PER_HOUR,
  COMMUNITY_POSTS_PER_MINUTE,
  MS_PER_HOUR,
  MS_PER_MINUTE,
} from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import type { Caller } from '../../kernel/http/auth.ts';
import { forbidden, HttpError, notFound } from '../../kernel/http/errors.ts';
import { publishLive } from '../../kernel/live.ts';
import { ensureUser } from '../users/index.ts';
import * as q from './queries.ts';

/**
 * SPEC §7 events-community: an event's posts, read by anyone, written by signed-in members, edited and
 * deleted by their author, deleted by a super admin. Every change goes to the event's live subscribers.
 */

function toPost(row: q.PostRow): CommunityPost {
  return {
    id: row.id,
    eventId: row.eventId,
    content: row.content,
    userId: row.userId,
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.editedAt?.toISOString() ?? null,
  };
}

async function announce(ctx: AppContext, action: 'created' | 'updated', post: CommunityPost) {
  await publishLive(ctx, { type: 'events_community_post', action, data: post });
}

export async function list(
  ctx: AppContext,
  caller: Caller | undefined,
  query: { eventId: number; limit: number; lastKey?: PostsCursor | undefined },
): Promise<ResponseOf<typeof getCommunityPosts>> {
  const [exists, rows, superAdmin] = await Promise.all([
    q.eventExists(ctx.db, { id: query.eventId }),
    q.eventPosts(ctx.db, { eventId: query.eventId, limit: query.limit + 1, before: query.lastKey }),
    caller ? q.isSuperAdmin(ctx.db, { userId: caller.sub }) : false,
  ]);
  if (!exists) throw notFound(`Unknown event: ${query.eventId}`);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    posts: page.map(toPost),
    lastKey: rows.length > query.limit && last ? encodePostsKey({ createdAt: last.createdKey, id: last.id }) : null,
    viewer: { userId: caller?.sub ?? null, superAdmin },
  };
}

export async function one(ctx: AppContext, id: string): Promise<CommunityPost> {
  const row = await q.postById(ctx.db, { id });
  if (!row) throw notFound(`Unknown post: ${id}`);
  return toPost(row);
}

/** 429 with the wait, past {@link COMMUNITY_POSTS_PER_MINUTE} posts a minute or {@link COMMUNITY_POSTS_PER_HOUR} an hour. */
async function checkRate(db: AppContext['db'], userId: string, now: Date) {
  const windows = [
    { ms: MS_PER_MINUTE, max: COMMUNITY_POSTS_PER_MINUTE, words: 'a minute' },
    { ms: MS_PER_HOUR, max: COMMUNITY_POSTS_PER_HOUR, words: 'an hour' },
  ];
  for (const window of windows) {
    const recent = await q.recentPostCounts(db, { userId, since: new Date(now.getTime() - window.ms) });
    if (recent.count < window.max) continue;
    const freeAt = (recent.oldest?.getTime() ?? now.getTime()) + window.ms;
    const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    throw new HttpError(
      429,
      ErrorCode.rateLimited,
      `You can post ${window.max} times ${window.words}; try again in ${seconds} second${seconds === 1 ? '' : 's'}`,
      { retryAfterSeconds: seconds },
    );
  }
}

export async function create(
  ctx: AppContext,
  caller: Caller,
  body: { eventId: number; content: string },
): Promise<CommunityPost> {
  await ensureUser(ctx.db, { id: caller.sub, email: caller.email });
  if (!(await q.eventExists(ctx.db, { id: body.eventId }))) throw notFound(`Unknown event: ${body.eventId}`);
  const id = await ctx.db.transaction(async (tx) => {
    await q.lockPoster(tx, { userId: caller.sub });
    await checkRate(tx, caller.sub, new Date());
    return q.insertPost(tx, { eventId: body.eventId, userId: caller.sub, content: body.content });
  });
  const post = toPost((await q.postById(ctx.db, { id })) as q.PostRow);
  await announce(ctx, 'created', post);
  return post;
}

export async function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: { content: string },
): Promise<CommunityPost> {
  const row = await q.postById(ctx.db, { id });
  if (!row) throw notFound(`Unknown post: ${id}`);
  if (row.userId !== caller.sub) throw forbidden('Only its author can edit a post');
  if (row.editCount >= COMMUNITY_POST_EDITS_MAX)
    throw new HttpError(409, ErrorCode.conflict, `A post can be edited ${COMMUNITY_POST_EDITS_MAX} times at most`);
  if (!(await q.editPost(ctx.db, { id, content: body.content }))) throw notFound(`Unknown post: ${id}`);
  const post = toPost((await q.postById(ctx.db, { id })) as q.PostRow);
  await announce(ctx, 'updated', post);
  return post;
}

export async function remove(ctx: AppContext, caller: Caller, id: string) {
  const row = await q.postById(ctx.db, { id });
  if (!row) throw notFound(`Unknown post: ${id}`);
  const author = row.userId === caller.sub;
  if (!author && !(await q.isSuperAdmin(ctx.db, { userId: caller.sub })))
    throw forbidden('Only its author or an admin can delete a post');
  const deleted = await q.markDeleted(ctx.db, { id, by: author ? 'author' : 'admin' });
  if (!deleted) throw notFound(`Unknown post: ${id}`);
  await publishLive(ctx, { type: 'events_community_post', action: 'deleted', data: { id, eventId: deleted.eventId } });
  return { id, eventId: deleted.eventId, deleted: true as const };
}

/** A moderator's delete (the admin tools): anyone's post, recorded as deleted by an admin and pushed like any delete. */
export async function removeAsModerator(ctx: AppContext, id: string) {
  const deleted = await q.markDeleted(ctx.db, { id, by: 'admin' });
  if (!deleted) throw notFound(`Unknown post: ${id}`);
  await publishLive(ctx, { type: 'events_community_post', action: 'deleted', data: { id, eventId: deleted.eventId } });
  return { id, eventId: deleted.eventId, deleted: true as const };
}

export async function setSuperAdmin(ctx: AppContext, body: { email: string; superAdmin: boolean }) {
  const row = await q.setSuperAdmin(ctx.db, body);
  if (!row) throw notFound(`No user with email ${body.email} (they must have signed in once)`);
  return { id: row.id, email: row.email ?? body.email, superAdmin: row.superAdmin };
}
