import { decodeStaticAssetList, encodeStaticAssetList, type SearchAsset } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { catalogOf } from './asset-index.ts';

const ASSETS: SearchAsset[] = [
  { symbol: 'AAPL', name: 'Apple Inc.', type: 'stock', exchange: 'NASDAQ', marketCap: 3.5e12, popularity: 900 },
  { symbol: 'BTC', name: 'Bitcoin', type: 'crypto', marketCap: 1.2e12, popularity: 800 },
  { symbol: 'SPX', name: 'S&P 500', type: 'index', popularity: 0 },
  { symbol: 'SPX', name: 'Spirax Group', type: 'otc', exchange: 'OTC', marketCap: 7e9, popularity: 5 },
];

describe(catalogOf.name, () => {
  it('finds an asset by symbol, the best-ranked one when several types share it', () => {
    const catalog = catalogOf(decodeStaticAssetList(encodeStaticAssetList(ASSETS, 'v1')));
    expect(catalog.bySymbol.get('AAPL')?.name).toBe('Apple Inc.');
    expect(catalog.bySymbol.get('SPX')?.type).toBe('otc');
    expect(catalog.index.size).toBe(4);
  });
});
