import { type Database, transactions, users } from '@eh/db';
import type { MarketAssetType } from '@eh/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

export interface AssetTransactionsParams {
  assetType: MarketAssetType;
  symbol: string;
  types: readonly ('comment' | 'buy' | 'sell' | 'add')[];
  limit: number;
}

/** Executed transactions of the given types on an asset, newest first, with the author's public profile. */
export async function assetTransactions(db: Database, params: AssetTransactionsParams) {
  return db
    .select({
      id: transactions.id,
      type: transactions.type,
      quantity: transactions.quantity,
      price: transactions.price,
      amount: transactions.amount,
      comment: transactions.comment,
      executedAt: transactions.executedAt,
      userId: users.id,
      userName: users.name,
      userAvatarUrl: users.avatarUrl,
    })
    .from(transactions)
    .leftJoin(users, sql`${users.id}::text = ${transactions.userId}`)
    .where(
      and(
        eq(transactions.assetType, params.assetType),
        eq(transactions.symbol, params.symbol),
        eq(transactions.status, 'executed'),
        inArray(transactions.type, [...params.types]),
      ),
    )
    .orderBy(desc(transactions.executedAt), desc(transactions.id))
    .limit(params.limit);
}
