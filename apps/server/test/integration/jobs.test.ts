import { type Database, ingestionRuns, jobs, secFilings } from '@eh/db';
import { desc, eq, gt, inArray, max, min, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INGEST_JOB_HANDLERS, rollForwardFrom } from '../../src/ingest/job.ts';
import { enqueueDueSchedules } from '../../src/jobs/schedules.ts';
import { createWorker } from '../../src/jobs/worker.ts';
import { MARKET_CHANGED_CHANNEL } from '../../src/kernel/channels.ts';
import type { JobHandler } from '../../src/kernel/jobs/handler.ts';
import { ingestionStopped, listSwitches, setIngestionStopped } from '../../src/kernel/jobs/kill-switch.ts';
import { claim, complete, enqueue, fail, recoverStale, release } from '../../src/kernel/jobs/queue.ts';
import { isDue, type Schedule } from '../../src/kernel/jobs/schedule.ts';
import { PROVIDERS } from '../../src/providers/index.ts';
import { fakeProvider } from '../fake-provider.ts';
import { startTestServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  // No worker role: these tests drive the queue and their own workers.
  server = await startTestServer({ ROLES: 'api' });
});
afterAll(async () => {
  await server?.close();
});
const db = (): Database => server.ctx.db;
const log = pino({ level: 'silent' });

async function job(id: number) {
  const [row] = await db().select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

beforeEach(async () => {
  await db().delete(jobs);
  await setIngestionStopped(db(), 'all', false);
});

describe('queue', () => {
  it('keeps one queued or running job per unique key, and takes a new one once it finished', async () => {
    const first = await enqueue(db(), { name: 'ingest', payload: { provider: 'p1' }, uniqueKey: 'refresh:p1' });
    expect(first).toBeTypeOf('number');
    expect(await enqueue(db(), { name: 'ingest', payload: { provider: 'p1' }, uniqueKey: 'refresh:p1' })).toBeNull();
    const [claimed] = await claim(db(), 'w1', { names: ['ingest'] });
    expect(claimed?.id).toBe(first);
    expect(await enqueue(db(), { name: 'ingest', uniqueKey: 'refresh:p1' })).toBeNull();
    await complete(db(), { id: first ?? 0 }, 'w1');
    expect(await enqueue(db(), { name: 'ingest', uniqueKey: 'refresh:p1' })).toBeTypeOf('number');
  });

  it('claims only due jobs of the names asked for, oldest first, each once', async () => {
    const later = await enqueue(db(), { name: 'digest', runAt: new Date(Date.now() + 60_000) });
    const other = await enqueue(db(), { name: 'other-kind' });
    const a = await enqueue(db(), { name: 'digest', runAt: new Date(Date.now() - 2000) });
    const b = await enqueue(db(), { name: 'digest', runAt: new Date(Date.now() - 1000) });
    const [one, two] = await Promise.all([
      claim(db(), 'w1', { names: ['digest'] }),
      claim(db(), 'w2', { names: ['digest'] }),
    ]);
    const claimed = [...(one ?? []), ...(two ?? [])];
    expect(claimed.map((j) => j.id).sort()).toEqual([a, b].sort());
    expect(new Set(claimed.map((j) => j.lockedBy))).toEqual(new Set(['w1', 'w2']));
    expect(claimed.every((j) => j.status === 'running' && j.attempts === 1)).toBe(true);
    expect(await claim(db(), 'w3', { names: ['digest'] })).toEqual([]);
    expect((await job(later ?? 0)).status).toBe('queued');
    expect((await job(other ?? 0)).status).toBe('queued');
  });

  it('retries a failure after the SPEC §9 backoff and fails the job once its attempts are spent', async () => {
    const id = (await enqueue(db(), { name: 'flaky', maxAttempts: 3 })) ?? 0;
    const noJitter = () => 0;
    const delays: (number | null)[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await db().update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, id));
      const [claimed] = await claim(db(), 'w1', { names: ['flaky'] });
      if (!claimed) throw new Error('not claimed');
      expect(claimed.attempts).toBe(attempt);
      const before = Date.now();
      delays.push((await fail(db(), claimed, 'w1', new Error(`boom ${attempt}`), noJitter)).retryInMs);
      const stored = await job(id);
      if (attempt < 3) {
        expect(stored).toMatchObject({ status: 'queued', lastError: `boom ${attempt}`, lockedBy: null });
        expect(stored.runAt.getTime()).toBeGreaterThanOrEqual(before + (delays.at(-1) ?? 0) - 50);
      } else {
        expect(stored).toMatchObject({ status: 'failed', lastError: 'boom 3', attempts: 3 });
        expect(stored.finishedAt).toBeInstanceOf(Date);
      }
    }
    expect(delays).toEqual([100, 200, null]);
  });

  it('gives a released job back without spending its attempt', async () => {
    const id = (await enqueue(db(), { name: 'ingest', payload: { provider: 'p2' } })) ?? 0;
    const [claimed] = await claim(db(), 'w1', { names: ['ingest'] });
    await release(db(), claimed ?? { id }, 'w1', 'the worker stopped');
    expect(await job(id)).toMatchObject({ status: 'queued', attempts: 0, lastError: 'the worker stopped' });
  });

  it('gives back the jobs of a worker whose lock went stale, failing those on their last attempt', async () => {
    const alive = (await enqueue(db(), { name: 'long' })) ?? 0;
    const dead = (await enqueue(db(), { name: 'long' })) ?? 0;
    const lastTry = (await enqueue(db(), { name: 'long', maxAttempts: 1 })) ?? 0;
    await claim(db(), 'w1', { names: ['long'], limit: 3 });
    await db()
      .update(jobs)
      .set({ lockedAt: sql`now() - interval '10 minutes'` })
      .where(inArray(jobs.id, [dead, lastTry]));
    expect((await recoverStale(db(), 120_000)).sort()).toEqual([dead, lastTry].sort());
    expect(await job(dead)).toMatchObject({ status: 'queued', lockedBy: null });
    expect(await job(lastTry)).toMatchObject({ status: 'failed' });
    expect(await job(alive)).toMatchObject({ status: 'running', lockedBy: 'w1' });
  });

  it('runs one job per provider at a time', async () => {
    const first = await enqueue(db(), { name: 'ingest', payload: { provider: 'p3' } });
    const second = await enqueue(db(), { name: 'ingest', payload: { provider: 'p3' } });
    const otherProvider = await enqueue(db(), { name: 'ingest', payload: { provider: 'p4' } });
    const claimed = await claim(db(), 'w1', { names: ['ingest'], limit: 5 });
    expect(claimed.map((j) => j.id)).toEqual([first, otherProvider]);
    expect(await claim(db(), 'w2', { names: ['ingest'] })).toEqual([]);
    await complete(db(), { id: first ?? 0 }, 'w1');
    expect((await claim(db(), 'w2', { names: ['ingest'] })).map((j) => j.id)).toEqual([second]);
  });
});

describe('kill switch', () => {
  it('leaves a stopped provider’s jobs queued, per provider and globally, until switched back on', async () => {
    const p5 = (await enqueue(db(), { name: 'ingest', payload: { provider: 'p5' } })) ?? 0;
    const p6 = (await enqueue(db(), { name: 'ingest', payload: { provider: 'p6' } })) ?? 0;
    const plain = (await enqueue(db(), { name: 'digest' })) ?? 0;
    await setIngestionStopped(db(), 'p5', true, 'vendor sends garbage');
    expect(await ingestionStopped(db(), 'p5')).toEqual({ stopped: true, message: 'vendor sends garbage' });
    expect((await claim(db(), 'w1', { names: ['ingest'], limit: 5 })).map((j) => j.id)).toEqual([p6]);

    await setIngestionStopped(db(), 'all', true, 'maintenance');
    await db().update(jobs).set({ status: 'queued', lockedBy: null }).where(eq(jobs.id, p6));
    expect(await claim(db(), 'w1', { names: ['ingest'], limit: 5 })).toEqual([]);
    // Jobs that are not ingestion are not affected.
    expect((await claim(db(), 'w1', { names: ['digest'] })).map((j) => j.id)).toEqual([plain]);

    await setIngestionStopped(db(), 'all', false);
    await setIngestionStopped(db(), 'p5', false);
    expect((await claim(db(), 'w1', { names: ['ingest'], limit: 5 })).map((j) => j.id).sort()).toEqual([p5, p6].sort());
    expect((await listSwitches(db())).map((s) => [s.scope, s.stopped])).toEqual([
      ['all', false],
      ['p5', false],
    ]);
  });

  it('stops a running ingestion job at its next check and puts it back without spending an attempt', async () => {
    const id = (await enqueue(db(), { name: 'ingest', payload: { provider: 'p7' } })) ?? 0;
    let sawAbort = false;
    const slowIngest: JobHandler = async ({ signal }) => {
      await setIngestionStopped(db(), 'p7', true, 'stop now');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5000);
        signal.addEventListener('abort', () => {
          sawAbort = true;
          clearTimeout(timer);
          resolve();
        });
      });
    };
    const worker = createWorker(server.ctx, log, {
      handlers: { ingest: slowIngest },
      schedules: [],
      switchCheckMs: 20,
    });
    expect(await worker.tick()).toBe(true);
    expect(sawAbort).toBe(true);
    expect(await job(id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      lastError: 'ingestion of p7 was stopped: stop now',
    });
    expect(await worker.tick()).toBe(false);
    await setIngestionStopped(db(), 'p7', false);
  });
});

describe('worker', () => {
  it('runs a job to done, and retries a failing one until it fails for good', async () => {
    const seen: string[] = [];
    const worker = createWorker(server.ctx, log, {
      handlers: {
        greet: async ({ job: j }) => {
          seen.push(`greet ${j.payload.who}`);
        },
        broken: async () => {
          throw new Error('always broken');
        },
      },
      schedules: [],
      random: () => 0,
    });
    const ok = (await enqueue(db(), { name: 'greet', payload: { who: 'world' } })) ?? 0;
    const bad = (await enqueue(db(), { name: 'broken', maxAttempts: 2 })) ?? 0;
    expect(await worker.tick()).toBe(true);
    expect(await worker.tick()).toBe(true);
    expect(seen).toEqual(['greet world']);
    expect(await job(ok)).toMatchObject({ status: 'done', lockedBy: null });
    expect(await job(bad)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'always broken' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await worker.tick()).toBe(true);
    expect(await job(bad)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('stops cleanly: the running job goes back to the queue and the loop ends', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const worker = createWorker(server.ctx, log, {
      handlers: {
        long: ({ signal }) =>
          new Promise<void>((_, reject) => {
            started();
            signal.addEventListener('abort', () => reject(signal.reason));
          }),
      },
      schedules: [],
      pollMs: 10,
    });
    const id = (await enqueue(db(), { name: 'long' })) ?? 0;
    worker.start();
    await running;
    await worker.stop();
    expect(await job(id)).toMatchObject({ status: 'queued', attempts: 0, lastError: 'the worker stopped' });
  });

  it('enqueues a due schedule once, and not again after its provider ran', async () => {
    const schedule: Schedule = {
      name: 'p8-quotes',
      provider: 'p8',
      every: 60_000,
      datasets: ['quotes'],
      enabled: () => true,
    };
    const off: Schedule = { ...schedule, name: 'p9', provider: 'p9', enabled: () => false };
    expect(await enqueueDueSchedules(db(), server.config, [schedule, off])).toEqual(['p8-quotes']);
    expect(await enqueueDueSchedules(db(), server.config, [schedule])).toEqual([]);
    const [queued] = await db().select().from(jobs).where(eq(jobs.uniqueKey, 'refresh:p8-quotes'));
    expect(queued).toMatchObject({ name: 'ingest', payload: { provider: 'p8', datasets: ['quotes'] } });
    await db().delete(jobs);
    await db().insert(ingestionRuns).values({ provider: 'p8', dataset: 'quotes', status: 'succeeded' });
    expect(await enqueueDueSchedules(db(), server.config, [schedule])).toEqual([]);
  });

  it('knows when a schedule is due', () => {
    const now = new Date('2026-03-03T15:00:00Z');
    expect(isDue({ every: 'day' }, null, now)).toBe(true);
    // 2026-03-03 00:30 New York is 05:30 UTC: the same New York day.
    expect(isDue({ every: 'day' }, new Date('2026-03-03T05:30:00Z'), now)).toBe(false);
    // 23:30 New York on 2026-03-02.
    expect(isDue({ every: 'day' }, new Date('2026-03-03T04:30:00Z'), now)).toBe(true);
    expect(isDue({ every: 60_000 }, new Date(now.getTime() - 59_000), now)).toBe(false);
    expect(isDue({ every: 60_000 }, new Date(now.getTime() - 60_000), now)).toBe(true);
  });
});

describe('the demo market’s daily roll', () => {
  // A whole demo re-ingestion: seconds alone, several times that beside a busy machine's other suites.
  it('re-ingests the demo provider from the day before its last run, and moves nothing it should not', async () => {
    const before = await db()
      .select({ id: ingestionRuns.id })
      .from(ingestionRuns)
      .orderBy(desc(ingestionRuns.id))
      .limit(1);
    const [seed] = await db()
      .select({ startedAt: min(ingestionRuns.startedAt) })
      .from(ingestionRuns)
      .where(eq(ingestionRuns.provider, 'demo'));
    const [filingsBefore] = await db()
      .select({ id: max(secFilings.id) })
      .from(secFilings);
    const id = (await enqueue(db(), { name: 'ingest', payload: { provider: 'demo', rollForward: true } })) ?? 0;
    const worker = createWorker(server.ctx, log, { handlers: INGEST_JOB_HANDLERS });
    expect(await worker.tick()).toBe(true);
    expect(await job(id)).toMatchObject({ status: 'done', lastError: null });
    const runs = await db()
      .select()
      .from(ingestionRuns)
      .where(gt(ingestionRuns.id, before[0]?.id ?? 0));
    expect(runs).toHaveLength(15);
    expect(runs.filter((run) => run.status !== 'succeeded')).toEqual([]);
    // Only the last days of history come again: a few days of bars per asset, not five years.
    const bars = runs.find((run) => run.dataset === 'dailyBars');
    expect((bars?.added ?? 0) + (bars?.changed ?? 0) + (bars?.skipped ?? 0)).toBeLessThan(741 * 10);
    // What was seeded is history and does not change. The only filings added are those accepted since the seed
    // (the demo files Form 4s into the New York evening, so a run then finds the ones whose time has come).
    const added = await db()
      .select({ acceptedAt: secFilings.acceptedAt })
      .from(secFilings)
      .where(gt(secFilings.id, filingsBefore?.id ?? 0));
    expect(runs.find((run) => run.dataset === 'filings')).toMatchObject({ added: added.length, changed: 0 });
    // The seed's clock was read just before its first run started; its filings are on whole minutes.
    const seededUpTo = (seed?.startedAt?.getTime() ?? 0) - 60_000;
    for (const filing of added) {
      expect(filing.acceptedAt?.getTime()).toBeGreaterThan(seededUpTo);
      expect(filing.acceptedAt?.getTime()).toBeLessThanOrEqual(Date.now());
    }
  }, 120_000);
});

describe('ingestion jobs', () => {
  it('ingest the named provider and tell every node on the bus which datasets changed', async () => {
    const heard: unknown[] = [];
    const unsubscribe = await server.ctx.bus.subscribe(MARKET_CHANGED_CHANNEL, (message) => {
      heard.push(message);
    });
    PROVIDERS['fake-bus'] = () =>
      fakeProvider('fake-bus', {
        assets: [[{ symbol: 'ZQBUS', type: 'stock', name: 'Zq Bus Lines' }]],
        quotes: [[{ symbol: 'ZQBUS', type: 'stock', price: 12.5, quotedAt: new Date() }]],
        news: [[]],
      });
    try {
      const id =
        (await enqueue(db(), {
          name: 'ingest',
          payload: { provider: 'fake-bus', datasets: ['assets', 'quotes', 'news', 'splits'] },
        })) ?? 0;
      expect(await createWorker(server.ctx, log, { handlers: INGEST_JOB_HANDLERS }).tick()).toBe(true);
      expect(await job(id)).toMatchObject({ status: 'done' });
      // A dataset the provider lacks is left out; one that brought nothing new is not announced.
      expect(heard).toEqual([{ datasets: ['assets'] }, { datasets: ['quotes'] }]);
    } finally {
      delete PROVIDERS['fake-bus'];
      await unsubscribe();
    }
  });
});

describe('where the demo roll starts', () => {
  const now = new Date('2026-03-10T15:00:00Z');
  it('starts the day before the last demo run, or from scratch after a month away or with no run at all', async () => {
    // Inside a transaction rolled back at the end: this database's own runs stay as they were.
    await db()
      .transaction(async (tx) => {
        const txDb = tx as unknown as Database;
        await txDb.delete(ingestionRuns).where(eq(ingestionRuns.provider, 'demo'));
        expect(await rollForwardFrom(txDb, now)).toBeUndefined();
        await txDb.insert(ingestionRuns).values({
          provider: 'demo',
          dataset: 'quotes',
          status: 'succeeded',
          startedAt: new Date('2026-03-06T20:00:00Z'),
        });
        // A failed run does not count as the market brought up to date.
        await txDb.insert(ingestionRuns).values({
          provider: 'demo',
          dataset: 'quotes',
          status: 'failed',
          startedAt: new Date('2026-03-09T20:00:00Z'),
        });
        expect(await rollForwardFrom(txDb, now)).toBe('2026-03-05');
        await txDb.delete(ingestionRuns).where(eq(ingestionRuns.provider, 'demo'));
        await txDb.insert(ingestionRuns).values({
          provider: 'demo',
          dataset: 'quotes',
          status: 'succeeded',
          startedAt: new Date('2026-02-01T20:00:00Z'),
        });
        expect(await rollForwardFrom(txDb, now)).toBeUndefined();
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });
});

class Rollback extends Error {}

describe('worker role', () => {
  let withWorker: TestServer;
  beforeAll(async () => {
    withWorker = await startTestServer({ ROLES: 'api,worker' });
  });
  afterAll(async () => {
    await withWorker?.close();
  });

  it('runs queued ingestion jobs in the server, and records a provider it does not know as failed', async () => {
    const id =
      (await enqueue(withWorker.ctx.db, { name: 'ingest', payload: { provider: 'no-such-vendor' }, maxAttempts: 1 })) ??
      0;
    let stored: typeof jobs.$inferSelect | undefined;
    for (let i = 0; i < 100; i += 1) {
      [stored] = await withWorker.ctx.db.select().from(jobs).where(eq(jobs.id, id));
      if (stored?.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(stored).toMatchObject({ status: 'failed', lastError: "unknown provider 'no-such-vendor'" });
  });
});
