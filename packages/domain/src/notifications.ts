/**
 * What the product sends and how: the kinds of notification, the channels an alert's switches choose, the
 * states of a delivery and the limits a user sets. Pure names and rules; the worker and the web share them.
 */
import { previousTradingDay, type SessionType } from './market-hours.ts';
import { ALERT_DEFAULTS, type AlertSetting } from './plans.ts';
import { addDays, dayOfWeek, type IsoDate, parseIsoDate, parseWallTime, type WallTime } from './time.ts';

/** The alert kinds of SPEC §3 that fire a notification, the moved-date notice and the user's own test. */
export const NOTIFICATION_KINDS = [
  'earningsReminder',
  'earningsResults',
  'liveCall',
  'eventTranscript',
  'eventTranscriptSummary',
  'analystRatings',
  'guidance',
  'dividendPayment',
  'dailySummary',
  'weeklySummary',
  /** A confirmed date or time that moved: sent to everyone who follows the symbol, whatever their switches. */
  'dateChange',
  /** "Send a test" from the profile, one channel at a time. */
  'test',
  /** A saved call search matched a newly stored or live transcript (decision 0044). */
  'keywordMention',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The alert switch that turns a kind on for a symbol; dateChange and test have none (always sent). */
export const NOTIFICATION_KIND_SWITCH: Readonly<Partial<Record<NotificationKind, AlertSetting>>> = {
  earningsReminder: 'earningsReminder',
  earningsResults: 'earningsResults',
  liveCall: 'liveCall',
  eventTranscript: 'eventTranscript',
  eventTranscriptSummary: 'eventTranscriptSummary',
  analystRatings: 'analystRatings',
  guidance: 'guidance',
  dividendPayment: 'dividendPayment',
  dailySummary: 'dailySummary',
  weeklySummary: 'weeklySummary',
};

/** Push covers web push and the native apps (FCM, APNs): whichever push tokens the user has. */
export const NOTIFICATION_CHANNELS = ['email', 'push', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The alert switch (SPEC §3 notifyBy…) that lets a channel carry a symbol's alerts. */
export const CHANNEL_SWITCH: Readonly<Record<NotificationChannel, AlertSetting>> = {
  email: 'notifyByEmail',
  push: 'notifyByPush',
  sms: 'notifyBySms',
};

/**
 * queued: waiting for its time (quiet hours move it on); sending: claimed by a worker; sent; failed: retries spent
 * or the provider refused for good; skipped: nothing to send to (no verified phone, no push token, daily cap,
 * unsubscribed).
 */
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Why a delivery was not sent, as the delivery log keeps it (an operator reads the log too); the web says each in
 * the reader's words.
 */
export const DELIVERY_SKIPS = {
  noVerifiedEmail: 'no verified email',
  noVerifiedPhone: 'no verified phone',
  noPushToken: 'no push token',
  alertOff: 'alert switched off',
  dailyCap: 'daily cap reached',
} as const;

/** The provider named for a message kept in the local mailbox, where no email or SMS provider is configured. */
export const LOCAL_MAILBOX_PROVIDER = 'mailbox';

/** How the log starts a delivery held for quiet hours ("… until 07:00 (America/New_York)"). */
export const QUIET_HOURS_HOLD = 'held for quiet hours until ';

/** The transports behind the channels, each with its own circuit breaker. */
export const NOTIFICATION_PROVIDERS = ['smtp', 'mailbox', 'webpush', 'fcm', 'apns', 'twilio'] as const;
export type NotificationProvider = (typeof NOTIFICATION_PROVIDERS)[number];

/** A user who never set one gets at most this many push and SMS notifications a day (email digests excluded). */
export const DEFAULT_DAILY_NOTIFICATION_CAP = 20;
export const MAX_DAILY_NOTIFICATION_CAP = 200;
/** The user's zone until they choose one: the market's. */
export const DEFAULT_NOTIFICATION_TIME_ZONE = 'America/New_York';
/** Digests go out at this local time (after the close, once the day's results are in); weekly ones on Saturday. */
export const DIGEST_LOCAL_TIME = '18:00';
export const WEEKLY_DIGEST_WEEKDAY = 6;
/** Reminders go out at this local time on the trading day before the report. */
export const REMINDER_LOCAL_TIME = '17:00';
/** A provider is given a rest after this many failures in a row, for this long, and reported on /dev. */
export const CIRCUIT_FAILURE_THRESHOLD = 5;
export const CIRCUIT_OPEN_MS = 5 * 60_000;
/** A delivery claimed by a worker that died is given back after this long. */
export const DELIVERY_STALE_LOCK_MS = 2 * 60_000;

/** 'HH:MM' on a 24-hour clock. */
export const CLOCK_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** True when the local clock time `now` ('HH:MM') falls in quiet hours from `start` to `end` (may span midnight). */
export function inQuietHours(now: string, start: string | null, end: string | null): boolean {
  if (!start || !end || start === end) return false;
  const [n, s, e] = [minutesOf(now), minutesOf(start), minutesOf(end)];
  return s < e ? n >= s && n < e : n >= s || n < e;
}

// ---- triggers: when a notice is due, in whose time --------------------------------------------------------

/** How a reminder names the report's session. */
export const NOTIFICATION_SESSION_LABELS: Readonly<Record<SessionType, string>> = {
  before: 'before the market opens',
  market: 'during market hours',
  after: 'after the market closes',
};

/** A digest mentions a symbol's price move from this size on (percent, either way): smaller moves are not news. */
export const DIGEST_MOVE_MIN_PERCENT: Readonly<Record<'dailySummary' | 'weeklySummary', number>> = {
  dailySummary: 3,
  weeklySummary: 5,
};

/** The day a report's reminder goes out: the trading day before it (Friday for a Monday or a Saturday report). */
export function reminderDay(reportDate: IsoDate): IsoDate {
  return previousTradingDay(reportDate);
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a time zone name this runtime knows ('Europe/Paris', 'UTC'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    zoneFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone itself when it is one, else the default (a stored zone the runtime no longer knows must not stop a send). */
export function timeZoneOrDefault(timeZone: string | null | undefined): string {
  return timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_NOTIFICATION_TIME_ZONE;
}

/** The wall clock of `timeZone` at an instant: its date and 'HH:MM'. */
export function zonedClock(instant: Date | number, timeZone: string): { date: IsoDate; time: WallTime } {
  const parts: Record<string, string> = {};
  for (const part of zoneFormatter(timeZone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  const pad = (value: string | undefined) => (value ?? '0').padStart(2, '0');
  return {
    date: `${(parts.year ?? '0').padStart(4, '0')}-${pad(parts.month)}-${pad(parts.day)}`,
    time: `${pad(parts.hour)}:${pad(parts.minute)}`,
  };
}

function zoneOffsetMs(instant: number, timeZone: string): number {
  const floored = Math.floor(instant / 60_000) * 60_000;
  const { date, time } = zonedClock(floored, timeZone);
  const d = parseIsoDate(date);
  const minutes = parseWallTime(time) ?? 0;
  if (!d) return 0;
  return Date.UTC(d.year, d.month - 1, d.day, 0, minutes) - floored;
}

/**
 * The instant at which clocks in `timeZone` show `date` `time` (a reminder's 17:00 on its day, a digest's 18:00).
 * A time skipped in spring is read as the same length of time after the jump; a time repeated in autumn is the
 * earlier of the two (as New York times are read: nyToUtc).
 */
export function zonedTimeToUtc(date: IsoDate, time: WallTime, timeZone: string): Date {
  const d = parseIsoDate(date);
  const minutes = parseWallTime(time);
  if (d === null) throw new RangeError(`Invalid date '${date}'`);
  if (minutes === null) throw new RangeError(`Invalid time '${time}'`);
  const wall = Date.UTC(d.year, d.month - 1, d.day, 0, minutes);
  // Zones change their offset at most a few times a year: the offsets a day either side cover every case.
  const before = zoneOffsetMs(wall - 86_400_000, timeZone);
  const after = zoneOffsetMs(wall + 86_400_000, timeZone);
  const candidates = before === after ? [before] : [before, after];
  const valid = candidates
    .map((offset) => wall - offset)
    .filter((instant) => wall - zoneOffsetMs(instant, timeZone) === instant);
  if (valid.length > 0) return new Date(Math.min(...valid));
  return new Date(wall - before);
}

/** The days a digest written on local `date` covers: that day, or the seven days ending on it. */
export function digestPeriod(kind: 'dailySummary' | 'weeklySummary', date: IsoDate): { from: IsoDate; to: IsoDate } {
  return kind === 'dailySummary' ? { from: date, to: date } : { from: addDays(date, -6), to: date };
}

/**
 * Whether a digest is due for the wall clock `clock` of the user's zone: from DIGEST_LOCAL_TIME on, every day for the
 * daily one, on WEEKLY_DIGEST_WEEKDAY for the weekly one.
 */
export function digestDue(kind: 'dailySummary' | 'weeklySummary', clock: { date: IsoDate; time: WallTime }): boolean {
  if (clock.time < DIGEST_LOCAL_TIME) return false;
  return kind === 'dailySummary' || dayOfWeek(clock.date) === WEEKLY_DIGEST_WEEKDAY;
}

/**
 * An alert switch as delivery counts it (SPEC §4 gating): with the alerts feature, the stored one; without it, the
 * default, except that a switch the user turned off stays off (an unsubscribe or an opt-out before a downgrade always
 * holds). A follower without an alert (a list, for a moved date) gets the defaults.
 */
export function switchCounts(setting: AlertSetting, hasAlertsFeature: boolean, stored: boolean | undefined): boolean {
  if (stored === undefined) return ALERT_DEFAULTS[setting];
  return hasAlertsFeature ? stored : ALERT_DEFAULTS[setting] && stored;
}
