/**
 * The worker loop: claims one job at a time, runs its handler with a heartbeat, and records the outcome. Every
 * `maintenanceMs` it also enqueues due schedules, gives back stale locks and prunes old finished jobs. A kill
 * switch turned on while an ingestion job runs aborts it at its next batch; the job goes back to the queue
 * without spending an attempt and waits there until the switch is off.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { MS_PER_DAY, type RandomSource } from '@eh/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../kernel/context.ts';
import { isConnectionError } from '../kernel/http/errors.ts';
import type { JobHandler } from '../kernel/jobs/handler.ts';
import { ingestionStopped } from '../kernel/jobs/kill-switch.ts';
import {
  claim,
  complete,
  fail,
  heartbeat,
  type Job,
  pruneFinished,
  recoverOrphans,
  recoverStale,
  release,
} from '../kernel/jobs/queue.ts';
import type { Schedule } from '../kernel/jobs/schedule.ts';
import { resumeHistory } from '../modules/market-history/index.ts';
import { enqueueDueSchedules } from './schedules.ts';

export interface WorkerOptions {
  id?: string;
  handlers: Readonly<Record<string, JobHandler>>;
  /** Refreshes this lane enqueues when due (the main lane's; none for the others). */
  schedules?: readonly Schedule[];
  /** Wait between polls of an empty queue. */
  pollMs?: number;
  heartbeatMs?: number;
  /** A running job whose lock is older than this is given back. */
  staleMs?: number;
  maintenanceMs?: number;
  /** How often a running ingestion job checks its kill switch. */
  switchCheckMs?: number;
  /** Finished jobs are kept this long. */
  keepFinishedMs?: number;
  random?: RandomSource;
}

export const WORKER_DEFAULTS = {
  pollMs: 1000,
  heartbeatMs: 15_000,
  staleMs: 120_000,
  maintenanceMs: 30_000,
  switchCheckMs: 5000,
  keepFinishedMs: 7 * MS_PER_DAY,
} as const;

export interface Worker {
  readonly id: string;
  /** Starts the loop (once). */
  start(): void;
  /** Stops claiming, aborts the running job (it goes back to the queue) and waits for the loop to end. */
  stop(): Promise<void>;
  /** One turn of the loop: maintenance when due, then at most one job. True when a job ran. */
  tick(): Promise<boolean>;
}

type Outcome = 'done' | 'retry' | 'failed' | 'released';

/** Starts the id of every worker of this process. */
const PROCESS_PREFIX = `${hostname()}:${process.pid}:`;

export function createWorker(ctx: AppContext, log: FastifyBaseLogger, options: WorkerOptions): Worker {
  const settings = { ...WORKER_DEFAULTS, ...options };
  const id = options.id ?? `${PROCESS_PREFIX}${randomBytes(3).toString('hex')}`;
  const { handlers } = options;
  const schedules = options.schedules ?? [];
  const stopping = new AbortController();
  let lastMaintenance = Number.NEGATIVE_INFINITY;
  let loop: Promise<void> | undefined;

  /** Once per start: what a crash left behind goes back to the queue (a seeded market's history included). */
  async function resume() {
    if (ctx.database.driver === 'pglite') {
      const orphans = await recoverOrphans(ctx.db, PROCESS_PREFIX);
      if (orphans.length > 0) log.warn({ jobs: orphans }, 'gave back jobs of a process that stopped');
    }
    if ((await resumeHistory(ctx.db)) > 0) log.info('the market history fill resumes');
  }

  async function maintain() {
    if (lastMaintenance === Number.NEGATIVE_INFINITY) await resume();
    lastMaintenance = Date.now();
    const recovered = await recoverStale(ctx.db, settings.staleMs);
    if (recovered.length > 0) log.warn({ jobs: recovered }, 'gave back jobs of a worker that stopped answering');
    await pruneFinished(ctx.db, settings.keepFinishedMs);
    const enqueued = await enqueueDueSchedules(ctx.db, ctx.config, schedules);
    if (enqueued.length > 0) log.info({ schedules: enqueued }, 'scheduled refreshes enqueued');
  }

  async function run(job: Job): Promise<Outcome> {
    const handler = handlers[job.name];
    const controller = new AbortController();
    let releaseReason: string | null = null;
    const onStop = () => {
      releaseReason = 'the worker stopped';
      controller.abort(new Error(releaseReason));
    };
    stopping.signal.addEventListener('abort', onStop, { once: true });
    const beat = setInterval(() => {
      heartbeat(ctx.db, [job.id], id).catch((error: unknown) => log.warn({ err: error }, 'job heartbeat failed'));
    }, settings.heartbeatMs);
    const provider = typeof job.payload.provider === 'string' ? job.payload.provider : null;
    const watch = provider
      ? setInterval(() => {
          ingestionStopped(ctx.db, provider)
            .then(({ stopped, message }) => {
              if (!stopped || controller.signal.aborted) return;
              releaseReason = `ingestion of ${provider} was stopped${message ? `: ${message}` : ''}`;
              controller.abort(new Error(releaseReason));
            })
            .catch((error: unknown) => log.warn({ err: error }, 'kill switch check failed'));
        }, settings.switchCheckMs)
      : undefined;
    try {
      if (!handler) throw new Error(`no handler for job '${job.name}'`);
      await handler({ ctx, job, signal: controller.signal, log });
      if (releaseReason) {
        await release(ctx.db, job, id, releaseReason);
        return 'released';
      }
      await complete(ctx.db, job, id);
      return 'done';
    } catch (error) {
      if (releaseReason) {
        await release(ctx.db, job, id, releaseReason);
        return 'released';
      }
      const { retryInMs } = await fail(ctx.db, job, id, error, settings.random);
      log.warn({ err: error, job: job.id, name: job.name, attempt: job.attempts, retryInMs }, 'job failed');
      return retryInMs === null ? 'failed' : 'retry';
    } finally {
      clearInterval(beat);
      if (watch) clearInterval(watch);
      stopping.signal.removeEventListener('abort', onStop);
    }
  }

  async function tick(): Promise<boolean> {
    if (Date.now() - lastMaintenance >= settings.maintenanceMs) await maintain();
    const [job] = await claim(ctx.db, id, { names: Object.keys(handlers), limit: 1 });
    if (!job) return false;
    // Claimed as the worker stopped: it goes back unrun (the stop aborts only the job running when it comes).
    if (stopping.signal.aborted) {
      await release(ctx.db, job, id, 'the worker stopped');
      return true;
    }
    await run(job);
    return true;
  }

  async function runLoop() {
    while (!stopping.signal.aborted) {
      let ran = false;
      try {
        ran = await tick();
      } catch (error) {
        if (stopping.signal.aborted) break;
        // A lost database is logged once by its handle, not once a poll; the loop keeps polling until it is back.
        if (isConnectionError(error)) ctx.database.markUnreachable(error);
        else log.error({ err: error }, 'worker turn failed');
      }
      if (!ran) await sleep(settings.pollMs, undefined, { signal: stopping.signal }).catch(() => {});
    }
  }

  return {
    id,
    start() {
      loop ??= runLoop();
    },
    async stop() {
      stopping.abort();
      await loop;
    },
    tick,
  };
}
