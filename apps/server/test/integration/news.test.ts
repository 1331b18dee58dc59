import { CUSTOM_FILTER_SIGN_IN_MESSAGE } from '@eh/contracts';
import { news } from '@eh/db';
import { CUSTOM_SYMBOL_FILTER } from '@eh/domain';
import { arrayOverlaps, desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';
import { popularSymbols } from '../market-fixtures.ts';

/**
 * The news API over HTTP on the demo market: what the routes add to the service (test/service/news.test.ts holds
 * which items each query returns): the query string read (an empty symbol list is no filter), validation naming the
 * field, the sign-in the custom group asks for and a signed-in caller's group, the not-found answers.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const get = async (path: string) => {
  const res = await server.api(`/api${path}`);
  return { status: res.status, body: await body(res) };
};
const ids = (list: { news: { id: number }[] }) => list.news.map((item) => item.id);

describe('GET /pricing/news', () => {
  it('reads an empty symbol list (symbols=%20, symbols=,) as no symbol filter, never a 500', async () => {
    const all = await get('/pricing/news');
    expect(all.status).toBe(200);
    expect(all.body.news.length).toBeGreaterThan(0);
    for (const query of ['symbols=%20', 'symbols=,', 'symbols=']) {
      const { status, body: list } = await get(`/pricing/news?${query}`);
      expect([query, status]).toEqual([query, 200]);
      expect(ids(list)).toEqual(ids(all.body));
    }
  });

  it('refuses bad parameters naming the field', async () => {
    const cases: [string, string][] = [
      ['types=gossip', 'query.types'],
      ['filter=trillion', 'query.filter'],
      ['limit=0', 'query.limit'],
      ['limit=501', 'query.limit'],
      ['symbols=%24%24%24', 'query.symbols'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/pricing/news?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message.startsWith(`${field}`), res.body.message).toBe(true);
    }
  });
});

describe('the custom filter group', () => {
  it('answers 401 signed out, and a signed-in caller the news of their lists', async () => {
    const anonymous = await get(`/pricing/news?filter=${CUSTOM_SYMBOL_FILTER}`);
    expect(anonymous).toEqual({ status: 401, body: { message: CUSTOM_FILTER_SIGN_IN_MESSAGE, code: 'UNAUTHORIZED' } });
    const {
      stocks: [symbol],
    } = await popularSymbols(server.ctx.db);
    const carol = await signedInUser(server, 'carol.news@example.com');
    const created = await server.api('/api/earnings/lists', json({ name: 'Watch' }, { headers: carol.headers }));
    const { id } = (await body(created)) as { id: string };
    const added = await server.api(
      `/api/earnings/lists/${id}/items`,
      json({ symbol: symbol.toLowerCase() }, { headers: carol.headers }),
    );
    expect([created.status, added.status]).toEqual([201, 201]);
    const res = await server.api(`/api/pricing/news?filter=${CUSTOM_SYMBOL_FILTER}&limit=3`, {
      headers: carol.headers,
    });
    expect(res.status).toBe(200);
    const about = await server.ctx.db
      .select({ id: news.id })
      .from(news)
      .where(arrayOverlaps(news.symbols, [symbol]))
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(3);
    expect(about.length).toBeGreaterThan(0);
    expect(ids(await body(res))).toEqual(about.map((row) => row.id));
  });
});

describe('news by asset, by tag, and one item', () => {
  it('answers an unknown asset 404', async () => {
    expect(await get('/pricing/news/assets/NOPEZQ')).toEqual({
      status: 404,
      body: { message: "No asset with the symbol 'NOPEZQ'", code: 'NOT_FOUND' },
    });
  });

  it('refuses a tag that cannot be one', async () => {
    const bad = await get('/pricing/news/tags/Bad%20Tag');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^path\.tag: /);
  });

  it('answers an unknown item 404 and a non-number 400', async () => {
    expect(await get('/pricing/news/999999')).toEqual({
      status: 404,
      body: { message: 'No news item 999999', code: 'NOT_FOUND' },
    });
    const bad = await get('/pricing/news/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^path\.id: /);
  });
});
