/**
 * My Stocks rules shared by server and client: the list limit, how each transaction moves cash and holdings,
 * and which transactions a symbol's view shows (SPEC §3, §5, §9).
 */
import { SYMBOL_VIEW_TRANSACTION_TYPES, type TransactionStatus, type TransactionType } from './market.ts';
import { type AccountFeatures, UNLIMITED_LIST_LIMIT } from './plans.ts';

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
  return (
    transaction.status === 'executed' &&
    SYMBOL_VIEW_TRANSACTION_TYPES.some((type) => type === transaction.type)
  );
}
