/**
 * What the product sends and how (issue 17): the kinds of notification, the channels an alert's switches choose, the
 * states of a delivery and the limits a user sets. Pure names and rules; the worker and the web share them.
 */
import type { AlertSetting } from './plans.ts';

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
