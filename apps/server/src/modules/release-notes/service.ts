import type { ReleaseNote, ReleaseNotePlatform } from '@eh/contracts';
import type { AppContext } from '../../kernel/context.ts';
import * as queries from './queries.ts';

export async function getReleaseNotes(ctx: AppContext, query: { platform: ReleaseNotePlatform; limit: number }) {
  const notes: ReleaseNote[] = await queries.listReleaseNotes(ctx.db, query);
  return { notes };
}
