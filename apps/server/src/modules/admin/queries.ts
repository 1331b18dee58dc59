import type { ReleaseNoteInput, ReleaseNotePlatform } from '@eh/contracts';
import { communityPosts, type Database, events, ingestionRuns, jobs, releaseNotes, users } from '@eh/db';
import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';

export async function superAdminOf(db: Database, userId: string) {
  const [row] = await db
    .select({ superAdmin: users.superAdmin, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

// ---- release notes ----------------------------------------------------------------------------------------------

const noteColumns = {
  id: releaseNotes.id,
  platform: releaseNotes.platform,
  version: releaseNotes.version,
  date: releaseNotes.date,
  title: releaseNotes.title,
  items: releaseNotes.items,
};

export async function releaseNotesOf(db: Database, params: { platform: ReleaseNotePlatform }) {
  return db
    .select(noteColumns)
    .from(releaseNotes)
    .where(eq(releaseNotes.platform, params.platform))
    .orderBy(desc(releaseNotes.date), desc(releaseNotes.id));
}

export async function insertReleaseNote(db: Database, note: ReleaseNoteInput) {
  const [row] = await db.insert(releaseNotes).values(note).returning(noteColumns);
  return row;
}

export async function updateReleaseNote(db: Database, id: number, note: ReleaseNoteInput) {
  const [row] = await db.update(releaseNotes).set(note).where(eq(releaseNotes.id, id)).returning(noteColumns);
  return row;
}

export async function deleteReleaseNote(db: Database, id: number) {
  const [row] = await db.delete(releaseNotes).where(eq(releaseNotes.id, id)).returning({ id: releaseNotes.id });
  return row;
}

// ---- community --------------------------------------------------------------------------------------------------

export async function recentPosts(db: Database, params: { limit: number }) {
  return db
    .select({
      id: communityPosts.id,
      eventId: communityPosts.eventId,
      eventTitle: events.title,
      symbol: events.symbol,
      userId: communityPosts.userId,
      userEmail: users.email,
      userName: users.name,
      content: communityPosts.content,
      createdAt: communityPosts.createdAt,
      editedAt: communityPosts.editedAt,
    })
    .from(communityPosts)
    .innerJoin(events, eq(events.id, communityPosts.eventId))
    .innerJoin(users, eq(users.id, communityPosts.userId))
    .where(isNull(communityPosts.deletedAt))
    .orderBy(desc(communityPosts.createdAt), desc(communityPosts.id))
    .limit(params.limit);
}

// ---- ingestion --------------------------------------------------------------------------------------------------

/** The newest run of each provider and dataset. */
export async function lastRuns(db: Database) {
  return db
    .selectDistinctOn([ingestionRuns.provider, ingestionRuns.dataset])
    .from(ingestionRuns)
    .orderBy(ingestionRuns.provider, ingestionRuns.dataset, desc(ingestionRuns.startedAt), desc(ingestionRuns.id));
}

export async function queueCounts(db: Database) {
  return db.select({ status: jobs.status, count: sql<number>`count(*)::int` }).from(jobs).groupBy(jobs.status);
}

export async function jobErrors(db: Database, params: { limit: number }) {
  return db
    .select()
    .from(jobs)
    .where(and(isNotNull(jobs.lastError), or(eq(jobs.status, 'failed'), eq(jobs.status, 'queued'))))
    .orderBy(desc(sql`coalesce(${jobs.finishedAt}, ${jobs.runAt})`), desc(jobs.id))
    .limit(params.limit);
}
