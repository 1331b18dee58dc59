import type { FeedbackInput } from '@eh/contracts';
import { type Database, feedback } from '@eh/db';

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
