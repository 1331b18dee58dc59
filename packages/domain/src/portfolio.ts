/**
 * My Stocks rules shared by server and client: the list limit, how each transaction moves cash and holdings,
 * and which transactions a symbol's view shows (SPEC §3, §5, §9).
 */
import {
  type ChartRange,
  SYMBOL_VIEW_TRANSACTION_TYPES,
  type TransactionStatus,
  type TransactionType,
} from './market.ts';
import { type AccountFeatures, UNLIMITED_LIST_LIMIT } from './plans.ts';
import { addDays, type IsoDate, nyDate } from './time.ts';

/** The id the client passes when a symbol goes to alerts only: no list item is added or removed (SPEC §5). */
export const ALL_ALERTS_LIST_ID = 'all-alerts';

/** Whether a user with `features` who already has `listCount` lists may create another (SPEC §4, §9). */
export function canCreateList(features: Pick<AccountFeatures, 'listLimit'>, listCount: number): boolean {
  return features.listLimit === UNLIMITED_LIST_LIMIT || listCount < features.listLimit;
}

/** The message of a refused list creation, naming the limit and the way past it. */
export function listLimitMessage(listLimit: number): string {
  return `Your plan allows ${listLimit} ${listLimit === 1 ? 'list' : 'lists'}. Upgrade to a paid plan for unlimited lists.`;
}

export interface TransactionEffect {
  /** Added to the list's cash (negative takes it out). */
  cash: number;
  /** Added to the symbol's quantity. */
  quantity: number;
}

/**
 * How one executed transaction moves a list: buys spend quantity × price, sells bring it in, deposits and
 * dividends add their amount, withdrawals take it; `add` puts shares in without touching cash (a holding bought
 * elsewhere); initial_cash sets the opening balance. Comments, watch and unwatch move nothing.
 */
export function transactionEffect(
  type: TransactionType,
  values: { quantity?: number | null; price?: number | null; amount?: number | null },
): TransactionEffect {
  const quantity = values.quantity ?? 0;
  const price = values.price ?? 0;
  const amount = values.amount ?? 0;
  switch (type) {
    case 'buy':
      return { cash: -quantity * price, quantity };
    case 'sell':
      return { cash: quantity * price, quantity: -quantity };
    case 'add':
      return { cash: 0, quantity };
    case 'initial_cash':
    case 'deposit':
    case 'dividend_pay':
      return { cash: amount, quantity: 0 };
    case 'withdraw':
      return { cash: -amount, quantity: 0 };
    default:
      return { cash: 0, quantity: 0 };
  }
}

/** SPEC §5: a symbol's transactions across portfolios keep only comment, buy, sell and add that were executed. */
export function isSymbolViewTransaction(transaction: { type: TransactionType; status: TransactionStatus }): boolean {
  return transaction.status === 'executed' && SYMBOL_VIEW_TRANSACTION_TYPES.some((type) => type === transaction.type);
}

// ---- My Stocks figures -------------------------------------------------------------------------------------------

export interface HoldingPrice {
  /** The latest price. */
  price: number;
  /** The previous session's close; null when unknown (the day change is then unknown too). */
  prevClose: number | null;
}

export interface HoldingFigures {
  symbol: string;
  quantity: number;
  price: number | null;
  value: number | null;
  dayChange: number | null;
  dayChangePercent: number | null;
}

export interface ListFigures {
  holdings: HoldingFigures[];
  /** Holdings at their latest prices, plus cash when `withCash`. */
  value: number;
  dayChange: number;
  /** The day change over yesterday's value of the same holdings (cash never moves in a day); null at zero. */
  dayChangePercent: number | null;
}

/**
 * A list's value and day change from its holdings and the latest quotes. A symbol with no quote counts for
 * nothing (shown without a price) rather than for a guessed price.
 */
export function listFigures(
  items: readonly { symbol: string; quantity: number }[],
  prices: ReadonlyMap<string, HoldingPrice>,
  cash: number,
  withCash = true,
): ListFigures {
  let value = withCash ? cash : 0;
  let dayChange = 0;
  let previousValue = 0;
  const holdings = items.map((item): HoldingFigures => {
    const quote = prices.get(item.symbol);
    if (!quote) return { ...item, price: null, value: null, dayChange: null, dayChangePercent: null };
    const holdingValue = item.quantity * quote.price;
    value += holdingValue;
    const change = quote.prevClose === null ? null : item.quantity * (quote.price - quote.prevClose);
    if (change !== null && quote.prevClose !== null) {
      dayChange += change;
      previousValue += item.quantity * quote.prevClose;
    }
    return {
      ...item,
      price: quote.price,
      value: holdingValue,
      dayChange: change,
      dayChangePercent:
        quote.prevClose === null || quote.prevClose === 0
          ? null
          : ((quote.price - quote.prevClose) / quote.prevClose) * 100,
    };
  });
  return {
    holdings,
    value,
    dayChange,
    dayChangePercent: previousValue === 0 ? null : (dayChange / previousValue) * 100,
  };
}

export interface PerformanceTransaction {
  type: TransactionType;
  status: TransactionStatus;
  symbol: string | null;
  quantity: number | null;
  price: number | null;
  amount: number | null;
  /** ISO 8601 instant. */
  executedAt: string;
}

export interface Performance {
  /** Gain in dollars over the range: value now − value at the start − money and shares put in since. */
  dollars: number;
  /** The gain over what was at work: the start value plus what was put in since; null when nothing was. */
  percent: number | null;
}

/**
 * Performance of a list over a range, from its transactions and stored closes: the holdings and cash at the
 * range start are today's with every later executed transaction undone; deposits, withdrawals, opening cash and
 * shares added from elsewhere (at their recorded price, else today's) are money put in, not gains.
 */
export function listPerformance(input: {
  items: readonly { symbol: string; quantity: number }[];
  cash: number;
  transactions: readonly PerformanceTransaction[];
  /** ISO 8601 instant the range starts at. */
  start: string;
  /** Each symbol's close at the range start (the last stored bar on or before it). */
  startCloses: ReadonlyMap<string, number>;
  /** Each symbol's latest price. */
  prices: ReadonlyMap<string, number>;
}): Performance {
  const quantityAtStart = new Map(input.items.map((item) => [item.symbol, item.quantity]));
  let cashAtStart = input.cash;
  let putIn = 0;
  let bought = 0;
  const startTime = Date.parse(input.start);
  for (const transaction of input.transactions) {
    if (transaction.status !== 'executed' || Date.parse(transaction.executedAt) <= startTime) continue;
    const effect = transactionEffect(transaction.type, transaction);
    cashAtStart -= effect.cash;
    if (transaction.symbol) {
      quantityAtStart.set(transaction.symbol, (quantityAtStart.get(transaction.symbol) ?? 0) - effect.quantity);
    }
    if (transaction.type === 'deposit' || transaction.type === 'initial_cash') putIn += transaction.amount ?? 0;
    if (transaction.type === 'withdraw') putIn -= transaction.amount ?? 0;
    if (transaction.type === 'add' && transaction.symbol) {
      const price = transaction.price ?? input.prices.get(transaction.symbol) ?? 0;
      putIn += (transaction.quantity ?? 0) * price;
    }
    if (transaction.type === 'buy') bought += (transaction.quantity ?? 0) * (transaction.price ?? 0);
  }
  let startValue = cashAtStart;
  for (const [symbol, quantity] of quantityAtStart) startValue += quantity * (input.startCloses.get(symbol) ?? 0);
  let nowValue = input.cash;
  for (const item of input.items) nowValue += item.quantity * (input.prices.get(item.symbol) ?? 0);
  const dollars = nowValue - startValue - putIn;
  // Shares bought with cash the list did not have put nothing "at work": then the gain is over what they cost.
  const atWork = startValue + Math.max(putIn, 0);
  const base = atWork > 0 ? atWork : bought;
  return { dollars, percent: base > 0 ? (dollars / base) * 100 : null };
}

/**
 * The day a portfolio range starts on (SPEC §3 chart ranges): days back from today, the last day of the previous
 * year for ytd, and the list's first day for all.
 */
export function portfolioRangeStart(range: ChartRange, today: IsoDate, listCreated: IsoDate): IsoDate {
  const back: Record<Exclude<ChartRange, 'ytd' | 'all'>, number> = {
    '1d': 1,
    '1w': 7,
    '1m': 30,
    '6m': 182,
    '1y': 365,
    '5y': 1826,
  };
  if (range === 'all') return listCreated;
  if (range === 'ytd') return `${Number(today.slice(0, 4)) - 1}-12-31`;
  const start = addDays(today, -back[range]);
  return start < listCreated ? listCreated : start;
}

/** Transactions that first put money or shares into a list: its performance runs from the first of them. */
const OPENING_TYPES: readonly TransactionType[] = ['initial_cash', 'deposit', 'buy', 'add'];

export interface PerformanceWindow {
  /** ISO 8601 instant the performance is measured from. */
  start: string;
  /** The day whose closes value the holdings at the start. */
  startDate: IsoDate;
  /**
   * The New York day of the list's first money or shares when the range reaches back before it: the figure is the
   * performance since then (a 1y window that predates the first buy would read as no change); null otherwise.
   */
  since: IsoDate | null;
}

/**
 * Where a list's performance over `range` starts: the range's first day (its end, after that day's close; the
 * list's creation when the range reaches back to it), or just before the list's first executed buy, add, deposit
 * or opening cash when that comes later.
 */
export function performanceWindow(
  range: ChartRange,
  now: Date | number,
  listCreatedAt: string,
  transactions: readonly Pick<PerformanceTransaction, 'type' | 'status' | 'executedAt'>[],
): PerformanceWindow {
  const created = nyDate(Date.parse(listCreatedAt));
  const startDate = portfolioRangeStart(range, nyDate(now), created);
  // A range back to the list's first day starts when the list was made, not after that day's close.
  const start = startDate === created ? listCreatedAt : `${startDate}T23:59:59Z`;
  let first: number | null = null;
  for (const transaction of transactions) {
    if (transaction.status !== 'executed' || !OPENING_TYPES.includes(transaction.type)) continue;
    const at = Date.parse(transaction.executedAt);
    if (first === null || at < first) first = at;
  }
  if (first !== null && first > Date.parse(start)) {
    return { start: new Date(first - 1).toISOString(), startDate: nyDate(first), since: nyDate(first) };
  }
  return { start, startDate, since: null };
}

export interface CostBasis {
  /** Shares the transactions account for. */
  quantity: number;
  /** What they cost, by average cost (a sale takes its share of the cost); null when some came in at no price. */
  cost: number | null;
}

/**
 * Each symbol's cost basis from its executed buys, adds and sells, oldest first, by average cost. Shares added
 * without a price leave the cost unknown until they are all sold.
 */
export function costBases(transactions: readonly PerformanceTransaction[]): Map<string, CostBasis> {
  const bases = new Map<string, CostBasis>();
  const ordered = [...transactions]
    .filter((transaction) => transaction.status === 'executed' && transaction.symbol !== null)
    .sort((a, b) => Date.parse(a.executedAt) - Date.parse(b.executedAt));
  for (const transaction of ordered) {
    const symbol = transaction.symbol ?? '';
    const basis = bases.get(symbol) ?? { quantity: 0, cost: 0 };
    const quantity = transaction.quantity ?? 0;
    if (transaction.type === 'buy' || transaction.type === 'add') {
      const cost = transaction.price === null ? null : quantity * transaction.price;
      bases.set(symbol, {
        quantity: basis.quantity + quantity,
        cost: basis.cost === null || cost === null ? null : basis.cost + cost,
      });
    } else if (transaction.type === 'sell' && basis.quantity > 0) {
      const left = Math.max(0, basis.quantity - quantity);
      bases.set(symbol, {
        quantity: left,
        cost: left === 0 ? 0 : basis.cost === null ? null : (basis.cost * left) / basis.quantity,
      });
    }
  }
  return bases;
}

export interface HoldingGain {
  /** What the shares held cost: their count at the average cost. */
  cost: number;
  /** Their value now less that cost. */
  gain: number;
  gainPercent: number | null;
}

/** A holding's cost basis and unrealised gain; null without a price or a known cost. */
export function holdingGain(quantity: number, price: number | null, basis: CostBasis | undefined): HoldingGain | null {
  if (price === null || !basis || basis.cost === null || basis.quantity <= 0) return null;
  const cost = quantity * (basis.cost / basis.quantity);
  const gain = quantity * price - cost;
  return { cost, gain, gainPercent: cost > 0 ? (gain / cost) * 100 : null };
}

export type ListTarget = { kind: 'list'; listId: string } | { kind: 'choose' } | { kind: 'none' };

/**
 * SPEC §5: where a symbol being added goes: the given list; 'all-alerts' means no list item at all; else the
 * user's only list; else the user chooses (the choose-list modal, which also offers a first list).
 */
export function listForAdd(lists: readonly { id: string }[], givenId?: string | null): ListTarget {
  if (givenId === ALL_ALERTS_LIST_ID) return { kind: 'none' };
  if (givenId) return { kind: 'list', listId: givenId };
  const [only] = lists;
  if (only && lists.length === 1) return { kind: 'list', listId: only.id };
  return { kind: 'choose' };
}
