/** Trigger watermarks (notification_cursors): how far each trigger has read its source. */
import { type Database, notificationCursors } from '@eh/db';
import { eq, sql } from 'drizzle-orm';

export async function readCursor(db: Database, trigger: string): Promise<string | null> {
  const [row] = await db
    .select({ position: notificationCursors.position })
    .from(notificationCursors)
    .where(eq(notificationCursors.trigger, trigger));
  return row?.position ?? null;
}

export async function writeCursor(db: Database, trigger: string, position: string): Promise<void> {
  await db
    .insert(notificationCursors)
    .values({ trigger, position })
    .onConflictDoUpdate({ target: notificationCursors.trigger, set: { position, updatedAt: sql`now()` } });
}
