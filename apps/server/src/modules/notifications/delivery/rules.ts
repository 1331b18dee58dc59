/**
 * Pure time rules of delivery: the user's clock, when their quiet hours end, when their day began. Built on the
 * domain's zone helpers (zonedClock, zonedTimeToUtc), which the triggers use too.
 */
import { inQuietHours, zonedClock, zonedTimeToUtc } from '@eh/domain';

const MS_PER_MINUTE = 60_000;
const MINUTES_PER_DAY = 1440;

/** The wall clock 'HH:MM' in `timeZone` at `at`. */
export function localClock(timeZone: string, at: Date): string {
  return zonedClock(at, timeZone).time;
}

/**
 * When quiet hours (`start`–`end`, local, may span midnight) end, if `at` falls in them; null when it does not.
 * Counted in wall-clock minutes from now, so a DST change inside quiet hours moves the end by its hour.
 */
export function quietHoursEnd(
  prefs: { timeZone: string; quietStart: string | null; quietEnd: string | null },
  at: Date,
): Date | null {
  if (!prefs.quietEnd) return null;
  const now = localClock(prefs.timeZone, at);
  if (!inQuietHours(now, prefs.quietStart, prefs.quietEnd)) return null;
  const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  const ahead = (minutes(prefs.quietEnd) - minutes(now) + MINUTES_PER_DAY) % MINUTES_PER_DAY || MINUTES_PER_DAY;
  const minuteStart = Math.floor(at.getTime() / MS_PER_MINUTE) * MS_PER_MINUTE;
  return new Date(minuteStart + ahead * MS_PER_MINUTE);
}

/** The instant the user's day (midnight in their zone) began. */
export function localDayStart(timeZone: string, at: Date): Date {
  return zonedTimeToUtc(zonedClock(at, timeZone).date, '00:00', timeZone);
}
