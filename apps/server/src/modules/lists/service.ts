import {
  type AssetList,
  type BodyOf,
  type createList,
  ErrorCode,
  type ItemTransaction,
  type ListTransaction,
  type updateList,
} from '@eh/contracts';
import {
  canCreateList,
  isSymbolViewTransaction,
  listLimitMessage,
  type MarketAssetType,
  SYMBOL_VIEW_TRANSACTION_TYPES,
  transactionEffect,
} from '@eh/domain';
import { sql } from 'drizzle-orm';
import { LISTS_CHANGED_CHANNEL, type ListsChanged } from '../../kernel/channels.ts';
import type { AppContext } from '../../kernel/context.ts';
import { featuresOf } from '../../kernel/entitlements.ts';
import type { Caller } from '../../kernel/http/auth.ts';
import { HttpError, notFound } from '../../kernel/http/errors.ts';
import { findAsset } from '../quotes/index.ts';
import { ensureUser } from '../users/index.ts';
import * as q from './queries.ts';

const LIST_NOT_FOUND = 'List not found';

/** Money kept to the cent, so repeated trades do not drift by float noise. */
const cents = (value: number) => Math.round(value * 100) / 100;

function toList(row: q.ListRow, items?: q.ItemRow[]): AssetList {
  return {
    id: row.id,
    name: row.name,
    cash: row.cash,
    pinned: row.pinned,
    createdAt: row.createdAt.toISOString(),
    ...(items
      ? {
          items: items.map((item) => ({
            listId: item.listId,
            userId: item.userId,
            symbol: item.symbol,
            assetType: item.assetType,
            quantity: item.quantity,
            createdDate: item.createdDate.toISOString(),
          })),
        }
      : {}),
  };
}

function toTransaction(row: q.TransactionRow): ListTransaction {
  return {
    id: row.id,
    listId: row.listId,
    symbol: row.symbol,
    assetType: row.assetType,
    type: row.type,
    status: row.status,
    quantity: row.quantity,
    price: row.price,
    amount: row.amount,
    comment: row.comment,
    executedAt: row.executedAt.toISOString(),
  };
}

/** The list rows carry a foreign key to the account, which a first call may not have created yet. */
async function account(ctx: AppContext, caller: Caller) {
  await ensureUser(ctx.db, { id: caller.sub, email: caller.email });
}

/**
 * Tells every sync node the caller's lists changed, once the change is committed: the owner's other devices follow
 * it at once. The bus never fails for an outage, so a stored change is never answered as an error.
 */
async function announce(ctx: AppContext, caller: Caller) {
  await ctx.bus.publish(LISTS_CHANGED_CHANNEL, { userId: caller.sub } satisfies ListsChanged);
}

async function withItems(ctx: AppContext, row: q.ListRow): Promise<AssetList> {
  return toList(row, await q.itemsOf(ctx.db, { listIds: [row.id] }));
}

async function requireOwnList(ctx: AppContext, caller: Caller, id: string): Promise<q.ListRow> {
  const row = await q.ownList(ctx.db, { userId: caller.sub, id });
  if (!row) throw notFound(LIST_NOT_FOUND);
  return row;
}

/** A symbol a list may hold: a known asset, stored under its canonical spelling. */
async function requireAsset(ctx: AppContext, symbol: string, type?: MarketAssetType) {
  const asset = await findAsset(ctx.db, { symbol, type });
  if (!asset) throw notFound(`Unknown symbol '${symbol}'`);
  return asset;
}

export async function create(ctx: AppContext, caller: Caller, body: BodyOf<typeof createList>): Promise<AssetList> {
  await account(ctx, caller);
  const features = await featuresOf(ctx, caller);
  const row = await ctx.db.transaction(async (tx) => {
    // Serialises one user's creations so two at once cannot both pass the limit.
    await tx.execute(sqlLockUser(caller.sub));
    const existing = await q.countLists(tx, { userId: caller.sub });
    if (!canCreateList(features, existing)) {
      throw new HttpError(403, ErrorCode.forbidden, listLimitMessage(features.listLimit), {
        feature: 'multipleAssetLists',
        listLimit: features.listLimit,
      });
    }
    const cash = cents(body.cash ?? 0);
    const list = await q.insertList(tx, { userId: caller.sub, name: body.name, cash, pinned: body.pinned ?? false });
    if (cash > 0) {
      await q.recordTransaction(tx, {
        userId: caller.sub,
        listId: list.id,
        symbol: null,
        assetType: 'cash',
        type: 'initial_cash',
        amount: cash,
      });
    }
    return list;
  });
  await announce(ctx, caller);
  return toList(row, []);
}

export async function all(ctx: AppContext, caller: Caller, includeItems: boolean) {
  const [rows, features] = await Promise.all([q.listsOf(ctx.db, { userId: caller.sub }), featuresOf(ctx, caller)]);
  const items = includeItems ? await q.itemsOf(ctx.db, { listIds: rows.map((row) => row.id) }) : null;
  return {
    lists: rows.map((row) => toList(row, items ? items.filter((item) => item.listId === row.id) : undefined)),
    listLimit: features.listLimit,
  };
}

export async function one(ctx: AppContext, caller: Caller, id: string): Promise<AssetList> {
  return withItems(ctx, await requireOwnList(ctx, caller, id));
}

/**
 * SPEC §5: a client sends the name only when it is set and cash only when defined; the server applies what came.
 * A cash change is recorded as the deposit or withdrawal that explains it.
 */
export async function update(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: BodyOf<typeof updateList>,
): Promise<AssetList> {
  const row = await ctx.db.transaction(async (tx) => {
    const list = await q.lockList(tx, { userId: caller.sub, id });
    if (!list) throw notFound(LIST_NOT_FOUND);
    const cash = body.cash === undefined ? undefined : cents(body.cash);
    await q.updateList(tx, {
      id,
      set: {
        ...(body.name ? { name: body.name } : {}),
        ...(cash === undefined ? {} : { cash }),
        ...(body.pinned === undefined ? {} : { pinned: body.pinned }),
      },
    });
    if (cash !== undefined && cash !== list.cash) {
      const difference = cents(cash - list.cash);
      await q.recordTransaction(tx, {
        userId: caller.sub,
        listId: id,
        symbol: null,
        assetType: 'cash',
        type: difference > 0 ? 'deposit' : 'withdraw',
        amount: Math.abs(difference),
      });
    }
    return q.ownList(tx, { userId: caller.sub, id });
  });
  if (!row) throw notFound(LIST_NOT_FOUND);
  await announce(ctx, caller);
  return withItems(ctx, row);
}

export async function remove(ctx: AppContext, caller: Caller, id: string) {
  if (!(await q.deleteList(ctx.db, { userId: caller.sub, id }))) throw notFound(LIST_NOT_FOUND);
  await announce(ctx, caller);
  return { id, deleted: true as const };
}

export async function addItem(
  ctx: AppContext,
  caller: Caller,
  listId: string,
  body: { symbol: string; quantity?: number | undefined; price?: number | undefined },
): Promise<AssetList> {
  const asset = await requireAsset(ctx, body.symbol);
  const quantity = body.quantity ?? 0;
  const row = await ctx.db.transaction(async (tx) => {
    const list = await q.lockList(tx, { userId: caller.sub, id: listId });
    if (!list) throw notFound(LIST_NOT_FOUND);
    const added = await q.insertItem(tx, {
      listId,
      userId: caller.sub,
      symbol: asset.symbol,
      assetType: asset.type,
      quantity,
    });
    if (added) {
      await q.recordTransaction(tx, {
        userId: caller.sub,
        listId,
        symbol: asset.symbol,
        assetType: asset.type,
        ...(quantity > 0 ? { type: 'add', quantity, price: body.price ?? null } : { type: 'watch' }),
      });
    }
    return list;
  });
  await announce(ctx, caller);
  return withItems(ctx, row);
}

/**
 * Sets a held quantity (a rise is recorded as an `add` of the difference; a lower figure is a correction that
 * moves no cash) or records one trade, dividend or comment on the symbol.
 */
export async function updateItem(
  ctx: AppContext,
  caller: Caller,
  listId: string,
  symbol: string,
  body: { quantity?: number | undefined; transaction?: ItemTransaction | undefined },
): Promise<AssetList> {
  if (body.quantity === undefined && body.transaction === undefined) {
    throw new HttpError(400, ErrorCode.validation, 'body: send quantity or transaction');
  }
  const asset = await requireAsset(ctx, symbol);
  const row = await ctx.db.transaction(async (tx) => {
    const list = await q.lockList(tx, { userId: caller.sub, id: listId });
    if (!list) throw notFound(LIST_NOT_FOUND);
    const item = await q.findItem(tx, { listId, symbol: asset.symbol });
    if (!item) throw notFound(`${asset.symbol} is not in this list`);
    let quantity = item.quantity;
    let cash = list.cash;
    if (body.quantity !== undefined && body.quantity !== quantity) {
      if (body.quantity > quantity) {
        await q.recordTransaction(tx, {
          userId: caller.sub,
          listId,
          symbol: asset.symbol,
          assetType: asset.type,
          type: 'add',
          quantity: body.quantity - quantity,
        });
      }
      quantity = body.quantity;
    }
    const trade = body.transaction;
    if (trade) {
      const values = {
        quantity: 'quantity' in trade ? trade.quantity : null,
        price: 'price' in trade ? (trade.price ?? null) : null,
        amount: 'amount' in trade ? trade.amount : null,
      };
      if (trade.type === 'sell' && trade.quantity > quantity) {
        throw new HttpError(
          400,
          ErrorCode.validation,
          `body.transaction.quantity: cannot sell ${trade.quantity}; the list holds ${quantity} ${asset.symbol}`,
        );
      }
      const effect = transactionEffect(trade.type, values);
      quantity += effect.quantity;
      cash = cents(cash + effect.cash);
      await q.recordTransaction(tx, {
        userId: caller.sub,
        listId,
        symbol: asset.symbol,
        assetType: asset.type,
        type: trade.type,
        ...values,
        amount: trade.type === 'buy' || trade.type === 'sell' ? Math.abs(cents(effect.cash)) : values.amount,
        comment: trade.type === 'comment' ? trade.comment : null,
      });
    }
    if (quantity !== item.quantity) await q.setItemQuantity(tx, { listId, symbol: asset.symbol, quantity });
    if (cash !== list.cash) await q.updateList(tx, { id: listId, set: { cash } });
    return q.ownList(tx, { userId: caller.sub, id: listId });
  });
  if (!row) throw notFound(LIST_NOT_FOUND);
  return withItems(ctx, row);
}

export async function removeItem(ctx: AppContext, caller: Caller, listId: string, symbol: string) {
  const asset = await findAsset(ctx.db, { symbol });
  const row = await ctx.db.transaction(async (tx) => {
    const list = await q.lockList(tx, { userId: caller.sub, id: listId });
    if (!list) throw notFound(LIST_NOT_FOUND);
    const removed = await q.deleteItem(tx, { listId, symbol: asset?.symbol ?? symbol.toUpperCase() });
    if (!removed) throw notFound(`${asset?.symbol ?? symbol} is not in this list`);
    await q.recordTransaction(tx, {
      userId: caller.sub,
      listId,
      symbol: removed.symbol,
      assetType: removed.assetType,
      type: 'unwatch',
    });
    return list;
  });
  await announce(ctx, caller);
  return withItems(ctx, row);
}

/** The list-select modal: the symbol ends up in `addTo` and out of `removeFrom`, all of them the caller's. */
export async function batch(
  ctx: AppContext,
  caller: Caller,
  body: { symbol: string; addTo: string[]; removeFrom: string[] },
) {
  const asset = await requireAsset(ctx, body.symbol);
  const wanted = [...new Set([...body.addTo, ...body.removeFrom])];
  const own = new Set(await q.ownListIds(ctx.db, { userId: caller.sub, ids: wanted }));
  const foreign = wanted.find((id) => !own.has(id));
  if (foreign) throw notFound(`List not found: ${foreign}`);
  const overlap = body.addTo.find((id) => body.removeFrom.includes(id));
  if (overlap) throw new HttpError(400, ErrorCode.validation, `body.removeFrom: list ${overlap} is also in addTo`);
  await ctx.db.transaction(async (tx) => {
    for (const listId of body.addTo) {
      const added = await q.insertItem(tx, {
        listId,
        userId: caller.sub,
        symbol: asset.symbol,
        assetType: asset.type,
        quantity: 0,
      });
      if (added) {
        await q.recordTransaction(tx, {
          userId: caller.sub,
          listId,
          symbol: asset.symbol,
          assetType: asset.type,
          type: 'watch',
        });
      }
    }
    for (const listId of body.removeFrom) {
      const removed = await q.deleteItem(tx, { listId, symbol: asset.symbol });
      if (removed) {
        await q.recordTransaction(tx, {
          userId: caller.sub,
          listId,
          symbol: asset.symbol,
          assetType: asset.type,
          type: 'unwatch',
        });
      }
    }
  });
  await announce(ctx, caller);
  return { lists: (await all(ctx, caller, true)).lists };
}

export async function transactionsOfList(ctx: AppContext, caller: Caller, listId: string) {
  await requireOwnList(ctx, caller, listId);
  const rows = await q.listTransactions(ctx.db, { userId: caller.sub, listId });
  return { listId, transactions: rows.map(toTransaction) };
}

/** SPEC §5: the caller's transactions on a symbol across their lists, only the kinds the symbol view shows. */
export async function transactionsOfSymbol(ctx: AppContext, caller: Caller, type: MarketAssetType, symbol: string) {
  const asset = await requireAsset(ctx, symbol, type);
  const rows = await q.symbolTransactions(ctx.db, {
    userId: caller.sub,
    symbol: asset.symbol,
    assetType: asset.type,
    types: SYMBOL_VIEW_TRANSACTION_TYPES,
  });
  return { symbol: asset.symbol, transactions: rows.filter(isSymbolViewTransaction).map(toTransaction) };
}

/** A transaction-scoped advisory lock on the user's lists (released at commit or rollback). */
function sqlLockUser(userId: string) {
  return sql`select pg_advisory_xact_lock(hashtext(${`lists:${userId}`}))`;
}
