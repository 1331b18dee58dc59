/**
 * API benchmark: `npm run bench:api` (Node 24, the repository's pinned one).
 *
 * The calendar week call as the web calendar makes it (GET /api/pricing/assets/earnings/calendar?start&end
 * &shape=columns, decision 0017) over a full earnings-season week of --rows reports (default 1,400; the busiest real
 * weeks carry 1,300+), with eight more quarters per company in the table around it, served by the real server (every
 * plugin, rate limit included) on embedded PGlite and, with `--pg URL` or TEST_DATABASE_URL, on PostgreSQL. Next to
 * it, in the same run and the same server process, a bare Fastify route sends the very bytes a browser gets from the
 * calendar (its brotli form, once the cache has made it at the best quality): the ratio of the two is what our
 * routing, validation, caller check, plan gating and cache cost. Both are driven by autocannon from this process (the
 * servers run in a child process) as browsers call them (Accept-Encoding: gzip, deflate, br; anonymous unless said):
 *   - max throughput: --connections concurrent connections for --duration seconds, two interleaved rounds each;
 *     and the same for a signed-in Pro member (identity token checked on every request, typical moves kept) against
 *     the bare route sending that member's bytes;
 *   - fixed load: --rate requests/s for --duration seconds, p99 latency;
 *   - for scale: a bare route with a tiny body, and both routes revalidating (If-None-Match, 304 without a body),
 *     which shows the per-request cost of our stack without the payload.
 * Also printed: the week's bytes by column and, for comparison, as rows (every field, one object per report), and the
 * cold build of one answer (query, gating, contract check, JSON, gzip and brotli), which runs when ingestion
 * invalidates it (or, unannounced, once its freshness runs out), for an anonymous reader and for a Pro one (every
 * company of the week has a typical move after its reports, which only Pro keeps). Every figure is printed with the machine's load
 * average (1/5/15 minutes) when it was taken: the machine is shared.
 * Exits non-zero when a target is missed: calendar req/s >= 0.8x the bare route's (anonymous and Pro), p99 <= 20 ms at 1,000 req/s, the
 * week <= 400 KB uncompressed by column.
 *
 * Options: --duration S (default 5), --connections N (default 10), --rate N (default 1000), --rows N (default 1400),
 * --workers N (load-generator threads, default 2), --pg URL, --pglite-only, --pg-only (to repeat one engine's run).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { eq, inArray, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { tokensFor } from '../apps/server/src/idp/flow.ts';
import { createIdpContext } from '../apps/server/src/idp/index.ts';
import type { AppContext } from '../apps/server/src/kernel/context.ts';
import { createResponseCache, polishBody, serializeBody } from '../apps/server/src/modules/earnings/response-cache.ts';
import {
  calendarBody,
  SEASON_WEEK_MAX_BYTES,
  SEASON_WEEK_REPORTS,
} from '../apps/server/src/modules/earnings/service.ts';
import { startServer } from '../apps/server/src/server.ts';
import { assets, type Database, idpUsers, users } from '../packages/db/src/index.ts';
import {
  type AccountFeatures,
  accountFeaturesFor,
  addDays,
  FISCAL_PERIODS,
  FREE_ACCOUNT_FEATURES,
  nyDate,
  PRO_PLAN,
  seededRandom,
  weekWindow,
} from '../packages/domain/src/index.ts';
import { type BenchEngine, benchConfig, benchEngines, endBench, loadAverage, scratchDatabase } from './support.ts';

export const TARGET_RATIO = 0.8;
const PRO_FEATURES = accountFeaturesFor({ plan: PRO_PLAN, subscriptionType: 'paid', status: 'active' });
export const TARGET_P99_MS = 20;
const MIN_SEASON_ROWS = 1300;
/** How long the bench waits for the cache to make its best brotli form of the week. */
const POLISH_WAIT_MS = 60_000;

const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    engine: { type: 'string', default: 'pglite' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    rate: { type: 'string', default: '1000' },
    rows: { type: 'string', default: String(SEASON_WEEK_REPORTS) },
    workers: { type: 'string', default: '2' },
    pg: { type: 'string' },
    'pglite-only': { type: 'boolean', default: false },
    'pg-only': { type: 'boolean', default: false },
  },
});

/** The server's event-loop delay over a run, ms. */
interface LoopDelay {
  p99: number;
  max: number;
}

interface Sizes {
  identity: number;
  gzip: number;
  br: number;
}

interface Ready {
  calendarUrl: string;
  bareUrl: string;
  tinyUrl: string;
  etag: string;
  /** A Pro reader's identity token, and the bare route sending that reader's week. */
  proToken: string;
  bareProUrl: string;
  rows: number;
  /** What a browser gets by column (`br` once at its best, `brQuick` before), and as rows (every field) to compare. */
  bytes: { columns: Sizes & { brQuick: number }; rows: Sizes };
  coldMs: { p50: number; p99: number };
  /** A Pro reader's week (typical moves not blanked): its cold build in the server process, and its bytes. */
  pro: { coldMs: { p50: number; p99: number }; bytes: Sizes };
  /** Seconds until the served brotli form was the best one. */
  polishedAfterS: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** A response's bytes as they travel (fetch would decode them), with its headers. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; etag: string; body: Buffer }>((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? ''), body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** The three forms of an answer as the server sends them. */
async function sizesOf(url: string): Promise<Sizes & { identityBody: Buffer }> {
  const [identity, gzip, br] = await Promise.all(
    ['identity', 'gzip', 'br'].map((encoding) => rawGet(url, { 'accept-encoding': encoding })),
  );
  if (!identity || !gzip || !br || identity.status !== 200) throw new Error(`${url} answered ${identity?.status}`);
  return { identity: identity.body.length, gzip: gzip.body.length, br: br.body.length, identityBody: identity.body };
}

/**
 * Waits until `url` is served in the brotli form the cache makes at its best quality (the same bytes as it would
 * make); `since` is when the first answer was asked for.
 */
async function bestBrotli(url: string, headers: Record<string, string>, identityBody: Buffer, since: number) {
  const expected = await serializeBody(JSON.parse(identityBody.toString()));
  const quick = expected.br.length;
  await polishBody(expected);
  let served = await rawGet(url, { ...headers, 'accept-encoding': 'br' });
  while (!served.body.equals(expected.br)) {
    if (Date.now() - since > POLISH_WAIT_MS)
      throw new Error(`${url}: the brotli form was not the best one after ${POLISH_WAIT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    served = await rawGet(url, { ...headers, 'accept-encoding': 'br' });
  }
  return { etag: served.etag, br: served.body, quick, afterS: (Date.now() - since) / 1000 };
}

// ---- the server side (child process) ----------------------------------------------------------------------------

/** A Pro member signed in as the web app is (the identity token a sign-in returns), made without the sign-in. */
async function proReaderToken(ctx: AppContext): Promise<string> {
  const sub = randomUUID();
  const email = `bench-pro-${sub.slice(0, 8)}@example.com`;
  await ctx.db.insert(idpUsers).values({
    sub,
    username: email,
    email,
    emailVerified: true,
    status: 'CONFIRMED',
    salt: 'bench',
    sealedVerifier: 'bench',
  });
  await ctx.db.insert(users).values({ id: sub, email, plan: PRO_PLAN, subscriptionType: 'paid' });
  const [user] = await ctx.db.select().from(idpUsers).where(eq(idpUsers.sub, sub));
  if (!user) throw new Error('the Pro reader was not stored');
  const idp = await createIdpContext(ctx);
  const tokens = await tokensFor(idp, user, ctx.config.IDP_CLIENT_ID, randomUUID(), new Date());
  return tokens.IdToken;
}

type Column = readonly [name: string, type: string, values: readonly unknown[]];

/** One set-based insert through `unnest` (each column one array parameter), as the ingestion writer does. */
async function insertUnnest(db: Database, table: string, columns: readonly Column[]) {
  const names = columns.map(([name]) => name).join(', ');
  const arrays = sql.join(
    columns.map(([, type, values]) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql.raw(', '),
  );
  await db.execute(sql`insert into ${sql.raw(table)} (${sql.raw(names)}) select * from unnest(${arrays})`);
}

/** A season week: every company reports once, most mid-week, before the open or after the close. */
async function insertSeason(db: Database, rows: number, week: ReturnType<typeof weekWindow>) {
  const random = seededRandom(20261123);
  const sectors = ['Technology', 'Financials', 'Health Care', 'Industrials', 'Energy', 'Utilities', 'Materials'];
  const index = Array.from({ length: rows }, (_, i) => i);
  const symbols = index.map((i) => `ZB${String(i).padStart(4, '0')}`);
  await insertUnnest(db, 'assets', [
    ['symbol', 'text', symbols],
    ['symbol_upper', 'text', symbols],
    ['name', 'text', index.map((i) => `Bench Company ${i} Inc.`)],
    ['type', 'text', index.map(() => 'stock')],
    ['exchange', 'text', index.map((i) => (i % 3 === 0 ? 'NYSE' : 'NASDAQ'))],
    ['sector', 'text', index.map((i) => sectors[i % sectors.length])],
    ['market_cap', 'float8', index.map((i) => Math.round(2e12 / (1 + i) ** 1.1))],
    ['popularity', 'int4', index.map((i) => rows - i)],
    ['source', 'text', index.map(() => 'bench')],
  ]);
  const ids = await db
    .select({ id: assets.id, symbol: assets.symbol })
    .from(assets)
    .where(inArray(assets.symbolUpper, symbols));
  const dayWeights = [0.1, 0.25, 0.3, 0.25, 0.1];
  const pickDay = () => {
    let r = random();
    for (let d = 0; d < dayWeights.length; d += 1) {
      r -= dayWeights[d] ?? 0;
      if (r <= 0) return d;
    }
    return dayWeights.length - 1;
  };
  const earnings = ids.flatMap(({ id }, i) =>
    Array.from({ length: 9 }, (_, back) => {
      // Quarter 0 is the season week; the others are the same company's earlier quarters, ~13 weeks apart.
      const date = addDays(week.days[pickDay()] ?? week.start, -91 * back);
      const before = random() < 0.5;
      const known = random() < 0.9;
      const estimate = 0.5 + random() * 3;
      const reported = back > 0;
      const revenue = 1e9 + i * 1e6;
      return {
        assetId: id,
        periodYear: 2090 - Math.floor(back / 4),
        period: FISCAL_PERIODS[(3 - (back % 4) + 4) % 4],
        date,
        time: known ? (before ? '07:30' : '16:05') : null,
        session: known ? (before ? 'before' : 'after') : null,
        dateStatus: reported || random() < 0.7 ? 'confirmed' : 'estimated',
        dateSource: reported ? 'sec' : 'bench',
        epsEstimate: estimate,
        epsActual: reported ? estimate * (0.9 + random() * 0.25) : null,
        epsPriorYear: estimate * (0.8 + random() * 0.3),
        revenueEstimate: revenue,
        revenueActual: reported ? revenue * (0.95 + random() * 0.1) : null,
        revenuePriorYear: revenue * 0.9,
        estimateCount: 5 + (i % 20),
      };
    }),
  );
  const column = <K extends keyof (typeof earnings)[number]>(key: K) => earnings.map((row) => row[key]);
  await insertUnnest(db, 'earnings', [
    ['asset_id', 'int4', column('assetId')],
    ['period_year', 'int2', column('periodYear')],
    ['period', 'text', column('period')],
    ['date', 'date', column('date')],
    ['time', 'text', column('time')],
    ['session', 'text', column('session')],
    ['date_status', 'text', column('dateStatus')],
    ['date_source', 'text', column('dateSource')],
    ['eps_estimate', 'float8', column('epsEstimate')],
    ['eps_actual', 'float8', column('epsActual')],
    ['eps_prior_year', 'float8', column('epsPriorYear')],
    ['revenue_estimate', 'float8', column('revenueEstimate')],
    ['revenue_actual', 'float8', column('revenueActual')],
    ['revenue_prior_year', 'float8', column('revenuePriorYear')],
    ['estimate_count', 'int2', column('estimateCount')],
    ['source', 'text', earnings.map(() => 'bench')],
  ]);
  // Every company's typical move after its reports (what the reactions job stores), so the week carries them as a
  // real season does; and a reaction row for each report, which keeps that job from recomputing at the start.
  const assetIds = ids.map(({ id }) => id);
  await insertUnnest(db, 'reaction_stats', [
    ['asset_id', 'int4', assetIds],
    ['typical_move_percent', 'float8', assetIds.map(() => 1 + random() * 9)],
    ['stats', 'jsonb', assetIds.map(() => '{}')],
  ]);
  await db.execute(sql`
    insert into earnings_reactions (earnings_id, asset_id, report_date, session, reason)
    select e.id, e.asset_id, e.date, e.session, 'no_prices' from earnings e
    where e.asset_id = any(${sql.param(assetIds)}::int4[])`);
}

async function serve() {
  const dataDir = mkdtempSync(join(tmpdir(), 'eh-bench-api-'));
  const pgUrl = values.engine === 'pg' ? values.pg : undefined;
  const scratch = await scratchDatabase(pgUrl);
  const databaseUrl = scratch.url;
  const dropDatabase = scratch.drop;
  const config = benchConfig(dataDir, databaseUrl, { RATE_LIMIT_MAX: '1000000000' });
  const server = await startServer(config);
  // A week three weeks ahead: upcoming reports, which no plan trims.
  const week = weekWindow(addDays(nyDate(new Date()), 21));
  await insertSeason(server.ctx.db, Number(values.rows), week);
  const weekUrl = `${server.url}/api/pricing/assets/earnings/calendar?start=${week.start}&end=${week.end}`;
  const calendarUrl = `${weekUrl}&shape=columns`;

  // Cold builds: each one as the cache builds it when it is invalidated (fresh cache, so nothing is reused).
  const query = { ...week, shape: 'columns' as const };
  const coldBuilds = async (features: AccountFeatures) => {
    const cold: number[] = [];
    await calendarBody(server.ctx, createResponseCache(), features, query);
    for (let i = 0; i < 20; i += 1) {
      const started = process.hrtime.bigint();
      await calendarBody(server.ctx, createResponseCache(), features, query);
      cold.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return cold.sort((a, b) => a - b);
  };
  const cold = await coldBuilds(FREE_ACCOUNT_FEATURES);
  // A Pro reader's week carries the typical moves the others get blanked: its cold build and its bytes.
  const coldPro = await coldBuilds(PRO_FEATURES);
  const proBody = await calendarBody(server.ctx, createResponseCache(), PRO_FEATURES, query);

  // What a browser gets, once the server's cache has made its best brotli form; and what a Pro member's gets.
  const firstAnswer = Date.now();
  const columns = await sizesOf(calendarUrl);
  const rowsSizes = await sizesOf(weekUrl);
  const body = await bestBrotli(calendarUrl, {}, columns.identityBody, firstAnswer);
  const rows = (JSON.parse(columns.identityBody.toString()) as { count: number }).count;
  const proToken = await proReaderToken(server.ctx);
  const asPro = { authorization: `Bearer ${proToken}` };
  const proIdentity = await rawGet(calendarUrl, { ...asPro, 'accept-encoding': 'identity' });
  if (proIdentity.status !== 200) throw new Error(`the Pro reader's week answered ${proIdentity.status}`);
  const proServed = await bestBrotli(calendarUrl, asPro, proIdentity.body, Date.now());

  // The baseline: a bare Fastify route sending the same bytes with the same headers, in the same process.
  const bare = Fastify({ logger: false });
  bare.get('/tiny', async () => ({ ok: true }));
  for (const [path, sent] of [
    ['/bare', body],
    ['/bare-pro', proServed],
  ] as const) {
    bare.get(path, async (request, reply) => {
      if (request.headers['if-none-match'] === sent.etag) return reply.status(304).send();
      return reply
        .header('etag', sent.etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Accept-Encoding, Authorization')
        .header('content-encoding', 'br')
        .type('application/json; charset=utf-8')
        .send(sent.br);
    });
  }
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  const barePort = typeof address === 'object' && address ? address.port : 0;

  const columnSizes = { identity: columns.identity, gzip: columns.gzip, br: body.br.length, brQuick: body.quick };
  const rowSizes = { identity: rowsSizes.identity, gzip: rowsSizes.gzip, br: rowsSizes.br };
  const ready: Ready = {
    calendarUrl,
    bareUrl: `http://127.0.0.1:${barePort}/bare`,
    tinyUrl: `http://127.0.0.1:${barePort}/tiny`,
    etag: body.etag,
    proToken,
    bareProUrl: `http://127.0.0.1:${barePort}/bare-pro`,
    rows,
    bytes: { columns: columnSizes, rows: rowSizes },
    coldMs: { p50: percentile(cold, 50), p99: percentile(cold, 99) },
    pro: {
      coldMs: { p50: percentile(coldPro, 50), p99: percentile(coldPro, 99) },
      bytes: { identity: proBody.identity.length, gzip: proBody.gzip.length, br: proBody.br.length },
    },
    polishedAfterS: body.afterS,
  };
  process.send?.({ ready });
  // How long the server's event loop was held up during a run: tells the server's own stalls from the machine's.
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  process.on('message', async (message) => {
    if (message === 'loop-reset') loopDelay.reset();
    if (message === 'loop-read')
      process.send?.({ loop: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 } satisfies LoopDelay });
    if (message !== 'stop') return;
    await bare.close();
    await server.stop();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

// ---- the load side (this process) -------------------------------------------------------------------------------

const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

async function load(
  url: string,
  options: { duration: number; connections: number; rate?: number; headers?: Record<string, string> },
) {
  // Receiving ~40 KB bodies is work for the client too: worker threads keep the load generator from being the limit.
  const workers = Number(values.workers);
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.duration,
    headers: { ...BROWSER_HEADERS, ...options.headers },
    ...(workers > 1 ? { workers } : {}),
    // In workers mode the overall rate applies to each worker.
    ...(options.rate ? { overallRate: options.rate / Math.max(1, workers) } : {}),
  });
  // A 304 is a success here (the revalidation scenario asks for it).
  const failures = result.errors + result.timeouts + (result['4xx'] ?? 0) + (result['5xx'] ?? 0);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    failures,
    load: loadAverage(),
  };
}

async function runEngine(engine: BenchEngine) {
  const child = fork(
    process.argv[1] ?? '',
    ['--serve', '--engine', engine, '--rows', String(values.rows), ...(values.pg ? ['--pg', values.pg] : [])],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.on('message', (message: { ready?: Ready }) => message.ready && resolve(message.ready));
    child.on('exit', (code) => reject(new Error(`the ${engine} server exited (${code}) before it was ready`)));
  });
  // The cold builds ran just before the child said it was ready.
  const coldLoad = loadAverage();
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const rate = Number(values.rate);
  try {
    // Warm both up (JIT, the cache, connections).
    await load(ready.calendarUrl, { duration: 1, connections });
    await load(ready.bareUrl, { duration: 1, connections });
    const bareRuns = [];
    const calendarRuns = [];
    for (let round = 0; round < 2; round += 1) {
      bareRuns.push(await load(ready.bareUrl, { duration, connections }));
      calendarRuns.push(await load(ready.calendarUrl, { duration, connections }));
    }
    const mean = (runs: { rps: number }[]) => runs.reduce((sum, run) => sum + run.rps, 0) / runs.length;
    const bareRps = mean(bareRuns);
    const calendarRps = mean(calendarRuns);
    // A Pro member's week: a checked identity token on every request, against the bare route sending their bytes.
    const asPro = { authorization: `Bearer ${ready.proToken}` };
    await load(ready.calendarUrl, { duration: 1, connections, headers: asPro });
    const bareProRuns = [];
    const proRuns = [];
    for (let round = 0; round < 2; round += 1) {
      bareProRuns.push(await load(ready.bareProUrl, { duration, connections, headers: asPro }));
      proRuns.push(await load(ready.calendarUrl, { duration, connections, headers: asPro }));
    }
    const proRatio = mean(proRuns) / mean(bareProRuns);
    const loopDelayOf = async (run: () => ReturnType<typeof load>) => {
      child.send('loop-reset');
      const result = await run();
      const loop = new Promise<LoopDelay>((resolve) => {
        const onMessage = (message: { loop?: LoopDelay }) => {
          if (!message.loop) return;
          child.off('message', onMessage);
          resolve(message.loop);
        };
        child.on('message', onMessage);
      });
      child.send('loop-read');
      return { ...result, loop: await loop };
    };
    const bareAtRate = await loopDelayOf(() => load(ready.bareUrl, { duration, connections: 20, rate }));
    const calendarAtRate = await loopDelayOf(() => load(ready.calendarUrl, { duration, connections: 20, rate }));
    // For scale: a bare route answering a few bytes, and both routes revalidating (304, no body).
    const tiny = await load(ready.tinyUrl, { duration, connections });
    const revalidate = { 'if-none-match': ready.etag };
    const bare304 = await load(ready.bareUrl, { duration, connections, headers: revalidate });
    const calendar304 = await load(ready.calendarUrl, { duration, connections, headers: revalidate });
    const runs = [
      ...bareRuns,
      ...calendarRuns,
      ...bareProRuns,
      ...proRuns,
      bareAtRate,
      calendarAtRate,
      tiny,
      bare304,
      calendar304,
    ];
    const failures = runs.reduce((n, run) => n + run.failures, 0);
    return {
      engine,
      ready,
      coldLoad,
      bareRuns,
      calendarRuns,
      bareRps,
      calendarRps,
      ratio: calendarRps / bareRps,
      bareProRuns,
      proRuns,
      proRatio,
      bareAtRate,
      calendarAtRate,
      tiny,
      bare304,
      calendar304,
      failures,
    };
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.on('exit', resolve));
  }
}

async function main() {
  const { engines, pgUrl } = benchEngines(values);
  if (pgUrl) values.pg = pgUrl;
  const failures: string[] = [];
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const loopText = (loop: LoopDelay) => `${loop.p99.toFixed(1)}ms max ${loop.max.toFixed(1)}ms`;
  for (const engine of engines) {
    const r = await runEngine(engine);
    const { bytes, coldMs } = r.ready;
    const perReport = (size: number) => `${(size / r.ready.rows).toFixed(0)} B a report`;
    // The budget is for a season week; another --rows gets the same bytes per report.
    const weekBudget = (SEASON_WEEK_MAX_BYTES * r.ready.rows) / SEASON_WEEK_REPORTS;
    console.log(
      `${engine}: calendar week of ${r.ready.rows} reports by column (what the web calendar asks for): ` +
        `${kb(bytes.columns.identity)} JSON (${perReport(bytes.columns.identity)}; target <= ${kb(weekBudget)}), ` +
        `${kb(bytes.columns.gzip)} gzip, ${kb(bytes.columns.br)} br (${kb(bytes.columns.brQuick)} until the best form is made, ` +
        `served ${r.ready.polishedAfterS.toFixed(1)} s after the first answer); ` +
        `as rows (every field): ${kb(bytes.rows.identity)} JSON (${perReport(bytes.rows.identity)}), ${kb(bytes.rows.gzip)} gzip, ${kb(bytes.rows.br)} br`,
    );
    console.log(`${engine}: cold build p50=${coldMs.p50.toFixed(1)}ms p99=${coldMs.p99.toFixed(1)}ms (${r.coldLoad})`);
    const pro = r.ready.pro;
    console.log(
      `${engine}: a Pro reader's week (typical moves kept): cold build p50=${pro.coldMs.p50.toFixed(1)}ms ` +
        `p99=${pro.coldMs.p99.toFixed(1)}ms; ${kb(pro.bytes.identity)} JSON (target <= ${kb(weekBudget)}), ` +
        `${kb(pro.bytes.gzip)} gzip, ${kb(pro.bytes.br)} br (the first brotli form)`,
    );
    const rounds = (runs: { rps: number; load: string }[]) =>
      runs.map((run) => `${run.rps.toFixed(0)} (${run.load})`).join(', ');
    console.log(
      `${engine}: max throughput (${values.connections} connections): calendar ${r.calendarRps.toFixed(0)} req/s, ` +
        `bare route ${r.bareRps.toFixed(0)} req/s, ratio ${r.ratio.toFixed(2)}x (target >= ${TARGET_RATIO}x); ` +
        `rounds: calendar ${rounds(r.calendarRuns)}; bare ${rounds(r.bareRuns)}`,
    );
    console.log(
      `${engine}: max throughput for a signed-in Pro member (typical moves kept, token checked on every request): ` +
        `calendar ${(r.proRuns.reduce((n, run) => n + run.rps, 0) / r.proRuns.length).toFixed(0)} req/s, ratio ` +
        `${r.proRatio.toFixed(2)}x the bare route sending the same bytes (target >= ${TARGET_RATIO}x); ` +
        `rounds: calendar ${rounds(r.proRuns)}; bare ${rounds(r.bareProRuns)}`,
    );
    console.log(
      `${engine}: at ${values.rate} req/s: calendar p50=${r.calendarAtRate.p50}ms p99=${r.calendarAtRate.p99}ms ` +
        `(${r.calendarAtRate.rps.toFixed(0)} req/s served; ${r.calendarAtRate.load}), bare p50=${r.bareAtRate.p50}ms ` +
        `p99=${r.bareAtRate.p99}ms (${r.bareAtRate.rps.toFixed(0)} req/s served; ${r.bareAtRate.load}) (target p99 <= ${TARGET_P99_MS}ms); ` +
        `server event loop held up: calendar run p99 ${loopText(r.calendarAtRate.loop)}, bare run ${loopText(r.bareAtRate.loop)}`,
    );
    console.log(
      `${engine}: for scale: bare route with a tiny body ${r.tiny.rps.toFixed(0)} req/s (calendar ${(r.calendarRps / r.tiny.rps).toFixed(2)}x of it; ${r.tiny.load}); ` +
        `revalidation (304): calendar ${r.calendar304.rps.toFixed(0)} req/s, bare ${r.bare304.rps.toFixed(0)} req/s, ratio ${(r.calendar304.rps / r.bare304.rps).toFixed(2)}x (${r.calendar304.load})`,
    );
    if (r.ready.rows < MIN_SEASON_ROWS)
      failures.push(`${engine}: the week holds ${r.ready.rows} rows, below ${MIN_SEASON_ROWS}`);
    if (bytes.columns.identity > weekBudget)
      failures.push(`${engine}: the week is ${kb(bytes.columns.identity)} by column, above ${kb(weekBudget)}`);
    if (pro.bytes.identity > weekBudget)
      failures.push(`${engine}: a Pro reader's week is ${kb(pro.bytes.identity)} by column, above ${kb(weekBudget)}`);
    if (r.failures > 0) failures.push(`${engine}: ${r.failures} failed requests`);
    if (r.ratio < TARGET_RATIO) failures.push(`${engine}: ratio ${r.ratio.toFixed(2)}x is below ${TARGET_RATIO}x`);
    if (r.proRatio < TARGET_RATIO)
      failures.push(`${engine}: a Pro reader's ratio ${r.proRatio.toFixed(2)}x is below ${TARGET_RATIO}x`);
    if (r.calendarAtRate.p99 > TARGET_P99_MS)
      failures.push(`${engine}: p99 ${r.calendarAtRate.p99}ms at ${values.rate} req/s is above ${TARGET_P99_MS}ms`);
  }
  endBench(pgUrl, failures);
}

if (values.serve) await serve();
else await main();
