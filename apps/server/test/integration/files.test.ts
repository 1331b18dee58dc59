import { files } from '@eh/db';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { setPlan } from './earnings-seed.ts';

/**
 * The files, ratings, guidance and stats calls over HTTP on the demo market: what the routes add to the services
 * (test/service/files.test.ts holds what each plan sees of files, filings, ratings, guidance and the figures): a
 * caller's token read, the not-found answers, validation naming the field, never a 500 on malformed input, the
 * OpenAPI document.
 */

let server: TestServer;
let plus: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  server = await startTestServer();
  plus = await signedInUser(server, 'plus-files@example.com');
  await server.api('/api/core/users/me', { headers: plus.headers });
  await setPlan(server.ctx, plus.sub, 'earningshub_plus');
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await server.api(path, { headers });
  return { status: res.status, json: await body(res) };
};

describe('files', () => {
  it("reads a caller's token: a plus caller gets a transcript's sections, a visitor its metadata and the lock", async () => {
    const [transcript] = await server.ctx.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.type, 'transcript'), isNotNull(files.content)))
      .orderBy(desc(files.date), asc(files.id))
      .limit(1);
    if (!transcript) throw new Error('the demo market has no transcript');
    const visitor = await get(`/api/pricing/files/${transcript.id}/file`);
    expect(visitor).toMatchObject({
      status: 200,
      json: { id: transcript.id, hasContent: true, content: null, gated: { feature: 'transcript' } },
    });
    const paid = await get(`/api/pricing/files/${transcript.id}/file`, plus.headers);
    expect(paid).toMatchObject({ status: 200, json: { id: transcript.id, gated: null } });
    expect(paid.json.content.sections.length).toBeGreaterThan(0);
  });

  it.each([
    '/api/pricing/files/nope-file',
    '/api/pricing/files/nope-file/file',
    '/api/pricing/files/nope-file/analysis',
    '/api/ai/analyzers/files/nope-file',
  ])('%s answers 404', async (path) => {
    expect(await get(path)).toEqual({ status: 404, json: { message: 'Unknown file: nope-file', code: 'NOT_FOUND' } });
  });

  it('rejects a file id that cannot be one', async () => {
    const { status, json } = await get(`/api/pricing/files/${'x'.repeat(200)}`);
    expect(status).toBe(400);
    expect(json.message).toMatch(/^path\.id/);
  });
});

describe('validation and not found', () => {
  it.each([
    ['/api/pricing/files/filter/trending', 400, 'path.filter'],
    ['/api/pricing/files/filter/latest?limit=0', 400, 'query.limit'],
    ['/api/pricing/files/filter/latest?limit=9999', 400, 'query.limit'],
    ['/api/pricing/files/analysis/latest', 400, 'query.symbols'],
    ['/api/pricing/files/analysis/latest?symbols=', 400, 'query.symbols'],
    [
      `/api/pricing/files/analysis/latest?symbols=${Array.from({ length: 51 }, (_, i) => `S${i}`).join(',')}`,
      400,
      'query.symbols',
    ],
    ['/api/pricing/assets/NOPEZ/files', 404, 'Unknown symbol: NOPEZ'],
    ['/api/pricing/assets/ZQFL/files?types=sec_99x', 400, 'query.types'],
    ['/api/pricing/assets/ZQFL/files?limit=501', 400, 'query.limit'],
    ['/api/pricing/files/contents/ZQFL/2090/Q7', 400, 'path.period'],
    ['/api/pricing/files/contents/ZQFL/year/Q1', 400, 'path.periodYear'],
    ['/api/pricing/files/contents/NOPEZ/2090/Q1', 404, 'Unknown symbol: NOPEZ'],
    ['/api/pricing/assets/ZQFL/ratings?latest=maybe', 400, 'query.latest'],
    ['/api/pricing/assets/ZQFL/ratings?start=2090-13-01', 400, 'query.start'],
    ['/api/pricing/assets/NOPEZ/ratings', 404, 'Unknown symbol: NOPEZ'],
    ['/api/pricing/assets/ZQFL/guidance?start=2090-05-01&end=2090-01-01', 400, 'query.end'],
    ['/api/pricing/assets/ZQFL/guidance?period=Q2', 400, 'query.periodYear: is required with period'],
    ['/api/pricing/assets/ZQFL/guidance?periodYear=2090&start=2090-01-01', 400, 'query.periodYear: cannot be combined'],
    ['/api/pricing/assets/ZQFL/guidance?periodYear=2090&period=H1', 400, 'query.period'],
    ['/api/pricing/stats?type=beta', 400, 'query.type'],
    ['/api/pricing/stats?target=top100', 400, 'query.target'],
    ['/api/pricing/stats?date=2091-02-30', 400, 'query.date'],
  ])('%s answers %i naming what is wrong', async (path, status, message) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.json.code).toBe(status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR');
    expect(res.json.message.startsWith(message), res.json.message).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents the events and files calls', async () => {
    const doc = (await get('/api/docs/json')).json;
    for (const path of [
      '/api/events',
      '/api/events/{id}',
      '/api/events/symbols/{symbol}',
      '/api/events/youtube-stream',
      '/api/ai/analyzers/files/{id}',
      '/api/pricing/files/{id}/analysis',
      '/api/pricing/files/{id}',
      '/api/pricing/files/{id}/file',
      '/api/pricing/files/filter/{filter}',
      '/api/pricing/files/analysis/latest',
      '/api/pricing/assets/{symbol}/files',
      '/api/pricing/files/contents/{symbol}/{periodYear}/{period}',
      '/api/pricing/assets/{symbol}/ratings',
      '/api/pricing/assets/{symbol}/guidance',
      '/api/pricing/stats',
    ])
      expect(doc.paths[path]?.get, path).toBeDefined();
  });
});

describe('malformed input', () => {
  const odd = ['', '%E2%82%AC', 'x'.repeat(600), '-1', '1e309', 'null', '[]', '%00', '2090-01-01T00:00:00Z'];
  const templates = [
    '/api/pricing/assets/earnings/calendar?start=@&end=@',
    '/api/pricing/assets/earnings/calendar/daily?start=@',
    '/api/pricing/assets/@/earnings?periodYear=@&period=@',
    '/api/pricing/assets/earnings/top-market?limit=@',
    '/api/earnings/filters/symbols?filter=@',
    '/api/events?start=@&type=@&status=@&limit=@&order=@',
    '/api/events/@',
    '/api/events/symbols/@?limit=@',
    '/api/ai/analyzers/files/@',
    '/api/pricing/files/@/analysis',
    '/api/pricing/files/@/file',
    '/api/pricing/files/filter/@?limit=@',
    '/api/pricing/files/analysis/latest?symbols=@',
    '/api/pricing/assets/@/files?types=@&externalFileId=@&limit=@',
    '/api/pricing/files/contents/@/@/@',
    '/api/pricing/assets/@/ratings?latest=@&start=@&limit=@',
    '/api/pricing/assets/@/guidance?start=@&periodYear=@&period=@',
    '/api/pricing/stats?date=@&target=@&type=@',
  ];

  it('never answers 500, and every failure has the error shape', async () => {
    for (const template of templates) {
      for (const value of odd) {
        const path = template.replaceAll('@', value);
        const res = await server.api(path);
        expect(res.status, path).toBeLessThan(500);
        if (res.status >= 400)
          expect(Object.keys(await body(res)).sort(), path).toEqual(expect.arrayContaining(['code', 'message']));
        else await res.arrayBuffer();
      }
      const repeated = await server.api(
        template.replaceAll('@', 'a').replace('?', '?start=1&start=2&limit=1&limit=2&'),
      );
      expect(repeated.status, template).toBeLessThan(500);
      await repeated.arrayBuffer();
    }
  });
});
