import { StaticAssetList } from '@eh/contracts';
import { buildSearchIndex, decodeStaticAssetList, searchAssets } from '@eh/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.ts';

/**
 * Symbol search as the product runs it: the web client (and My Stocks' holding lookup) searches the static asset
 * list the server serves, so these searches run over that list as fetched from a server seeded with the demo market.
 */

let server: TestServer;
let search: (query: string) => string[];

beforeAll(async () => {
  server = await startTestServer();
  const res = await server.api('/api/static/assets.json');
  expect(res.status).toBe(200);
  const index = buildSearchIndex(decodeStaticAssetList(StaticAssetList.parse(await res.json())));
  search = (query) => searchAssets(index, query).map((asset) => asset.symbol);
});
afterAll(async () => server?.close());

describe('search over GET /api/static/assets.json', () => {
  it('forgives one typo in a symbol or a company name', () => {
    expect(search('nvdia')[0]).toBe('NVDA');
    expect(search('mircosoft')[0]).toBe('MSFT');
    expect(search('berkshre')[0]).toBe('BRK.B');
    expect(search('aple')).toContain('AAPL');
    expect(search('msfy')[0]).toBe('MSFT');
  });

  it('keeps exact and prefix matches first and finds nothing two edits away', () => {
    expect(search('nvda')[0]).toBe('NVDA');
    expect(search('micro')[0]).toBe('MSFT');
    expect(search('mcirosfot')).toEqual([]);
  });
});
