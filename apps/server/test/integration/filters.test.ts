import { assets } from '@eh/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';

let server: TestServer;
let ann: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
let symbols: string[];

async function call(method: string, path: string, who?: { headers: Record<string, string> }, payload?: unknown) {
  const res = await server.api(`/api${path}`, {
    method,
    headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...who?.headers },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  return { status: res.status, json: await body(res) };
}

beforeAll(async () => {
  server = await startTestServer();
  [ann, bob] = await Promise.all([
    signedInUser(server, 'ann.filters@example.com'),
    signedInUser(server, 'bob.filters@example.com'),
  ]);
  const rows = await server.ctx.db
    .select({ symbol: assets.symbol })
    .from(assets)
    .where(and(eq(assets.type, 'stock'), eq(assets.active, true)))
    .orderBy(desc(assets.popularity))
    .limit(2);
  symbols = rows.map((row) => row.symbol);
});
afterAll(async () => server?.close());

describe('custom earnings filter', () => {
  it('answers 401 to anonymous callers on every filter call', async () => {
    expect((await call('GET', '/earnings/filters')).status).toBe(401);
    expect((await call('POST', '/earnings/filters', undefined, { symbols: [] })).status).toBe(401);
    const group = await call('GET', '/earnings/filters/symbols?filter=earningshub_custom');
    expect(group).toEqual({
      status: 401,
      json: { message: 'Please sign in to use your custom filter.', code: 'UNAUTHORIZED' },
    });
  });

  it('starts empty, saves known symbols in their stored spelling, and feeds the custom calendar group', async () => {
    expect((await call('GET', '/earnings/filters', ann)).json).toEqual({ symbols: [] });
    const saved = await call('POST', '/earnings/filters', ann, {
      symbols: [symbols[0]?.toLowerCase(), symbols[1], symbols[0]],
    });
    expect(saved).toEqual({ status: 200, json: { symbols: [symbols[0], symbols[1]] } });
    expect((await call('GET', '/earnings/filters', ann)).json).toEqual({ symbols: [symbols[0], symbols[1]] });
    for (const filter of ['earningshub_custom', 'earningshub_alerts']) {
      const group = await call('GET', `/earnings/filters/symbols?filter=${filter}`, ann);
      expect(group.json).toEqual({ filter: 'earningshub_custom', count: 2, symbols: [symbols[0], symbols[1]] });
    }
  });

  it('refuses unknown symbols naming them, and bad bodies naming the field', async () => {
    const unknown = await call('POST', '/earnings/filters', ann, { symbols: [symbols[0], 'ZZZZNOPE', 'QQQQNOPE'] });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({
      message: 'Unknown symbols: ZZZZNOPE, QQQQNOPE',
      details: { symbols: ['ZZZZNOPE', 'QQQQNOPE'] },
    });
    const bad = await call('POST', '/earnings/filters', ann, { symbols: 'AAPL' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^body\.symbols/);
    expect((await call('GET', '/earnings/filters', ann)).json.symbols).toEqual([symbols[0], symbols[1]]);
  });

  it("keeps one user's filter from another", async () => {
    expect((await call('GET', '/earnings/filters', bob)).json).toEqual({ symbols: [] });
    expect((await call('GET', '/earnings/filters/symbols?filter=earningshub_custom', bob)).json.count).toBe(0);
    await call('POST', '/earnings/filters', bob, { symbols: [symbols[1]] });
    expect((await call('GET', '/earnings/filters', ann)).json.symbols).toEqual([symbols[0], symbols[1]]);
    expect((await call('GET', '/earnings/filters', bob)).json.symbols).toEqual([symbols[1]]);
  });
});
