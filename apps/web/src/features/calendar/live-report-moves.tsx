/**
 * The move after each of today's reports while it trades: the quotes of the reporters whose move is not stored yet
 * stream over the live socket into one batch-quotes answer (app/live-cache.ts patches it), and each entry reads its
 * move from there (`liveReaction`). Only for readers whose plan has price moves around earnings, like the stored
 * moves the server blanks for the others.
 */
import { BATCH_SYMBOLS_MAX, type CalendarEarningsRow, LIVE_TARGET_ITEMS_MAX, type Quote } from '@eh/contracts';
import { canUse, type IsoDate, type LiveReaction, liveReaction, nextTradingDay } from '@eh/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useAppSelectorInTransition } from '../../shared/hooks.ts';
import { useGetQuotesQuery } from '../../shared/market/market-api.ts';
import { QUOTE_POLL_MS } from '../../shared/market/newer-quote.ts';
import { useGetMeQuery } from '../../shared/users-api.ts';
import { useLiveQuotes } from '../live/index.ts';

const reported = (row: CalendarEarningsRow) => row.epsActual !== null || row.revenueActual !== null;

/**
 * The reports whose move may be trading on `today`: results in, no stored move yet, and today their reacting session
 * (before the open or during the day: the report day; after the close: that evening and the next session).
 */
export function awaitingMove(rows: readonly CalendarEarningsRow[], today: IsoDate): CalendarEarningsRow[] {
  return rows.filter(
    (row) =>
      reported(row) &&
      row.priceMovePercent == null &&
      row.session != null &&
      (row.date === today || (row.session === 'after' && nextTradingDay(row.date) === today)),
  );
}

const LiveMoves = createContext<ReadonlyMap<number, LiveReaction>>(new Map());

export function LiveReportMoves({
  rows,
  today,
  children,
}: {
  rows: readonly CalendarEarningsRow[];
  today: IsoDate;
  children: ReactNode;
}) {
  const signedIn = useAppSelectorInTransition((state) => state.auth.status) === 'signedIn';
  const { data: me } = useGetMeQuery(undefined, { skip: !signedIn });
  const allowed = me ? canUse(me.accountFeatures, 'priceMove') : false;
  // One batch answer and one socket target hold this many: the biggest reporters first when a season day has more.
  const waiting = useMemo(
    () =>
      allowed
        ? awaitingMove(rows, today)
            .sort((a, b) => (b.marketCap ?? -1) - (a.marketCap ?? -1))
            .slice(0, Math.min(BATCH_SYMBOLS_MAX, LIVE_TARGET_ITEMS_MAX))
        : [],
    [allowed, rows, today],
  );
  const stocks = waiting
    .map((row) => row.symbol)
    .sort()
    .join(',');
  const assets = useMemo(
    () => (stocks ? stocks.split(',').map((symbol) => ({ type: 'stock' as const, symbol })) : null),
    [stocks],
  );
  useLiveQuotes(assets);
  const { data } = useGetQuotesQuery({ stocks, extended: 'true' }, { skip: !stocks, pollingInterval: QUOTE_POLL_MS });
  const moves = useMemo(() => {
    const bySymbol = new Map<string, Quote>((data?.quotes ?? []).map((quote) => [quote.symbol, quote]));
    const found = new Map<number, LiveReaction>();
    for (const row of waiting) {
      const quote = bySymbol.get(row.symbol);
      const move = quote ? liveReaction({ date: row.date, session: row.session, reported: true }, quote) : null;
      if (move) found.set(row.id, move);
    }
    return found;
  }, [waiting, data]);
  return <LiveMoves.Provider value={moves}>{children}</LiveMoves.Provider>;
}

/** The move so far of a report the calendar shows, while it trades; null otherwise. */
export const useLiveReportMove = (id: number): LiveReaction | null => useContext(LiveMoves).get(id) ?? null;
