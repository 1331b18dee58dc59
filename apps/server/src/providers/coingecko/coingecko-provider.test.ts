import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { QuoteRecord } from '../types.ts';
import { coinGeckoAccess } from './coingecko-api.ts';
import { createCoinGeckoProvider } from './coingecko-provider.ts';

describe(createCoinGeckoProvider.name, () => {
  it('quotes requested symbols from recorded /simple/price bodies, on the coin that owns the symbol', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eh-coingecko-'));
    await writeFile(
      join(dir, 'coins_list.json'),
      JSON.stringify([
        { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' },
        { id: 'batcat', symbol: 'btc', name: 'batcat' },
        { id: 'ethereum', symbol: 'eth', name: 'Ethereum' },
      ]),
    );
    await writeFile(
      join(dir, 'simple_price.json'),
      JSON.stringify({
        bitcoin: { usd: 100, usd_24h_change: 0, last_updated_at: 1_700_000_000 },
        batcat: { usd: 0.01 },
        ethereum: { usd: 10 },
      }),
    );
    const now = new Date('2025-01-01T00:00:00Z');
    const provider = createCoinGeckoProvider({ config: loadConfig({}), fromFile: dir, now });
    const quotes: QuoteRecord[] = [];
    for await (const batch of provider.fetch('quotes', { assets: [{ symbol: 'BTC', type: 'crypto' }] })) {
      quotes.push(...batch);
    }
    expect(quotes).toEqual([
      {
        symbol: 'BTC',
        type: 'crypto',
        price: 100,
        prevClose: 100,
        volume: null,
        quotedAt: new Date(1_700_000_000_000),
      },
    ]);
    expect(() => provider.fetch('earnings', {})).toThrow('coingecko does not serve earnings');
  });
});

describe(coinGeckoAccess.name, () => {
  it('sends a demo key to the public API and a pro key to the pro API', () => {
    expect(coinGeckoAccess(loadConfig({}))).toEqual({ baseUrl: 'https://api.coingecko.com/api/v3', headers: {} });
    expect(coinGeckoAccess(loadConfig({ COINGECKO_API_KEY: 'k' })).headers).toEqual({ 'x-cg-demo-api-key': 'k' });
    expect(coinGeckoAccess(loadConfig({ COINGECKO_API_KEY: 'k', COINGECKO_API_PLAN: 'pro' }))).toEqual({
      baseUrl: 'https://pro-api.coingecko.com/api/v3',
      headers: { 'x-cg-pro-api-key': 'k' },
    });
  });
});
