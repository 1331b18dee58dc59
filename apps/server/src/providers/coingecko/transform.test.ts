import { describe, expect, it } from 'vitest';
import {
  type CoinListEntry,
  type CoinMarket,
  coinListToAssets,
  coinSymbol,
  compareClaims,
  marketsToQuotes,
  simplePriceToQuotes,
  symbolsById,
} from './transform.ts';

// Shaped like /coins/list (id, symbol, name), with the kinds of collisions the real list has.
const list: CoinListEntry[] = [
  { id: 'batcat', symbol: 'btc', name: 'batcat' },
  { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' },
  { id: 'mezo-wrapped-btc', symbol: 'btc', name: 'Mezo Wrapped BTC' },
  { id: 'bridged-tether-linea', symbol: 'usdt', name: 'Bridged Tether (Linea)' },
  { id: 'tether', symbol: 'usdt', name: 'Tether' },
  { id: 'baby-pepe-5', symbol: 'bpepe', name: 'BABY PEPE' },
  { id: 'baby-pepe', symbol: 'bpepe', name: 'BABY PEPE' },
  { id: 'arcium', symbol: '', name: 'Arcium' },
  { id: '-6', symbol: '"\u3000"', name: '"\u3000"' },
  { id: 'moon-a', symbol: 'moon', name: 'Moon A' },
  { id: 'moon-b', symbol: 'moon', name: 'Moon B' },
  { id: '888coin', symbol: '發發發', name: '888Coin' },
];

const markets: CoinMarket[] = [
  {
    id: 'moon-b',
    symbol: 'moon',
    name: 'Moon B',
    current_price: 2,
    market_cap: 2_000_000,
    market_cap_rank: 2,
    total_volume: 400_000,
    high_24h: 2.2,
    low_24h: 1.9,
    price_change_24h: 0.5,
    circulating_supply: 1_000_000.4,
    last_updated: '2025-08-24T12:00:05.000Z',
  },
  { id: 'moon-a', symbol: 'moon', name: 'Moon A', current_price: 1, market_cap_rank: null },
];

describe(coinListToAssets.name, () => {
  const { assets, shadowed, unusable } = coinListToAssets(list);
  const owner = (symbol: string) => assets.find((a) => a.symbol === symbol)?.externalIds?.coingecko;

  it('gives one crypto asset per uppercased symbol with its CoinGecko id', () => {
    expect(assets.map((a) => a.symbol)).toEqual(['BTC', 'USDT', 'BPEPE', 'MOON', '發發發']);
    expect(assets.every((a) => a.type === 'crypto')).toBe(true);
    expect(assets[0]).toMatchObject({ name: 'Bitcoin', externalIds: { coingecko: 'bitcoin' } });
    expect(shadowed).toBe(5);
    expect(unusable).toBe(2);
  });

  it('prefers a well-known coin, then an original over a bridged or wrapped copy, then an id without a -N suffix', () => {
    expect(owner('BTC')).toBe('bitcoin');
    expect(owner('USDT')).toBe('tether');
    expect(owner('BPEPE')).toBe('baby-pepe');
    // Neither is known or derived: the shorter id, then the first alphabetically.
    expect(owner('MOON')).toBe('moon-a');
  });

  it('lets market-cap rank decide when market data is at hand, and takes cap and popularity from it', () => {
    const ranked = coinListToAssets(list, markets).assets.find((a) => a.symbol === 'MOON');
    expect(ranked).toMatchObject({
      externalIds: { coingecko: 'moon-b' },
      marketCap: 2_000_000,
      sharesOutstanding: 1_000_000,
      popularity: 1,
    });
  });
});

describe(compareClaims.name, () => {
  it('puts a ranked coin before an unranked one whatever its name', () => {
    const wrapped = { coin: { id: 'wrapped-x', symbol: 'x', name: 'Wrapped X' }, rank: 10 };
    const plain = { coin: { id: 'x', symbol: 'x', name: 'X' }, rank: null };
    expect(compareClaims(wrapped, plain)).toBeLessThan(0);
  });
});

describe(coinSymbol.name, () => {
  it('uppercases and refuses blanks and spaces', () => {
    expect(coinSymbol(' eth ')).toBe('ETH');
    expect(coinSymbol('')).toBeNull();
    expect(coinSymbol('a b')).toBeNull();
  });
});

describe(simplePriceToQuotes.name, () => {
  it('reads price, 24-hour change (as the previous close), volume in coins and the update time', () => {
    const symbols = symbolsById(coinListToAssets(list).assets);
    const quotes = simplePriceToQuotes(
      {
        bitcoin: { usd: 110_000, usd_24h_vol: 22_000_000_000, usd_24h_change: 10, last_updated_at: 1_756_036_800 },
        batcat: { usd: 0.01 },
        unknown: { usd: 1 },
      },
      symbols,
      new Date('2025-01-01T00:00:00Z'),
    );
    expect(quotes).toHaveLength(1);
    expect(quotes[0]).toMatchObject({ symbol: 'BTC', type: 'crypto', price: 110_000, volume: 200_000 });
    expect(quotes[0]?.prevClose).toBeCloseTo(100_000, 6);
    expect(quotes[0]?.quotedAt.toISOString()).toBe('2025-08-24T12:00:00.000Z');
  });
});

describe(marketsToQuotes.name, () => {
  it('reads price, the price 24 hours ago, the day range and volume', () => {
    const [quote] = marketsToQuotes(markets, null, new Date('2025-01-01T00:00:00Z'));
    expect(quote).toMatchObject({
      symbol: 'MOON',
      price: 2,
      prevClose: 1.5,
      highPrice: 2.2,
      lowPrice: 1.9,
      volume: 200_000,
    });
    expect(quote?.quotedAt.toISOString()).toBe('2025-08-24T12:00:05.000Z');
    // With our symbol map, only coins that own their symbol are quoted.
    expect(marketsToQuotes(markets, new Map([['moon-b', 'MOON']]), new Date())).toHaveLength(1);
  });
});
