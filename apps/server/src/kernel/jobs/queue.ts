/**
 * The Postgres job queue (DESIGN §2) over the `jobs` table: any node enqueues, workers claim due jobs with
 * `for update skip locked`, failures are retried with the SPEC §9 backoff until the job's attempts are spent, and
 * the lock of a worker that died is given back after it goes stale.
 */

import { type Database, jobs, rowsOf } from '@eh/db';
import { type RandomSource, retryDelay } from '@eh/domain';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { stoppedSql } from './kill-switch.ts';

export type Job = typeof jobs.$inferSelect;

export interface NewJob {
  name: string;
  payload?: Record<string, unknown>;
  /** At most one queued or running job per key (a schedule cannot pile up). */
  uniqueKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

/** The job's id, or null when a job with the same key is already queued or running. */
export async function enqueue(db: Database, job: NewJob): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      name: job.name,
      payload: job.payload ?? {},
      uniqueKey: job.uniqueKey ?? null,
      ...(job.runAt ? { runAt: job.runAt } : {}),
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.uniqueKey, where: sql`status in ('queued', 'running')` })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

export interface ClaimOptions {
  /** Only jobs with these names (the ones this worker can run). */
  names: readonly string[];
  limit?: number;
}

/**
 * Claims due jobs for `workerId`, oldest first, counting an attempt. A job whose payload names a `provider` is an
 * ingestion job: it is left queued while that provider's kill switch (or the global one) is on, and while another
 * job of the same provider runs (one job per vendor at a time, so its rate limit holds across nodes).
 */
export async function claim(db: Database, workerId: string, options: ClaimOptions): Promise<Job[]> {
  if (options.names.length === 0) return [];
  const result = await db.execute(sql`
    with candidates as (
      select j.id, j.run_at, coalesce(j.payload->>'provider', 'job:' || j.id) as lane from ${jobs} j
      where j.status = 'queued' and j.run_at <= now()
        and j.name = any(${sql.param([...options.names])}::text[])
        and ((j.payload->>'provider') is null or (
          not ${stoppedSql(sql`(j.payload->>'provider')`)}
          and not exists (
            select 1 from ${jobs} r where r.status = 'running' and r.payload->>'provider' = j.payload->>'provider')))
      order by j.run_at, j.id
      limit ${options.limit ?? 1}
      for update of j skip locked
    ),
    picked as (select distinct on (lane) id from candidates order by lane, run_at, id)
    update ${jobs} set status = 'running', locked_by = ${workerId}, locked_at = now(), attempts = ${jobs.attempts} + 1
    from picked where ${jobs.id} = picked.id
    returning ${jobs.id} as id`);
  const ids = rowsOf<{ id: number }>(result).map((row) => row.id);
  if (ids.length === 0) return [];
  return db.select().from(jobs).where(inArray(jobs.id, ids)).orderBy(jobs.runAt, jobs.id);
}

const mine = (job: Pick<Job, 'id'>, workerId: string) => and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId));

export async function complete(db: Database, job: Pick<Job, 'id'>, workerId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', lockedBy: null, lockedAt: null, finishedAt: sql`now()` })
    .where(mine(job, workerId));
}

/**
 * Records a failed attempt: the job runs again after the SPEC §9 backoff of its attempt, or is failed for good
 * once its attempts are spent or the backoff gives up. Returns what happened.
 */
export async function fail(
  db: Database,
  job: Pick<Job, 'id' | 'attempts' | 'maxAttempts'>,
  workerId: string,
  error: unknown,
  random: RandomSource = Math.random,
): Promise<{ retryInMs: number | null }> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const delay = job.attempts < job.maxAttempts ? retryDelay(Math.max(0, job.attempts - 1), random) : null;
  await db
    .update(jobs)
    .set(
      delay === null
        ? { status: 'failed', lastError: message, lockedBy: null, lockedAt: null, finishedAt: sql`now()` }
        : {
            status: 'queued',
            lastError: message,
            lockedBy: null,
            lockedAt: null,
            runAt: sql`now() + ${delay}::float8 * interval '1 millisecond'`,
          },
    )
    .where(mine(job, workerId));
  return { retryInMs: delay };
}

/** Puts a claimed job back without spending its attempt (the worker stopped, or the kill switch was turned on). */
export async function release(db: Database, job: Pick<Job, 'id'>, workerId: string, reason: string): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedBy: null,
      lockedAt: null,
      lastError: reason,
    })
    .where(mine(job, workerId));
}

/** Tells the others this worker is still on its jobs. */
export async function heartbeat(db: Database, ids: readonly number[], workerId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({ lockedAt: sql`now()` })
    .where(and(inArray(jobs.id, [...ids]), eq(jobs.lockedBy, workerId)));
}

/**
 * Gives back jobs whose worker stopped beating for `staleMs` (it crashed or lost the database): queued again, or
 * failed when that was their last attempt. Returns their ids.
 */
export async function recoverStale(db: Database, staleMs: number): Promise<number[]> {
  const rows = await db
    .update(jobs)
    .set({
      status: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'failed' else 'queued' end`,
      finishedAt: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then now() end`,
      lastError: sql`'the worker stopped answering (lock expired)'`,
      lockedBy: null,
      lockedAt: null,
    })
    .where(
      and(eq(jobs.status, 'running'), lt(jobs.lockedAt, sql`now() - ${staleMs}::float8 * interval '1 millisecond'`)),
    )
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

/**
 * Gives back at once the running jobs no worker of this process holds (`ours` starts every id of ours): on the
 * embedded database only one process can be open, so they belong to one that crashed or was killed, and waiting
 * out their stale lock would leave a killed first start's history idle for minutes. Returns their ids.
 */
export async function recoverOrphans(db: Database, ours: string): Promise<number[]> {
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', lockedBy: null, lockedAt: null, lastError: 'the process running it stopped' })
    .where(and(eq(jobs.status, 'running'), sql`${jobs.lockedBy} not like ${`${ours}%`}`))
    .returning({ id: jobs.id });
  return rows.map((row) => row.id);
}

/** Forgets finished jobs older than `keepMs` (the queue stays small; ingestion_runs keeps the history). */
export async function pruneFinished(db: Database, keepMs: number): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.status, ['done', 'failed']),
        lt(jobs.finishedAt, sql`now() - ${keepMs}::float8 * interval '1 millisecond'`),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}
