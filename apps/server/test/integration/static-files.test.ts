import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { StaticAssetList } from '@eh/contracts';
import { assets } from '@eh/db';
import { buildSearchIndex, decodeStaticAssetList, type MarketAssetType, searchAssets, seededRandom } from '@eh/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATIC_CACHE_CONTROL, VERSION_CHECK_MS } from '../../src/modules/quotes/static-files.ts';
import { startTestServer, type TestServer } from '../harness.ts';
import { clearMarketData } from '../market-fixtures.ts';
import { type RawResponse, rawGet as rawGetUrl } from '../raw-http.ts';

/**
 * The static asset lists the web client searches: compact, cacheable (ETag, 304), compressed, rebuilt when the
 * assets change, and small enough for a phone at the demo universe's size and at 10,000 assets.
 */

let server: TestServer;

/** node:http, not fetch: fetch would ask for and undo the compression this test looks at. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawGetUrl(`${server.url}${path}`, headers);
}

function decode(res: RawResponse) {
  const encoding = res.headers['content-encoding'];
  const raw =
    encoding === 'br' ? brotliDecompressSync(res.bytes) : encoding === 'gzip' ? gunzipSync(res.bytes) : res.bytes;
  return StaticAssetList.parse(JSON.parse(raw.toString('utf8')));
}

const WORDS = [
  'American',
  'Global',
  'United',
  'First',
  'National',
  'Pacific',
  'Atlantic',
  'General',
  'Advanced',
  'Digital',
  'Energy',
  'Health',
  'Capital',
  'Financial',
  'Bio',
  'Pharma',
  'Systems',
  'Networks',
  'Solar',
  'Semiconductor',
  'Therapeutics',
  'Realty',
  'Industries',
  'Motors',
  'Foods',
  'Brands',
  'Resources',
  'Mining',
  'Software',
  'Media',
  'Communications',
  'Airlines',
  'Insurance',
  'Bancorp',
  'Logistics',
  'Materials',
  'Robotics',
  'Devices',
  'Labs',
  'Partners',
  'Trust',
  'Acquisition',
  'Royalty',
  'Water',
  'Gold',
  'Silver',
  'Oil',
  'Gas',
  'Retail',
  'Hotels',
];
const SUFFIXES = ['Inc.', 'Corp.', 'Holdings, Inc.', 'Ltd.', 'Group', 'Co.', 'plc', 'N.V.', 'Technologies Inc.', 'LP'];
const EXCHANGES: Record<MarketAssetType, (string | null)[]> = {
  stock: ['NASDAQ', 'NYSE', 'NYSE American', 'NYSE Arca', 'Cboe BZX'],
  otc: ['OTC'],
  crypto: [null],
  index: [null],
};

/** A plausible universe: unique tickers of 1–5 letters (some share classes), names from company words. */
function universe(counts: Partial<Record<MarketAssetType, number>>, seed: number, taken = new Set<string>()) {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const rows: {
    symbol: string;
    name: string;
    type: MarketAssetType;
    exchange: string | null;
    marketCap: number | null;
    popularity: number;
  }[] = [];
  for (const [type, count] of Object.entries(counts) as [MarketAssetType, number][]) {
    while (rows.filter((row) => row.type === type).length < count) {
      const length = 1 + Math.floor(random() * (type === 'otc' ? 5 : 4));
      let symbol = Array.from({ length }, () => String.fromCharCode(65 + Math.floor(random() * 26))).join('');
      if (type === 'index') symbol = `^${symbol}`;
      if (type === 'stock' && random() < 0.03) symbol += pick(['.A', '.B']);
      if (taken.has(`${type}:${symbol}`)) continue;
      taken.add(`${type}:${symbol}`);
      const words = 1 + Math.floor(random() * 3);
      rows.push({
        symbol,
        name: `${Array.from({ length: words }, () => pick(WORDS)).join(' ')} ${pick(SUFFIXES)}`,
        type,
        exchange: pick(EXCHANGES[type]),
        marketCap: random() < 0.9 ? Math.round(10 ** (6 + random() * 6.5)) : null,
        popularity: Math.floor(random() ** 3 * 10_000),
      });
    }
  }
  return { rows, taken };
}

async function insertAll(rows: ReturnType<typeof universe>['rows']) {
  // One statement: the rows travel as one JSON parameter.
  await server.ctx.db.execute(sql`
    insert into assets (symbol, symbol_upper, name, type, exchange, market_cap, popularity, source)
    select symbol, upper(symbol), name, type, exchange, market_cap, popularity, 'test'
    from jsonb_to_recordset(${JSON.stringify(rows.map((row) => ({ ...row, market_cap: row.marketCap })))}::jsonb)
      as t(symbol text, name text, type text, exchange text, market_cap float8, popularity int)`);
}

interface Sizes {
  count: number;
  identity: number;
  gzip: number;
  br: number;
}
async function measure(path: string): Promise<Sizes> {
  const identity = await rawGet(path);
  const gzip = await rawGet(path, { 'accept-encoding': 'gzip' });
  const br = await rawGet(path, { 'accept-encoding': 'br' });
  return {
    count: decode(identity).count,
    identity: identity.bytes.length,
    gzip: gzip.bytes.length,
    br: br.bytes.length,
  };
}
const sameAsset = (row: { type: MarketAssetType; symbol: string } | undefined) =>
  and(eq(assets.type, row?.type ?? 'stock'), eq(assets.symbol, row?.symbol ?? ''));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let demo: ReturnType<typeof universe>;

beforeAll(async () => {
  server = await startTestServer();
  await clearMarketData(server.ctx.db);
  // The demo universe's shape: 500+ stocks, 50+ crypto, 50+ OTC names, the major indexes.
  demo = universe({ stock: 560, crypto: 60, otc: 60, index: 12 }, 7);
  await insertAll(demo.rows);
});
afterAll(async () => server?.close());

describe('GET /api/static/assets.json and /api/static/indexes.json', () => {
  it('holds every active stock, OTC name and crypto asset, columnar, decoding back to the assets', async () => {
    await server.ctx.db.update(assets).set({ active: false }).where(sameAsset(demo.rows[0]));
    await sleep(VERSION_CHECK_MS + 100);
    const res = await rawGet('/api/static/assets.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const list = decode(res);
    const active = demo.rows.filter((row, i) => i > 0 && row.type !== 'index');
    expect(list.count).toBe(active.length);
    const decoded = decodeStaticAssetList(list);
    const expected = active
      .map((row) => ({
        symbol: row.symbol,
        name: row.name,
        type: row.type,
        ...(row.exchange ? { exchange: row.exchange } : {}),
        ...(row.marketCap !== null && Math.round(row.marketCap / 1e6) > 0
          ? { marketCap: Math.round(row.marketCap / 1e6) * 1e6 }
          : {}),
        popularity: row.popularity,
      }))
      .sort((a, b) => a.symbol.localeCompare(b.symbol) || a.type.localeCompare(b.type));
    expect([...decoded].sort((a, b) => a.symbol.localeCompare(b.symbol) || a.type.localeCompare(b.type))).toEqual(
      expected,
    );
    // No key repeats per asset: the body is one object of columns.
    expect(Object.keys(JSON.parse(res.bytes.toString()))).toHaveLength(10);
    // The web client's search runs over it as is.
    const top = [...active].sort((a, b) => b.popularity - a.popularity)[0];
    const found = searchAssets(buildSearchIndex(decoded), top?.symbol ?? '');
    expect(found[0]?.symbol).toBe(top?.symbol);
  });

  it('lists the indexes in the same shape', async () => {
    const list = decode(await rawGet('/api/static/indexes.json'));
    expect(list.count).toBe(12);
    expect(decodeStaticAssetList(list).every((asset) => asset.type === 'index' && asset.symbol.startsWith('^'))).toBe(
      true,
    );
  });

  it('is cacheable: ETag, Cache-Control, Vary, and 304 on If-None-Match', async () => {
    const first = await rawGet('/api/static/assets.json', { 'accept-encoding': 'gzip' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe(STATIC_CACHE_CONTROL);
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const again = await rawGet('/api/static/assets.json', { 'if-none-match': ifNoneMatch });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const stale = await rawGet('/api/static/assets.json', { 'if-none-match': 'W/"stale"' });
    expect(stale.status).toBe(200);
    const indexes = await rawGet('/api/static/indexes.json', { 'if-none-match': etag });
    expect(indexes.status).toBe(200);
  });

  it('sends brotli or gzip as accepted, the same list in each', async () => {
    const br = await rawGet('/api/static/assets.json', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await rawGet('/api/static/assets.json', { 'accept-encoding': 'gzip;q=1, br;q=0' });
    const plain = await rawGet('/api/static/assets.json', { 'accept-encoding': 'identity' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decode(br)).toEqual(decode(plain));
    expect(decode(gzip)).toEqual(decode(plain));
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('is rebuilt when ingestion changes the assets, with a new ETag', async () => {
    const before = await rawGet('/api/static/assets.json');
    await server.ctx.db
      .update(assets)
      .set({ name: 'Renamed Holdings Inc.', updatedAt: sql`now()` })
      .where(sameAsset(demo.rows[1]));
    await sleep(VERSION_CHECK_MS + 100);
    const after = await rawGet('/api/static/assets.json');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(decode(after).name).toContain('Renamed Holdings Inc.');
    const revalidated = await rawGet('/api/static/assets.json', { 'if-none-match': before.headers.etag as string });
    expect(revalidated.status).toBe(200);
  });

  it('stays small enough for a phone: the demo universe and 10,000 assets', async () => {
    const demoSizes = await measure('/api/static/assets.json');
    const indexSizes = await measure('/api/static/indexes.json');
    await insertAll(universe({ stock: 6_500, otc: 2_700, crypto: 240 }, 11, demo.taken).rows);
    await sleep(VERSION_CHECK_MS + 100);
    const large = await measure('/api/static/assets.json');
    console.info('static asset list sizes (bytes)', { demo: demoSizes, indexes: indexSizes, large });
    expect(large.count).toBeGreaterThanOrEqual(10_000);
    expect(demoSizes.br).toBeLessThan(15_000);
    expect(large.br).toBeLessThan(200_000);
    expect(large.gzip).toBeLessThan(250_000);
    // Compact: well under the size of the same assets as an array of objects.
    const objects = Buffer.byteLength(
      JSON.stringify(decodeStaticAssetList(decode(await rawGet('/api/static/assets.json')))),
    );
    expect(large.identity).toBeLessThan(objects * 0.7);
  });
});
