import { type Database, outbox } from '@eh/db';
import { desc, sql } from 'drizzle-orm';

export async function listOutbox(db: Database, params: { limit: number; to?: string | undefined }) {
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
    .where(params.to === undefined ? undefined : sql`lower(${outbox.to}) = lower(${params.to})`)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(params.limit);
}
