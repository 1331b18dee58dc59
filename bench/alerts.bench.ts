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
 * Then the queue left by the last fan-out is drained by the delivery worker's own loop (deliverDue): email to the
 * local mailbox (the embedded default), push skipped (nobody has a push token); the time to drain is printed, or
 * how far it got within --drain-seconds (default 900).
 * Runs on embedded PGlite and, with `--pg URL` or TEST_DATABASE_URL, on PostgreSQL too (--pglite-only, --pg-only to
 * repeat one). Every figure is printed with the machine's load average (1/5/15 minutes) when it was taken: the
 * machine is shared. Exits non-zero when the ratio is below the target.
 */

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { rowsOf } from '@eh/db';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { deliverDue } from '../apps/server/src/modules/notifications/delivery/deliver.ts';
import { affectedRows, publishEvent } from '../apps/server/src/modules/notifications/triggers/fanout.ts';
import { resultsNotice } from '../apps/server/src/modules/notifications/triggers/messages.ts';
import { startServer } from '../apps/server/src/server.ts';
import type { Database } from '../packages/db/src/index.ts';
import { benchConfig, loadAverage, scratchDatabase } from './support.ts';

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

interface EngineResult {
  seedMs: number;
  seedLoad: string;
  rows: number;
  fanout: { ms: number; load: string }[];
  bare: { ms: number; load: string }[];
  drain: { ms: number; drained: number; mailbox: number; left: number; load: string; finished: boolean } | null;
}

async function runEngine(engine: 'pglite' | 'pg', pgUrl: string | undefined): Promise<EngineResult> {
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
      drain: null,
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
    // The queue the last fan-out left (the bare rounds' rows go first: they are no real deliveries).
    await db.execute(sql`truncate deliveries`);
    await publishEvent(db, notice(ROUNDS + 1), { audience: 'alerts' });
    const controller = new AbortController();
    const limit = setTimeout(() => controller.abort(), DRAIN_SECONDS * 1000);
    const started = performance.now();
    const report = await deliverDue(ctx, log, { signal: controller.signal, batch: 200 });
    clearTimeout(limit);
    const ms = performance.now() - started;
    const [counts] = rowsOf<{ left: number; mailbox: number }>(
      await db.execute(sql`
        select (select count(*)::int from deliveries where status in ('queued', 'sending')) as left,
          (select count(*)::int from outbox) as mailbox`),
    );
    result.drain = {
      ms,
      drained: report.claimed,
      mailbox: counts?.mailbox ?? 0,
      left: counts?.left ?? 0,
      load: loadAverage(),
      finished: !controller.signal.aborted && (counts?.left ?? 0) === 0,
    };
    return result;
  } finally {
    await server.stop();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const pgUrl = values.pg ?? process.env.TEST_DATABASE_URL;
  if (values['pg-only'] && !pgUrl) throw new Error('--pg-only needs --pg URL or TEST_DATABASE_URL');
  const engines: ('pglite' | 'pg')[] = values['pg-only']
    ? ['pg']
    : pgUrl && !values['pglite-only']
      ? ['pglite', 'pg']
      : ['pglite'];
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
    if (r.drain) {
      const rate = r.drain.drained / (r.drain.ms / 1000);
      console.log(
        r.drain.finished
          ? `${engine}: drain: ${r.drain.drained} deliveries handled by the delivery worker in ${(r.drain.ms / 1000).toFixed(1)} s ` +
              `(${rate.toFixed(0)}/s; ${r.drain.mailbox} emails in the local mailbox, push skipped: no push tokens) (${r.drain.load})`
          : `${engine}: drain NOT finished within ${DRAIN_SECONDS} s: ${r.drain.drained} handled (${rate.toFixed(0)}/s), ` +
              `${r.drain.left} still queued, ${r.drain.mailbox} emails in the local mailbox; at that rate the whole queue ` +
              `takes ~${((r.drain.drained + r.drain.left) / rate / 60).toFixed(0)} min (${r.drain.load})`,
      );
    } else {
      console.log(`${engine}: drain not measured (--no-drain)`);
    }
    if (ratio < TARGET_RATIO) failures.push(`${engine}: ratio ${ratio.toFixed(2)}x is below ${TARGET_RATIO}x`);
  }
  if (!pgUrl) console.log('postgres: skipped (give --pg URL or TEST_DATABASE_URL)');
  if (failures.length > 0) {
    console.error(failures.join('\n'));
    process.exit(1);
  }
}

await main();
