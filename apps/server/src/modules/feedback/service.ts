import type { FeedbackInput } from '@eh/contracts';
import type { AppContext } from '../../kernel/context.ts';
import * as queries from './queries.ts';

export async function submitFeedback(ctx: AppContext, input: FeedbackInput, userAgent: string | undefined) {
  const row = await queries.insertFeedback(ctx.db, { ...input, userAgent: userAgent?.slice(0, 512) ?? null });
  if (!row) throw new Error('Feedback was not stored');
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}
