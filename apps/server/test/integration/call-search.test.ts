/**
 * Search inside calls over HTTP: what the routes add to the service (test/service/call-search.test.ts holds the
 * search itself): the query validated into a 400 that names the problem, never a 500, the cursor of another
 * search refused, an unknown source refused by name, the saved searches behind a session and the paid plan, a list
 * filter behind a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';

let server: TestServer;
let member: Awaited<ReturnType<typeof signedInUser>>;

async function call(method: string, path: string, who?: { headers: Record<string, string> }, json?: unknown) {
  const res = await server.api(`/api${path}`, {
    method,
    headers: { ...who?.headers, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, json: await body(res) };
}
const search = (q: string, extra = '') => call('GET', `/pricing/transcripts/search?q=${encodeURIComponent(q)}${extra}`);

beforeAll(async () => {
  server = await startTestServer();
  member = await signedInUser(server, 'member.callsearch@example.com');
  await call('GET', '/core/users/me', member);
});
afterAll(async () => server?.close());

describe('searching inside calls', () => {
  it('finds the demo market’s calls, grouped per call with snippets', async () => {
    const { status, json } = await search('guidance');
    expect(status).toBe(200);
    expect(json.query).toBe('guidance');
    expect(json.calls.length).toBeGreaterThan(0);
    expect(json.calls[0].snippets[0].parts.some((part: { hit: boolean }) => part.hit)).toBe(true);
  });

  it.each([
    ['an unclosed quote', '"guidance cut', 'q: a quote is not closed: every "phrase" needs its closing quote'],
    ['a lone minus', '-', 'q: a "-" must come right before the word or "phrase" it excludes'],
    ['10 KB', 'x'.repeat(10 * 1024), 'query.q: must be at most 200 characters'],
    ['a NUL', 'a\u0000b', 'query.q: must not contain the NUL character (\\u0000)'],
    ['500 ORs', Array.from({ length: 500 }, (_, i) => `w${i}`).join(' OR '), 'query.q: must be at most 200 characters'],
    [
      '8 ORs',
      Array.from({ length: 8 }, (_, i) => `w${i}`).join(' OR '),
      'q: an OR group may have at most 6 alternatives',
    ],
  ])('answers %s with a 400 naming the problem', async (_label, q, message) => {
    const { status, json } = await search(q);
    expect(status).toBe(400);
    expect(json.message).toBe(message);
  });

  it('answers regex and SQL metacharacters as words, and only stop words with nothing', async () => {
    expect((await search("'); drop table files; -- .*+?^$")).status).toBe(200);
    expect(await search('the of and')).toEqual({
      status: 200,
      json: { query: null, total: 0, calls: [], nextCursor: null },
    });
  });

  it('refuses the cursor of another search', async () => {
    const first = await search('guidance', '&sort=date');
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const other = await search('demand', `&sort=date&cursor=${first.json.nextCursor}`);
    expect(other).toEqual({
      status: 400,
      json: expect.objectContaining({
        message: 'cursor: belongs to another search (its query, filters or sort differ)',
      }),
    });
  });

  it('looks in the demo market’s AI summaries, news and filings when asked, each hit saying its source', async () => {
    for (const source of ['summary', 'news', 'filing'] as const) {
      const { status, json } = await search('revenue OR quarterly', `&sources=${source}`);
      expect(status).toBe(200);
      expect(json.total).toBeGreaterThan(0);
      expect(new Set(json.calls.map((hit: { source: string }) => hit.source))).toEqual(new Set([source]));
    }
  });

  it('answers an unknown source with a 400 naming the field', async () => {
    const { status, json } = await search('guidance', '&sources=transcript,tweets');
    expect(status).toBe(400);
    expect(json.message).toBe('query.sources.1: must each be one of transcript, summary, news, filing');
  });

  it('needs a session for a list filter', async () => {
    const { status } = await search('guidance', '&listId=00000000-0000-4000-8000-000000000000');
    expect(status).toBe(401);
  });
});

describe('saved searches', () => {
  it('answer 401 without a session', async () => {
    expect((await call('GET', '/core/users/me/call-searches')).status).toBe(401);
    expect((await call('POST', '/core/users/me/call-searches', undefined, { query: 'tariffs' })).status).toBe(401);
  });

  it('are a paid feature: a free member is told so', async () => {
    const { status, json } = await call('POST', '/core/users/me/call-searches', member, { query: 'tariffs' });
    expect(status).toBe(403);
    expect(json.details).toEqual({ feature: 'keywordAlerts' });
    expect(await call('GET', '/core/users/me/call-searches', member)).toEqual({ status: 200, json: { searches: [] } });
  });
});
