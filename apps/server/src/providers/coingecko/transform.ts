/**
 * CoinGecko responses → crypto assets and quotes. Pure.
 *
 * `/coins/list` → assets: the CoinGecko id goes to `externalIds.coingecko`, the symbol is uppercased. Coins whose
 * symbol is empty or holds spaces or control characters are skipped (they cannot be typed or shown as a ticker).
 *
 * One symbol, one asset: CoinGecko lists thousands of coins that share a symbol (six 'BTC', thirty 'USDT': bridged
 * and wrapped copies, memes). Our assets are unique by symbol, so for each symbol one coin wins, by
 * {@link compareClaims}:
 * 1. the better market-cap rank, when a `/coins/markets` response is at hand (ranked coins before unranked);
 * 2. a well-known coin ({@link WELL_KNOWN_COINS}: the largest by market value, for list-only runs);
 * 3. an original over a derivative: ids and names with bridged, wrapped, pegged, Wormhole, staked, Osmosis "all…"
 *    copies lose;
 * 4. an id without CoinGecko's '-2', '-3'… suffix for a later coin of the same name;
 * 5. the shorter id, then the alphabetically first.
 * The losers are left out (their symbol is taken); the counts are reported by {@link coinListToAssets}.
 *
 * `/simple/price` and `/coins/markets` → quotes: the previous close is the price 24 hours ago (crypto trades
 * around the clock) and volume is converted from USD to coins.
 */
import type { AssetRecord, QuoteRecord } from '../types.ts';

export interface CoinListEntry {
  id: string;
  symbol: string;
  name: string;
}

export interface CoinMarket {
  id: string;
  symbol: string;
  name: string;
  current_price: number | null;
  market_cap?: number | null;
  market_cap_rank?: number | null;
  total_volume?: number | null;
  high_24h?: number | null;
  low_24h?: number | null;
  price_change_24h?: number | null;
  circulating_supply?: number | null;
  last_updated?: string | null;
}

/** `/simple/price?ids=…&vs_currencies=usd&include_24hr_vol=true&include_24hr_change=true&include_last_updated_at=true` */
export type SimplePrice = Record<
  string,
  { usd?: number; usd_24h_vol?: number; usd_24h_change?: number; last_updated_at?: number }
>;

/** The largest coins by market value (ids), which win their symbol when no market data ranks the list. */
export const WELL_KNOWN_COINS = [
  'bitcoin',
  'ethereum',
  'tether',
  'ripple',
  'binancecoin',
  'solana',
  'usd-coin',
  'dogecoin',
  'tron',
  'cardano',
  'chainlink',
  'avalanche-2',
  'stellar',
  'sui',
  'bitcoin-cash',
  'hedera-hashgraph',
  'litecoin',
  'shiba-inu',
  'polkadot',
  'monero',
  'dai',
  'uniswap',
  'pepe',
  'near',
  'aptos',
  'internet-computer',
  'ethereum-classic',
  'cosmos',
  'filecoin',
  'arbitrum',
  'official-trump',
] as const;

const DERIVATIVE = /bridged|wrapped|-peg|binance-peg|wormhole|staked|^osmosis-all|\(.*\)$/i;
const DUPLICATE_SUFFIX = /-\d+$/;
const UNUSABLE_SYMBOL = /^$|[\s\p{Cc}]/u;

export interface CoinClaim {
  coin: CoinListEntry;
  /** Market-cap rank from `/coins/markets`, when known. */
  rank?: number | null;
}

const wellKnownIndex = new Map<string, number>(WELL_KNOWN_COINS.map((id, i) => [id, i]));

/** Negative when `a` should own the symbol rather than `b` (see the module comment for the order). */
export function compareClaims(a: CoinClaim, b: CoinClaim): number {
  const rankA = a.rank ?? Number.POSITIVE_INFINITY;
  const rankB = b.rank ?? Number.POSITIVE_INFINITY;
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  const knownA = wellKnownIndex.get(a.coin.id) ?? Number.POSITIVE_INFINITY;
  const knownB = wellKnownIndex.get(b.coin.id) ?? Number.POSITIVE_INFINITY;
  if (knownA !== knownB) return knownA < knownB ? -1 : 1;
  const derivative = (c: CoinListEntry) => DERIVATIVE.test(c.id) || DERIVATIVE.test(c.name);
  if (derivative(a.coin) !== derivative(b.coin)) return derivative(a.coin) ? 1 : -1;
  const suffixed = (c: CoinListEntry) => DUPLICATE_SUFFIX.test(c.id);
  if (suffixed(a.coin) !== suffixed(b.coin)) return suffixed(a.coin) ? 1 : -1;
  if (a.coin.id.length !== b.coin.id.length) return a.coin.id.length - b.coin.id.length;
  return a.coin.id < b.coin.id ? -1 : a.coin.id > b.coin.id ? 1 : 0;
}

export function coinSymbol(symbol: string): string | null {
  const trimmed = symbol.trim();
  return UNUSABLE_SYMBOL.test(trimmed) ? null : trimmed.toUpperCase();
}

export interface CoinAssets {
  assets: AssetRecord[];
  /** Coins left out because another coin owns their symbol. */
  shadowed: number;
  /** Coins left out for an unusable symbol. */
  unusable: number;
}

/**
 * `/coins/list` → one crypto asset per symbol. `markets` (optional) ranks the claims and adds market cap; ranked
 * coins get a popularity that decreases with rank.
 */
export function coinListToAssets(list: readonly CoinListEntry[], markets: readonly CoinMarket[] = []): CoinAssets {
  const marketById = new Map(markets.map((m) => [m.id, m]));
  const winners = new Map<string, CoinClaim>();
  let shadowed = 0;
  let unusable = 0;
  for (const coin of list) {
    const symbol = coinSymbol(coin.symbol);
    if (!symbol) {
      unusable += 1;
      continue;
    }
    const claim: CoinClaim = { coin, rank: marketById.get(coin.id)?.market_cap_rank ?? null };
    const current = winners.get(symbol);
    if (current) shadowed += 1;
    if (!current || compareClaims(claim, current) < 0) winners.set(symbol, claim);
  }
  const maxRank = markets.reduce((max, m) => Math.max(max, m.market_cap_rank ?? 0), 0);
  const assets = [...winners].map(([symbol, { coin, rank }]): AssetRecord => {
    const market = marketById.get(coin.id);
    return {
      symbol,
      type: 'crypto',
      name: coin.name.trim() || symbol,
      currency: 'USD',
      externalIds: { coingecko: coin.id },
      marketCap: market?.market_cap ?? null,
      sharesOutstanding: market?.circulating_supply ? Math.round(market.circulating_supply) : null,
      ...(rank ? { popularity: maxRank - rank + 1 } : {}),
      active: true,
    };
  });
  return { assets, shadowed, unusable };
}

/** Which of our crypto symbols each CoinGecko id is (the inverse of `externalIds.coingecko`). */
export function symbolsById(assets: readonly AssetRecord[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const asset of assets) {
    const id = asset.externalIds?.coingecko;
    if (id) map.set(id, asset.symbol);
  }
  return map;
}

const prevCloseFromChange = (price: number, changePercent: number | undefined | null) =>
  changePercent === undefined || changePercent === null || changePercent <= -100
    ? null
    : price / (1 + changePercent / 100);

const coinsFromUsd = (usdVolume: number | null | undefined, price: number) =>
  usdVolume && price > 0 ? Math.round(usdVolume / price) : null;

/** `/simple/price` → quotes for the ids we know a symbol of. `now` stands in for a missing `last_updated_at`. */
export function simplePriceToQuotes(body: SimplePrice, symbols: ReadonlyMap<string, string>, now: Date): QuoteRecord[] {
  const quotes: QuoteRecord[] = [];
  for (const [id, price] of Object.entries(body)) {
    const symbol = symbols.get(id);
    const usd = price.usd;
    if (!symbol || usd === undefined || !Number.isFinite(usd)) continue;
    quotes.push({
      symbol,
      type: 'crypto',
      price: usd,
      prevClose: prevCloseFromChange(usd, price.usd_24h_change),
      volume: coinsFromUsd(price.usd_24h_vol, usd),
      quotedAt: price.last_updated_at ? new Date(price.last_updated_at * 1000) : now,
    });
  }
  return quotes;
}

/** `/coins/markets?vs_currency=usd` → quotes (symbols from `symbols` when given, else the coin's own uppercased). */
export function marketsToQuotes(
  markets: readonly CoinMarket[],
  symbols: ReadonlyMap<string, string> | null,
  now: Date,
): QuoteRecord[] {
  const quotes: QuoteRecord[] = [];
  for (const market of markets) {
    const symbol = symbols ? symbols.get(market.id) : coinSymbol(market.symbol);
    const price = market.current_price;
    if (!symbol || price === null || !Number.isFinite(price)) continue;
    quotes.push({
      symbol,
      type: 'crypto',
      price,
      prevClose:
        market.price_change_24h === null || market.price_change_24h === undefined
          ? null
          : price - market.price_change_24h,
      highPrice: market.high_24h ?? null,
      lowPrice: market.low_24h ?? null,
      volume: coinsFromUsd(market.total_volume, price),
      quotedAt: market.last_updated ? new Date(market.last_updated) : now,
    });
  }
  return quotes;
}
