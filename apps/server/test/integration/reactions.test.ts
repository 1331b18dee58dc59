import { assets, earnings } from '@eh/db';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';
import { setPlan } from './earnings-seed.ts';

/**
 * GET /pricing/assets/{symbol}/earnings/reactions over HTTP: what the plan gate and validation add (the reactions
 * themselves are the service tier's, apps/server/test/service/reactions.test.ts).
 */

interface Answer {
  symbol: string;
  reactions: { earningsId: number; reason: string | null }[];
  stats: unknown;
  summary: string | null;
  expectedMove: unknown;
  gated: { feature: string; hidden: number }[];
  message?: string;
}

let server: TestServer;
let pro: Record<string, string>;
let free: Record<string, string>;
let reports: number;

beforeAll(async () => {
  server = await startTestServer();
  const freeUser = await signedInUser(server, 'reactions-free@example.com');
  const proUser = await signedInUser(server, 'reactions-pro@example.com');
  await server.api('/api/core/users/me', { headers: freeUser.headers });
  await server.api('/api/core/users/me', { headers: proUser.headers });
  await setPlan(server.ctx, proUser.sub, 'earningshub_pro');
  free = freeUser.headers;
  pro = proUser.headers;
  const [row] = await server.ctx.db
    .select({ n: count() })
    .from(earnings)
    .innerJoin(assets, eq(assets.id, earnings.assetId))
    .where(and(eq(assets.symbolUpper, 'AAPL'), eq(assets.type, 'stock')));
  reports = row?.n ?? 0;
});
afterAll(async () => server?.close());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await server.api(`/api/pricing/assets/${path}/earnings/reactions`, { headers });
  return { status: res.status, body: (await body(res)) as Answer };
};

describe('GET /pricing/assets/{symbol}/earnings/reactions', () => {
  it('answers a pro member with every report of the company', async () => {
    const { status, body: answer } = await get('aapl', pro);
    expect(status).toBe(200);
    expect(reports).toBeGreaterThan(0);
    expect(answer.symbol).toBe('AAPL');
    expect(answer.reactions).toHaveLength(reports);
    expect(answer.gated).toEqual([]);
  });

  it('gives a free member and a visitor nothing but the gate, with how many reports it withheld', async () => {
    for (const headers of [free, {}]) {
      const { status, body: answer } = await get('AAPL', headers);
      expect(status).toBe(200);
      expect(answer).toMatchObject({ reactions: [], stats: null, summary: null, expectedMove: null });
      expect(answer.gated).toEqual([{ feature: 'priceMove', hidden: reports }]);
    }
  });

  it('names the symbol when it is malformed, and says when it is unknown', async () => {
    for (const symbol of ['A%00B', 'X'.repeat(21), '%F0%9F%92%A5']) {
      const { status, body: answer } = await get(symbol);
      expect(status).toBe(400);
      expect(answer.message).toContain('symbol');
    }
    const unknown = await get('NOPEX');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Unknown symbol: NOPEX');
  });
});
