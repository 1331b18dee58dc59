import type { getAssetTransactions, ResponseOf } from '@eh/contracts';
import { type MarketAssetType, SYMBOL_VIEW_TRANSACTION_TYPES } from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import { requireAsset } from '../quotes/index.ts';
import * as q from './queries.ts';

export async function assetTransactions(
  ctx: AppContext,
  type: MarketAssetType,
  symbol: string,
  query: { limit: number },
): Promise<ResponseOf<typeof getAssetTransactions>> {
  const asset = await requireAsset(ctx, symbol, type);
  const rows = await q.assetTransactions(ctx.db, {
    assetType: asset.type,
    symbol: asset.symbol,
    types: SYMBOL_VIEW_TRANSACTION_TYPES,
    limit: query.limit,
  });
  return {
    symbol: asset.symbol,
    type: asset.type,
    transactions: rows.flatMap(({ userId, userName, userAvatarUrl, ...row }) => {
      const type = SYMBOL_VIEW_TRANSACTION_TYPES.find((kind) => kind === row.type);
      if (!type) return [];
      return [
        {
          ...row,
          type,
          executedAt: row.executedAt.toISOString(),
          user: userId === null ? null : { id: userId, name: userName, avatarUrl: userAvatarUrl },
        },
      ];
    }),
  };
}
