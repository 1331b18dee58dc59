import { type AccountFeatures, EH500_INDEX_ID, EH500_NOT_RANKED, trimScores } from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import { notFound } from '../../kernel/http/errors.ts';
import * as q from './queries.ts';

async function requireIndex(ctx: AppContext, id: string) {
  const index = await q.findMarketIndex(ctx.db, { id });
  if (!index) throw notFound(id === EH500_INDEX_ID ? EH500_NOT_RANKED : `No index '${id}'`);
  return index;
}

export async function marketIndex(ctx: AppContext, id: string, features: AccountFeatures) {
  const index = await requireIndex(ctx, id);
  const trimmed = trimScores(await q.constituentsOf(ctx.db, { indexId: index.id }), features);
  return { ...index, updatedAt: index.updatedAt.toISOString(), constituents: trimmed.items, gated: trimmed.gated };
}

export async function indexRebalances(ctx: AppContext, id: string, query: { limit: number }) {
  const index = await requireIndex(ctx, id);
  return { id: index.id, rebalances: await q.rebalancesOf(ctx.db, { indexId: index.id, limit: query.limit }) };
}
