/**
 * The demo market's "report now" over HTTP: the admin token, the body's validation naming the field, the 409 of a
 * market that is not the seeded demo, and the report it answers. What a report and every other source become (events,
 * their fan-out, exactly once, reminders, digests) is the service tier's (test/service/notification-triggers.test.ts).
 */
import { ADMIN_TOKEN_HEADER } from '@eh/contracts';
import { rowsOf } from '@eh/db';
import { nyDate } from '@eh/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

let server: TestServer;
/** A popular demo stock with a report coming. */
let SYMBOL: string;

beforeAll(async () => {
  server = await startTestServer({ ROLES: 'api' });
  const [row] = rowsOf<{ symbol: string }>(
    await server.ctx.db.execute(sql`
      select a.symbol from assets a
      where a.type = 'stock' and a.active and a.source = 'demo'
        and exists (select 1 from earnings e where e.asset_id = a.id and e.eps_actual is null and e.date > ${nyDate(new Date())}::date)
      order by a.popularity desc limit 1`),
  );
  if (!row) throw new Error('the seeded market has no stock with a coming report');
  SYMBOL = row.symbol;
});
afterAll(async () => server?.close());

describe('POST /api/admin/demo/report', () => {
  const admin = () => ({ [ADMIN_TOKEN_HEADER]: server.ctx.adminToken ?? '' });

  it('refuses a bad symbol with a 400 naming the field, and callers without the token', async () => {
    for (const payload of [
      { symbol: 'NOPE.ZZ' },
      { symbol: 'A\u0000B' },
      { symbol: 42 },
      {},
      { symbol: 'x'.repeat(5000) },
    ]) {
      const res = await server.api('/api/admin/demo/report', json(payload, { headers: admin() }));
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect((await body(res)).message).toContain('symbol');
    }
    const anonymous = await server.api('/api/admin/demo/report', json({ symbol: SYMBOL }));
    expect(anonymous.status).toBe(401);
  });

  it('answers 409 when the demo market is not seeded', async () => {
    await server.ctx.db.execute(sql`delete from seed_runs where name = 'demo-market'`);
    try {
      const res = await server.api('/api/admin/demo/report', json({ symbol: SYMBOL }, { headers: admin() }));
      expect(res.status).toBe(409);
      expect(await body(res)).toEqual({ message: 'The demo market is not seeded here', code: 'CONFLICT' });
    } finally {
      await server.ctx.db.execute(sql`insert into seed_runs (name) values ('demo-market')`);
    }
  });

  it("answers 200 with the report under the symbol's stored spelling", async () => {
    const res = await server.api(
      '/api/admin/demo/report',
      json({ symbol: SYMBOL.toLowerCase() }, { headers: admin() }),
    );
    expect(res.status).toBe(200);
    const report = await body(res);
    expect(report.symbol).toBe(SYMBOL);
    expect(Object.keys(report).sort()).toEqual([
      'date',
      'earningsId',
      'epsActual',
      'epsEstimate',
      'period',
      'periodYear',
      'revenueActual',
      'revenueEstimate',
      'symbol',
    ]);
  });
});
