import { EH500_NOT_RANKED_ANSWER } from '@eh/contracts';
import { type AccountFeatures, EH500_INDEX_ID, trimScores } from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import { notFound } from '../../kernel/http/errors.ts';
import * as q from './queries.ts';

const isEh500 = (id: string) => id.toLowerCase() === EH500_INDEX_ID;

/**
 * The EH500 exists from the first start; it is ranked once the market's history is in. Until then it answers as an
 * index with no members (`ranked: false`), so a page waiting for it is not a failed request in the browser's console.
 */
export async function marketIndex(ctx: AppContext, id: string, features: AccountFeatures) {
  const index = await q.findMarketIndex(ctx.db, { id });
  if (!index) {
    if (!isEh500(id)) throw notFound(`No index '${id}'`);
    return EH500_NOT_RANKED_ANSWER;
  }
  const trimmed = trimScores(await q.constituentsOf(ctx.db, { indexId: index.id }), features);
  return {
    ...index,
    ranked: true,
    updatedAt: index.updatedAt.toISOString(),
    constituents: trimmed.items,
    gated: trimmed.gated,
  };
}

export async function indexRebalances(ctx: AppContext, id: string, query: { limit: number }) {
  const index = await q.findMarketIndex(ctx.db, { id });
  if (!index) {
    if (!isEh500(id)) throw notFound(`No index '${id}'`);
    return { id: EH500_INDEX_ID, rebalances: [] };
  }
  return { id: index.id, rebalances: await q.rebalancesOf(ctx.db, { indexId: index.id, limit: query.limit }) };
}
