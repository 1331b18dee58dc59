/**
 * The move after each of the latest reports while it trades: the quotes of the reporters whose move is not stored
 * yet stream over the live socket into one batch-quotes answer (app/live-cache.ts patches it), and each entry reads
 * its move from there by the alerts' rule (`reportMoveFromQuote`). Only for readers whose plan has price moves around
 * earnings, like the stored moves the server blanks for the others.
 */
import { BATCH_SYMBOLS_MAX, type CalendarEarningsRow, LIVE_TARGET_ITEMS_MAX, type Quote } from '@eh/contracts';
import { canUse, nyDate, previousTradingDay, type ReportMove, reportMoveFromQuote, reportTiming } from '@eh/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useAppSelectorInTransition } from '../../shared/hooks.ts';
import { useGetQuotesQuery } from '../../shared/market/market-api.ts';
import { QUOTE_POLL_MS } from '../../shared/market/newer-quote.ts';
import { useGetMeQuery } from '../../shared/users-api.ts';
import { useLiveQuotes } from '../live/index.ts';

const reported = (row: CalendarEarningsRow) => row.epsActual !== null || row.revenueActual !== null;

/** A calendar row as the move rule reads it (the moment its figures were stored, in ms). */
const timingOf = (row: CalendarEarningsRow) => ({
  date: row.date,
  time: row.time,
  session: row.session,
  reportedAtMs: row.reportedAt ? Date.parse(row.reportedAt) : null,
});

/**
 * The reports whose move may be trading now: results in, no stored move yet, heard today or the session before
 * (on their date, or the day they were stored when that was earlier).
 */
function awaitingMove(rows: readonly CalendarEarningsRow[], now: Date): CalendarEarningsRow[] {
  const today = nyDate(now);
  const since = previousTradingDay(today);
  return rows.filter((row) => {
    if (!reported(row) || row.priceMovePercent != null) return false;
    const heard = reportTiming(timingOf(row)).date;
    return heard >= since && heard <= today;
  });
}

const LiveMoves = createContext<ReadonlyMap<number, ReportMove>>(new Map());

export function LiveReportMoves({
  rows,
  now,
  children,
}: {
  rows: readonly CalendarEarningsRow[];
  /** Re-read every minute by the page: which session a quote speaks for depends on it. */
  now: Date;
  children: ReactNode;
}) {
  const signedIn = useAppSelectorInTransition((state) => state.auth.status) === 'signedIn';
  const { data: me } = useGetMeQuery(undefined, { skip: !signedIn });
  const allowed = me ? canUse(me.accountFeatures, 'priceMove') : false;
  // One batch answer and one socket target hold this many: the biggest reporters first when a season day has more.
  const waiting = useMemo(
    () =>
      allowed
        ? awaitingMove(rows, now)
            .sort((a, b) => (b.marketCap ?? -1) - (a.marketCap ?? -1))
            .slice(0, Math.min(BATCH_SYMBOLS_MAX, LIVE_TARGET_ITEMS_MAX))
        : [],
    [allowed, rows, now],
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
    const found = new Map<number, ReportMove>();
    for (const row of waiting) {
      const quote = bySymbol.get(row.symbol);
      const move = quote ? reportMoveFromQuote(timingOf(row), quote, now) : null;
      if (move) found.set(row.id, move);
    }
    return found;
  }, [waiting, data, now]);
  return <LiveMoves.Provider value={moves}>{children}</LiveMoves.Provider>;
}

/** The moves so far of the reports the calendar shows, by report id. */
export const useLiveReportMoves = (): ReadonlyMap<number, ReportMove> => useContext(LiveMoves);

/** The move so far of a report the calendar shows, while it trades; null otherwise. */
export const useLiveReportMove = (id: number): ReportMove | null => useLiveReportMoves().get(id) ?? null;
