/**
 * Notification delivery on the service tier: the email channel against a real SMTP server on this machine (the
 * message's parts and headers as the server received them), the queue's guarantees (exactly once under racing
 * workers, a claim abandoned by a dead worker, quiet hours, the daily cap, retries, the circuit), the switches and
 * unverified addresses that skip a delivery, what an unsubscribe token turns off, the delivery log, the limits and a
 * test per channel, and the local mailbox of a server without SMTP. No job lane runs here: a delivery moves only when
 * a test calls deliverDue.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { alerts, deliveries, notificationProviders, outbox, users } from '@eh/db';
import {
  CIRCUIT_FAILURE_THRESHOLD,
  CIRCUIT_OPEN_MS,
  DELIVERY_STALE_LOCK_MS,
  type NotificationChannel,
  type NotificationKind,
  RETRY_BACKOFF_FACTOR,
  RETRY_INITIAL_DELAY_MS,
  RETRY_MAX_JITTER_MS,
} from '@eh/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/kernel/http/auth.ts';
import { devOutbox } from '../../src/modules/dev-outbox/service.ts';
import { setFlag } from '../../src/modules/flags/index.ts';
import { deliverDue } from '../../src/modules/notifications/delivery/deliver.ts';
import { localClock } from '../../src/modules/notifications/delivery/rules.ts';
import * as q from '../../src/modules/notifications/queries.ts';
import * as notifications from '../../src/modules/notifications/service.ts';
import {
  unsubscribeApiUrl,
  unsubscribePageUrl,
  unsubscribeToken,
} from '../../src/modules/notifications/unsubscribe.ts';
import * as usersService from '../../src/modules/users/service.ts';
import { popularSymbols } from '../market-fixtures.ts';
import { eachDatabase, type ServiceContext, silentLog } from './context.ts';

/** A signed-up person as a route passes them to a service, with the address mail goes to. */
type Person = Caller & { email: string };

async function withAddress(caller: Promise<Caller>): Promise<Person> {
  const { sub, email } = await caller;
  if (!email) throw new Error(`person ${sub} has no email address`);
  return { sub, email };
}

interface Received {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server that keeps what it is given. While `down.code` is set it refuses every recipient with that
 * code; an address in `busy` is refused once with 451; one in `stall` is taken in and never answered (a send that
 * hangs), and `stalled` lists those that reached it.
 */
async function startSmtp() {
  const received: Received[] = [];
  const busy = new Set<string>();
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
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The delivery helpers of one database's context. */
function deliveryKit(service: () => ServiceContext) {
  const ctx = () => service().ctx;
  let sequence = 0;

  const setAlert = async (who: Caller, symbol: string, settings: Partial<typeof alerts.$inferInsert> = {}) => {
    const values = {
      userId: who.sub,
      symbol,
      earningsResults: true,
      notifyByEmail: true,
      notifyByPush: true,
      notifyBySms: true,
      ...settings,
    };
    await ctx()
      .db.insert(alerts)
      .values(values)
      .onConflictDoUpdate({ target: [alerts.userId, alerts.symbol], set: values });
  };

  /** A fresh event of `kind` on `symbol`, queued for `who` on each channel; returns the delivery ids. */
  const queue = async (
    who: Caller,
    symbol: string,
    channels: NotificationChannel[],
    kind: NotificationKind = 'earningsResults',
  ) => {
    sequence += 1;
    const title = `${symbol} reported (${service().kind} ${sequence})`;
    const eventId = await q.upsertEvent(ctx().db, {
      kind,
      eventKey: `delivery-test:${randomUUID()}`,
      symbol,
      userId: null,
      title,
      body: `EPS 1.23 against 1.10 expected.\nRevenue 9.9B against 9.5B.`,
      path: `/quote/${symbol}/earnings`,
    });
    const ids: number[] = [];
    for (const channel of channels) {
      const id = await q.queueDelivery(ctx().db, { eventId, userId: who.sub, channel });
      if (id === null) throw new Error('not queued');
      ids.push(id);
    }
    return { eventId, ids, title };
  };

  /** One fresh event of `kind` on `symbol`, queued for each of `people` on email; the delivery ids by person. */
  const queueToAll = async (people: Caller[], symbol: string, kind: NotificationKind = 'earningsResults') => {
    sequence += 1;
    const title = `${symbol} reported to all (${service().kind} ${sequence})`;
    const eventId = await q.upsertEvent(ctx().db, {
      kind,
      eventKey: `delivery-test:${randomUUID()}`,
      symbol,
      userId: null,
      title,
      body: 'EPS 1.23 against 1.10 expected.',
      path: `/quote/${symbol}/earnings`,
    });
    const ids = new Map<string, number>();
    for (const who of people) {
      const id = await q.queueDelivery(ctx().db, { eventId, userId: who.sub, channel: 'email' });
      if (id === null) throw new Error('not queued');
      ids.set(who.sub, id);
    }
    return { eventId, ids, title };
  };

  /** Two workers draining at once, each with several small batches in flight: the batch path under a race. */
  const raceTwoWorkers = async () => {
    const reports = await Promise.all([deliverNow({ batch: 7, inFlight: 3 }), deliverNow({ batch: 7, inFlight: 3 })]);
    return {
      claimed: reports.reduce((sum, r) => sum + r.claimed, 0),
      sent: reports.reduce((sum, r) => sum + (r.byStatus.sent ?? 0), 0),
    };
  };

  const row = async (id: number) => {
    const [found] = await ctx().db.select().from(deliveries).where(eq(deliveries.id, id));
    if (!found) throw new Error(`delivery ${id} is gone`);
    return found;
  };

  const deliverNow = (options: Parameters<typeof deliverDue>[2] = {}) => deliverDue(ctx(), silentLog, options);

  /** Time passes: the delivery's retry or hold is due now. */
  const dueNow = (ids: number[]) =>
    ctx().db.update(deliveries).set({ notBefore: sql`now()` }).where(inArray(deliveries.id, ids));

  const staleLock = (id: number) =>
    ctx()
      .db.update(deliveries)
      .set({ lockedAt: sql`now() - ${DELIVERY_STALE_LOCK_MS + 1000}::float8 * interval '1 millisecond'` })
      .where(eq(deliveries.id, id));

  const circuit = async (name: 'smtp' | 'mailbox') => {
    const [found] = await ctx().db.select().from(notificationProviders).where(eq(notificationProviders.name, name));
    return found;
  };

  const alertOf = (who: Caller, symbol: string) => q.alertOf(ctx().db, { userId: who.sub, symbol });

  return { ctx, setAlert, queue, queueToAll, raceTwoWorkers, row, deliverNow, dueNow, staleLock, circuit, alertOf };
}

const smtp = await startSmtp();
afterAll(async () => smtp.close());

const mailsFor = (address: string, title?: string) =>
  smtp.received.filter((m) => m.to.includes(address) && (!title || (header(m.raw, 'Subject') ?? '').includes(title)));

eachDatabase(
  (service, kind) => {
    const { ctx, setAlert, queue, queueToAll, raceTwoWorkers, row, deliverNow, dueNow, staleLock, circuit, alertOf } =
      deliveryKit(service);
    /** A person on a plan with the alerts feature (their stored switches count), unless `free`. */
    const person = (options: { plan?: 'free'; emailVerified?: boolean } = {}) =>
      withAddress(
        service().user({ plan: options.plan ?? 'earningshub_pro', emailVerified: options.emailVerified ?? true }),
      );
    let symbol: string;
    let other: string;

    beforeAll(async () => {
      ({
        stocks: [symbol, other],
      } = await popularSymbols(ctx().db));
    });

    describe('the email channel', () => {
      it('sends an HTML and a plain-text part from one template, linking the page, with RFC 8058 one-click headers', async () => {
        const alice = await person();
        await setAlert(alice, symbol);
        const { ids, title } = await queue(alice, symbol, ['email']);
        const id = ids[0] ?? 0;
        expect(await deliverNow()).toMatchObject({ claimed: 1, recovered: 0, byStatus: { sent: 1 } });
        const done = await row(id);
        expect(done).toMatchObject({ status: 'sent', provider: 'smtp', attempts: 1, lockedBy: null });
        expect(done.providerAnswer).toMatch(/^250/);
        expect(done.sentAt).toBeInstanceOf(Date);
        const [mail, ...more] = mailsFor(alice.email, title);
        if (!mail) throw new Error('no mail');
        expect(more).toEqual([]);
        expect(header(mail.raw, 'Content-Type')).toMatch(/multipart\/alternative/);
        const text = part(mail.raw, 'text/plain') ?? '';
        const html = part(mail.raw, 'text/html') ?? '';
        const { PUBLIC_URL } = ctx().config;
        const page = `${PUBLIC_URL}/quote/${symbol}/earnings`;
        expect(text).toContain(title);
        expect(text).toContain('EPS 1.23 against 1.10 expected.');
        expect(text).toContain(page);
        expect(html).toContain(`<h1 style="font-size:20px;margin:0 0 16px">${title}</h1>`);
        expect(html).toContain(`href="${page}"`);
        // The token names this person, this kind and this symbol, signed with the server's key.
        const token = unsubscribeToken(ctx(), { userId: alice.sub, kind: 'earningsResults', symbol });
        expect(header(mail.raw, 'List-Unsubscribe')).toBe(`<${unsubscribeApiUrl(ctx(), token)}>`);
        expect(unsubscribeApiUrl(ctx(), token)).toBe(
          `${PUBLIC_URL}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
        );
        expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
        expect(header(mail.raw, 'Message-ID')).toBe(`<delivery-${id}@${new URL(PUBLIC_URL).hostname}>`);
        // The footer's link opens the page that shows what will be turned off, with the same token.
        expect(text).toContain(unsubscribePageUrl(ctx(), token));
        expect(unsubscribePageUrl(ctx(), token)).toBe(`${PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(token)}`);
        expect(html).toContain('>Unsubscribe</a>');
        // The outbox keeps the record of the email sent.
        const kept = await ctx().db.select().from(outbox).where(eq(outbox.to, alice.email));
        expect(kept).toEqual([expect.objectContaining({ subject: title, sentAt: expect.any(Date), channel: 'email' })]);
      });

      it('never emails an address that is not verified', async () => {
        const unverified = await person({ emailVerified: false });
        await setAlert(unverified, symbol);
        const { ids, title } = await queue(unverified, symbol, ['email']);
        await deliverNow();
        expect(await row(ids[0] ?? 0)).toMatchObject({ status: 'skipped', providerAnswer: 'no verified email' });
        expect(mailsFor(unverified.email, title)).toEqual([]);
      });

      it('counts a free user’s switches as the defaults: results alerts they stored are not sent, reminders are', async () => {
        const free = await person({ plan: 'free' });
        await setAlert(free, symbol);
        const results = await queue(free, symbol, ['email']);
        const reminder = await queue(free, symbol, ['email'], 'earningsReminder');
        await deliverNow();
        expect(await row(results.ids[0] ?? 0)).toMatchObject({
          status: 'skipped',
          providerAnswer: 'alert switched off',
        });
        expect(await row(reminder.ids[0] ?? 0)).toMatchObject({ status: 'sent', provider: 'smtp' });
        expect(mailsFor(free.email, results.title)).toEqual([]);
        expect(mailsFor(free.email, reminder.title)).toHaveLength(1);
      });

      it('skips an alert whose switch was turned off after the fan-out', async () => {
        const bob = await person();
        await setAlert(bob, symbol);
        const { ids, title } = await queue(bob, symbol, ['email']);
        await setAlert(bob, symbol, { earningsResults: false });
        await deliverNow();
        expect(await row(ids[0] ?? 0)).toMatchObject({ status: 'skipped', providerAnswer: 'alert switched off' });
        expect(mailsFor(bob.email, title)).toEqual([]);
      });
    });

    describe('exactly once per user, kind, event and channel', () => {
      it('sends each of 30 deliveries once while three workers race, and a re-run sends nothing', async () => {
        const bob = await person();
        await setAlert(bob, symbol);
        const queued = [];
        for (let i = 0; i < 30; i++) queued.push(await queue(bob, symbol, ['email']));
        const reports = await Promise.all([
          deliverNow({ batch: 4 }),
          deliverNow({ batch: 4 }),
          deliverNow({ batch: 4 }),
        ]);
        expect(reports.reduce((sum, r) => sum + r.claimed, 0)).toBe(30);
        expect(reports.reduce((sum, r) => sum + (r.byStatus.sent ?? 0), 0)).toBe(30);
        for (const { ids, title } of queued) {
          expect(await row(ids[0] ?? 0)).toMatchObject({ status: 'sent', attempts: 1 });
          expect(mailsFor(bob.email, title)).toHaveLength(1);
        }
        expect(await deliverNow()).toEqual({ claimed: 0, recovered: 0, byStatus: {} });
        for (const { title } of queued) expect(mailsFor(bob.email, title)).toHaveLength(1);
        // The same event to the same user on the same channel cannot be queued twice.
        const first = queued[0];
        if (!first) throw new Error('nothing queued');
        expect(
          await q.queueDelivery(ctx().db, { eventId: first.eventId, userId: bob.sub, channel: 'email' }),
        ).toBeNull();
      });

      it('sends each of 120 emails of shared events once through SMTP while two workers drain them in batches', async () => {
        const people: Person[] = [];
        for (let i = 0; i < 8; i++) people.push(await person());
        for (const who of people) await setAlert(who, symbol);
        const events = [];
        for (let i = 0; i < 15; i++) events.push(await queueToAll(people, symbol));
        expect(await raceTwoWorkers()).toEqual({ claimed: 120, sent: 120 });
        const host = new URL(ctx().config.PUBLIC_URL).hostname;
        for (const { ids, title } of events) {
          for (const who of people) {
            const id = ids.get(who.sub) ?? 0;
            expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, provider: 'smtp', lockedBy: null });
            const [mail, ...more] = mailsFor(who.email, title);
            expect(more).toEqual([]);
            // Each person's own link and Message-ID, though the event's email is rendered once for all of them.
            const token = unsubscribeToken(ctx(), { userId: who.sub, kind: 'earningsResults', symbol });
            expect(header(mail?.raw ?? '', 'List-Unsubscribe')).toBe(`<${unsubscribeApiUrl(ctx(), token)}>`);
            expect(header(mail?.raw ?? '', 'Message-ID')).toBe(`<delivery-${id}@${host}>`);
            expect(part(mail?.raw ?? '', 'text/plain')).toContain(`Unsubscribe: ${unsubscribePageUrl(ctx(), token)}`);
            const kept = await ctx()
              .db.select()
              .from(outbox)
              .where(and(eq(outbox.to, who.email), eq(outbox.subject, title)));
            expect(kept).toEqual([expect.objectContaining({ sentAt: expect.any(Date), attempts: 1 })]);
          }
        }
        expect(await raceTwoWorkers()).toEqual({ claimed: 0, sent: 0 });
      });

      it('gives back a claim whose worker died before sending, and sends it exactly once after the restart', async () => {
        const alice = await person();
        await setAlert(alice, symbol);
        const { ids, title } = await queue(alice, symbol, ['email']);
        const id = ids[0] ?? 0;
        // A worker of another process claims it and is killed before it sends: its row stays 'sending', locked.
        const claimed = await ctx()
          .db.update(deliveries)
          .set({
            status: 'sending',
            lockedBy: 'dead-host:4242:deliver',
            lockedAt: sql`now()`,
            attempts: sql`${deliveries.attempts} + 1`,
          })
          .where(and(eq(deliveries.id, id), eq(deliveries.status, 'queued')))
          .returning({ id: deliveries.id });
        expect(claimed).toEqual([{ id }]);
        // The worker's timer sees nothing to do while the lock is fresh.
        expect(await q.anyDue(ctx().db, { staleMs: DELIVERY_STALE_LOCK_MS })).toBe(false);
        if (service().kind === 'postgresql') {
          // Shared PostgreSQL: a fresh lock may belong to a live worker elsewhere, so it is left alone.
          expect(await deliverNow()).toMatchObject({ claimed: 0, recovered: 0 });
          expect(await row(id)).toMatchObject({ status: 'sending', lockedBy: 'dead-host:4242:deliver' });
          expect(mailsFor(alice.email, title)).toEqual([]);
          // Time passes beyond the stale lock: the timer sees it due.
          await staleLock(id);
          expect(await q.anyDue(ctx().db, { staleMs: DELIVERY_STALE_LOCK_MS })).toBe(true);
        }
        // Embedded PGlite is open in one process only, so another process's claim is given back at once.
        expect(await deliverNow()).toMatchObject({ claimed: 1, recovered: 1, byStatus: { sent: 1 } });
        expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lockedBy: null });
        expect(mailsFor(alice.email, title)).toHaveLength(1);
        expect(await q.anyDue(ctx().db, { staleMs: DELIVERY_STALE_LOCK_MS })).toBe(false);
        await deliverNow();
        expect(mailsFor(alice.email, title)).toHaveLength(1);
      });
    });

    // Two processes need one database: PostgreSQL (PGlite opens in one process only; the test above covers it there).
    if (kind === 'postgresql')
      describe('a delivery worker process killed between claim and send', () => {
        const CLAIMER = new URL('./notification-delivery-claimer.ts', import.meta.url).pathname;

        it('leaves no mail behind, keeps its claim until the lock is stale, then the survivor sends it exactly once', async () => {
          const dave = await person();
          await setAlert(dave, symbol);
          smtp.stall.add(dave.email);
          const { config } = ctx();
          const child = spawn(process.execPath, [CLAIMER], {
            env: {
              ...process.env,
              DATABASE_URL: config.DATABASE_URL,
              IDP_SECRET: config.IDP_SECRET,
              SMTP_URL: smtp.url,
              PUBLIC_URL: config.PUBLIC_URL,
              DATA_DIR: config.DATA_DIR,
              LOG_LEVEL: 'silent',
            },
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          let queued: Awaited<ReturnType<typeof queue>> | undefined;
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
            queued = await queue(dave, symbol, ['email']);
            // The child claimed it and is inside the send: the SMTP server has its recipient and holds the answer.
            await waitFor('the child to be sending', () => (smtp.stalled.includes(dave.email) ? true : undefined));
            expect(await row(queued.ids[0] ?? 0)).toMatchObject({ status: 'sending', lockedBy: workerId, attempts: 1 });
            child.kill('SIGKILL');
            expect(await exited).toBe('SIGKILL');
          } finally {
            child.kill('SIGKILL');
            smtp.stall.delete(dave.email);
          }
          const id = queued.ids[0] ?? 0;
          expect(mailsFor(dave.email, queued.title)).toEqual([]);
          // Restarted workers leave a fresh claim alone: its worker might be alive elsewhere.
          await deliverNow();
          expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });
          // Time passes beyond the stale lock: the claim is given back and sent once.
          await staleLock(id);
          expect(await deliverNow()).toMatchObject({ claimed: 1, recovered: 1, byStatus: { sent: 1 } });
          expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
          await deliverNow();
          expect(mailsFor(dave.email, queued.title)).toHaveLength(1);
        }, 60_000);
      });

    describe('quiet hours and the daily cap', () => {
      it('holds push and SMS until quiet hours end in the user’s zone; email goes at once', async () => {
        const zone = 'Asia/Tokyo';
        const alice = await person();
        await setAlert(alice, symbol);
        const now = new Date();
        const start = localClock(zone, new Date(now.getTime() - 60 * 60_000));
        const end = localClock(zone, new Date(now.getTime() + 2 * 60 * 60_000));
        await q.savePreferences(ctx().db, {
          userId: alice.sub,
          preferences: { timeZone: zone, quietStart: start, quietEnd: end, dailyCap: 20 },
        });
        const { ids, title } = await queue(alice, symbol, ['email', 'push', 'sms']);
        const [emailId, pushId, smsId] = ids as [number, number, number];
        expect(await deliverNow({ now: () => now })).toMatchObject({ claimed: 3, byStatus: { sent: 1, queued: 2 } });
        expect(await row(emailId)).toMatchObject({ status: 'sent' });
        expect(mailsFor(alice.email, title)).toHaveLength(1);
        // Tokyo keeps no summer time: quiet hours end two hours of wall clock from the minute begun.
        const minuteStart = Math.floor(now.getTime() / 60_000) * 60_000;
        for (const id of [pushId, smsId]) {
          const held = await row(id);
          expect(held).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null, sentAt: null });
          expect(held.providerAnswer).toBe(`held for quiet hours until ${end} (${zone})`);
          expect(held.notBefore.getTime()).toBe(minuteStart + 2 * 60 * 60_000);
        }
        // Not due until then: another run claims nothing.
        expect((await deliverNow()).claimed).toBe(0);
      });

      it('skips push and SMS beyond the daily cap (email is not capped)', async () => {
        const bob = await person();
        await setAlert(bob, symbol);
        // Two text messages already went out today.
        for (let i = 0; i < 2; i++) {
          const { ids } = await queue(bob, symbol, ['sms']);
          await ctx()
            .db.update(deliveries)
            .set({ status: 'sent', sentAt: sql`now()`, provider: 'twilio', providerAnswer: 'sent earlier' })
            .where(inArray(deliveries.id, ids));
        }
        await q.savePreferences(ctx().db, {
          userId: bob.sub,
          preferences: { ...q.DEFAULT_PREFERENCES, timeZone: 'UTC', dailyCap: 2 },
        });
        const { ids, title } = await queue(bob, symbol, ['sms', 'push', 'email']);
        const [smsId, pushId, emailId] = ids as [number, number, number];
        await deliverNow();
        for (const id of [smsId, pushId]) {
          expect(await row(id)).toMatchObject({ status: 'skipped', providerAnswer: 'daily cap reached' });
        }
        expect(await row(emailId)).toMatchObject({ status: 'sent' });
        expect(mailsFor(bob.email, title)).toHaveLength(1);
        // One more allowed: the next SMS passes the cap and reaches its channel (bob has no phone number).
        await q.savePreferences(ctx().db, {
          userId: bob.sub,
          preferences: { ...q.DEFAULT_PREFERENCES, timeZone: 'UTC', dailyCap: 3 },
        });
        const next = await queue(bob, symbol, ['sms']);
        await deliverNow();
        expect(await row(next.ids[0] ?? 0)).toMatchObject({ status: 'skipped', providerAnswer: 'no verified phone' });
      });
    });

    describe('retries and the circuit breaker', () => {
      const resetCircuits = () => ctx().db.delete(notificationProviders);

      it('retries a refused email with the SPEC §9 backoff until the server takes it', async () => {
        await resetCircuits();
        const alice = await person();
        await setAlert(alice, symbol);
        smtp.busy.add(alice.email);
        const { ids, title } = await queue(alice, symbol, ['email']);
        const id = ids[0] ?? 0;
        const before = Date.now();
        await deliverNow();
        const after = Date.now();
        const retry = await row(id);
        expect(retry).toMatchObject({ status: 'queued', attempts: 1, provider: 'smtp', lockedBy: null });
        expect(retry.providerAnswer).toMatch(/451/);
        // The first retry waits 100 ms plus up to 100 ms of jitter.
        expect(retry.notBefore.getTime()).toBeGreaterThanOrEqual(before + RETRY_INITIAL_DELAY_MS);
        expect(retry.notBefore.getTime()).toBeLessThanOrEqual(after + RETRY_INITIAL_DELAY_MS + RETRY_MAX_JITTER_MS);
        expect(await circuit('smtp')).toMatchObject({ failures: 1, openUntil: null });
        await dueNow([id]);
        await deliverNow();
        expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, provider: 'smtp' });
        expect(mailsFor(alice.email, title)).toHaveLength(1);
        // The success closed the count of failures in a row.
        const smtpRow = await circuit('smtp');
        expect(smtpRow).toMatchObject({ failures: 0, openUntil: null });
        expect(smtpRow?.lastError).toMatch(/451|busy/i);
      });

      it('fails a permanent refusal at once, without counting it against the transport', async () => {
        await resetCircuits();
        const alice = await person();
        await setAlert(alice, symbol);
        smtp.down.code = 550;
        try {
          const { ids } = await queue(alice, symbol, ['email']);
          await deliverNow();
          const done = await row(ids[0] ?? 0);
          expect(done).toMatchObject({ status: 'failed', attempts: 1, provider: 'smtp' });
          expect(done.providerAnswer).toMatch(/550/);
          expect(await ctx().db.select().from(notificationProviders)).toEqual([]);
        } finally {
          smtp.down.code = null;
        }
      });

      it('opens the circuit after repeated failures: deliveries wait instead of spending their attempts, shown on /dev', async () => {
        await resetCircuits();
        const [alice, bob] = [await person(), await person()];
        await setAlert(alice, symbol);
        await setAlert(bob, symbol);
        smtp.down.code = 421;
        let ids: number[] = [];
        try {
          const first = await queue(alice, symbol, ['email']);
          const firstId = first.ids[0] ?? 0;
          for (let attempt = 1; attempt <= CIRCUIT_FAILURE_THRESHOLD; attempt++) {
            const before = Date.now();
            await deliverNow();
            const after = Date.now();
            const retry = await row(firstId);
            expect(retry).toMatchObject({ status: 'queued', attempts: attempt });
            expect(retry.providerAnswer).toMatch(/421/);
            // SPEC §9: each retry waits twice as long as the one before.
            const base = RETRY_INITIAL_DELAY_MS * RETRY_BACKOFF_FACTOR ** (attempt - 1);
            expect(retry.notBefore.getTime()).toBeGreaterThanOrEqual(before + base);
            expect(retry.notBefore.getTime()).toBeLessThanOrEqual(after + base + RETRY_MAX_JITTER_MS);
            expect((await circuit('smtp'))?.failures).toBe(attempt);
            await dueNow([firstId]);
          }
          // The threshold's failure opened the circuit: the next claim waits for the transport without trying.
          const opened = await circuit('smtp');
          expect(opened?.lastError).toMatch(/421/);
          expect(opened?.openUntil?.getTime()).toBeGreaterThan(Date.now() + CIRCUIT_OPEN_MS - 60_000);
          await deliverNow();
          const held = await row(firstId);
          expect(held).toMatchObject({ status: 'queued', attempts: CIRCUIT_FAILURE_THRESHOLD });
          expect(held.providerAnswer).toBe(
            `waiting: smtp failed repeatedly and rests until ${opened?.openUntil?.toISOString()}`,
          );
          expect(held.notBefore).toEqual(opened?.openUntil);
          expect((await circuit('smtp'))?.failures).toBe(CIRCUIT_FAILURE_THRESHOLD);
          // A new delivery meanwhile waits for the transport without being tried.
          const second = await queue(bob, symbol, ['email']);
          await deliverNow();
          expect(await row(second.ids[0] ?? 0)).toMatchObject({ status: 'queued', attempts: 0 });
          ids = [firstId, ...second.ids];

          // /dev shows the open circuit and the queue, while the dev flag is on.
          await setFlag(ctx(), { name: 'dev', enabled: true });
          try {
            const status = await notifications.providers(ctx());
            expect(status.providers.find((p) => p.name === 'smtp')).toEqual({
              name: 'smtp',
              state: 'open',
              failures: CIRCUIT_FAILURE_THRESHOLD,
              openUntil: opened?.openUntil?.toISOString(),
              lastError: opened?.lastError,
              lastFailureAt: opened?.lastFailureAt?.toISOString(),
              lastSuccessAt: null,
            });
            expect(status.providers.find((p) => p.name === 'twilio')).toMatchObject({ state: 'closed', failures: 0 });
            const counts = await q.queueCounts(ctx().db);
            expect(status.queue).toMatchObject({ queued: counts.get('queued'), sent: counts.get('sent') });
            expect(status.queue.queued).toBeGreaterThanOrEqual(2);
          } finally {
            await setFlag(ctx(), { name: 'dev', enabled: false });
          }
          await expect(notifications.providers(ctx())).rejects.toMatchObject({
            statusCode: 403,
            message: 'Developer tools are off (the dev flag)',
          });
        } finally {
          smtp.down.code = null;
        }
        // The rest is over (time passes) and the server answers again: both go, once each, and the circuit closes.
        await ctx()
          .db.update(notificationProviders)
          .set({ openUntil: sql`now() - interval '1 second'` })
          .where(eq(notificationProviders.name, 'smtp'));
        await dueNow(ids);
        expect(await deliverNow()).toMatchObject({ claimed: 2, byStatus: { sent: 2 } });
        expect(await row(ids[0] ?? 0)).toMatchObject({ status: 'sent', attempts: CIRCUIT_FAILURE_THRESHOLD + 1 });
        expect(await row(ids[1] ?? 0)).toMatchObject({ status: 'sent', attempts: 1 });
        expect(await circuit('smtp')).toMatchObject({ failures: 0, openUntil: null });
      });
    });

    describe('unsubscribe tokens', () => {
      const INVALID = 'This unsubscribe link is not valid (it was changed or cut).';

      it('refuses a tampered token naming the field, and changes nothing', async () => {
        const [alice, bob] = [await person(), await person()];
        await setAlert(alice, symbol);
        await setAlert(bob, symbol);
        const token = unsubscribeToken(ctx(), { userId: bob.sub, kind: 'earningsResults', symbol });
        const [payload, signature] = token.split('.') as [string, string];
        const another = Buffer.from(JSON.stringify({ u: alice.sub, k: 'earningsResults', s: symbol })).toString(
          'base64url',
        );
        const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
        for (const bad of [
          `${another}.${signature}`,
          `${payload}.${flipped}`,
          payload,
          `${token}.x`,
          'nonsense',
          '\0',
        ]) {
          for (const attempt of [notifications.describeToken, notifications.unsubscribe]) {
            await expect(attempt(ctx(), bad), JSON.stringify(bad)).rejects.toMatchObject({
              statusCode: 400,
              message: `query.token: ${INVALID}`,
              details: [{ field: 'query.token', message: INVALID }],
            });
          }
        }
        expect(await alertOf(alice, symbol)).toMatchObject({ earningsResults: true });
        expect(await alertOf(bob, symbol)).toMatchObject({ earningsResults: true });
      });

      it('says what a token turns off, then turns off that switch for that person and symbol only', async () => {
        const [alice, bob] = [await person(), await person()];
        await setAlert(alice, symbol);
        await setAlert(bob, symbol);
        await setAlert(bob, other);
        const token = unsubscribeToken(ctx(), { userId: bob.sub, kind: 'earningsResults', symbol });
        const described = {
          kind: 'earningsResults',
          symbol,
          description: `Earnings results alerts for ${symbol} (email, push and text messages)`,
        };
        expect(await notifications.describeToken(ctx(), token)).toEqual(described);
        expect(await notifications.unsubscribe(ctx(), token)).toEqual({ ...described, unsubscribed: true });
        expect(await alertOf(bob, symbol)).toMatchObject({ earningsResults: false, notifyByEmail: true });
        expect(await alertOf(bob, other)).toMatchObject({ earningsResults: true });
        expect(await alertOf(alice, symbol)).toMatchObject({ earningsResults: true });
        const after = await queue(bob, symbol, ['email']);
        const elsewhere = await queue(bob, other, ['email']);
        await deliverNow();
        expect(await row(after.ids[0] ?? 0)).toMatchObject({ status: 'skipped', providerAnswer: 'alert switched off' });
        expect(await row(elsewhere.ids[0] ?? 0)).toMatchObject({ status: 'sent' });
      });

      it('a digest token turns that digest off on every alert; a marketing token turns marketing email off', async () => {
        const alice = await person();
        await setAlert(alice, symbol, { dailySummary: true, weeklySummary: true });
        await setAlert(alice, other, { dailySummary: true, weeklySummary: true });
        const digest = unsubscribeToken(ctx(), { userId: alice.sub, kind: 'dailySummary', symbol: null });
        expect(await notifications.unsubscribe(ctx(), digest)).toEqual({
          kind: 'dailySummary',
          symbol: null,
          description: 'The daily summary (email, push and text messages)',
          unsubscribed: true,
        });
        for (const on of [symbol, other]) {
          expect(await alertOf(alice, on)).toMatchObject({
            dailySummary: false,
            weeklySummary: true,
            earningsResults: true,
          });
        }

        await ctx().db.update(users).set({ marketingSubscribed: true }).where(eq(users.id, alice.sub));
        expect(await usersService.marketing(ctx(), alice)).toEqual({ subscribed: true });
        const marketing = unsubscribeToken(ctx(), { userId: alice.sub, kind: 'marketing', symbol: null });
        expect(await notifications.unsubscribe(ctx(), marketing)).toMatchObject({
          description: 'Marketing email',
          unsubscribed: true,
        });
        expect(await usersService.marketing(ctx(), alice)).toEqual({ subscribed: false });
      });

      it('answers a valid token of an account that no longer exists with not found', async () => {
        const gone = unsubscribeToken(ctx(), { userId: randomUUID(), kind: 'earningsResults', symbol });
        // Each call made when it is awaited: one made beside another would reject with no handler yet.
        for (const attempt of [notifications.describeToken, notifications.unsubscribe]) {
          await expect(attempt(ctx(), gone)).rejects.toMatchObject({
            statusCode: 404,
            message: 'This account no longer exists',
          });
        }
      });
    });

    describe('the log, the limits and a test per channel', () => {
      it('sends a test on the channel asked for, once per cooldown, and the log shows it with the provider’s answer', async () => {
        const alice = await person();
        const { delivery } = await notifications.sendTest(ctx(), alice, 'email');
        expect(delivery).toMatchObject({
          kind: 'test',
          channel: 'email',
          status: 'queued',
          title: 'Test email from your profile',
          symbol: null,
          path: '/profile',
          attempts: 0,
          sentAt: null,
        });
        // A second one at once is refused (each is a real email); another channel is not.
        await expect(notifications.sendTest(ctx(), alice, 'email')).rejects.toMatchObject({
          statusCode: 429,
          message: 'A test on this channel was just sent. Try again in a few seconds.',
        });
        const push = await notifications.sendTest(ctx(), alice, 'push');
        expect(push.delivery).toMatchObject({ kind: 'test', channel: 'push', title: 'Test push notification' });
        await deliverNow();
        const [mail, ...more] = mailsFor(alice.email, 'Test email from your profile');
        expect(more).toEqual([]);
        expect(part(mail?.raw ?? '', 'text/plain')).toContain(
          'If you can read it, notifications on this channel reach you.',
        );
        const { deliveries: log } = await notifications.deliveryLog(ctx(), alice, { limit: 10 });
        expect(log.map((entry) => entry.id)).toEqual([push.delivery.id, delivery.id]);
        expect(log[1]).toMatchObject({ status: 'sent', provider: 'smtp', attempts: 1 });
        expect(log[1]?.providerAnswer).toMatch(/^250/);
        expect(Date.parse(log[1]?.sentAt ?? '')).toBeGreaterThanOrEqual(Date.parse(delivery.createdAt));
        // No push token: the push test is skipped, saying why.
        expect(log[0]).toMatchObject({ status: 'skipped', providerAnswer: 'no push token', sentAt: null });
      });

      it('pages the delivery log newest first, each entry with its event, and only the caller’s own', async () => {
        const [alice, bob] = [await person(), await person()];
        await setAlert(alice, symbol);
        await setAlert(bob, symbol);
        const mine = [];
        for (let i = 0; i < 3; i++) mine.push(await queue(alice, symbol, ['email']));
        const bobs = await queue(bob, symbol, ['email']);
        const test = (await notifications.sendTest(ctx(), alice, 'email')).delivery;
        await deliverNow();
        const ids = [test.id, ...mine.map((m) => m.ids[0]).reverse()];
        const all = await notifications.deliveryLog(ctx(), alice, { limit: 100 });
        expect(all.deliveries.map((d) => d.id)).toEqual(ids);
        expect(all.next).toBeNull();
        expect(all.deliveries[1]).toMatchObject({
          kind: 'earningsResults',
          symbol,
          title: mine[2]?.title,
          path: `/quote/${symbol}/earnings`,
          channel: 'email',
          status: 'sent',
          provider: 'smtp',
        });
        expect((await notifications.deliveryLog(ctx(), bob, { limit: 100 })).deliveries.map((d) => d.id)).toEqual(
          bobs.ids,
        );
        const first = await notifications.deliveryLog(ctx(), alice, { limit: 2 });
        expect(first.deliveries.map((d) => d.id)).toEqual(ids.slice(0, 2));
        expect(first.next).toBe(ids[1]);
        const second = await notifications.deliveryLog(ctx(), alice, { limit: 2, before: first.next ?? 0 });
        expect(second.deliveries.map((d) => d.id)).toEqual(ids.slice(2, 4));
        expect(second.next).toBeNull();
      });

      it('keeps the time zone, quiet hours and daily cap, changing only what is sent', async () => {
        const bob = await person();
        expect(await notifications.preferences(ctx(), bob)).toEqual({
          timeZone: 'America/New_York',
          quietStart: null,
          quietEnd: null,
          dailyCap: 20,
        });
        const full = { timeZone: 'Europe/Paris', quietStart: '22:00', quietEnd: '07:30', dailyCap: 5 };
        expect(await notifications.savePreferences(ctx(), bob, full)).toEqual(full);
        expect(await notifications.savePreferences(ctx(), bob, { dailyCap: 0 })).toEqual({ ...full, dailyCap: 0 });
        expect(await notifications.savePreferences(ctx(), bob, { quietStart: null, quietEnd: null })).toEqual({
          timeZone: 'Europe/Paris',
          quietStart: null,
          quietEnd: null,
          dailyCap: 0,
        });
        expect(await notifications.preferences(ctx(), bob)).toEqual({
          timeZone: 'Europe/Paris',
          quietStart: null,
          quietEnd: null,
          dailyCap: 0,
        });
      });
    });
  },
  { env: { SMTP_URL: smtp.url, MAIL_FROM: 'EarningsHub <alerts@earningshub.test>' } },
);

/** A server without SMTP keeps notification email in its outbox: the local mailbox an embedded user reads. */
eachDatabase((service) => {
  const { ctx, row, deliverNow, queueToAll, raceTwoWorkers, setAlert, staleLock } = deliveryKit(service);
  const person = () => withAddress(service().user({ plan: 'earningshub_pro' }));

  it('keeps each of 120 emails of shared events once in the local mailbox while two workers drain them in batches', async () => {
    const { stocks } = await popularSymbols(ctx().db);
    const symbol = stocks[0] ?? '';
    const people: Person[] = [];
    for (let i = 0; i < 8; i++) people.push(await person());
    for (const who of people) await setAlert(who, symbol);
    const events = [];
    for (let i = 0; i < 15; i++) events.push(await queueToAll(people, symbol));
    expect(await raceTwoWorkers()).toEqual({ claimed: 120, sent: 120 });
    for (const { ids, title } of events) {
      for (const who of people) {
        const kept = await ctx()
          .db.select()
          .from(outbox)
          .where(and(eq(outbox.to, who.email), eq(outbox.subject, title)));
        expect(kept).toHaveLength(1);
        const [message] = kept;
        expect(await row(ids.get(who.sub) ?? 0)).toMatchObject({
          status: 'sent',
          attempts: 1,
          provider: 'mailbox',
          providerAnswer: `kept in the local mailbox (message ${message?.id})`,
        });
        const token = unsubscribeToken(ctx(), { userId: who.sub, kind: 'earningsResults', symbol });
        expect(message?.body).toContain(`Unsubscribe: ${unsubscribePageUrl(ctx(), token)}`);
        expect(message?.html).toContain(`href="${unsubscribePageUrl(ctx(), token)}"`);
      }
    }
    expect(await raceTwoWorkers()).toEqual({ claimed: 0, sent: 0 });
  });

  it('keeps no copy for a batch whose claims were given back and sent by another worker before it recorded them', async () => {
    const { stocks } = await popularSymbols(ctx().db);
    const symbol = stocks[0] ?? '';
    const people = [await person(), await person()];
    for (const who of people) await setAlert(who, symbol);
    const { ids, title } = await queueToAll(people, symbol);
    // A slow worker claims both and stalls past the stale lock; a live one gives them back and keeps them.
    const slow = 'slow-host:1:deliver';
    const claimed = await q.claimDueDeliveries(ctx().db, { workerId: slow, limit: 10 });
    expect(claimed.map((c) => c.id)).toEqual([...ids.values()].sort((a, b) => a - b));
    for (const id of ids.values()) await staleLock(id);
    expect(await deliverNow({ staleMs: DELIVERY_STALE_LOCK_MS })).toMatchObject({ claimed: 2, byStatus: { sent: 2 } });
    // The slow worker wakes and records its batch: nothing of it is kept, nothing of the live worker's changes.
    const settled = await q.settleMany(ctx().db, {
      workerId: slow,
      settlements: people.map((who) => ({
        id: ids.get(who.sub) ?? 0,
        outcome: { status: 'sent', provider: 'mailbox', answer: 'kept by the slow worker' },
        keep: { channel: 'email', to: who.email, subject: title, body: 'late copy', html: null, sentAt: null },
      })),
    });
    expect(settled.size).toBe(0);
    for (const who of people) {
      const kept = await ctx()
        .db.select()
        .from(outbox)
        .where(and(eq(outbox.to, who.email), eq(outbox.subject, title)));
      expect(kept).toEqual([expect.objectContaining({ body: expect.not.stringContaining('late copy') })]);
      expect(await row(ids.get(who.sub) ?? 0)).toMatchObject({
        status: 'sent',
        attempts: 2,
        providerAnswer: `kept in the local mailbox (message ${kept[0]?.id})`,
      });
    }
  });

  it('keeps a notification email in the local mailbox, with the unsubscribe page in its text', async () => {
    const carol = await withAddress(service().user());
    const { delivery } = await notifications.sendTest(ctx(), carol, 'email');
    await deliverNow();
    const kept = await ctx().db.select().from(outbox).where(eq(outbox.to, carol.email));
    expect(kept).toEqual([
      expect.objectContaining({ channel: 'email', subject: 'Test email from your profile', sentAt: null }),
    ]);
    expect(await row(delivery.id)).toMatchObject({
      status: 'sent',
      provider: 'mailbox',
      providerAnswer: `kept in the local mailbox (message ${kept[0]?.id})`,
    });
    expect(kept[0]?.body).toContain('If you can read it, notifications on this channel reach you.');
    const token = unsubscribeToken(ctx(), { userId: carol.sub, kind: 'test', symbol: null });
    expect(kept[0]?.body).toContain(`Unsubscribe: ${unsubscribePageUrl(ctx(), token)}`);
    expect(kept[0]?.html).toContain('>Unsubscribe</a>');
    if (service().kind === 'pglite') {
      // The embedded server's mailbox (/dev/mail) shows it to this machine.
      const local = { ip: '127.0.0.1', headers: {} };
      const { messages } = await devOutbox(ctx(), { limit: 50, to: carol.email }, local);
      expect(messages.map((m) => [m.id, m.subject])).toEqual([[kept[0]?.id, 'Test email from your profile']]);
    }
  });
});
