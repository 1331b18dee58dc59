import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createCoinGeckoProvider } from '../../src/providers/coingecko/coingecko-provider.ts';
import { type CoinListEntry, coinListToAssets } from '../../src/providers/coingecko/transform.ts';
import type { AssetRecord } from '../../src/providers/types.ts';

// Real recorded data (../shared/fixtures/real): tests only, never product code.
const REAL = resolve(import.meta.dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'real');
const DIR = resolve(REAL, 'coingecko');
const list = JSON.parse(readFileSync(resolve(DIR, 'coins_list.json'), 'utf8')) as CoinListEntry[];

describe('CoinGecko /coins/list', () => {
  const { assets, shadowed, unusable } = coinListToAssets(list);
  const owner = new Map(assets.map((a) => [a.symbol, a.externalIds?.coingecko]));

  it('has 18,289 coins under 13,819 distinct symbols', () => {
    expect(list).toHaveLength(18_289);
    expect(new Set(list.map((c) => c.symbol.trim().toLowerCase())).size).toBe(13_819);
  });

  it('gives one asset per usable symbol, every coin accounted for', () => {
    expect(assets).toHaveLength(13_784);
    expect(unusable).toBe(38);
    expect(assets.length + shadowed + unusable).toBe(list.length);
    expect(new Set(assets.map((a) => a.symbol)).size).toBe(assets.length);
    expect(assets.every((a) => a.symbol === a.symbol.toUpperCase() && a.type === 'crypto')).toBe(true);
  });

  it('gives the majors their own symbol over the bridged copies and namesakes', () => {
    expect(
      Object.fromEntries(
        ['BTC', 'ETH', 'USDT', 'SOL', 'XRP', 'DOGE', 'BNB', 'USDC', 'TRUMP'].map((s) => [s, owner.get(s)]),
      ),
    ).toEqual({
      BTC: 'bitcoin',
      ETH: 'ethereum',
      USDT: 'tether',
      SOL: 'solana',
      XRP: 'ripple',
      DOGE: 'dogecoin',
      BNB: 'binancecoin',
      USDC: 'usd-coin',
      TRUMP: 'official-trump',
    });
    // Six coins say 'btc'; 'pepe' is CoinGecko's id of the original among many PEPEs.
    expect(list.filter((c) => c.symbol === 'btc')).toHaveLength(6);
    expect(owner.get('PEPE')).toBe('pepe');
  });
});

describe('CoinGecko provider from the recorded folder', () => {
  it('serves the list as assets (no market data recorded: no market caps)', async () => {
    const provider = createCoinGeckoProvider({ config: loadConfig({}), fromFile: DIR });
    expect(provider.datasets).toEqual(['assets', 'quotes']);
    expect(provider.canHandle({ symbol: 'BTC', type: 'crypto' })).toBe(true);
    expect(provider.canHandle({ symbol: 'AAPL', type: 'stock' })).toBe(false);
    const assets: AssetRecord[] = [];
    for await (const batch of provider.fetch('assets', {})) assets.push(...batch);
    expect(assets).toHaveLength(13_784);
    expect(assets.find((a) => a.symbol === 'ETH')).toMatchObject({ name: 'Ethereum', marketCap: null });
    const quotes = [];
    for await (const batch of provider.fetch('quotes', { assets: [{ symbol: 'BTC', type: 'crypto' }] }))
      quotes.push(...batch);
    expect(quotes).toEqual([]);
  });
});
