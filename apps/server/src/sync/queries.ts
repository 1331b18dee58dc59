/**
 * What the live socket reads: the assets clients name, their stored quotes (the simulator's anchors and the
 * snapshot a new subscription is sent), the caller's own lists and their symbols, and the filter groups' symbols.
 * Reuses the market and lists modules' queries.
 */
import type { AssetRef } from '@eh/contracts';
import { assets, type Database } from '@eh/db';
import { MARKET_ASSET_TYPES, type MarketAssetType, SYMBOL_FILTER_MIN_MARKET_CAP } from '@eh/domain';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { itemsOf, ownListIds } from '../modules/lists/queries.ts';
import {
  type AssetRow,
  findAssets,
  popularSymbols,
  type QuoteRow,
  quotesOf,
  symbolKeys,
} from '../modules/market/queries.ts';
import type { QuoteAnchor } from './simulator.ts';

export type LiveAsset = Pick<AssetRow, 'id' | 'symbol' | 'type' | 'name'>;

/** The stored asset each typed symbol names (any spelling: BRK-B is BRK.B), keyed `type:SYMBOL` as asked. */
export async function resolveAssets(db: Database, refs: readonly AssetRef[]): Promise<Map<string, LiveAsset>> {
  const found = new Map<string, LiveAsset>();
  const asked = new Map(refs.map((ref) => [askedKey(ref), ref]));
  if (asked.size === 0) return found;
  const rows = await findAssets(db, { refs: [...asked.values()] });
  const stored = new Map(rows.map((row) => [`${row.type}:${row.symbolUpper}`, row]));
  for (const [key, ref] of asked) {
    const row = symbolKeys(ref.symbol)
      .map((symbol) => stored.get(`${ref.type}:${symbol}`))
      .find((candidate) => candidate !== undefined);
    if (row) found.set(key, { id: row.id, symbol: row.symbol, type: row.type, name: row.name });
  }
  return found;
}

export const askedKey = (ref: AssetRef) => `${ref.type}:${ref.symbol.trim().toUpperCase()}`;

/** The stored quotes of assets, by asset id. */
export async function storedQuotes(db: Database, assetIds: readonly number[]): Promise<Map<number, QuoteRow>> {
  const rows = await quotesOf(db, { assetIds });
  return new Map(rows.map((row) => [row.assetId, row]));
}

/** The simulator's anchors: the stored quote of each asset that has one. */
export async function quoteAnchors(db: Database, refs: readonly AssetRef[]): Promise<QuoteAnchor[]> {
  const resolved = await resolveAssets(db, refs);
  const byId = new Map([...resolved.values()].map((asset) => [asset.id, asset]));
  const quotes = await storedQuotes(db, [...byId.keys()]);
  const anchors: QuoteAnchor[] = [];
  for (const [id, row] of quotes) {
    const asset = byId.get(id);
    if (!asset) continue;
    anchors.push({
      symbol: asset.symbol,
      type: asset.type,
      name: asset.name,
      price: row.price,
      prevClose: row.prevClose,
      open: row.open,
      highPrice: row.highPrice,
      lowPrice: row.lowPrice,
      volume: row.volume,
      quotedAt: row.quotedAt.getTime(),
      source: row.source,
    });
  }
  return anchors;
}

/** Which of `ids` are the user's own lists. */
export function ownedLists(db: Database, userId: string, ids: readonly string[]): Promise<string[]> {
  return ownListIds(db, { userId, ids: [...ids] });
}

/** The market symbols each list holds (cash left out). */
export async function listSymbols(db: Database, listIds: readonly string[]): Promise<Map<string, AssetRef[]>> {
  const items = await itemsOf(db, { listIds: [...listIds] });
  const byList = new Map<string, AssetRef[]>(listIds.map((id) => [id, []]));
  for (const item of items) {
    if (!(MARKET_ASSET_TYPES as readonly string[]).includes(item.assetType)) continue;
    byList.get(item.listId)?.push({ type: item.assetType as MarketAssetType, symbol: item.symbol });
  }
  return byList;
}

/** The filter groups a news or file subscription may name (SPEC §3), `all` needing no symbols. */
export type SymbolGroupName = 'popular' | keyof typeof SYMBOL_FILTER_MIN_MARKET_CAP;

/** The upper-case symbols of a filter group (the news call's rule: active stocks and OTC names over a floor). */
export async function groupSymbols(db: Database, group: SymbolGroupName): Promise<Set<string>> {
  const rows =
    group === 'popular'
      ? await popularSymbols(db)
      : await db
          .select({ symbol: assets.symbol })
          .from(assets)
          .where(
            and(
              inArray(assets.type, ['stock', 'otc']),
              eq(assets.active, true),
              gte(assets.marketCap, SYMBOL_FILTER_MIN_MARKET_CAP[group]),
            ),
          );
  return new Set(rows.map((row) => row.symbol.toUpperCase()));
}
