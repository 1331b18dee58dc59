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
let other: Awaited<ReturnType<typeof signedInUser>>;
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
  [free, paid, other] = await Promise.all([
    signedInUser(server, 'free.alerts@example.com'),
    signedInUser(server, 'paid.alerts@example.com'),
    signedInUser(server, 'other.alerts@example.com'),
  ]);
  for (const who of [free, paid, other]) await call('GET', '/core/users/me', who);
  const rows = await server.ctx.db
    .select({ symbol: assets.symbol })
    .from(assets)
    .where(and(eq(assets.type, 'stock'), eq(assets.active, true)))
    .orderBy(desc(assets.popularity))
    .limit(4);
  symbols = rows.map((row) => row.symbol);
  if (symbols.length < 4) throw new Error('the seeded market has too few stocks');
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

describe('set-plan command', () => {
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

describe('alerts', () => {
  it('without the alerts feature an add stores the SPEC defaults whatever is sent', async () => {
    const res = await call('POST', '/earnings/alerts', free, {
      symbol: symbols[0]?.toLowerCase(),
      notifyBySms: true,
      liveCall: true,
      earningsReminder: false,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ userId: free.sub, symbol: symbols[0], ...ALERT_DEFAULTS });
    expect(ALERT_DEFAULTS).toMatchObject({
      earningsReminder: true,
      notifyByEmail: true,
      notifyByPush: true,
      notifyBySms: false,
      liveCall: false,
    });
  });

  it('with the feature, the switches sent, then those saved on the symbol, then the defaults', async () => {
    const first = await call('POST', '/earnings/alerts', paid, {
      symbol: symbols[0],
      liveCall: true,
      notifyByEmail: false,
    });
    expect(first.json).toMatchObject({ ...ALERT_DEFAULTS, liveCall: true, notifyByEmail: false });
    const second = await call('POST', '/earnings/alerts', paid, { symbol: symbols[0], notifyBySms: true });
    expect(second.json).toMatchObject({ ...ALERT_DEFAULTS, liveCall: true, notifyByEmail: false, notifyBySms: true });
  });

  it('refuses unknown symbols and bad switches naming them', async () => {
    const unknown = await call('POST', '/earnings/alerts', paid, { symbol: 'ZZZZNOPE' });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Unknown symbol: ZZZZNOPE');
    const bad = await call('POST', '/earnings/alerts', paid, { symbol: symbols[0], liveCall: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^body\.liveCall/);
    const extra = await call('POST', '/earnings/alerts', paid, { symbol: symbols[0], loudly: true });
    expect(extra.status).toBe(400);
  });

  it('batch adds and removes; update-all sets switches on every alert for the paid user only', async () => {
    const batch = await call('POST', '/earnings/alerts/batch', paid, {
      add: [symbols[1], symbols[2]],
      settings: { dividendPayment: true },
    });
    expect(batch.status).toBe(200);
    expect(batch.json.alerts.map((a: { symbol: string }) => a.symbol).sort()).toEqual(
      [symbols[0], symbols[1], symbols[2]].sort(),
    );
    expect(batch.json.alerts.find((a: { symbol: string }) => a.symbol === symbols[1]).dividendPayment).toBe(true);
    const all = await call('POST', '/earnings/alerts/all', paid, { weeklySummary: true, notifyByPush: false });
    expect(all.json.alerts).toHaveLength(3);
    for (const alert of all.json.alerts) expect(alert).toMatchObject({ weeklySummary: true, notifyByPush: false });
    const gated = await call('POST', '/earnings/alerts/all', free, { weeklySummary: true });
    expect(gated.status).toBe(403);
    expect(gated.json).toMatchObject({ code: 'FORBIDDEN', details: { feature: 'alerts' } });
    expect(gated.json.message).toMatch(/Upgrade/);
    const freeBatch = await call('POST', '/earnings/alerts/batch', free, {
      add: [symbols[3]],
      settings: { liveCall: true },
    });
    expect(freeBatch.json.alerts.find((a: { symbol: string }) => a.symbol === symbols[3])).toMatchObject(
      ALERT_DEFAULTS,
    );
    const removed = await call('POST', '/earnings/alerts/batch', paid, { remove: [symbols[2]] });
    expect(removed.json.alerts.map((a: { symbol: string }) => a.symbol)).not.toContain(symbols[2]);
  });

  it('counts the caller’s alerts and each symbol’s followers', async () => {
    const res = await call('GET', `/earnings/alerts/counts?symbols=${symbols[0]},${symbols[1]},${symbols[2]}`, paid);
    expect(res.json).toEqual({
      total: 2,
      symbols: { [symbols[0] as string]: 2, [symbols[1] as string]: 1, [symbols[2] as string]: 0 },
    });
    expect((await call('GET', '/earnings/alerts/counts', other)).json).toEqual({ total: 0, symbols: {} });
  });

  it("keeps one user's alerts from another: not listed, not deleted, not changed", async () => {
    const before = await call('GET', '/earnings/alerts', paid);
    expect((await call('GET', '/earnings/alerts', other)).json).toEqual({ alerts: [] });
    const del = await call('DELETE', `/earnings/alerts/${symbols[1]}`, other);
    expect(del).toEqual({ status: 404, json: { message: `You have no alert on ${symbols[1]}`, code: 'NOT_FOUND' } });
    await call('POST', '/earnings/alerts/batch', other, { remove: [symbols[0], symbols[1]] });
    expect(await call('GET', '/earnings/alerts', paid)).toEqual(before);
  });

  it('deletes by symbol', async () => {
    const res = await call('DELETE', `/earnings/alerts/${symbols[1]}`, paid);
    expect(res.json).toEqual({ symbol: symbols[1], deleted: true });
    expect((await call('GET', '/earnings/alerts', paid)).json.alerts.map((a: { symbol: string }) => a.symbol)).toEqual([
      symbols[0],
    ]);
  });
});
