import { alerts, assetListItems, assets, type Database, news } from '@eh/db';
import type { ContentType } from '@eh/domain';
import { and, arrayContains, arrayOverlaps, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import { popularSymbols } from '../quotes/index.ts';

const itemColumns = {
  id: news.id,
  slug: news.slug,
  title: news.title,
  summary: news.summary,
  url: news.url,
  imageUrl: news.imageUrl,
  author: news.author,
  newsType: news.newsType,
  tags: news.tags,
  symbols: news.symbols,
  publishedAt: news.publishedAt,
  source: news.source,
};

/**
 * Which names a symbol filter group covers: active stocks and OTC names worth at least a floor, or the popular set
 * (the earnings filter groups' rule), or one user's own symbols (the custom group).
 */
export type SymbolGroup = { minMarketCap: number } | 'popular' | { userId: string };

export interface ListNewsParams {
  /** News about any of these symbols (as stored: uppercase); none given (or an empty list) is no filter. */
  symbols?: readonly string[] | undefined;
  tag?: string | undefined;
  types?: readonly ContentType[] | undefined;
  group?: SymbolGroup | undefined;
  limit: number;
}

/**
 * The custom group's symbols (SPEC §3 `{product}_custom`) of each user, upper-case as news stores them: those of
 * their lists (cash left out) and those they have alerts on. Both reads walk a (user, symbol) index.
 */
function ownSymbols(db: Database, userIds: readonly string[]) {
  const upper = (column: typeof alerts.symbol | typeof assetListItems.symbol) =>
    sql<string>`upper(${column})`.as('symbol');
  return db
    .select({ userId: alerts.userId, symbol: upper(alerts.symbol) })
    .from(alerts)
    .where(inArray(alerts.userId, [...userIds]))
    .union(
      db
        .select({ userId: assetListItems.userId, symbol: upper(assetListItems.symbol) })
        .from(assetListItems)
        .where(and(inArray(assetListItems.userId, [...userIds]), ne(assetListItems.assetType, 'cash'))),
    );
}

/** The custom group's symbols of each user (what the live socket matches news against); none is an empty list. */
export async function customGroupSymbols(
  db: Database,
  params: { userIds: readonly string[] },
): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>(params.userIds.map((userId) => [userId, []]));
  if (params.userIds.length === 0) return byUser;
  for (const row of await ownSymbols(db, params.userIds)) byUser.get(row.userId)?.push(row.symbol);
  return byUser;
}

function groupSymbols(db: Database, group: SymbolGroup) {
  if (group === 'popular') return sql`array(${popularSymbols(db)})`;
  if ('userId' in group) return sql`array(select own.symbol from (${ownSymbols(db, [group.userId])}) as own)`;
  const stocks = and(inArray(assets.type, ['stock', 'otc']), eq(assets.active, true));
  return sql`array(select ${assets.symbol} from ${assets} where ${and(stocks, gte(assets.marketCap, group.minMarketCap))})`;
}

/** Newest first, without bodies. */
export async function listNews(db: Database, params: ListNewsParams) {
  return db
    .select(itemColumns)
    .from(news)
    .where(
      and(
        params.symbols?.length ? arrayOverlaps(news.symbols, [...params.symbols]) : undefined,
        params.tag ? arrayContains(news.tags, [params.tag]) : undefined,
        params.types ? inArray(news.newsType, [...params.types]) : undefined,
        params.group ? sql`${news.symbols} && ${groupSymbols(db, params.group)}` : undefined,
      ),
    )
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(params.limit);
}

export async function getNewsItem(db: Database, params: { id: number }) {
  const [row] = await db
    .select({ ...itemColumns, body: news.body })
    .from(news)
    .where(eq(news.id, params.id))
    .limit(1);
  return row;
}

/** The largest id a serial column holds: a greater one names no item (and would be an error to compare). */
const SERIAL_MAX = 2_147_483_647;

/** Whether a news item is stored (its primary key). */
export async function newsItemExists(db: Database, params: { id: number }): Promise<boolean> {
  if (!Number.isInteger(params.id) || params.id < 1 || params.id > SERIAL_MAX) return false;
  const rows = await db.select({ id: news.id }).from(news).where(eq(news.id, params.id)).limit(1);
  return rows.length > 0;
}
