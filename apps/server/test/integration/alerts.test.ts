import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { assets } from '@eh/db';
import { ALERT_DEFAULTS } from '@eh/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../cognito-client.ts';
import { body, startTestServer, type TestServer } from '../harness.ts';

const run = promisify(execFile);
const CLI = new URL('../../src/cli/users.ts', import.meta.url).pathname;

let server: TestServer;
let free: Awaited<ReturnType<typeof signedInUser>>;
let paid: Awaited<ReturnType<typeof signedInUser>>;
let symbols: string[];

async function call(method: string, path: string, who?: { headers: Record<string, string> }, payload?: unknown) {
  const res = await server.api(`/api${path}`, {
    method,
    headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...who?.headers },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  return { status: res.status, json: await body(res) };
}

/** The admin command, against the running test server's data folder or database. */
function setPlan(email: string, plan: string) {
  const env = {
    ...process.env,
    DATA_DIR: server.config.DATA_DIR,
    ...(server.config.DATABASE_URL ? { DATABASE_URL: server.config.DATABASE_URL } : {}),
    ...(server.config.ADMIN_TOKEN ? { ADMIN_TOKEN: server.config.ADMIN_TOKEN } : {}),
    LOG_LEVEL: 'silent',
  };
  return run(process.execPath, [CLI, 'set-plan', email, plan], { env });
}

beforeAll(async () => {
  server = await startTestServer();
  [free, paid] = await Promise.all([
    signedInUser(server, 'free.alerts@example.com'),
    signedInUser(server, 'paid.alerts@example.com'),
  ]);
  for (const who of [free, paid]) await call('GET', '/core/users/me', who);
  const rows = await server.ctx.db
    .select({ symbol: assets.symbol })
    .from(assets)
    .where(and(eq(assets.type, 'stock'), eq(assets.active, true)))
    .orderBy(desc(assets.popularity))
    .limit(2);
  symbols = rows.map((row) => row.symbol);
  if (symbols.length < 2) throw new Error('the seeded market has too few stocks');
});
afterAll(async () => server?.close());

const ALERT_ROUTES: [string, string][] = [
  ['GET', '/earnings/alerts'],
  ['GET', '/earnings/alerts/counts'],
  ['DELETE', '/earnings/alerts/AAPL'],
  ['POST', '/earnings/alerts/all'],
  ['POST', '/earnings/alerts/batch'],
];

describe('anonymous callers', () => {
  it("get 401 'Please sign in to subscribe to alerts.' on an alert add", async () => {
    const res = await call('POST', '/earnings/alerts', undefined, { symbol: 'AAPL' });
    expect(res).toEqual({
      status: 401,
      json: { message: 'Please sign in to subscribe to alerts.', code: 'UNAUTHORIZED' },
    });
  });

  it.each(ALERT_ROUTES)('%s %s answers 401', async (method, path) => {
    const res = await call(method, path, undefined, method === 'POST' ? {} : undefined);
    expect(res).toEqual({ status: 401, json: { message: 'Sign in required', code: 'UNAUTHORIZED' } });
  });

  it('an invalid token on the add is still a 401, with the token message', async () => {
    const res = await call('POST', '/earnings/alerts', { headers: { authorization: 'Bearer nope' } }, { symbol: 'X' });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('Invalid or expired identity token');
  });
});

// Three runs of the command, each a Node process loading the server's modules: seconds each on a busy 2-core machine
// (a CI run at three workers took over 30 s for the three), as the other commands' files allow.
describe('set-plan command', { timeout: 120_000 }, () => {
  it('upgrades a user by email, seen by the running server; refuses unknown plans and users', async () => {
    const out = await setPlan('PAID.alerts@example.com', 'pro');
    expect(out.stdout).toMatch(
      /^paid\.alerts@example\.com: earningshub_pro \(paid, active, next charge \d{4}-\d{2}-\d{2}\)/,
    );
    const me = await call('GET', '/core/users/me', paid);
    expect(me.json.accountSubscription).toMatchObject({
      plan: 'earningshub_pro',
      subscriptionType: 'paid',
      status: 'active',
    });
    expect(me.json.accountFeatures).toMatchObject({ alerts: true, listLimit: -1, ehs: true });
    const days = (Date.parse(me.json.accountSubscription.nextChargeDate) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const badPlan = await setPlan('paid.alerts@example.com', 'gold').catch((e: unknown) => e);
    expect(badPlan).toMatchObject({ code: 2 });
    expect((badPlan as { stderr: string }).stderr).toContain("Unknown plan 'gold'");
    const nobody = await setPlan('nobody@example.com', 'pro').catch((e: unknown) => e);
    expect(nobody).toMatchObject({ code: 2 });
    expect((nobody as { stderr: string }).stderr).toContain('No user with email nobody@example.com');
  });
});

/**
 * The rules (defaults, precedence, batch, counts, ownership) are the service tier's (test/service/alerts.test.ts);
 * here, what HTTP adds.
 */
describe('alerts over HTTP', () => {
  it('answers an add, a batch and an update-all with the alerts, and reads the counted symbols from the query', async () => {
    const added = await call('POST', '/earnings/alerts', paid, { symbol: symbols[0], liveCall: true });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({ userId: paid.sub, symbol: symbols[0], ...ALERT_DEFAULTS, liveCall: true });
    expect(await call('GET', '/earnings/alerts', paid)).toEqual({ status: 200, json: { alerts: [added.json] } });
    const batch = await call('POST', '/earnings/alerts/batch', paid, { add: [symbols[1]] });
    expect(batch.status).toBe(200);
    expect(batch.json.alerts.map((alert: { symbol: string }) => alert.symbol).sort()).toEqual(
      [symbols[0], symbols[1]].sort(),
    );
    const all = await call('POST', '/earnings/alerts/all', paid, { weeklySummary: true });
    expect(all.status).toBe(200);
    expect(all.json.alerts.map((alert: { weeklySummary: boolean }) => alert.weeklySummary)).toEqual([true, true]);
    expect(await call('GET', `/earnings/alerts/counts?symbols=${symbols[0]},${symbols[1]}`, paid)).toEqual({
      status: 200,
      json: { total: 2, symbols: { [symbols[0] as string]: 1, [symbols[1] as string]: 1 } },
    });
  });

  it('refuses bad switches and unknown keys naming them', async () => {
    const bad = await call('POST', '/earnings/alerts', paid, { symbol: symbols[0], liveCall: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^body\.liveCall/);
    const extra = await call('POST', '/earnings/alerts', paid, { symbol: symbols[0], loudly: true });
    expect(extra.status).toBe(400);
  });

  it('answers a rule the service refuses with its status and body: an unknown symbol, the plan gate', async () => {
    expect(await call('POST', '/earnings/alerts', paid, { symbol: 'ZZZZNOPE' })).toEqual({
      status: 404,
      json: { message: 'Unknown symbol: ZZZZNOPE', code: 'NOT_FOUND', details: { symbols: ['ZZZZNOPE'] } },
    });
    expect(await call('POST', '/earnings/alerts/all', free, { weeklySummary: true })).toEqual({
      status: 403,
      json: {
        message: 'Choosing which alerts you get is part of the paid plans. Upgrade to change your alert settings.',
        code: 'FORBIDDEN',
        details: { feature: 'alerts' },
      },
    });
  });

  it('deletes by symbol answering it', async () => {
    expect(await call('DELETE', `/earnings/alerts/${symbols[0]}`, paid)).toEqual({
      status: 200,
      json: { symbol: symbols[0], deleted: true },
    });
  });
});
