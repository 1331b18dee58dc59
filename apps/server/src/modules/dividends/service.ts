import type { getDividendCalendar } from '@eh/contracts';
import { type AccountFeatures, addDays, isDividendVisible, MAX_LIST_LIMIT, trimDividendHistory } from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import { checkWindow, type HistoryQuery, type Query, requireAsset, today } from '../quotes/index.ts';
import * as q from './queries.ts';

export async function assetDividends(
  ctx: AppContext,
  symbol: string,
  query: HistoryQuery,
  features: AccountFeatures,
  now = new Date(),
) {
  const asset = await requireAsset(ctx, symbol, query.type);
  const [rows, latestPast] = await Promise.all([
    q.dividendsOf(ctx.db, { assetId: asset.id, ...query, limit: MAX_LIST_LIMIT }),
    q.latestPastExDate(ctx.db, { assetId: asset.id, today: today(now) }),
  ]);
  const trimmed = trimDividendHistory(rows, features, latestPast);
  return { symbol: asset.symbol, type: asset.type, ...trimmed };
}

export async function dividendCalendar(
  ctx: AppContext,
  query: Query<typeof getDividendCalendar>,
  features: AccountFeatures,
  now = new Date(),
) {
  const start = query.start ?? today(now);
  const end = query.end ?? addDays(start, 6);
  checkWindow(start, end);
  const rows = await q.dividendCalendar(ctx.db, {
    start,
    end,
    dateType: query.dateType,
    today: today(now),
    limit: query.limit,
  });
  const items = [];
  for (const { latestPastExDate, ...row } of rows) {
    if (isDividendVisible(features, row.exDate, latestPastExDate)) items.push(row);
  }
  const hidden = rows.length - items.length;
  return { start, end, items, gated: hidden > 0 ? { feature: 'dividendHistory' as const, hidden } : null };
}
