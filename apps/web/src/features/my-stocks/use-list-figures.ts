import {
  type ChartRange,
  costBases,
  type HoldingFigures,
  type HoldingGain,
  holdingGain,
  listFigures,
  listPerformance,
  performanceWindow,
} from '@eh/domain';
import { useMemo } from 'react';
import { useGetQuotesQuery } from '../../shared/market/market-api.ts';
import { QUOTE_POLL_MS } from '../../shared/market/newer-quote.ts';
import { type AssetList, useGetListTransactionsQuery, useGetOhlcOnQuery } from '../lists/index.ts';
import { useLiveTargets } from '../live/index.ts';

export interface HoldingRow extends HoldingFigures {
  /** Cost basis and unrealised gain; null without a price or a recorded cost. */
  basis: HoldingGain | null;
}

/**
 * A list's figures: value and day change from the latest quotes, each holding's cost basis and unrealised gain
 * from its transactions, and the performance over `range`, from the list's first money or shares when the range
 * reaches back before them.
 */
export function useListFigures(list: AssetList, range: ChartRange, showCash: boolean) {
  const items = list.items ?? [];
  const byType = (type: string) => items.filter((item) => item.assetType === type).map((item) => item.symbol);
  const [stocks, cryptos, otcs] = [byType('stock'), byType('crypto'), byType('otc')];
  const assetArgs = {
    ...(stocks.length ? { stocks: stocks.join(',') } : {}),
    ...(cryptos.length ? { cryptos: cryptos.join(',') } : {}),
    ...(otcs.length ? { otcs: otcs.join(',') } : {}),
  };
  const none = items.length === 0;
  // The list's quotes stream over the live socket into the cached answer and are polled too (see QuoteHeader).
  useLiveTargets(none ? null : { portfolios: [list.id] });
  const { data: quotes } = useGetQuotesQuery(assetArgs, { skip: none, pollingInterval: QUOTE_POLL_MS });
  const { data: history } = useGetListTransactionsQuery({ listId: list.id });
  const transactions = history?.transactions;
  const window = useMemo(
    () => performanceWindow(range, Date.now(), list.createdAt, transactions ?? []),
    [range, list.createdAt, transactions],
  );
  const { data: startBars } = useGetOhlcOnQuery({ ...assetArgs, date: window.startDate }, { skip: none });

  const prices = useMemo(
    () =>
      new Map(
        (quotes?.quotes ?? []).map((quote) => [quote.symbol, { price: quote.price, prevClose: quote.prevClose }]),
      ),
    [quotes],
  );
  const figures = listFigures(items, prices, list.cash, showCash);
  const bases = useMemo(() => costBases(transactions ?? []), [transactions]);
  const holdings: HoldingRow[] = figures.holdings.map((holding) => ({
    ...holding,
    basis: holdingGain(holding.quantity, holding.price, bases.get(holding.symbol)),
  }));
  const known = holdings.filter((holding) => holding.basis !== null);
  const cost = known.reduce((sum, holding) => sum + (holding.basis?.cost ?? 0), 0);
  const gain = known.reduce((sum, holding) => sum + (holding.basis?.gain ?? 0), 0);
  const performance = useMemo(
    () =>
      transactions
        ? listPerformance({
            items,
            cash: list.cash,
            transactions,
            start: window.start,
            startCloses: new Map((startBars?.bars ?? []).map((bar) => [bar.symbol, bar.close])),
            prices: new Map([...prices].map(([symbol, quote]) => [symbol, quote.price])),
          })
        : null,
    [transactions, items, list.cash, window.start, startBars, prices],
  );
  return {
    figures,
    holdings,
    /** Totals over the holdings whose cost is known; null when none is. */
    basis: known.length > 0 ? { cost, gain, gainPercent: cost > 0 ? (gain / cost) * 100 : null } : null,
    performance,
    since: window.since,
  };
}
