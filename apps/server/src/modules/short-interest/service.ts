import type { getMarketShortInterests } from '@eh/contracts';
import { type AccountFeatures, MAX_LIST_LIMIT, trimShortInterestHistory } from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import { type HistoryQuery, type Query, requireAsset } from '../quotes/index.ts';
import * as q from './queries.ts';

export async function assetShortInterests(
  ctx: AppContext,
  symbol: string,
  query: HistoryQuery,
  features: AccountFeatures,
) {
  const asset = await requireAsset(ctx, symbol, query.type);
  const [rows, latest] = await Promise.all([
    q.shortInterestsOf(ctx.db, { assetId: asset.id, ...query, limit: MAX_LIST_LIMIT }),
    q.latestSettlementDate(ctx.db, { assetId: asset.id }),
  ]);
  const trimmed = trimShortInterestHistory(rows, features, latest);
  return { symbol: asset.symbol, type: asset.type, ...trimmed };
}

export async function marketShortInterests(
  ctx: AppContext,
  query: Query<typeof getMarketShortInterests>,
  features: AccountFeatures,
) {
  const [latest, settlementDate] = await Promise.all([
    q.latestSettlementDate(ctx.db, {}),
    query.date ? q.latestSettlementDate(ctx.db, { onOrBefore: query.date }) : null,
  ]);
  const date = query.date ? settlementDate : latest;
  if (date === null) return { settlementDate: null, items: [], gated: null };
  const rows = await q.marketShortInterests(ctx.db, { date, sort: query.sort, limit: query.limit });
  return { settlementDate: date, ...trimShortInterestHistory(rows, features, latest) };
}
