import { assets, type Database, indexConstituents, indexRebalances, marketIndexes } from '@eh/db';
import { asc, desc, eq, sql } from 'drizzle-orm';

export async function findMarketIndex(db: Database, params: { id: string }) {
  const [row] = await db
    .select({
      id: marketIndexes.id,
      name: marketIndexes.name,
      description: marketIndexes.description,
      ranking: marketIndexes.ranking,
      updatedAt: marketIndexes.updatedAt,
    })
    .from(marketIndexes)
    .where(sql`lower(${marketIndexes.id}) = lower(${params.id})`)
    .limit(1);
  return row;
}

export async function constituentsOf(db: Database, params: { indexId: string }) {
  return db
    .select({
      rank: indexConstituents.rank,
      symbol: assets.symbol,
      name: assets.name,
      type: assets.type,
      sector: assets.sector,
      marketCap: assets.marketCap,
      score: indexConstituents.score,
      weight: indexConstituents.weight,
      addedDate: indexConstituents.addedDate,
    })
    .from(indexConstituents)
    .innerJoin(assets, eq(assets.id, indexConstituents.assetId))
    .where(eq(indexConstituents.indexId, params.indexId))
    .orderBy(asc(indexConstituents.rank));
}

export async function rebalancesOf(db: Database, params: { indexId: string; limit: number }) {
  return db
    .select({ date: indexRebalances.date, added: indexRebalances.added, removed: indexRebalances.removed })
    .from(indexRebalances)
    .where(eq(indexRebalances.indexId, params.indexId))
    .orderBy(desc(indexRebalances.date))
    .limit(params.limit);
}
