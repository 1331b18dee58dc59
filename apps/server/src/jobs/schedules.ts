/**
 * What the worker refreshes on its own: the demo market rolls forward once per New York day, and the real
 * providers named in INGEST_PROVIDERS refresh at their vendor's pace. A schedule is due when the provider's last
 * recorded run (`ingestion_runs`) is older than its period; its job has a unique key, so a schedule never piles up.
 */
import { type Database, ingestionRuns, jobs } from '@eh/db';
import { MS_PER_HOUR, MS_PER_MINUTE, nyDate } from '@eh/domain';
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { PROVIDERS } from '../providers/index.ts';
import type { Dataset } from '../providers/types.ts';
import { historyPending } from '../seed/history.ts';
import type { IngestJobPayload } from './handlers.ts';
import { enqueue } from './queue.ts';

export interface Schedule {
  /** Unique: the job's key is `refresh:<name>`. */
  name: string;
  provider: string;
  /** Milliseconds between runs, or once per New York calendar day. */
  every: number | 'day';
  /** The datasets to refresh (those the provider serves); all when absent. */
  datasets?: readonly Dataset[];
  /** Re-ingest the demo provider for the new day (quotes, bars and earnings statuses move on). */
  rollForward?: boolean;
  enabled(config: Config): boolean;
}

const configured = (provider: string) => (config: Config) =>
  config.INGEST_PROVIDERS.includes(provider) && PROVIDERS[provider] !== undefined;

export const SCHEDULES: readonly Schedule[] = [
  {
    name: 'demo-roll-forward',
    provider: 'demo',
    every: 'day',
    rollForward: true,
    enabled: (config) => config.SEED_DEMO && PROVIDERS.demo !== undefined,
  },
  // SEC: the listed universe and filings change daily; 8-K Item 2.02 filings confirm earnings dates.
  { name: 'sec-daily', provider: 'sec', every: 'day', enabled: configured('sec') },
  { name: 'nasdaqtrader-daily', provider: 'nasdaqtrader', every: 'day', enabled: configured('nasdaqtrader') },
  {
    name: 'coingecko-quotes',
    provider: 'coingecko',
    every: 5 * MS_PER_MINUTE,
    datasets: ['quotes'],
    enabled: configured('coingecko'),
  },
  { name: 'coingecko-daily', provider: 'coingecko', every: 'day', enabled: configured('coingecko') },
  {
    name: 'yahoo-quotes',
    provider: 'yahoo',
    every: 15 * MS_PER_MINUTE,
    datasets: ['quotes'],
    enabled: configured('yahoo'),
  },
  {
    name: 'yahoo-hourly',
    provider: 'yahoo',
    every: MS_PER_HOUR,
    datasets: ['news', 'analystRatings'],
    enabled: configured('yahoo'),
  },
  { name: 'yahoo-daily', provider: 'yahoo', every: 'day', enabled: configured('yahoo') },
];

/** Whether a schedule last run at `last` is due again at `now`. */
export function isDue(schedule: Pick<Schedule, 'every'>, last: Date | null, now: Date): boolean {
  if (!last) return true;
  if (schedule.every === 'day') return nyDate(last) < nyDate(now);
  return now.getTime() - last.getTime() >= schedule.every;
}

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

export const scheduleKey = (schedule: Pick<Schedule, 'name'>) => `refresh:${schedule.name}`;

/** Enqueues the job of every enabled schedule that is due; returns the names enqueued. */
export async function enqueueDueSchedules(
  db: Database,
  config: Config,
  schedules: readonly Schedule[] = SCHEDULES,
  now: Date = new Date(),
): Promise<string[]> {
  const enqueued: string[] = [];
  for (const schedule of schedules) {
    if (!schedule.enabled(config)) continue;
    // A seeded market's history is generated as of its seed: the roll waits until it is in (seed/history.ts).
    if (await historyPending(db, schedule.provider)) continue;
    if (!isDue(schedule, await lastRun(db, schedule), now)) continue;
    const payload: IngestJobPayload = {
      provider: schedule.provider,
      ...(schedule.datasets ? { datasets: [...schedule.datasets] } : {}),
      ...(schedule.rollForward ? { rollForward: true } : {}),
    };
    const id = await enqueue(db, { name: 'ingest', payload: { ...payload }, uniqueKey: scheduleKey(schedule) });
    if (id !== null) enqueued.push(schedule.name);
  }
  return enqueued;
}
