import type { getIntradaySummaries, getSummaries, ResponseOf } from '@eh/contracts';
import { type AccountFeatures, addDays, MAX_LIST_LIMIT, MS_PER_DAY, nyToUtc, trimDividendHistory } from '@eh/domain';
import type { AppContext } from '../../kernel/context.ts';
import { dividendsOf, latestPastExDate } from '../dividends/index.ts';
import { checkWindow, historyStart, type Query, requireAsset, today } from '../quotes/index.ts';
import * as q from './queries.ts';

export async function summaries(
  ctx: AppContext,
  symbol: string,
  query: Query<typeof getSummaries>,
  features: AccountFeatures,
  now = new Date(),
) {
  const end = query.end ?? today(now);
  const start = query.start ?? historyStart(end);
  checkWindow(start, end);
  const asset = await requireAsset(ctx, symbol, query.type);
  const window = { assetId: asset.id, start, end };
  const [bars, dividendRows, splitRows, latestPast] = await Promise.all([
    q.dailyBars(ctx.db, window),
    dividendsOf(ctx.db, { ...window, latest: false, limit: MAX_LIST_LIMIT }),
    q.splitsOf(ctx.db, window),
    latestPastExDate(ctx.db, { assetId: asset.id, today: today(now) }),
  ]);
  const trimmed = trimDividendHistory(dividendRows, features, latestPast);
  return {
    symbol: asset.symbol,
    type: asset.type,
    start,
    end,
    bars,
    dividends: trimmed.items.reverse(),
    splits: splitRows,
    gated: trimmed.gated,
  };
}

/** The stored bar width to merge from: the widest one that divides `interval`, else the finest. */
export function pickInterval(stored: readonly number[], interval: number) {
  const dividing = stored.filter((width) => interval % width === 0);
  if (dividing.length > 0) return { stored: Math.max(...dividing), interval };
  const finest = Math.min(...stored);
  return { stored: finest, interval: Math.ceil(interval / finest) * finest };
}

export async function intradaySummaries(
  ctx: AppContext,
  symbol: string,
  query: Query<typeof getIntradaySummaries>,
  now = new Date(),
): Promise<ResponseOf<typeof getIntradaySummaries>> {
  const asset = await requireAsset(ctx, symbol, query.type);
  const stored = await q.intradayWidths(ctx.db, { assetId: asset.id });
  const asked: q.IntradaySession[] = ['regular'];
  if (query.beforeHours) asked.push('pre');
  if (query.afterHours) asked.push('after');
  // Per session: the stored width to merge from and the width served.
  const plans = asked.flatMap((session) => {
    const widths = stored.filter((row) => row.session === session).map((row) => row.interval);
    return widths.length === 0 ? [] : [{ session, ...pickInterval(widths, query.interval) }];
  });
  const main = plans.find((plan) => plan.session === 'regular') ?? plans[0];
  const empty = {
    symbol: asset.symbol,
    type: asset.type,
    interval: main?.interval ?? query.interval,
    dates: [],
    bars: [],
  };
  if (plans.length === 0) return empty;
  const before = nyToUtc(addDays(query.date ?? today(now), 1));
  const dates = await q.intradayDates(ctx.db, {
    assetId: asset.id,
    sessions: plans.map((plan) => plan.session),
    before,
    // Enough calendar days to hold `days` trading days across a long weekend.
    since: new Date(before.getTime() - (query.days * 2 + 5) * MS_PER_DAY),
    days: query.days,
  });
  const oldest = dates.at(-1);
  const newest = dates[0];
  if (oldest === undefined || newest === undefined) return empty;
  const perSession = await Promise.all(
    plans.map(async (plan) => {
      const bars = await q.intradayBars(ctx.db, {
        assetId: asset.id,
        session: plan.session,
        storedInterval: plan.stored,
        interval: plan.interval,
        from: nyToUtc(oldest),
        to: nyToUtc(addDays(newest, 1)),
      });
      return bars.map((bar) => ({ ...bar, ts: bar.ts.toISOString(), session: plan.session, interval: plan.interval }));
    }),
  );
  return {
    ...empty,
    dates: [...dates].reverse(),
    bars: perSession.flat().sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0)),
  };
}
