import type { PostsCursor } from '@eh/contracts';
import { communityPosts, type Database, events, users } from '@eh/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';

/** The creation instant to the microsecond, in UTC ISO form: the paging key (a JS Date keeps milliseconds only). */
const createdKey = sql<string>`to_char(${communityPosts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const postColumns = {
  id: communityPosts.id,
  eventId: communityPosts.eventId,
  userId: communityPosts.userId,
  userName: users.name,
  content: communityPosts.content,
  createdAt: communityPosts.createdAt,
  editedAt: communityPosts.editedAt,
  editCount: communityPosts.editCount,
  createdKey,
};

function selectPosts(db: Database) {
  return db.select(postColumns).from(communityPosts).leftJoin(users, eq(users.id, communityPosts.userId));
}
export type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

/** An event's posts, newest first, after the cursor (community_posts_event_idx). */
export async function eventPosts(
  db: Database,
  params: { eventId: number; limit: number; before?: PostsCursor | undefined },
): Promise<PostRow[]> {
  const before = params.before
    ? sql`(${communityPosts.createdAt}, ${communityPosts.id}) < (${params.before.createdAt}::timestamptz, ${params.before.id}::uuid)`
    : undefined;
  return selectPosts(db)
    .where(and(eq(communityPosts.eventId, params.eventId), isNull(communityPosts.deletedAt), before))
    .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
    .limit(params.limit);
}

/** One post that has not been deleted. */
export async function postById(db: Database, params: { id: string }): Promise<PostRow | undefined> {
  const [row] = await selectPosts(db)
    .where(and(eq(communityPosts.id, params.id), isNull(communityPosts.deletedAt)))
    .limit(1);
  return row;
}

export async function eventExists(db: Database, params: { id: number }): Promise<boolean> {
  const rows = await db.select({ id: events.id }).from(events).where(eq(events.id, params.id)).limit(1);
  return rows.length > 0;
}

export async function isSuperAdmin(db: Database, params: { userId: string }): Promise<boolean> {
  const [row] = await db
    .select({ superAdmin: users.superAdmin })
    .from(users)
    .where(eq(users.id, params.userId))
    .limit(1);
  return row?.superAdmin ?? false;
}

/** Serialises one member's posting (released at commit): the rate limit's count and the insert go together. */
export async function lockPoster(db: Database, params: { userId: string }) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`community:${params.userId}`}))`);
}

/** Posts the member wrote since each instant (deleted ones included), and the oldest of them. */
export async function recentPostCounts(db: Database, params: { userId: string; since: Date }) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<Date | null>`min(${communityPosts.createdAt})`.mapWith((value: string | Date | null) =>
        value === null ? null : new Date(value),
      ),
    })
    .from(communityPosts)
    .where(and(eq(communityPosts.userId, params.userId), gt(communityPosts.createdAt, params.since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export async function insertPost(db: Database, params: { eventId: number; userId: string; content: string }) {
  const [row] = await db.insert(communityPosts).values(params).returning({ id: communityPosts.id });
  if (!row) throw new Error('the post was not stored');
  return row.id;
}

/** Changes a post's text when it is still there; false when it is not. */
export async function editPost(db: Database, params: { id: string; content: string }): Promise<boolean> {
  const rows = await db
    .update(communityPosts)
    .set({ content: params.content, editedAt: sql`now()`, editCount: sql`${communityPosts.editCount} + 1` })
    .where(and(eq(communityPosts.id, params.id), isNull(communityPosts.deletedAt)))
    .returning({ id: communityPosts.id });
  return rows.length > 0;
}

/** Marks a post deleted (by its author or an admin); false when it already was. */
export async function markDeleted(
  db: Database,
  params: { id: string; by: 'author' | 'admin' },
): Promise<{ eventId: number } | null> {
  const [row] = await db
    .update(communityPosts)
    .set({ deletedAt: sql`now()`, deletedBy: params.by })
    .where(and(eq(communityPosts.id, params.id), isNull(communityPosts.deletedAt)))
    .returning({ eventId: communityPosts.eventId });
  return row ?? null;
}

export async function setSuperAdmin(db: Database, params: { email: string; superAdmin: boolean }) {
  const [row] = await db
    .update(users)
    .set({ superAdmin: params.superAdmin, updatedAt: sql`now()` })
    .where(sql`lower(${users.email}) = lower(${params.email})`)
    .returning({ id: users.id, email: users.email, superAdmin: users.superAdmin });
  return row;
}
