/**
 * Notifications over HTTP: the signed-in API (the delivery log, a test per channel that the server's own worker
 * sends, the limits) with its guards and validation, the public unsubscribe link a mail client follows (RFC 8058)
 * and the /dev circuits' guard. The delivery queue's guarantees, the email as sent over SMTP and what a token turns
 * off are the service tier's (test/service/notification-delivery.test.ts).
 */
import { alerts, deliveries } from '@eh/db';
import { MAX_DAILY_NOTIFICATION_CAP } from '@eh/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeApiUrl, unsubscribeToken } from '../../src/modules/notifications/unsubscribe.ts';
import { signedInUser } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';
import { popularSymbols } from '../market-fixtures.ts';

async function waitFor<T>(what: string, find: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`${what} did not happen in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let server: TestServer;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let symbol: string;

const call = (path: string, init: RequestInit = {}) =>
  server.api(`/api/notifications${path}`, { ...init, headers: { ...alice.headers, ...init.headers } });

beforeAll(async () => {
  server = await startTestServer();
  alice = await signedInUser(server, 'alice.delivery@example.com');
  expect((await server.api('/api/core/users/me', { headers: alice.headers })).status).toBe(200);
  ({
    stocks: [symbol],
  } = await popularSymbols(server.ctx.db));
});
afterAll(async () => server?.close());

describe('guards', () => {
  it('needs a signed-in caller', async () => {
    for (const [method, path] of [
      ['GET', '/deliveries'],
      ['POST', '/test'],
      ['GET', '/preferences'],
      ['POST', '/preferences'],
    ] as const) {
      const res = await server.api(`/api/notifications${path}`, method === 'POST' ? json({}) : {});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await body(res)).toEqual({ message: 'Sign in required', code: 'UNAUTHORIZED' });
    }
  });

  it('answers 403 for the transports’ circuits while the dev flag is off', async () => {
    const res = await server.api('/api/notifications/providers');
    expect(res.status).toBe(403);
    expect(await body(res)).toMatchObject({ message: 'Developer tools are off (the dev flag)' });
  });
});

describe('the signed-in API', () => {
  it('answers a test 202, the server’s worker sends it at once, and a second one at once is 429', async () => {
    const res = await call('/test', json({ channel: 'email' }));
    expect(res.status).toBe(202);
    const { delivery } = await body(res);
    expect(delivery).toMatchObject({
      kind: 'test',
      channel: 'email',
      status: 'queued',
      title: 'Test email from your profile',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // The call kicks the job lane: no SMTP here, so the worker keeps it in the local mailbox.
    const sent = await waitFor('the test to be sent', async () => {
      const [found] = await server.ctx.db.select().from(deliveries).where(eq(deliveries.id, delivery.id));
      return found?.status === 'sent' ? found : undefined;
    });
    expect(sent.provider).toBe('mailbox');
    const again = await call('/test', json({ channel: 'email' }));
    expect(again.status).toBe(429);
    expect(await body(again)).toMatchObject({
      message: 'A test on this channel was just sent. Try again in a few seconds.',
      code: 'RATE_LIMITED',
    });
    const push = await call('/test', json({ channel: 'push' }));
    expect(push.status).toBe(202);
    expect((await body(push)).delivery.channel).toBe('push');
    for (const bad of [{ channel: 'fax' }, {}, { channel: 'email', extra: 1 }, { channel: 7 }]) {
      const refused = await call('/test', json(bad));
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect((await body(refused)).message).toMatch(/^body/);
    }
  });

  it('pages the delivery log by the `before` cursor, with times as ISO strings, and names a bad query field', async () => {
    const first = await call('/deliveries?limit=1');
    expect(first.status).toBe(200);
    const page = await body(first);
    expect(page.deliveries).toEqual([expect.objectContaining({ kind: 'test', channel: 'push' })]);
    expect(page.next).toBe(page.deliveries[0].id);
    const second = await body(await call(`/deliveries?limit=1&before=${page.next}`));
    expect(second.next).toBeNull();
    const [email] = second.deliveries;
    expect(email).toEqual({
      id: email.id,
      kind: 'test',
      symbol: null,
      title: 'Test email from your profile',
      path: '/profile',
      channel: 'email',
      status: 'sent',
      provider: 'mailbox',
      providerAnswer: expect.stringMatching(/^kept in the local mailbox \(message \d+\)$/),
      attempts: 1,
      sentAt: expect.any(String),
      notBefore: expect.any(String),
      createdAt: expect.any(String),
    });
    for (const at of [email.sentAt, email.notBefore, email.createdAt]) {
      expect(new Date(at).toISOString()).toBe(at);
    }
    for (const bad of ['limit=0', `limit=${1000}`, 'limit=x', 'before=-1', 'before=1.5']) {
      const res = await call(`/deliveries?${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await body(res)).message).toMatch(/^query\./);
    }
  });

  it('keeps the time zone, quiet hours and daily cap, and names the field of a bad one', async () => {
    expect(await body(await call('/preferences'))).toEqual({
      timeZone: 'America/New_York',
      quietStart: null,
      quietEnd: null,
      dailyCap: 20,
    });
    const preferences = { timeZone: 'Europe/Paris', quietStart: '22:00', quietEnd: '07:30', dailyCap: 5 };
    const saved = await call('/preferences', json(preferences));
    expect(saved.status).toBe(200);
    expect(await body(saved)).toEqual(preferences);
    const cases: [unknown, string][] = [
      [{ timeZone: 'Mars/Olympus_Mons' }, 'body.timeZone'],
      [{ timeZone: 'Europe/Paris\u0000' }, 'body.timeZone'],
      [{ timeZone: 'Europe/\ud800Paris' }, 'body.timeZone'],
      [{ timeZone: 'x'.repeat(10_000) }, 'body.timeZone'],
      [{ timeZone: 42 }, 'body.timeZone'],
      [{ quietStart: '22:00' }, 'body.quietEnd'],
      [{ quietStart: '25:00', quietEnd: '07:00' }, 'body.quietStart'],
      [{ quietStart: '22:00', quietEnd: '7:00' }, 'body.quietEnd'],
      [{ quietStart: null, quietEnd: '07:00' }, 'body.quietStart'],
      [{ dailyCap: MAX_DAILY_NOTIFICATION_CAP + 1 }, 'body.dailyCap'],
      [{ dailyCap: -1 }, 'body.dailyCap'],
      [{ dailyCap: 2.5 }, 'body.dailyCap'],
      [{ dailyCap: '5' }, 'body.dailyCap'],
      [{ colour: 'green' }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('/preferences', json(payload));
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect((await body(res)).message, JSON.stringify(payload)).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
    }
    const notJson = await call('/preferences', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"timeZone":',
    });
    expect(notJson.status).toBe(400);
    expect(await body(await call('/preferences'))).toEqual(preferences);
  });
});

describe('unsubscribe links', () => {
  const INVALID = 'This unsubscribe link is not valid (it was changed or cut).';

  const alertOf = async () =>
    (
      await server.ctx.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.userId, alice.sub), eq(alerts.symbol, symbol)))
    )[0];

  beforeAll(async () => {
    await server.ctx.db.insert(alerts).values({ userId: alice.sub, symbol, earningsResults: true });
  });

  it('answers 400 naming the token to a tampered link, on both methods, and changes nothing', async () => {
    const token = unsubscribeToken(server.ctx, { userId: alice.sub, kind: 'earningsResults', symbol });
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const method of ['GET', 'POST']) {
      const res = await server.api(
        `/api/notifications/unsubscribe?token=${encodeURIComponent(`${payload}.${flipped}`)}`,
        { method },
      );
      expect(res.status).toBe(400);
      // The message names the field; the page shows the detail's words alone.
      expect(await body(res)).toMatchObject({
        message: `query.token: ${INVALID}`,
        details: [{ field: 'query.token', message: INVALID }],
      });
    }
    const nul = await server.api('/api/notifications/unsubscribe?token=%00', { method: 'POST' });
    expect(nul.status).toBe(400);
    expect(await alertOf()).toMatchObject({ earningsResults: true });
  });

  it('shows what a link turns off (never cached), and a mail client’s one-click POST turns it off', async () => {
    const token = unsubscribeToken(server.ctx, { userId: alice.sub, kind: 'earningsResults', symbol });
    const shown = await server.api(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(await body(shown)).toEqual({
      kind: 'earningsResults',
      symbol,
      description: `Earnings results alerts for ${symbol} (email, push and text messages)`,
    });
    // What a mail client sends (RFC 8058) to the List-Unsubscribe address.
    const link = unsubscribeApiUrl(server.ctx, token);
    const res = await server.api(link.replace(server.config.PUBLIC_URL, ''), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ unsubscribed: true, symbol });
    expect(await alertOf()).toMatchObject({ earningsResults: false });
  });
});
