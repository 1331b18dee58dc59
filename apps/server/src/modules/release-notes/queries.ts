import type { ReleaseNotePlatform } from '@eh/contracts';
import { type Database, releaseNotes } from '@eh/db';
import { desc, eq } from 'drizzle-orm';

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
