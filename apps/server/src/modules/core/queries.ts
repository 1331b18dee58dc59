import type { FeedbackInput, FlagName, ReleaseNotePlatform } from '@eh/contracts';
import { type Database, featureFlags, feedback, outbox, releaseNotes } from '@eh/db';
import { desc, eq, inArray, sql } from 'drizzle-orm';

export interface GetFlagsParams {
  names: readonly FlagName[];
}

export async function getFlagRows(db: Database, params: GetFlagsParams) {
  return db
    .select({
      name: featureFlags.name,
      enabled: featureFlags.enabled,
      message: featureFlags.message,
      updatedAt: featureFlags.updatedAt,
    })
    .from(featureFlags)
    .where(inArray(featureFlags.name, [...params.names]));
}

export interface SetFlagParams {
  name: FlagName;
  enabled: boolean;
  /** undefined keeps the stored message; null clears it. */
  message?: string | null | undefined;
}

export async function upsertFlag(db: Database, params: SetFlagParams) {
  const message = params.message === undefined ? null : params.message;
  const [row] = await db
    .insert(featureFlags)
    .values({ name: params.name, enabled: params.enabled, message })
    .onConflictDoUpdate({
      target: featureFlags.name,
      set: {
        enabled: params.enabled,
        updatedAt: sql`now()`,
        ...(params.message === undefined ? {} : { message: params.message }),
      },
    })
    .returning({
      name: featureFlags.name,
      enabled: featureFlags.enabled,
      message: featureFlags.message,
      updatedAt: featureFlags.updatedAt,
    });
  return row;
}

export interface ListReleaseNotesParams {
  platform: ReleaseNotePlatform;
  limit: number;
}

export async function listReleaseNotes(db: Database, params: ListReleaseNotesParams) {
  return db
    .select({
      id: releaseNotes.id,
      platform: releaseNotes.platform,
      version: releaseNotes.version,
      date: releaseNotes.date,
      title: releaseNotes.title,
      items: releaseNotes.items,
    })
    .from(releaseNotes)
    .where(eq(releaseNotes.platform, params.platform))
    .orderBy(desc(releaseNotes.date), desc(releaseNotes.id))
    .limit(params.limit);
}

export interface InsertFeedbackParams extends FeedbackInput {
  userAgent: string | null;
}

export async function insertFeedback(db: Database, params: InsertFeedbackParams) {
  const [row] = await db
    .insert(feedback)
    .values({
      category: params.category,
      message: params.message,
      email: params.email ?? null,
      page: params.page ?? null,
      userAgent: params.userAgent,
    })
    .returning({ id: feedback.id, createdAt: feedback.createdAt });
  return row;
}

export async function listOutbox(db: Database, params: { limit: number }) {
  return db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      to: outbox.to,
      subject: outbox.subject,
      body: outbox.body,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(params.limit);
}
