import { assetListItems, assetLists, type Database, transactions } from '@eh/db';
import type { AssetType, TransactionType } from '@eh/domain';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';

export type ListRow = typeof assetLists.$inferSelect;
export type ItemRow = typeof assetListItems.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;

/** Drizzle's transaction handle shares the query API, so every query here runs inside one or on the pool. */
type Db = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export async function listsOf(db: Db, params: { userId: string }): Promise<ListRow[]> {
  return db
    .select()
    .from(assetLists)
    .where(eq(assetLists.userId, params.userId))
    .orderBy(asc(assetLists.createdAt), asc(assetLists.id));
}

export async function countLists(db: Db, params: { userId: string }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(assetLists).where(eq(assetLists.userId, params.userId));
  return row?.n ?? 0;
}

/** A list only when it belongs to the user: someone else's list is indistinguishable from a missing one. */
export async function ownList(db: Db, params: { userId: string; id: string }): Promise<ListRow | undefined> {
  const rows = await db
    .select()
    .from(assetLists)
    .where(and(eq(assetLists.id, params.id), eq(assetLists.userId, params.userId)))
    .limit(1);
  return rows[0];
}

/** Locks the list row so concurrent trades on it add up. */
export async function lockList(db: Db, params: { userId: string; id: string }): Promise<ListRow | undefined> {
  const rows = await db
    .select()
    .from(assetLists)
    .where(and(eq(assetLists.id, params.id), eq(assetLists.userId, params.userId)))
    .for('update')
    .limit(1);
  return rows[0];
}

export async function itemsOf(db: Db, params: { listIds: string[] }): Promise<ItemRow[]> {
  if (params.listIds.length === 0) return [];
  return db
    .select()
    .from(assetListItems)
    .where(inArray(assetListItems.listId, params.listIds))
    .orderBy(asc(assetListItems.createdDate), asc(assetListItems.symbol));
}

export async function insertList(db: Db, params: { userId: string; name: string; cash: number; pinned: boolean }) {
  const [row] = await db.insert(assetLists).values(params).returning();
  if (!row) throw new Error('list was not stored');
  return row;
}

export async function updateList(
  db: Db,
  params: { id: string; set: Partial<Pick<ListRow, 'name' | 'cash' | 'pinned'>> },
): Promise<void> {
  if (Object.keys(params.set).length === 0) return;
  await db.update(assetLists).set(params.set).where(eq(assetLists.id, params.id));
}

export async function deleteList(db: Db, params: { userId: string; id: string }): Promise<boolean> {
  const rows = await db
    .delete(assetLists)
    .where(and(eq(assetLists.id, params.id), eq(assetLists.userId, params.userId)))
    .returning({ id: assetLists.id });
  return rows.length > 0;
}

export async function findItem(db: Db, params: { listId: string; symbol: string }): Promise<ItemRow | undefined> {
  const rows = await db
    .select()
    .from(assetListItems)
    .where(and(eq(assetListItems.listId, params.listId), eq(assetListItems.symbol, params.symbol)))
    .limit(1);
  return rows[0];
}

/** Inserts the item unless the list already holds the symbol; true when it was new. */
export async function insertItem(
  db: Db,
  params: { listId: string; userId: string; symbol: string; assetType: AssetType; quantity: number },
): Promise<boolean> {
  const rows = await db
    .insert(assetListItems)
    .values(params)
    .onConflictDoNothing({ target: [assetListItems.listId, assetListItems.symbol] })
    .returning({ symbol: assetListItems.symbol });
  return rows.length > 0;
}

export async function setItemQuantity(db: Db, params: { listId: string; symbol: string; quantity: number }) {
  await db
    .update(assetListItems)
    .set({ quantity: params.quantity })
    .where(and(eq(assetListItems.listId, params.listId), eq(assetListItems.symbol, params.symbol)));
}

export async function deleteItem(db: Db, params: { listId: string; symbol: string }): Promise<ItemRow | undefined> {
  const rows = await db
    .delete(assetListItems)
    .where(and(eq(assetListItems.listId, params.listId), eq(assetListItems.symbol, params.symbol)))
    .returning();
  return rows[0];
}

export interface NewTransaction {
  userId: string;
  listId: string;
  symbol: string | null;
  assetType: AssetType;
  type: TransactionType;
  quantity?: number | null;
  price?: number | null;
  amount?: number | null;
  comment?: string | null;
}

export async function recordTransaction(db: Db, params: NewTransaction): Promise<void> {
  await db.insert(transactions).values({ ...params, status: 'executed' });
}

export async function listTransactions(db: Db, params: { userId: string; listId: string }): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, params.userId), eq(transactions.listId, params.listId)))
    .orderBy(desc(transactions.executedAt), desc(transactions.id));
}

export async function symbolTransactions(
  db: Db,
  params: { userId: string; symbol: string; assetType: AssetType; types: readonly TransactionType[] },
): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, params.userId),
        eq(transactions.symbol, params.symbol),
        eq(transactions.assetType, params.assetType),
        eq(transactions.status, 'executed'),
        inArray(transactions.type, [...params.types]),
      ),
    )
    .orderBy(desc(transactions.executedAt), desc(transactions.id));
}

/** The user's lists among `ids` (others' and missing ids drop out). */
export async function ownListIds(db: Db, params: { userId: string; ids: string[] }): Promise<string[]> {
  if (params.ids.length === 0) return [];
  const rows = await db
    .select({ id: assetLists.id })
    .from(assetLists)
    .where(and(eq(assetLists.userId, params.userId), inArray(assetLists.id, params.ids)));
  return rows.map((row) => row.id);
}
