/**
 * Notification delivery: the email channel against a real SMTP server on this machine, the delivery queue's
 * guarantees (exactly once, a claim abandoned by a dead worker, quiet hours, daily cap, retries, the circuit),
 * signed unsubscribe links, and the signed-in API (log, test per channel, preferences).
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { alerts, deliveries, idpUsers, notificationProviders, outbox, users } from '@eh/db';
import {
  CIRCUIT_FAILURE_THRESHOLD,
  DELIVERY_STALE_LOCK_MS,
  MAX_DAILY_NOTIFICATION_CAP,
  type NotificationChannel,
  type NotificationKind,
} from '@eh/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue } from '../../src/modules/notifications/delivery/deliver.ts';
import { localClock } from '../../src/modules/notifications/delivery/rules.ts';
import * as q from '../../src/modules/notifications/queries.ts';
import { unsubscribeToken } from '../../src/modules/notifications/unsubscribe.ts';
import { signedInUser } from '../cognito-client.ts';
import { TEST_DATABASE_URL } from '../env.ts';
import { body, json, startTestServer, type TestServer } from '../harness.ts';

interface Received {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server that keeps what it is given. While `down.code` is set it refuses every recipient with that
 * code; an address in `busy` is refused once with 451.
 */
async function startSmtp() {
  const received: Received[] = [];
  const busy = new Set<string>();
  /** Recipients the server takes in but never answers (a send that hangs), and those that reached it so far. */
  const stall = new Set<string>();
  const stalled: string[] = [];
  const down: { code: number | null } = { code: null };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (down.code !== null) {
        return callback(Object.assign(new Error(`Refused for the test (${down.code})`), { responseCode: down.code }));
      }
      if (stall.has(address.address)) {
        stalled.push(address.address);
        return;
      }
      if (busy.delete(address.address)) {
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    received,
    busy,
    stall,
    stalled,
    down,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}

/** Header lines unfolded (RFC 5322 folding), then the named header's value. */
function header(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}

/** The decoded body of the MIME part with this content type (quoted-printable or 7bit, as nodemailer writes). */
function part(raw: string, type: string): string | null {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) return null;
  for (const piece of raw.split(`--${boundary}`)) {
    const headEnd = piece.search(/\r?\n\r?\n/);
    const partHead = piece.slice(0, headEnd);
    if (!partHead.toLowerCase().includes(`content-type: ${type}`)) continue;
    const content = piece
      .slice(headEnd)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r?\n$/, '');
    if (/quoted-printable/i.test(partHead)) {
      const bytes = content
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    if (/base64/i.test(partHead)) return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    return content;
  }
  return null;
}

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
let smtp: Awaited<ReturnType<typeof startSmtp>>;
type User = Awaited<ReturnType<typeof signedInUser>> & { email: string };
let alice: User;
let bob: User;
let symbol: string;
let sequence = 0;

/** A signed-in user on a plan with the alerts feature (their stored switches count), unless `free`. */
async function user(email: string, plan: 'pro' | 'free' = 'pro'): Promise<User> {
  const signed = await signedInUser(server, email);
  await server.api('/api/core/users/me', { headers: signed.headers });
  if (plan === 'pro') {
    await server.ctx.db
      .update(users)
      .set({ plan: 'earningshub_pro', subscriptionType: 'paid' })
      .where(eq(users.id, signed.sub));
  }
  return { ...signed, email };
}

async function setAlert(who: User, settings: Partial<typeof alerts.$inferInsert> = {}) {
  const values = {
    userId: who.sub,
    symbol,
    earningsResults: true,
    notifyByEmail: true,
    notifyByPush: true,
    notifyBySms: true,
    ...settings,
  };
  await server.ctx.db
    .insert(alerts)
    .values(values)
    .onConflictDoUpdate({ target: [alerts.userId, alerts.symbol], set: values });
}

/** A fresh event of `kind` on the test symbol, queued for `who` on each channel; returns the delivery ids. */
async function queue(who: User, channels: NotificationChannel[], kind: NotificationKind = 'earningsResults') {
  sequence += 1;
  const eventId = await q.upsertEvent(server.ctx.db, {
    kind,
    eventKey: `delivery-test:${Date.now()}:${sequence}`,
    symbol,
    userId: null,
    title: `${symbol} reported (${sequence})`,
    body: `EPS 1.23 against 1.10 expected.\nRevenue 9.9B against 9.5B.`,
    path: `/quote/${symbol}/earnings`,
  });
  const ids: number[] = [];
  for (const channel of channels) {
    const id = await q.queueDelivery(server.ctx.db, { eventId, userId: who.sub, channel });
    if (id === null) throw new Error('not queued');
    ids.push(id);
  }
  return { eventId, ids, title: `${symbol} reported (${sequence})` };
}

async function row(id: number) {
  const [found] = await server.ctx.db.select().from(deliveries).where(eq(deliveries.id, id));
  if (!found) throw new Error(`delivery ${id} is gone`);
  return found;
}

const settled = (id: number) =>
  waitFor(`delivery ${id} to settle`, async () => {
    const found = await row(id);
    return found.status === 'queued' || found.status === 'sending' ? undefined : found;
  });

const mailsFor = (address: string, title?: string) =>
  smtp.received.filter((m) => m.to.includes(address) && (!title || (header(m.raw, 'Subject') ?? '').includes(title)));

const deliverNow = (options: Parameters<typeof deliverDue>[2] = {}) => deliverDue(server.ctx, server.app.log, options);

async function resetCircuits() {
  await server.ctx.db.delete(notificationProviders);
}

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'EarningsHub <alerts@earningshub.test>' });
  [alice, bob] = await Promise.all([user('alice.delivery@example.com'), user('bob.delivery@example.com')]);
  symbol = 'AAPL';
  await setAlert(alice);
  await setAlert(bob);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('the email channel', () => {
  it('sends an HTML and a plain-text part from one template, linking the page, with RFC 8058 one-click headers', async () => {
    const { ids, title } = await queue(alice, ['email']);
    const done = await settled(ids[0] ?? 0);
    expect(done).toMatchObject({ status: 'sent', provider: 'smtp', attempts: 1 });
    expect(done.providerAnswer).toMatch(/^250/);
    expect(done.sentAt).toBeInstanceOf(Date);
    const [mail] = mailsFor(alice.email, title);
    if (!mail) throw new Error('no mail');
    expect(header(mail.raw, 'Content-Type')).toMatch(/multipart\/alternative/);
    const text = part(mail.raw, 'text/plain') ?? '';
    const html = part(mail.raw, 'text/html') ?? '';
    const page = `${server.config.PUBLIC_URL}/quote/${symbol}/earnings`;
    expect(text).toContain(title);
    expect(text).toContain('EPS 1.23 against 1.10 expected.');
    expect(text).toContain(page);
    expect(html).toContain(`<h1 style="font-size:20px;margin:0 0 16px">${title}</h1>`);
    expect(html).toContain(`href="${page}"`);
    const oneClick = header(mail.raw, 'List-Unsubscribe') ?? '';
    expect(oneClick).toMatch(/^<http:\/\/[^>]+\/api\/notifications\/unsubscribe\?token=[\w.%-]+>$/);
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail.raw, 'Message-ID')).toBe(`<delivery-${ids[0]}@localhost>`);
    // The footer's link opens the page that shows what will be turned off, with the same token.
    const token = new URL(oneClick.slice(1, -1)).searchParams.get('token') ?? '';
    expect(text).toContain(`${server.config.PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(html).toContain('>Unsubscribe</a>');
    // The outbox keeps the record of the email sent.
    const kept = await server.ctx.db.select().from(outbox).where(eq(outbox.to, alice.email));
    expect(kept.some((m) => m.subject === title && m.sentAt !== null)).toBe(true);
  });

  it('never emails an address that is not verified', async () => {
    await server.ctx.db.update(idpUsers).set({ emailVerified: false }).where(eq(idpUsers.sub, bob.sub));
    try {
      const { ids, title } = await queue(bob, ['email']);
      expect(await settled(ids[0] ?? 0)).toMatchObject({ status: 'skipped', providerAnswer: 'no verified email' });
      expect(mailsFor(bob.email, title)).toEqual([]);
    } finally {
      await server.ctx.db.update(idpUsers).set({ emailVerified: true }).where(eq(idpUsers.sub, bob.sub));
    }
  });

  it('counts a free user’s switches as the defaults: results alerts they stored are not sent, reminders are', async () => {
    const free = await user('free.delivery@example.com', 'free');
    await setAlert(free);
    const results = await queue(free, ['email']);
    expect(await settled(results.ids[0] ?? 0)).toMatchObject({
      status: 'skipped',
      providerAnswer: 'alert switched off',
    });
    const reminder = await queue(free, ['email'], 'earningsReminder');
    expect((await settled(reminder.ids[0] ?? 0)).providerAnswer).not.toBe('alert switched off');
  });

  it('skips an alert whose switch was turned off after the fan-out', async () => {
    await setAlert(bob, { earningsResults: false });
    try {
      const { ids } = await queue(bob, ['email']);
      expect(await settled(ids[0] ?? 0)).toMatchObject({ status: 'skipped', providerAnswer: 'alert switched off' });
    } finally {
      await setAlert(bob);
    }
  });
});

describe('exactly once per user, kind, event and channel', () => {
  it('sends each of 30 deliveries once while three workers race, and a re-run sends nothing', async () => {
    const queued = [];
    for (let i = 0; i < 30; i++) queued.push(await queue(bob, ['email']));
    // Two workers of ours beside the server's own lane, all claiming at once.
    const reports = await Promise.all([deliverNow({ batch: 4 }), deliverNow({ batch: 4 })]);
    for (const { ids } of queued) await settled(ids[0] ?? 0);
    for (const { title } of queued) expect(mailsFor(bob.email, title)).toHaveLength(1);
    expect(reports.reduce((sum, r) => sum + r.claimed, 0)).toBeLessThanOrEqual(30);
    const again = await deliverNow();
    expect(again.claimed).toBe(0);
    for (const { title } of queued) expect(mailsFor(bob.email, title)).toHaveLength(1);
    // The same event to the same user on the same channel cannot be queued twice.
    const first = queued[0];
    if (!first) throw new Error('nothing queued');
    expect(
      await q.queueDelivery(server.ctx.db, { eventId: first.eventId, userId: bob.sub, channel: 'email' }),
    ).toBeNull();
  });

  it('gives back a claim whose worker died before sending, and sends it exactly once after the restart', async () => {
    const { ids, title } = await queue(alice, ['email']);
    const id = ids[0] ?? 0;
    // A worker of another process claims it and is killed before it sends: its row stays 'sending', locked.
    const claimed = await server.ctx.db.execute(sql`
      update ${deliveries} set status = 'sending', locked_by = 'dead-host:4242:deliver', locked_at = now(),
        attempts = attempts + 1 where id = ${id} and status = 'queued' returning id`);
    expect((claimed as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    if (server.config.DATABASE_URL) {
      // Shared PostgreSQL: a fresh lock may belong to a live worker elsewhere, so it is left alone.
      await deliverNow();
      expect(await row(id)).toMatchObject({ status: 'sending', lockedBy: 'dead-host:4242:deliver' });
      expect(mailsFor(alice.email, title)).toEqual([]);
      // Time passes beyond the stale lock.
      await server.ctx.db
        .update(deliveries)
        .set({ lockedAt: sql`now() - ${DELIVERY_STALE_LOCK_MS + 1000}::float8 * interval '1 millisecond'` })
        .where(eq(deliveries.id, id));
    }
    // Embedded PGlite is open in one process only, so another process's claim is given back at once.
    await deliverNow();
    const done = await settled(id);
    expect(done).toMatchObject({ status: 'sent', attempts: 2, lockedBy: null });
    expect(mailsFor(alice.email, title)).toHaveLength(1);
    await deliverNow();
    expect(mailsFor(alice.email, title)).toHaveLength(1);
  });
});

describe('a delivery worker process killed between claim and send', () => {
  const CLAIMER = new URL('./notification-delivery-claimer.ts', import.meta.url).pathname;

  // Two processes need one database: PostgreSQL (PGlite opens in one process only; the test above covers it there).
  it.runIf(Boolean(TEST_DATABASE_URL))(
    'leaves no mail behind, keeps its claim until the lock is stale, then the survivor sends it exactly once',
    async () => {
      const dave = await user('dave.delivery@example.com');
      await setAlert(dave);
      // The sign-up code goes out through the queue too: the SMTP server holds nothing but our delivery.
      await waitFor('the sign-up email', () => mailsFor(dave.email, 'Confirm your account')[0]);
      smtp.stall.add(dave.email);
      const child = spawn(process.execPath, [CLAIMER], {
        env: {
          ...process.env,
          DATABASE_URL: server.config.DATABASE_URL,
          IDP_SECRET: server.config.IDP_SECRET,
          SMTP_URL: smtp.url,
          PUBLIC_URL: server.config.PUBLIC_URL,
          DATA_DIR: server.config.DATA_DIR,
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let title = '';
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, signal) => resolve(signal)),
      );
      try {
        const workerId = await new Promise<string>((resolve, reject) => {
          child.stdout?.on('data', (chunk: Buffer) => {
            const ready = /ready (\S+)/.exec(String(chunk));
            if (ready?.[1]) resolve(ready[1]);
          });
          child.on('exit', () => reject(new Error('the worker process ended before it was ready')));
        });
        const queued = await queue(dave, ['email']);
        title = queued.title;
        const id = queued.ids[0] ?? 0;
        // The child claimed it and is inside the send: the SMTP server has its recipient and holds the answer.
        await waitFor('the child to be sending', () => (smtp.stalled.includes(dave.email) ? true : undefined));
        expect(await row(id)).toMatchObject({ status: 'sending', lockedBy: workerId, attempts: 1 });
        child.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');
      } finally {
        child.kill('SIGKILL');
        smtp.stall.delete(dave.email);
      }
      const [claimed] = await server.ctx.db
        .select({ id: deliveries.id })
        .from(deliveries)
        .where(eq(deliveries.userId, dave.sub));
      const id = claimed?.id ?? 0;
      expect(mailsFor(dave.email, title)).toEqual([]);
      // Restarted workers leave a fresh claim alone: its worker might be alive elsewhere.
      await deliverNow();
      expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });
      // Time passes beyond the stale lock: the claim is given back and sent once.
      await server.ctx.db
        .update(deliveries)
        .set({ lockedAt: sql`now() - ${DELIVERY_STALE_LOCK_MS + 1000}::float8 * interval '1 millisecond'` })
        .where(eq(deliveries.id, id));
      await deliverNow();
      expect(await settled(id)).toMatchObject({ status: 'sent', attempts: 2 });
      await deliverNow();
      expect(mailsFor(dave.email, title)).toHaveLength(1);
    },
    60_000,
  );
});

describe('quiet hours and the daily cap', () => {
  const zone = 'Asia/Tokyo';

  it('holds push and SMS until quiet hours end in the user’s zone; email goes at once', async () => {
    const now = new Date();
    const start = localClock(zone, new Date(now.getTime() - 60 * 60_000));
    const end = localClock(zone, new Date(now.getTime() + 2 * 60 * 60_000));
    await q.savePreferences(server.ctx.db, {
      userId: alice.sub,
      preferences: { timeZone: zone, quietStart: start, quietEnd: end, dailyCap: 20 },
    });
    try {
      const { ids, title } = await queue(alice, ['email', 'push', 'sms']);
      const [emailId, pushId, smsId] = ids as [number, number, number];
      await deliverNow();
      expect(await settled(emailId)).toMatchObject({ status: 'sent' });
      expect(mailsFor(alice.email, title)).toHaveLength(1);
      for (const id of [pushId, smsId]) {
        const held = await row(id);
        expect(held).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
        expect(held.providerAnswer).toBe(`held for quiet hours until ${end} (${zone})`);
        // Held to the minute quiet hours end: two hours from now, less the minute already begun.
        const ahead = held.notBefore.getTime() - now.getTime();
        expect(ahead).toBeGreaterThan(2 * 60 * 60_000 - 61_000);
        expect(ahead).toBeLessThanOrEqual(2 * 60 * 60_000);
      }
    } finally {
      await q.savePreferences(server.ctx.db, { userId: alice.sub, preferences: { ...q.DEFAULT_PREFERENCES } });
    }
  });

  it('skips push and SMS beyond the daily cap (email is not capped)', async () => {
    // Two text messages already went out today.
    for (let i = 0; i < 2; i++) {
      const { ids } = await queue(bob, ['sms']);
      await server.ctx.db
        .update(deliveries)
        .set({ status: 'sent', sentAt: sql`now()`, provider: 'twilio', providerAnswer: 'sent earlier' })
        .where(inArray(deliveries.id, ids));
    }
    await q.savePreferences(server.ctx.db, {
      userId: bob.sub,
      preferences: { ...q.DEFAULT_PREFERENCES, timeZone: 'UTC', dailyCap: 2 },
    });
    try {
      const { ids, title } = await queue(bob, ['sms', 'push', 'email']);
      const [smsId, pushId, emailId] = ids as [number, number, number];
      for (const id of [smsId, pushId]) {
        expect(await settled(id)).toMatchObject({ status: 'skipped', providerAnswer: 'daily cap reached' });
      }
      expect(await settled(emailId)).toMatchObject({ status: 'sent' });
      expect(mailsFor(bob.email, title)).toHaveLength(1);
      // One more allowed: the next SMS is not stopped by the cap (whatever its channel then answers).
      await q.savePreferences(server.ctx.db, {
        userId: bob.sub,
        preferences: { ...q.DEFAULT_PREFERENCES, timeZone: 'UTC', dailyCap: 3 },
      });
      const next = await queue(bob, ['sms']);
      expect((await settled(next.ids[0] ?? 0)).providerAnswer).not.toBe('daily cap reached');
    } finally {
      await q.savePreferences(server.ctx.db, { userId: bob.sub, preferences: { ...q.DEFAULT_PREFERENCES } });
    }
  });
});

describe('retries and the circuit breaker', () => {
  it('retries a refused email with the SPEC §9 backoff until the server takes it', async () => {
    await resetCircuits();
    smtp.busy.add(alice.email);
    const { ids, title } = await queue(alice, ['email']);
    const done = await settled(ids[0] ?? 0);
    expect(done).toMatchObject({ status: 'sent', attempts: 2, provider: 'smtp' });
    expect(mailsFor(alice.email, title)).toHaveLength(1);
    // The success closed the count of failures in a row.
    const [smtpRow] = await server.ctx.db
      .select()
      .from(notificationProviders)
      .where(eq(notificationProviders.name, 'smtp'));
    expect(smtpRow).toMatchObject({ failures: 0, openUntil: null });
    expect(smtpRow?.lastError).toMatch(/451|busy/i);
  });

  it('fails a permanent refusal at once, without counting it against the transport', async () => {
    await resetCircuits();
    smtp.down.code = 550;
    try {
      const { ids } = await queue(alice, ['email']);
      const done = await settled(ids[0] ?? 0);
      expect(done).toMatchObject({ status: 'failed', attempts: 1 });
      expect(done.providerAnswer).toMatch(/550/);
      expect(await server.ctx.db.select().from(notificationProviders)).toEqual([]);
    } finally {
      smtp.down.code = null;
    }
  });

  it('opens the circuit after repeated failures: deliveries wait instead of spending their attempts, shown on /dev', async () => {
    await resetCircuits();
    smtp.down.code = 421;
    let ids: number[] = [];
    try {
      const first = await queue(alice, ['email']);
      const held = await waitFor(
        'the circuit to open',
        async () => {
          const found = await row(first.ids[0] ?? 0);
          return found.providerAnswer?.startsWith('waiting:') ? found : undefined;
        },
        60_000,
      );
      expect(held.status).toBe('queued');
      expect(held.attempts).toBe(CIRCUIT_FAILURE_THRESHOLD);
      expect(held.notBefore.getTime()).toBeGreaterThan(Date.now() + 60_000);
      const [circuit] = await server.ctx.db
        .select()
        .from(notificationProviders)
        .where(eq(notificationProviders.name, 'smtp'));
      expect(circuit?.failures).toBe(CIRCUIT_FAILURE_THRESHOLD);
      expect(circuit?.lastError).toMatch(/421/);
      // A new delivery meanwhile waits for the transport without being tried.
      const second = await queue(bob, ['email']);
      await deliverNow();
      expect(await row(second.ids[0] ?? 0)).toMatchObject({ status: 'queued', attempts: 0 });
      ids = [...first.ids, ...second.ids];

      const headers = { 'x-admin-token': server.ctx.adminToken ?? '' };
      await server.api('/api/admin/flags/dev', json({ enabled: true }, { method: 'PUT', headers }));
      try {
        const res = await server.api('/api/notifications/providers');
        expect(res.status).toBe(200);
        const status = await body(res);
        expect(status.providers.find((p: { name: string }) => p.name === 'smtp')).toMatchObject({
          state: 'open',
          failures: CIRCUIT_FAILURE_THRESHOLD,
        });
        expect(status.queue.queued).toBeGreaterThanOrEqual(2);
      } finally {
        await server.api('/api/admin/flags/dev', json({ enabled: false }, { method: 'PUT', headers }));
      }
      expect((await server.api('/api/notifications/providers')).status).toBe(403);
    } finally {
      smtp.down.code = null;
    }
    // The rest is over (time passes) and the server answers again: both go, once each, and the circuit closes.
    await server.ctx.db
      .update(notificationProviders)
      .set({ openUntil: sql`now() - interval '1 second'` })
      .where(eq(notificationProviders.name, 'smtp'));
    await server.ctx.db.update(deliveries).set({ notBefore: sql`now()` }).where(inArray(deliveries.id, ids));
    for (const id of ids) expect(await settled(id)).toMatchObject({ status: 'sent' });
    const [closed] = await server.ctx.db
      .select()
      .from(notificationProviders)
      .where(eq(notificationProviders.name, 'smtp'));
    expect(closed).toMatchObject({ failures: 0, openUntil: null });
  });
});

describe('unsubscribe links', () => {
  async function tokenOfLastMail(who: User) {
    const { ids, title } = await queue(who, ['email']);
    await settled(ids[0] ?? 0);
    const [mail] = mailsFor(who.email, title);
    const link = (header(mail?.raw ?? '', 'List-Unsubscribe') ?? '').slice(1, -1);
    return { link, token: new URL(link).searchParams.get('token') ?? '' };
  }

  const alertOf = async (who: User) =>
    (
      await server.ctx.db
        .select()
        .from(alerts)
        .where(and(eq(alerts.userId, who.sub), eq(alerts.symbol, symbol)))
    )[0];

  it('answers 400 to a tampered token and changes nothing', async () => {
    const { token } = await tokenOfLastMail(bob);
    const [payload, signature] = token.split('.') as [string, string];
    const other = Buffer.from(JSON.stringify({ u: alice.sub, k: 'earningsResults', s: symbol })).toString('base64url');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [`${other}.${signature}`, `${payload}.${flipped}`, payload, `${token}.x`, 'nonsense']) {
      for (const method of ['GET', 'POST']) {
        const res = await server.api(`/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`, { method });
        expect(res.status).toBe(400);
        // The message names the field; the page shows the detail's words alone.
        expect(await body(res)).toMatchObject({
          message: expect.stringMatching(/^query\.token: /),
          details: [{ field: 'query.token', message: 'This unsubscribe link is not valid (it was changed or cut).' }],
        });
      }
    }
    const nul = await server.api('/api/notifications/unsubscribe?token=%00', { method: 'POST' });
    expect(nul.status).toBe(400);
    expect(await alertOf(alice)).toMatchObject({ earningsResults: true });
    expect(await alertOf(bob)).toMatchObject({ earningsResults: true });
  });

  it('shows what a link turns off, and the one-click POST turns off that switch for that symbol only', async () => {
    const { link, token } = await tokenOfLastMail(bob);
    const shown = await server.api(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await body(shown)).toEqual({
      kind: 'earningsResults',
      symbol,
      description: `Earnings results alerts for ${symbol} (email, push and text messages)`,
    });
    // What a mail client sends (RFC 8058).
    const res = await server.api(link.replace(server.config.PUBLIC_URL, ''), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ unsubscribed: true, symbol });
    expect(await alertOf(bob)).toMatchObject({ earningsResults: false, notifyByEmail: true });
    expect(await alertOf(alice)).toMatchObject({ earningsResults: true });
    const after = await queue(bob, ['email']);
    expect(await settled(after.ids[0] ?? 0)).toMatchObject({ status: 'skipped', providerAnswer: 'alert switched off' });
    await setAlert(bob);
  });
});

describe('unsubscribe scopes without an alert switch of their own', () => {
  const post = (token: string) =>
    server.api(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' });

  it('a digest link turns that digest off on every alert; a marketing link turns marketing email off', async () => {
    await setAlert(alice, { dailySummary: true, weeklySummary: true });
    const digest = unsubscribeToken(server.ctx, { userId: alice.sub, kind: 'dailySummary', symbol: null });
    expect(await body(await post(digest))).toMatchObject({
      description: 'The daily summary (email, push and text messages)',
      unsubscribed: true,
    });
    const [after] = await server.ctx.db.select().from(alerts).where(eq(alerts.userId, alice.sub));
    expect(after).toMatchObject({ dailySummary: false, weeklySummary: true, earningsResults: true });

    await server.ctx.db.update(users).set({ marketingSubscribed: true }).where(eq(users.id, alice.sub));
    const marketing = unsubscribeToken(server.ctx, { userId: alice.sub, kind: 'marketing', symbol: null });
    expect(await body(await post(marketing))).toMatchObject({ description: 'Marketing email', unsubscribed: true });
    const status = await server.api('/api/core/users/me/marketing/status', { headers: alice.headers });
    expect(await body(status)).toEqual({ subscribed: false });
    await setAlert(alice);
  });
});

describe('the API', () => {
  const call = (who: User, path: string, init: RequestInit = {}) =>
    server.api(`/api/notifications${path}`, { ...init, headers: { ...who.headers, ...init.headers } });

  it('needs a signed-in caller', async () => {
    for (const [method, path] of [
      ['GET', '/deliveries'],
      ['POST', '/test'],
      ['GET', '/preferences'],
      ['POST', '/preferences'],
    ] as const) {
      const res = await server.api(`/api/notifications${path}`, method === 'POST' ? json({}) : {});
      expect(res.status).toBe(401);
    }
  });

  it('sends a test on the channel asked for, now, and the log shows it with the provider’s answer', async () => {
    const res = await call(alice, '/test', json({ channel: 'email' }));
    expect(res.status).toBe(202);
    const { delivery } = await body(res);
    expect(delivery).toMatchObject({
      kind: 'test',
      channel: 'email',
      status: 'queued',
      title: 'Test email from your profile',
    });
    await waitFor('the test email', () => mailsFor(alice.email, 'Test email from your profile')[0]);
    const sent = await settled(delivery.id);
    expect(sent.status).toBe('sent');
    // A second one at once is refused (each is a real email).
    expect((await call(alice, '/test', json({ channel: 'email' }))).status).toBe(429);
    const push = await body(await call(alice, '/test', json({ channel: 'push' })));
    expect(push.delivery.channel).toBe('push');
    for (const bad of [{ channel: 'fax' }, {}, { channel: 'email', extra: 1 }, { channel: 7 }]) {
      const refused = await call(alice, '/test', json(bad));
      expect(refused.status).toBe(400);
      expect((await body(refused)).message).toMatch(/^body/);
    }
  });

  it('pages the delivery log newest first, each entry with its event, channel, status, answer and time', async () => {
    const all = await body(await call(alice, '/deliveries?limit=100'));
    expect(all.deliveries.length).toBeGreaterThan(3);
    const test = all.deliveries.find(
      (d: { kind: string; channel: string }) => d.kind === 'test' && d.channel === 'email',
    );
    expect(test).toMatchObject({ status: 'sent', provider: 'smtp', symbol: null, path: '/profile' });
    expect(test.providerAnswer).toMatch(/^250/);
    expect(Date.parse(test.sentAt)).toBeGreaterThan(Date.now() - 120_000);
    const results = all.deliveries.find((d: { kind: string }) => d.kind === 'earningsResults');
    expect(results).toMatchObject({ symbol, title: expect.stringContaining(`${symbol} reported`) });
    // Only the caller's own.
    const bobs = await body(await call(bob, '/deliveries?limit=100'));
    const aliceIds = new Set(all.deliveries.map((d: { id: number }) => d.id));
    expect(bobs.deliveries.some((d: { id: number }) => aliceIds.has(d.id))).toBe(false);
    // Pages.
    const first = await body(await call(alice, '/deliveries?limit=2'));
    expect(first.deliveries.map((d: { id: number }) => d.id)).toEqual(
      all.deliveries.slice(0, 2).map((d: { id: number }) => d.id),
    );
    const second = await body(await call(alice, `/deliveries?limit=2&before=${first.next}`));
    expect(second.deliveries.map((d: { id: number }) => d.id)).toEqual(
      all.deliveries.slice(2, 4).map((d: { id: number }) => d.id),
    );
    for (const bad of ['limit=0', `limit=${1000}`, 'limit=x', 'before=-1', 'before=1.5']) {
      const res = await call(alice, `/deliveries?${bad}`);
      expect(res.status).toBe(400);
      expect((await body(res)).message).toMatch(/^query\./);
    }
  });

  it('keeps the time zone, quiet hours and daily cap, and names the field of a bad one', async () => {
    const fresh = await body(await call(bob, '/preferences'));
    expect(fresh).toEqual({ timeZone: 'America/New_York', quietStart: null, quietEnd: null, dailyCap: 20 });
    const saved = await call(
      bob,
      '/preferences',
      json({ timeZone: 'Europe/Paris', quietStart: '22:00', quietEnd: '07:30', dailyCap: 5 }),
    );
    expect(await body(saved)).toEqual({
      timeZone: 'Europe/Paris',
      quietStart: '22:00',
      quietEnd: '07:30',
      dailyCap: 5,
    });
    expect(await body(await call(bob, '/preferences', json({ dailyCap: 0 })))).toMatchObject({
      quietStart: '22:00',
      dailyCap: 0,
    });
    expect(await body(await call(bob, '/preferences', json({ quietStart: null, quietEnd: null })))).toMatchObject({
      timeZone: 'Europe/Paris',
      quietStart: null,
      quietEnd: null,
    });
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
      const res = await call(bob, '/preferences', json(payload));
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect((await body(res)).message, JSON.stringify(payload)).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
    }
    const notJson = await call(bob, '/preferences', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"timeZone":',
    });
    expect(notJson.status).toBe(400);
    expect(await body(await call(bob, '/preferences'))).toMatchObject({ timeZone: 'Europe/Paris', dailyCap: 0 });
  });
});

describe('the local mailbox (no SMTP)', () => {
  let local: TestServer;
  beforeAll(async () => {
    local = await startTestServer();
  });
  afterAll(async () => local?.close());

  it('keeps a notification email in the mailbox an embedded user reads at /dev/mail', async () => {
    const carol = await signedInUser(local, 'carol.delivery@example.com');
    await local.api('/api/core/users/me', { headers: carol.headers });
    const res = await local.api('/api/notifications/test', json({ channel: 'email' }, { headers: carol.headers }));
    expect(res.status).toBe(202);
    const { delivery } = await body(res);
    const done = await waitFor('the test to settle', async () => {
      const [found] = await local.ctx.db.select().from(deliveries).where(eq(deliveries.id, delivery.id));
      return found?.status === 'sent' ? found : undefined;
    });
    expect(done.provider).toBe('mailbox');
    if (!local.config.DATABASE_URL) {
      const { messages } = await body(await local.api('/api/core/dev/outbox'));
      const kept = messages.find(
        (m: { to: string; subject: string }) =>
          m.to === 'carol.delivery@example.com' && m.subject === 'Test email from your profile',
      );
      expect(kept?.body).toContain('If you can read it, notifications on this channel reach you.');
      expect(kept?.body).toMatch(/Unsubscribe: http:\/\/localhost:\d+\/unsubscribe\?token=/);
    }
  });
});
