import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.ts';
import { type RawResponse, rawGet as rawGetUrl } from '../raw-http.ts';

/** API answers go compressed to clients that accept it, byte for byte the same JSON once decoded. */

let server: TestServer;

/** node:http, not fetch: fetch would ask for and undo the compression this test looks at. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawGetUrl(`${server.url}${path}`, headers);
}

const BARS = '/api/pricing/assets/AAPL/summaries?type=stock';

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('API compression', () => {
  it('sends a large answer brotli-compressed when the client accepts it, the same JSON once decoded', async () => {
    const plain = await rawGet(BARS);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await rawGet(BARS, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(
      JSON.parse(plain.bytes.toString('utf8')),
    );
  });

  it('falls back to gzip for clients without brotli', async () => {
    const gz = await rawGet(BARS, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.bytes).toString('utf8')).bars.length).toBeGreaterThan(500);
  });

  it('leaves small answers as they are', async () => {
    const small = await rawGet('/api/pricing/stocks/market/status', { 'accept-encoding': 'br' });
    expect(small.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('does not compress twice what already carries an encoding (the static asset list)', async () => {
    const list = await rawGet('/api/static/assets.json', { 'accept-encoding': 'br' });
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(list.bytes).toString('utf8')).count).toBeGreaterThan(500);
  });

  it('answers a malformed request with its JSON error, compressed or not', async () => {
    const bad = await rawGet('/api/pricing/assets/AAPL/summaries?type=nonsense', { 'accept-encoding': 'br' });
    expect(bad.status).toBe(400);
    const body = bad.headers['content-encoding'] === 'br' ? brotliDecompressSync(bad.bytes) : bad.bytes;
    expect(JSON.parse(body.toString('utf8')).message).toMatch(/type/);
  });
});
