/**
 * The job queue on the service tier: one queued or running job per unique key, claims of due jobs each once, the
 * SPEC §9 retries, releases that spend no attempt, stale and orphaned locks given back, heartbeats, pruning, one
 * ingestion job per provider at a time, the kill switch, the worker loop and its schedules, the ingestion job's
 * bus message and the demo market's daily roll.
 */
import { type Database, ingestionRuns, jobs, secFilings } from '@eh/db';
import { desc, eq, gt, inArray, max, min, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { INGEST_JOB, INGEST_JOB_HANDLERS, rollForwardFrom } from '../../src/ingest/job.ts';
import { enqueueDueSchedules } from '../../src/jobs/schedules.ts';
import { createWorker } from '../../src/jobs/worker.ts';
import { MARKET_CHANGED_CHANNEL } from '../../src/kernel/channels.ts';
import type { JobHandler } from '../../src/kernel/jobs/handler.ts';
import { ingestionStopped, listSwitches, setIngestionStopped } from '../../src/kernel/jobs/kill-switch.ts';
import {
  claim,
  complete,
  enqueue,
  fail,
  heartbeat,
  pruneFinished,
  recoverOrphans,
  recoverStale,
  release,
} from '../../src/kernel/jobs/queue.ts';
import { isDue, type Schedule } from '../../src/kernel/jobs/schedule.ts';
import { PROVIDERS } from '../../src/providers/index.ts';
import { lanesOf, WORKER_PARTS } from '../../src/roles/worker.ts';
import { fakeProvider } from '../fake-provider.ts';
import { eachDatabase, silentLog } from './context.ts';

class Rollback extends Error {}

describe('when a schedule is due', () => {
  it('is due once a New York day has passed, or its interval', () => {
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

eachDatabase((service) => {
  const db = (): Database => service().ctx.db;

  async function job(id: number) {
    const [row] = await db().select().from(jobs).where(eq(jobs.id, id));
    if (!row) throw new Error(`no job ${id}`);
    return row;
  }
  const queued = async (item: Parameters<typeof enqueue>[1]) => {
    const id = await enqueue(db(), item);
    if (id === null) throw new Error(`${item.name} was not enqueued`);
    return id;
  };

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
      expect(await job(first ?? 0)).toMatchObject({ status: 'done', lockedBy: null, lockedAt: null });
      expect(await enqueue(db(), { name: 'ingest', uniqueKey: 'refresh:p1' })).toBeTypeOf('number');
    });

    it('claims only due jobs of the names asked for, oldest first, each once', async () => {
      const later = await queued({ name: 'digest', runAt: new Date(Date.now() + 60_000) });
      const other = await queued({ name: 'other-kind' });
      const a = await queued({ name: 'digest', runAt: new Date(Date.now() - 2000) });
      const b = await queued({ name: 'digest', runAt: new Date(Date.now() - 1000) });
      expect(await claim(db(), 'w0', { names: [] })).toEqual([]);
      const [one, two] = await Promise.all([
        claim(db(), 'w1', { names: ['digest'] }),
        claim(db(), 'w2', { names: ['digest'] }),
      ]);
      const claimed = [...one, ...two];
      expect(claimed.map((j) => j.id).sort()).toEqual([a, b].sort());
      expect(new Set(claimed.map((j) => j.lockedBy))).toEqual(new Set(['w1', 'w2']));
      expect(claimed.every((j) => j.status === 'running' && j.attempts === 1)).toBe(true);
      expect(await claim(db(), 'w3', { names: ['digest'] })).toEqual([]);
      expect((await job(later)).status).toBe('queued');
      expect((await job(other)).status).toBe('queued');
    });

    it('retries a failure after the SPEC §9 backoff and fails the job once its attempts are spent', async () => {
      const id = await queued({ name: 'flaky', maxAttempts: 3 });
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

    it('records nothing for a worker that does not hold the job', async () => {
      const id = await queued({ name: 'held' });
      const [claimed] = await claim(db(), 'w1', { names: ['held'] });
      if (!claimed) throw new Error('not claimed');
      await complete(db(), claimed, 'w2');
      await fail(db(), claimed, 'w2', new Error('not mine'));
      await release(db(), claimed, 'w2', 'not mine');
      expect(await job(id)).toMatchObject({ status: 'running', lockedBy: 'w1', attempts: 1, lastError: null });
    });

    it('gives a released job back without spending its attempt', async () => {
      const id = await queued({ name: 'ingest', payload: { provider: 'p2' } });
      const [claimed] = await claim(db(), 'w1', { names: ['ingest'] });
      await release(db(), claimed ?? { id }, 'w1', 'the worker stopped');
      expect(await job(id)).toMatchObject({ status: 'queued', attempts: 0, lastError: 'the worker stopped' });
    });

    it('gives back the jobs of a worker whose lock went stale, failing those on their last attempt', async () => {
      const alive = await queued({ name: 'long' });
      const dead = await queued({ name: 'long' });
      const lastTry = await queued({ name: 'long', maxAttempts: 1 });
      await claim(db(), 'w1', { names: ['long'], limit: 3 });
      await db()
        .update(jobs)
        .set({ lockedAt: sql`now() - interval '10 minutes'` })
        .where(inArray(jobs.id, [dead, lastTry]));
      expect((await recoverStale(db(), 120_000)).sort()).toEqual([dead, lastTry].sort());
      expect(await job(dead)).toMatchObject({
        status: 'queued',
        lockedBy: null,
        lastError: 'the worker stopped answering (lock expired)',
      });
      expect(await job(lastTry)).toMatchObject({ status: 'failed' });
      expect((await job(lastTry)).finishedAt).toBeInstanceOf(Date);
      expect(await job(alive)).toMatchObject({ status: 'running', lockedBy: 'w1' });
    });

    it("keeps a beating worker's lock fresh, and only its own jobs'", async () => {
      const mine = await queued({ name: 'beat' });
      const theirs = await queued({ name: 'beat' });
      await claim(db(), 'w1', { names: ['beat'] });
      await claim(db(), 'w2', { names: ['beat'] });
      await db()
        .update(jobs)
        .set({ lockedAt: sql`now() - interval '10 minutes'` })
        .where(inArray(jobs.id, [mine, theirs]));
      await heartbeat(db(), [], 'w1');
      await heartbeat(db(), [mine, theirs], 'w1');
      expect(await recoverStale(db(), 120_000)).toEqual([theirs]);
      expect(await job(mine)).toMatchObject({ status: 'running', lockedBy: 'w1' });
    });

    it("gives back at once the running jobs of another process, and leaves this process's alone", async () => {
      const ours = await queued({ name: 'orphan' });
      const crashed = await queued({ name: 'orphan' });
      await claim(db(), 'host:1:w1', { names: ['orphan'] });
      await claim(db(), 'host:2:w9', { names: ['orphan'] });
      expect(await recoverOrphans(db(), 'host:1:')).toEqual([crashed]);
      expect(await job(crashed)).toMatchObject({
        status: 'queued',
        lockedBy: null,
        lastError: 'the process running it stopped',
      });
      expect(await job(ours)).toMatchObject({ status: 'running', lockedBy: 'host:1:w1' });
    });

    it('forgets finished jobs older than the time kept, and nothing queued or running', async () => {
      const old = await queued({ name: 'prune' });
      const oldFailed = await queued({ name: 'prune' });
      const recent = await queued({ name: 'prune' });
      const waiting = await queued({ name: 'prune', runAt: new Date(Date.now() + 60_000) });
      const running = await queued({ name: 'other' });
      await claim(db(), 'w1', { names: ['other'] });
      await db()
        .update(jobs)
        .set({ status: 'done', finishedAt: sql`now() - interval '8 days'` })
        .where(eq(jobs.id, old));
      await db()
        .update(jobs)
        .set({ status: 'failed', finishedAt: sql`now() - interval '8 days'` })
        .where(eq(jobs.id, oldFailed));
      await db()
        .update(jobs)
        .set({ status: 'done', finishedAt: sql`now() - interval '1 day'` })
        .where(eq(jobs.id, recent));
      expect(await pruneFinished(db(), 7 * 86_400_000)).toBe(2);
      const left = await db().select({ id: jobs.id }).from(jobs);
      expect(left.map((row) => row.id).sort()).toEqual([recent, waiting, running].sort());
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
      const p5 = await queued({ name: 'ingest', payload: { provider: 'p5' } });
      const p6 = await queued({ name: 'ingest', payload: { provider: 'p6' } });
      const plain = await queued({ name: 'digest' });
      await setIngestionStopped(db(), 'p5', true, 'vendor sends garbage');
      expect(await ingestionStopped(db(), 'p5')).toEqual({ stopped: true, message: 'vendor sends garbage' });
      expect(await ingestionStopped(db(), 'p6')).toEqual({ stopped: false, message: null });
      expect((await claim(db(), 'w1', { names: ['ingest'], limit: 5 })).map((j) => j.id)).toEqual([p6]);

      await setIngestionStopped(db(), 'all', true, 'maintenance');
      // The global switch's reason is the one given for every provider.
      expect(await ingestionStopped(db(), 'p6')).toEqual({ stopped: true, message: 'maintenance' });
      await db().update(jobs).set({ status: 'queued', lockedBy: null }).where(eq(jobs.id, p6));
      expect(await claim(db(), 'w1', { names: ['ingest'], limit: 5 })).toEqual([]);
      // Jobs that are not ingestion are not affected.
      expect((await claim(db(), 'w1', { names: ['digest'] })).map((j) => j.id)).toEqual([plain]);

      await setIngestionStopped(db(), 'all', false);
      await setIngestionStopped(db(), 'p5', false);
      expect((await claim(db(), 'w1', { names: ['ingest'], limit: 5 })).map((j) => j.id).sort()).toEqual(
        [p5, p6].sort(),
      );
      expect((await listSwitches(db())).map((s) => [s.scope, s.stopped])).toEqual([
        ['all', false],
        ['p5', false],
      ]);
    });

    it('stops a running ingestion job at its next check and puts it back without spending an attempt', async () => {
      const id = await queued({ name: 'ingest', payload: { provider: 'p7' } });
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
      const worker = createWorker(service().ctx, silentLog, {
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
      const worker = createWorker(service().ctx, silentLog, {
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
      const ok = await queued({ name: 'greet', payload: { who: 'world' } });
      const bad = await queued({ name: 'broken', maxAttempts: 2 });
      expect(await worker.tick()).toBe(true);
      expect(await worker.tick()).toBe(true);
      expect(seen).toEqual(['greet world']);
      expect(await job(ok)).toMatchObject({ status: 'done', lockedBy: null });
      expect(await job(bad)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'always broken' });
      // The retry is due after its 100 ms backoff: the worker takes it once it is.
      await expect.poll(() => worker.tick(), { interval: 20 }).toBe(true);
      expect(await job(bad)).toMatchObject({ status: 'failed', attempts: 2 });
    });

    it('leaves a job of a name it does not handle in the queue', async () => {
      const id = await queued({ name: 'mystery', maxAttempts: 1 });
      const worker = createWorker(service().ctx, silentLog, { handlers: {}, schedules: [] });
      expect(await worker.tick()).toBe(false);
      expect(await job(id)).toMatchObject({ status: 'queued' });
    });

    it('stops cleanly: the running job goes back to the queue and the loop ends', async () => {
      let started!: () => void;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      const worker = createWorker(service().ctx, silentLog, {
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
      const id = await queued({ name: 'long' });
      worker.start();
      await running;
      await worker.stop();
      expect(await job(id)).toMatchObject({ status: 'queued', attempts: 0, lastError: 'the worker stopped' });
    });

    it('enqueues a due schedule once, and not again after its provider ran', async () => {
      const { config } = service().ctx;
      const schedule: Schedule = {
        name: 'p8-quotes',
        provider: 'p8',
        every: 60_000,
        datasets: ['quotes'],
        enabled: () => true,
      };
      const off: Schedule = { ...schedule, name: 'p9', provider: 'p9', enabled: () => false };
      expect(await enqueueDueSchedules(db(), config, [schedule, off])).toEqual(['p8-quotes']);
      expect(await enqueueDueSchedules(db(), config, [schedule])).toEqual([]);
      const [enqueued] = await db().select().from(jobs).where(eq(jobs.uniqueKey, 'refresh:p8-quotes'));
      expect(enqueued).toMatchObject({ name: 'ingest', payload: { provider: 'p8', datasets: ['quotes'] } });
      await db().delete(jobs);
      await db().insert(ingestionRuns).values({ provider: 'p8', dataset: 'quotes', status: 'succeeded' });
      expect(await enqueueDueSchedules(db(), config, [schedule])).toEqual([]);
    });

    it("runs the worker role's ingestion jobs, and fails one of a provider it does not know", async () => {
      const lane = lanesOf(WORKER_PARTS, service().ctx.config).find((l) => l.handlers[INGEST_JOB]);
      if (!lane) throw new Error('no lane of the worker role runs ingestion jobs');
      expect(lane.name).toBe('main');
      const id = await queued({ name: INGEST_JOB, payload: { provider: 'no-such-vendor' }, maxAttempts: 1 });
      const worker = createWorker(service().ctx, silentLog, { handlers: lane.handlers, schedules: [] });
      expect(await worker.tick()).toBe(true);
      expect(await job(id)).toMatchObject({ status: 'failed', lastError: "unknown provider 'no-such-vendor'" });
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
      const id = await queued({ name: 'ingest', payload: { provider: 'demo', rollForward: true } });
      const worker = createWorker(service().ctx, silentLog, { handlers: INGEST_JOB_HANDLERS });
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

    it('starts the day before the last demo run, or from scratch after a month away or with no run at all', async () => {
      const now = new Date('2026-03-10T15:00:00Z');
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

  describe('ingestion jobs', () => {
    it('ingest the named provider and tell every node on the bus which datasets changed', async () => {
      const heard: unknown[] = [];
      const unsubscribe = await service().ctx.bus.subscribe(MARKET_CHANGED_CHANNEL, (message) => {
        heard.push(message);
      });
      PROVIDERS['fake-bus'] = () =>
        fakeProvider('fake-bus', {
          assets: [[{ symbol: 'ZQBUS', type: 'stock', name: 'Zq Bus Lines' }]],
          quotes: [[{ symbol: 'ZQBUS', type: 'stock', price: 12.5, quotedAt: new Date() }]],
          news: [[]],
        });
      try {
        const id = await queued({
          name: 'ingest',
          payload: { provider: 'fake-bus', datasets: ['assets', 'quotes', 'news', 'splits'] },
        });
        expect(await createWorker(service().ctx, silentLog, { handlers: INGEST_JOB_HANDLERS }).tick()).toBe(true);
        expect(await job(id)).toMatchObject({ status: 'done' });
        // A dataset the provider lacks is left out; one that brought nothing new is not announced.
        await expect.poll(() => heard).toEqual([{ datasets: ['assets'] }, { datasets: ['quotes'] }]);
      } finally {
        delete PROVIDERS['fake-bus'];
        await unsubscribe();
      }
    });
  });
});
