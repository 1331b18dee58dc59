import type { AddressInfo } from 'node:net';
import { jobs, outbox } from '@eh/db';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserAttribute,
  type CognitoUserSession,
} from 'amazon-cognito-identity-js';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage, userPool } from '../cognito-client.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

const PASSWORD = 'Earnings-2026!';
const FROM = 'codes@earningshub.test';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on this machine that keeps what it is given; it refuses the first recipient named in `busy`. */
async function startSmtp(busy: Set<string>) {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (busy.delete(address.address)) {
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => smtp.close(() => r())) };
}

async function waitFor<T>(what: string, find: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`${what} did not arrive in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function setDevFlag(server: TestServer, enabled: boolean) {
  return server.api(
    '/api/admin/flags/dev',
    json({ enabled }, { method: 'PUT', headers: { 'x-admin-token': server.ctx.adminToken ?? '' } }),
  );
}

describe('the local mailbox (no SMTP)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  const readOutbox = (headers: Record<string, string> = {}) => server.api('/api/core/dev/outbox', { headers });
  const options = async (headers: Record<string, string> = {}) =>
    body(await server.api('/api/core/sign-in-options', { headers }));

  it('opens to this machine without any flag on an embedded server, and to no one else until the dev flag is on', async () => {
    const embedded = !server.config.DATABASE_URL;
    // This client is on the server's machine (the socket is loopback).
    const local = await readOutbox();
    expect(local.status).toBe(embedded ? 200 : 403);
    expect(local.headers.get('cache-control')).toBe('no-store');
    expect((await options()).localMailbox).toBe(embedded);
    // Behind a proxy (a forwarding header, TRUST_PROXY off) the person may be anywhere.
    const proxied = { 'x-forwarded-for': '203.0.113.9' };
    const remote = await readOutbox(proxied);
    expect(remote.status).toBe(403);
    expect((await body(remote)).message).toBe(
      embedded
        ? 'The mailbox opens only on the machine the server runs on (or while the dev flag is on)'
        : 'The mailbox is readable only while the dev flag is on',
    );
    expect((await options(proxied)).localMailbox).toBe(false);
    try {
      await setDevFlag(server, true);
      expect((await readOutbox(proxied)).status).toBe(200);
      expect((await options(proxied)).localMailbox).toBe(true);
    } finally {
      await setDevFlag(server, false);
    }
  });

  it('lists a sign-up code newest first, with its address, subject and time', async () => {
    await setDevFlag(server, true);
    try {
      const email = `mailbox.${Date.now()}@example.com`;
      await new Promise((resolve, reject) =>
        userPool(server).signUp(
          email,
          PASSWORD,
          [new CognitoUserAttribute({ Name: 'email', Value: email })],
          [],
          (e, r) => (e ? reject(e) : resolve(r)),
        ),
      );
      const { messages } = await body(await readOutbox());
      expect(messages[0]).toMatchObject({ channel: 'email', to: email, subject: 'Confirm your account' });
      expect(messages[0].body).toMatch(/\b\d{6}\b/);
      expect(Date.parse(messages[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
      // One address's mail among everyone's, whatever its case.
      const mine = await body(await server.api(`/api/core/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}`));
      expect(mine.messages.map((m: { to: string }) => m.to)).toEqual([email]);
      const none = await body(await server.api('/api/core/dev/outbox?to=nobody%40example.com'));
      expect(none.messages).toEqual([]);
      // Nothing is queued for delivery without SMTP.
      const queued = await server.ctx.db.select().from(jobs).where(eq(jobs.name, 'send-mail'));
      expect(queued).toEqual([]);
    } finally {
      await setDevFlag(server, false);
    }
  });
});

describe('delivery by SMTP (SMTP_URL)', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const busy = new Set<string>();
  beforeAll(async () => {
    smtp = await startSmtp(busy);
    server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: `EarningsHub <${FROM}>` });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  async function signUp(email: string) {
    const pool = userPool(server);
    await new Promise((resolve, reject) =>
      pool.signUp(email, PASSWORD, [new CognitoUserAttribute({ Name: 'email', Value: email })], [], (e, r) =>
        e ? reject(e) : resolve(r),
      ),
    );
    return pool;
  }

  /**
   * The outbox row of `email` once it is marked sent: the stand-in has the message when its DATA ends, a moment before
   * the sender reads the server's 250 and records the row as sent.
   */
  const sentRow = (email: string) =>
    waitFor('the outbox row marked sent', async () => {
      const [row] = await server.ctx.db.select().from(outbox).where(eq(outbox.to, email));
      return row?.sentAt ? row : undefined;
    });

  it('sends the sign-up code to the SMTP server, and that code confirms the account', async () => {
    const email = `smtp.${Date.now()}@example.com`;
    const pool = await signUp(email);
    const message = await waitFor('the sign-up email', () => smtp.received.find((m) => m.to.includes(email)));
    expect(message.from).toBe(FROM);
    expect(message.raw).toMatch(/^Subject: Confirm your account\r?$/m);
    expect(message.raw).toMatch(/^To: smtp\.\d+@example\.com\r?$/m);
    const code = message.raw.match(/Your verification code is (\d{6})/)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const user = new CognitoUser({ Username: email, Pool: pool, Storage: new MemoryStorage() });
    await new Promise((resolve, reject) =>
      user.confirmRegistration(code, true, (e, r) => (e ? reject(e) : resolve(r))),
    );
    const session = await new Promise<CognitoUserSession>((resolve, reject) =>
      user.authenticateUser(new AuthenticationDetails({ Username: email, Password: PASSWORD }), {
        onSuccess: resolve,
        onFailure: reject,
      }),
    );
    expect(session.getIdToken().decodePayload().email).toBe(email);
    expect((await sentRow(email)).sentAt).toBeInstanceOf(Date);
  });

  it('retries through the job queue when the SMTP server refuses for a while', async () => {
    const email = `busy.${Date.now()}@example.com`;
    busy.add(email);
    await signUp(email);
    await waitFor('the retried email', () => smtp.received.find((m) => m.to.includes(email)));
    expect(busy.has(email)).toBe(false);
    const row = await sentRow(email);
    expect(row).toMatchObject({ attempts: 2 });
    expect(row.sentAt).toBeInstanceOf(Date);
    const [job] = await server.ctx.db
      .select()
      .from(jobs)
      .where(sql`${jobs.name} = 'send-mail' and (${jobs.payload}->>'outboxId')::int = ${row?.id ?? 0}`);
    expect(job).toMatchObject({ attempts: 2 });
    expect(job?.lastError).toMatch(/451|busy/i);
  });

  it('has no local mailbox, dev flag or not: mail reaches real inboxes', async () => {
    try {
      await setDevFlag(server, true);
      const res = await server.api('/api/core/dev/outbox');
      expect(res.status).toBe(403);
      expect((await body(res)).message).toBe('Mail is delivered by SMTP: there is no local mailbox');
      expect((await body(await server.api('/api/core/sign-in-options'))).localMailbox).toBe(false);
    } finally {
      await setDevFlag(server, false);
    }
  });
});
