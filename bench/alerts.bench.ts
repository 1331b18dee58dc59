/**
 * Alerts fan-out benchmark: `npm run bench:alerts` (Node 24, the repository's pinned one).
 *
 * --users users (default 100,000) each with an alert on one symbol, seeded with bulk unnest inserts: most on paid
 * plans with results alerts on by email and push (a tenth also by SMS), a tenth on the free plan (their stored
 * switches are ignored: the defaults have results off). One earningsResults event is fanned out by the triggers'
 * own code (the event, then ONE `insert … select … on conflict do nothing` into deliveries, gated by plan and
 * switches), next to a baseline measured in the same run on the same table: a bare `insert … select` of the very same
 * (user, channel) rows from a table holding just them. Each is timed --rounds times (default 3) on an emptied
 * deliveries table, interleaved; the best of each gives the ratio (target >= 0.3x of the bare insert's rows/s).
 * Then the queue left by the last fan-out is drained by the delivery worker's own loop (deliverDue) twice: once with
 * email to the local mailbox (the embedded default), once with email handed over SMTP (nodemailer's pool) to a tiny
 * SMTP sink in this process (node's net: it answers and counts, keeping each Message-ID); push and SMS are skipped
 * (nobody has a push token or a phone). Each drain's time and rate is printed, or how far it got within
 * --drain-seconds (default 900), beside a baseline taken in the same run: a bare `insert … select` of the very mail
 * rows that drain kept in the outbox. Each drain is checked exactly once: as many emails kept (and, over SMTP,
 * received, with as many distinct Message-IDs) as email deliveries sent, one per subscriber.
 * Runs on embedded PGlite and, with `--pg URL` or TEST_DATABASE_URL, on PostgreSQL too (--pglite-only, --pg-only to
 * repeat one). Every figure is printed with the machine's load average (1/5/15 minutes) when it was taken: the
 * machine is shared. Exits non-zero when the ratio is below the target.
 */

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { rowsOf } from '@eh/db';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { AppContext } from '../apps/server/src/kernel/context.ts';
import { closeSmtpTransports } from '../apps/server/src/mail/smtp.ts';
import { deliverDue } from '../apps/server/src/modules/notifications/delivery/deliver.ts';
import { affectedRows, publishEvent } from '../apps/server/src/modules/notifications/triggers/fanout.ts';
import { resultsNotice } from '../apps/server/src/modules/notifications/triggers/messages.ts';
import { startServer } from '../apps/server/src/server.ts';
import type { Database } from '../packages/db/src/index.ts';
import { type BenchEngine, benchConfig, benchEngines, endBench, loadAverage, scratchDatabase } from './support.ts';

export const TARGET_RATIO = 0.3;
const SYMBOL = 'BNCH';
/** Rows per bulk insert while seeding. */
const SEED_CHUNK = 10_000;

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    'drain-seconds': { type: 'string', default: '900' },
    'no-drain': { type: 'boolean', default: false },
    'no-smtp': { type: 'boolean', default: false },
    pg: { type: 'string' },
    'pglite-only': { type: 'boolean', default: false },
    'pg-only': { type: 'boolean', default: false },
  },
});
const USERS = Number(values.users);
const ROUNDS = Math.max(1, Number(values.rounds));
const DRAIN_SECONDS = Number(values['drain-seconds']);

const log = pino({ level: 'silent' });

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T; load: string }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value, load: loadAverage() };
}

/** Users, their sign-in identities (verified email: the mailbox gets their alerts) and their alerts, in bulk. */
async function seed(db: Database): Promise<void> {
  await db.execute(sql`
    insert into assets (symbol, symbol_upper, name, type, source) values (${SYMBOL}, ${SYMBOL}, 'Bench Corp', 'stock', 'bench')`);
  for (let start = 0; start < USERS; start += SEED_CHUNK) {
    const n = Math.min(SEED_CHUNK, USERS - start);
    const ids: string[] = [];
    const emails: string[] = [];
    const plans: string[] = [];
    const types: string[] = [];
    const sms: boolean[] = [];
    for (let i = start; i < start + n; i += 1) {
      ids.push(randomUUID());
      emails.push(`bench.${i}@example.com`);
      const free = i % 10 === 9;
      plans.push(free ? 'free' : i % 2 === 0 ? 'earningshub_plus' : 'earningshub_pro');
      types.push(free ? 'free' : 'paid');
      sms.push(i % 10 === 0);
    }
    const idArray = sql.param(ids);
    const emailArray = sql.param(emails);
    await db.execute(sql`
      insert into users (id, email, plan, subscription_type, subscription_status)
      select id, email, plan, type, 'active'
      from unnest(${idArray}::uuid[], ${emailArray}::text[], ${sql.param(plans)}::text[], ${sql.param(types)}::text[])
        as u(id, email, plan, type)`);
    await db.execute(sql`
      insert into idp_users (sub, username, email, email_verified, status, salt, sealed_verifier)
      select id, email, email, true, 'CONFIRMED', 'bench', 'bench'
      from unnest(${idArray}::uuid[], ${emailArray}::text[]) as u(id, email)`);
    await db.execute(sql`
      insert into alerts (user_id, symbol, earnings_results, notify_by_email, notify_by_push, notify_by_sms)
      select id, ${SYMBOL}, true, true, true, sms
      from unnest(${idArray}::uuid[], ${sql.param(sms)}::boolean[]) as u(id, sms)`);
  }
  await db.execute(sql`analyze`);
}

const notice = (round: number) => ({
  ...resultsNotice({
    id: 1,
    symbol: SYMBOL,
    name: 'Bench Corp',
    periodYear: 2026,
    period: 'Q3',
    date: '2026-11-26',
    epsActual: 1.32,
    epsEstimate: 1.25,
    revenueActual: 5.1e9,
    revenueEstimate: 5e9,
  }),
  eventKey: `bench:${round}:${randomBytes(4).toString('hex')}`,
});

/**
 * A minimal SMTP server in this process: greets, says 250 to every command, takes DATA up to the lone dot and
 * counts each message by its Message-ID. It parses nothing more, so the time measured is the sender's.
 */
async function startSmtpSink() {
  const messageIds: string[] = [];
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    socket.setNoDelay(true);
    let buffer = '';
    let inData = false;
    socket.write('220 bench-sink ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let out = '';
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) break;
          const head = buffer.slice(0, buffer.indexOf('\r\n\r\n'));
          messageIds.push(/^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '');
          buffer = buffer.slice(end + 5);
          inData = false;
          out += '250 2.0.0 queued\r\n';
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) break;
        const verb = buffer.slice(0, 4).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (verb === 'EHLO') out += '250-bench-sink\r\n250-PIPELINING\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n';
        else if (verb === 'DATA') {
          inData = true;
          out += '354 go ahead\r\n';
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
          return;
        } else out += '250 OK\r\n';
      }
      if (out) socket.write(out);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messageIds,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface DrainResult {
  transport: 'mailbox' | 'smtp';
  ms: number;
  drained: number;
  emails: number;
  /** Outbox rows this drain kept, and how many distinct recipients they have (one email each: equal). */
  kept: number;
  keptTo: number;
  /** Over SMTP: messages the sink took, and their distinct Message-IDs. */
  received: number | null;
  receivedIds: number | null;
  left: number;
  load: string;
  finished: boolean;
  bareMs: number;
  bareLoad: string;
}

/**
 * A fresh fan-out drained by the delivery worker (its defaults: batch size and batches in flight), then the bare
 * insert of the same mail rows it kept.
 */
async function drainOnce(
  ctx: AppContext,
  transport: 'mailbox' | 'smtp',
  round: number,
  sink: Awaited<ReturnType<typeof startSmtpSink>> | null,
): Promise<DrainResult> {
  const { db } = ctx;
  await db.execute(sql`truncate deliveries`);
  await db.execute(sql`truncate outbox`);
  if (ctx.database.driver === 'pglite') await db.execute(sql`checkpoint`);
  await publishEvent(db, notice(round), { audience: 'alerts' });
  const [queued] = rowsOf<{ emails: number }>(
    await db.execute(sql`select count(*)::int as emails from deliveries where channel = 'email'`),
  );
  const worker = sink ? { ...ctx, config: { ...ctx.config, SMTP_URL: sink.url } } : ctx;
  const receivedBefore = sink?.messageIds.length ?? 0;
  const controller = new AbortController();
  const limit = setTimeout(() => controller.abort(), DRAIN_SECONDS * 1000);
  const started = performance.now();
  const report = await deliverDue(worker, log, { signal: controller.signal });
  const ms = performance.now() - started;
  const load = loadAverage();
  clearTimeout(limit);
  const [counts] = rowsOf<{ left: number; kept: number; kept_to: number }>(
    await db.execute(sql`
      select (select count(*)::int from deliveries where status in ('queued', 'sending')) as left,
        (select count(*)::int from outbox) as kept, (select count(distinct "to")::int from outbox) as kept_to`),
  );
  const ids = sink?.messageIds.slice(receivedBefore) ?? null;
  // The baseline: the very rows this drain kept, copied by one bare insert … select into the same table.
  const bare = await timed(async () =>
    affectedRows(
      await db.execute(sql`
        insert into outbox (channel, "to", subject, body, html, sent_at, attempts)
        select channel, "to", subject, body, html, sent_at, attempts from outbox`),
    ),
  );
  return {
    transport,
    ms,
    drained: report.claimed,
    emails: queued?.emails ?? 0,
    kept: counts?.kept ?? 0,
    keptTo: counts?.kept_to ?? 0,
    received: ids ? ids.length : null,
    receivedIds: ids ? new Set(ids).size : null,
    left: counts?.left ?? 0,
    load,
    finished: !controller.signal.aborted && (counts?.left ?? 0) === 0,
    bareMs: bare.ms,
    bareLoad: bare.load,
  };
}

interface EngineResult {
  seedMs: number;
  seedLoad: string;
  rows: number;
  fanout: { ms: number; load: string }[];
  bare: { ms: number; load: string }[];
  drains: DrainResult[];
}

async function runEngine(engine: BenchEngine, pgUrl: string | undefined): Promise<EngineResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'eh-bench-alerts-'));
  const scratch = await scratchDatabase(engine === 'pg' ? pgUrl : undefined);
  const databaseUrl = scratch.url;
  const dropDatabase = scratch.drop;
  const config = benchConfig(dataDir, databaseUrl, {
    // No worker: the bench drives the fan-out and the drain itself.
    ROLES: 'api',
  });
  const server = await startServer(config);
  const { ctx } = server;
  const { db } = ctx;
  try {
    const seeded = await timed(() => seed(db));
    console.log(
      `${engine}: seeded ${USERS} users with alerts on ${SYMBOL} in ${(seeded.ms / 1000).toFixed(1)} s (${seeded.load})`,
    );
    const result: EngineResult = {
      seedMs: seeded.ms,
      seedLoad: seeded.load,
      rows: 0,
      fanout: [],
      bare: [],
      drains: [],
    };
    let pairsReady = false;
    for (let round = 1; round <= ROUNDS; round += 1) {
      await db.execute(sql`truncate deliveries`);
      if (ctx.database.driver === 'pglite') await db.execute(sql`checkpoint`);
      const fanout = await timed(() => publishEvent(db, notice(round), { audience: 'alerts' }));
      result.rows = fanout.value.deliveries;
      result.fanout.push({ ms: fanout.ms, load: fanout.load });
      if (!pairsReady) {
        // The very rows the fan-out queued, in a table of their own: what a bare insert … select copies.
        await db.execute(sql`create table bench_pairs as select user_id, channel from deliveries`);
        await db.execute(sql`analyze bench_pairs`);
        pairsReady = true;
      }
      const [event] = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into notification_events (kind, event_key, symbol, title, body, path)
          values ('earningsResults', ${`bare:${round}:${randomBytes(4).toString('hex')}`}, ${SYMBOL}, 'bare', 'bare', '/')
          returning id`),
      );
      await db.execute(sql`truncate deliveries`);
      if (ctx.database.driver === 'pglite') await db.execute(sql`checkpoint`);
      const bare = await timed(async () =>
        affectedRows(
          await db.execute(
            sql`insert into deliveries (event_id, user_id, channel) select ${event?.id}::int4, user_id, channel from bench_pairs`,
          ),
        ),
      );
      if (bare.value !== result.rows)
        throw new Error(`the bare insert wrote ${bare.value} rows, the fan-out ${result.rows}`);
      result.bare.push({ ms: bare.ms, load: bare.load });
      console.log(
        `${engine}: round ${round}: fan-out ${result.rows} deliveries in ${fanout.ms.toFixed(0)} ms (${fanout.load}); ` +
          `bare insert … select ${bare.ms.toFixed(0)} ms (${bare.load})`,
      );
    }
    if (values['no-drain']) return result;
    result.drains.push(await drainOnce(ctx, 'mailbox', ROUNDS + 1, null));
    if (!values['no-smtp']) {
      const sink = await startSmtpSink();
      try {
        result.drains.push(await drainOnce(ctx, 'smtp', ROUNDS + 2, sink));
      } finally {
        closeSmtpTransports(sink.url);
        await sink.close();
      }
    }
    return result;
  } finally {
    await server.stop();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const { engines, pgUrl } = benchEngines(values);
  const failures: string[] = [];
  for (const engine of engines) {
    const r = await runEngine(engine, pgUrl);
    const best = (runs: { ms: number; load: string }[]) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
    const fanout = best(r.fanout);
    const bare = best(r.bare);
    const fanoutRate = r.rows / (fanout.ms / 1000);
    const bareRate = r.rows / (bare.ms / 1000);
    const ratio = fanoutRate / bareRate;
    console.log(
      `${engine}: fan-out of one earningsResults event to ${USERS} subscribers: ${r.rows} deliveries queued, ` +
        `best ${fanout.ms.toFixed(0)} ms = ${fanoutRate.toFixed(0)} deliveries/s (${fanout.load}); bare insert … select ` +
        `of the same rows best ${bare.ms.toFixed(0)} ms = ${bareRate.toFixed(0)} rows/s (${bare.load}); ` +
        `ratio ${ratio.toFixed(2)}x (target >= ${TARGET_RATIO}x)`,
    );
    for (const d of r.drains) {
      const rate = d.drained / (d.ms / 1000);
      const emailRate = d.emails / (d.ms / 1000);
      const bareRate = d.kept / (d.bareMs / 1000);
      const once =
        d.kept === d.emails &&
        d.keptTo === d.emails &&
        (d.received === null || (d.received === d.emails && d.receivedIds === d.emails));
      const received =
        d.received === null ? '' : `, ${d.received} taken by the SMTP sink (${d.receivedIds} distinct Message-IDs)`;
      console.log(
        d.finished
          ? `${engine}: drain to the ${d.transport}: ${d.drained} deliveries (${d.emails} emails) handled by the delivery worker in ` +
              `${(d.ms / 1000).toFixed(1)} s = ${rate.toFixed(0)} deliveries/s, ${emailRate.toFixed(0)} emails/s (${d.load}); ` +
              `${d.kept} emails kept in the outbox${received}: ${once ? 'each exactly once' : 'NOT EXACTLY ONCE'}; bare insert … select of ` +
              `the same ${d.kept} mail rows ${(d.bareMs / 1000).toFixed(1)} s = ${bareRate.toFixed(0)} rows/s (${d.bareLoad}); ` +
              `email drain at ${(emailRate / bareRate).toFixed(2)}x the bare insert; ${d.ms <= 120_000 ? 'within' : 'NOT within'} 120 s`
          : `${engine}: drain to the ${d.transport} NOT finished within ${DRAIN_SECONDS} s: ${d.drained} handled (${rate.toFixed(0)}/s), ` +
              `${d.left} still queued, ${d.kept} emails kept${received} (${d.load})`,
      );
      if (!once && d.finished) failures.push(`${engine}: the drain to the ${d.transport} was not exactly once`);
    }
    if (r.drains.length === 0) console.log(`${engine}: drain not measured (--no-drain)`);
    if (ratio < TARGET_RATIO) failures.push(`${engine}: ratio ${ratio.toFixed(2)}x is below ${TARGET_RATIO}x`);
  }
  endBench(pgUrl, failures);
}

await main();
