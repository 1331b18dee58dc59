import { ASSET_TYPES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@eh/domain';
import { z } from 'zod';
import { MarketAssetTypeSchema, SymbolString } from './common.ts';
import { paths } from './paths.ts';
import { defineRoute } from './route.ts';
import { SafeString } from './text.ts';

const TAGS = ['lists'];

export const LIST_NAME_MAX = 80;
/** Lists and items carry amounts of money and shares; anything past this is a typo, never a portfolio. */
const MAX_AMOUNT = 1e12;

const Money = z.number().finite().min(0, 'must not be negative').max(MAX_AMOUNT);
const Quantity = z.number().finite().min(0, 'must not be negative').max(MAX_AMOUNT);
const ListName = SafeString.trim().min(1, 'is required').max(LIST_NAME_MAX);

/** SPEC §3 list item. */
export const AssetListItem = z.object({
  listId: z.uuid(),
  userId: z.uuid(),
  symbol: z.string(),
  assetType: z.enum(ASSET_TYPES),
  quantity: z.number(),
  createdDate: z.iso.datetime(),
});
export type AssetListItem = z.infer<typeof AssetListItem>;

/** SPEC §3 Asset list (My Stocks list). `items` is omitted when the call did not ask for them. */
export const AssetList = z.object({
  id: z.uuid(),
  name: z.string(),
  cash: z.number(),
  pinned: z.boolean(),
  createdAt: z.iso.datetime(),
  items: z.array(AssetListItem).optional(),
});
export type AssetList = z.infer<typeof AssetList>;

const ListIdParams = z.object({ id: z.uuid('must be a list id') });
const ListItemParams = z.object({ listId: z.uuid('must be a list id') });
const ListSymbolParams = z.object({ listId: z.uuid('must be a list id'), symbol: SymbolString });

export const createList = defineRoute({
  method: 'POST',
  path: paths.createList,
  group: 'portfolios',
  summary: "Create a list (cash 0 and no items unless given); refused past the plan's list limit",
  tags: TAGS,
  status: 201,
  body: z.strictObject({ name: ListName, cash: Money.optional(), pinned: z.boolean().optional() }),
  response: AssetList,
});

export const getLists = defineRoute({
  method: 'GET',
  path: paths.getLists,
  group: 'portfolios',
  summary: "The caller's lists, oldest first, with their items when includeItems is true",
  tags: TAGS,
  query: z.object({ includeItems: z.stringbool().default(false) }),
  response: z.object({ lists: z.array(AssetList), listLimit: z.number().int() }),
});

export const getList = defineRoute({
  method: 'GET',
  path: paths.getList,
  group: 'portfolios',
  summary: 'One of the caller’s lists with its items',
  tags: TAGS,
  params: ListIdParams,
  response: AssetList,
});

export const updateList = defineRoute({
  method: 'POST',
  path: paths.updateList,
  group: 'portfolios',
  summary:
    'Rename a list, set its cash (the difference is recorded as a deposit or a withdrawal) or pin it; omitted fields stay',
  tags: TAGS,
  params: ListIdParams,
  body: z.strictObject({ name: ListName.optional(), cash: Money.optional(), pinned: z.boolean().optional() }),
  response: AssetList,
});

export const deleteList = defineRoute({
  method: 'DELETE',
  path: paths.deleteList,
  group: 'portfolios',
  summary: 'Delete one of the caller’s lists with its items',
  tags: TAGS,
  params: ListIdParams,
  response: z.object({ id: z.uuid(), deleted: z.literal(true) }),
});

export const addListItem = defineRoute({
  method: 'POST',
  path: paths.addListItem,
  group: 'portfolios',
  summary:
    'Add a symbol to a list (recorded as watch, or as add with the quantity held); a symbol already there keeps its row',
  tags: TAGS,
  status: 201,
  params: ListItemParams,
  body: z.strictObject({ symbol: SymbolString, quantity: Quantity.optional(), price: Money.optional() }),
  response: AssetList,
});

/** Trades and notes on a held symbol; each is recorded as an executed transaction of that type. */
export const ItemTransaction = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('buy'), quantity: Quantity.positive(), price: Money }),
  z.strictObject({ type: z.literal('sell'), quantity: Quantity.positive(), price: Money }),
  z.strictObject({ type: z.literal('add'), quantity: Quantity.positive(), price: Money.optional() }),
  z.strictObject({ type: z.literal('dividend_pay'), amount: Money.positive() }),
  z.strictObject({ type: z.literal('comment'), comment: SafeString.trim().min(1).max(2000) }),
]);
export type ItemTransaction = z.infer<typeof ItemTransaction>;

export const updateListItem = defineRoute({
  method: 'POST',
  path: paths.updateListItem,
  group: 'portfolios',
  summary:
    'Set a held quantity, or record a buy, sell, add, dividend or comment on a symbol of the list (cash moves with buys, sells and dividends)',
  tags: TAGS,
  params: ListSymbolParams,
  body: z.strictObject({ quantity: Quantity.optional(), transaction: ItemTransaction.optional() }),
  response: AssetList,
});

export const removeListItem = defineRoute({
  method: 'DELETE',
  path: paths.removeListItem,
  group: 'portfolios',
  summary: 'Remove a symbol from a list (recorded as unwatch)',
  tags: TAGS,
  params: ListSymbolParams,
  response: AssetList,
});

export const LIST_BATCH_MAX = 100;

export const batchListItems = defineRoute({
  method: 'POST',
  path: paths.batchListItems,
  group: 'portfolios',
  summary: 'Put one symbol in several of the caller’s lists and take it out of others at once (the list-select modal)',
  tags: TAGS,
  body: z.strictObject({
    symbol: SymbolString,
    addTo: z.array(z.uuid()).max(LIST_BATCH_MAX).default([]),
    removeFrom: z.array(z.uuid()).max(LIST_BATCH_MAX).default([]),
  }),
  response: z.object({ lists: z.array(AssetList) }),
});

/** A transaction of one of the caller's lists. */
export const ListTransaction = z.object({
  id: z.number().int(),
  listId: z.string().nullable(),
  symbol: z.string().nullable(),
  assetType: z.enum(ASSET_TYPES),
  type: z.enum(TRANSACTION_TYPES),
  status: z.enum(TRANSACTION_STATUSES),
  quantity: z.number().nullable(),
  price: z.number().nullable(),
  amount: z.number().nullable(),
  comment: z.string().nullable(),
  executedAt: z.iso.datetime(),
});
export type ListTransaction = z.infer<typeof ListTransaction>;

export const getListTransactions = defineRoute({
  method: 'GET',
  path: paths.getListTransactions,
  group: 'portfolios',
  summary: 'Every transaction of one of the caller’s lists, newest first',
  tags: TAGS,
  params: ListItemParams,
  response: z.object({ listId: z.uuid(), transactions: z.array(ListTransaction) }),
});

export const getMySymbolTransactions = defineRoute({
  method: 'GET',
  path: paths.getMySymbolTransactions,
  group: 'portfolios',
  summary:
    'The caller’s transactions on a symbol across their lists: only executed comment, buy, sell and add (SPEC §5)',
  tags: TAGS,
  params: z.object({ type: MarketAssetTypeSchema, symbol: SymbolString }),
  response: z.object({ symbol: z.string(), transactions: z.array(ListTransaction) }),
});
