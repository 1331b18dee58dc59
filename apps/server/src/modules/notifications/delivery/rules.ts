/** Pure time rules of delivery: the user's clock, when their quiet hours end, when their day began. */
import { inQuietHours } from '@eh/domain';

const MS_PER_MINUTE = 60_000;
const MINUTES_PER_DAY = 1440;

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function localParts(timeZone: string, at: Date): LocalParts {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall clock 'HH:MM' in `timeZone` at `at`. */
export function localClock(timeZone: string, at: Date): string {
  const { hour, minute } = localParts(timeZone, at);
  return `${pad(hour)}:${pad(minute)}`;
}

/** How far the zone's wall clock is ahead of UTC at `at`, in ms. */
function offsetMs(timeZone: string, at: Date): number {
  const p = localParts(timeZone, at);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * When quiet hours (`start`–`end`, local, may span midnight) end, if `at` falls in them; null when it does not.
 * Counted in wall-clock minutes from now, so a DST change inside quiet hours moves the end by its hour.
 */
export function quietHoursEnd(
  prefs: { timeZone: string; quietStart: string | null; quietEnd: string | null },
  at: Date,
): Date | null {
  const now = localClock(prefs.timeZone, at);
  if (!prefs.quietEnd || !inQuietHours(now, prefs.quietStart, prefs.quietEnd)) return null;
  const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  const ahead = (minutes(prefs.quietEnd) - minutes(now) + MINUTES_PER_DAY) % MINUTES_PER_DAY || MINUTES_PER_DAY;
  const minuteStart = Math.floor(at.getTime() / MS_PER_MINUTE) * MS_PER_MINUTE;
  return new Date(minuteStart + ahead * MS_PER_MINUTE);
}

/** The instant the user's day (midnight in their zone) began. */
export function localDayStart(timeZone: string, at: Date): Date {
  const p = localParts(timeZone, at);
  return new Date(Date.UTC(p.year, p.month - 1, p.day) - offsetMs(timeZone, at));
}
