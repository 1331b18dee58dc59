import { nyDate } from '@eh/domain';
import type { Config } from '../../config.ts';

/** A refresh the worker's main lane enqueues when it is due (a provider's datasets, at the vendor's pace). */
export interface Schedule {
  /** Unique: the job's key is `refresh:<name>`. */
  name: string;
  provider: string;
  /** Milliseconds between runs, or once per New York calendar day. */
  every: number | 'day';
  /** The datasets to refresh (those the provider serves); all when absent. */
  datasets?: readonly string[];
  /** Re-ingest the demo provider for the new day (quotes, bars and earnings statuses move on). */
  rollForward?: boolean;
  enabled(config: Config): boolean;
}

/** Whether a schedule last run at `last` is due again at `now`. */
export function isDue(schedule: Pick<Schedule, 'every'>, last: Date | null, now: Date): boolean {
  if (!last) return true;
  if (schedule.every === 'day') return nyDate(last) < nyDate(now);
  return now.getTime() - last.getTime() >= schedule.every;
}

export const scheduleKey = (schedule: Pick<Schedule, 'name'>) => `refresh:${schedule.name}`;
