import { describe, expect, it } from 'vitest';
import type { SearchAsset } from './search.ts';
import { decodeStaticAssetList, encodeStaticAssetList } from './static-asset-list.ts';

const ASSETS: SearchAsset[] = [
  { symbol: 'AAPL', name: 'Apple Inc.', type: 'stock', exchange: 'NASDAQ', marketCap: 3.5e12, popularity: 900 },
  {
    symbol: 'MSFT',
    name: 'Microsoft Corporation',
    type: 'stock',
    exchange: 'NASDAQ',
    marketCap: 3.1e12,
    popularity: 850,
  },
  { symbol: 'BTC', name: 'Bitcoin', type: 'crypto', marketCap: 1.2e12, popularity: 800 },
  { symbol: 'SPX', name: 'S&P 500', type: 'index', popularity: 0 },
];

describe(encodeStaticAssetList.name, () => {
  it('writes each exchange once and refers to it by position', () => {
    const list = encodeStaticAssetList(ASSETS, 'v1');
    expect(list.exchanges).toEqual(['NASDAQ']);
    expect(list.exchange).toEqual([0, 0, -1, -1]);
    expect(list.marketCapM).toEqual([3_500_000, 3_100_000, 1_200_000, 0]);
  });
});

describe(decodeStaticAssetList.name, () => {
  it('reads back the assets encoded, in order, with no market cap where it was unknown', () => {
    expect(decodeStaticAssetList(encodeStaticAssetList(ASSETS, 'v1'))).toEqual(ASSETS);
  });

  it('skips an entry whose type index is out of range instead of inventing one', () => {
    const list = encodeStaticAssetList(ASSETS, 'v1');
    list.type[1] = 99;
    expect(decodeStaticAssetList(list).map((asset) => asset.symbol)).toEqual(['AAPL', 'BTC', 'SPX']);
  });
});
