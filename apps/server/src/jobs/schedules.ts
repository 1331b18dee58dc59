/** The main lane's maintenance turn enqueues the schedules the parts declare (ingest/schedules.ts) that are due. */
import { type Database, ingestionRuns, jobs } from '@eh/db';
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { INGEST_JOB } from '../ingest/job.ts';
import { enqueue } from '../kernel/jobs/queue.ts';
import { isDue, type Schedule, scheduleKey } from '../kernel/jobs/schedule.ts';
import { historyPending } from '../modules/market-history/index.ts';

/** The later of the provider's last recorded run and the schedule's last finished job (one that failed early). */
async function lastRun(db: Database, schedule: Schedule): Promise<Date | null> {
  const [run] = await db
    .select({ last: max(ingestionRuns.startedAt) })
    .from(ingestionRuns)
    .where(
      and(
        eq(ingestionRuns.provider, schedule.provider),
        schedule.datasets ? inArray(ingestionRuns.dataset, [...schedule.datasets]) : undefined,
      ),
    );
  const [job] = await db
    .select({ last: max(sql<Date>`coalesce(${jobs.finishedAt}, ${jobs.createdAt})`) })
    .from(jobs)
    .where(eq(jobs.uniqueKey, scheduleKey(schedule)));
  const times = [run?.last, job?.last].filter((t): t is Date => t instanceof Date);
  return times.length > 0 ? new Date(Math.max(...times.map((t) => t.getTime()))) : null;
}

/** Enqueues the job of every enabled schedule that is due; returns the names enqueued. */
export async function enqueueDueSchedules(
  db: Database,
  config: Config,
  schedules: readonly Schedule[],
  now: Date = new Date(),
): Promise<string[]> {
  const enqueued: string[] = [];
  for (const schedule of schedules) {
    if (!schedule.enabled(config)) continue;
    // A seeded market's history is generated as of its seed: the roll waits until it is in (modules/market-history).
    if (await historyPending(db, schedule.provider)) continue;
    if (!isDue(schedule, await lastRun(db, schedule), now)) continue;
    const payload = {
      provider: schedule.provider,
      ...(schedule.datasets ? { datasets: [...schedule.datasets] } : {}),
      ...(schedule.rollForward ? { rollForward: true } : {}),
    };
    const id = await enqueue(db, { name: INGEST_JOB, payload: { ...payload }, uniqueKey: scheduleKey(schedule) });
    if (id !== null) enqueued.push(schedule.name);
  }
  return enqueued;
}
