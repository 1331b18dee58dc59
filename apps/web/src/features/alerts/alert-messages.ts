import { ALERT_CHANNEL_SETTINGS, ALERT_TOPIC_SETTINGS, type AlertSetting, type AlertSettings } from '@eh/domain';

/** SPEC §8 alert subscription messages, word for word. */
export const ALERT_SIGN_IN_MESSAGE = 'Please sign in to subscribe to alerts.';
export const ALERT_SIGN_IN_DURATION_MS = 3000;
/** SPEC §8: the success toast stays 5 s on web. */
export const ALERT_ADDED_DURATION_MS = 5000;

export const alertFailedMessage = (symbol: string) => `Failed to subscribe to alerts for ${symbol}.`;
export const alertAddedMessage = (symbol: string) => `Added default alerts for ${symbol}`;
export const alertRemovedMessage = (symbol: string) => `Removed alerts for ${symbol}`;
export const alertRestoredMessage = (symbol: string) => `Restored alerts for ${symbol}`;
export const alertRestoreFailedMessage = (symbol: string) => `Failed to restore alerts for ${symbol}.`;
/** The removed toast's button, which puts the symbol's alerts back as they were. */
export const ALERT_UNDO_LABEL = 'Undo';

/** Short names of the SPEC §3 alert switches. */
export const ALERT_SETTING_LABELS: Record<AlertSetting, string> = {
  liveCall: 'Live call',
  earningsResults: 'Results',
  eventTranscript: 'Transcript',
  eventTranscriptSummary: 'Summary',
  dailySummary: 'Daily',
  weeklySummary: 'Weekly',
  analystRatings: 'Ratings',
  guidance: 'Guidance',
  dividendPayment: 'Dividend',
  earningsReminder: 'Reminder',
  notifyByEmail: 'Email',
  notifyBySms: 'SMS',
  notifyByPush: 'Push',
};

const inWords = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * One alert's switches in a line a phone can hold: what it is about, then how it arrives
 * ("Reminder and Results · by Email and Push"); "Everything" when every topic is on.
 */
export function alertSummary(alert: AlertSettings): string {
  const topics = ALERT_TOPIC_SETTINGS.filter((setting) => alert[setting]);
  const channels = ALERT_CHANNEL_SETTINGS.filter((setting) => alert[setting]);
  if (topics.length === 0) return 'Nothing chosen: no alerts are sent';
  const what =
    topics.length === ALERT_TOPIC_SETTINGS.length ? 'Everything' : inWords(topics.map((s) => ALERT_SETTING_LABELS[s]));
  if (channels.length === 0) return `${what} · no way chosen: nothing is sent`;
  return `${what} · by ${inWords(channels.map((s) => ALERT_SETTING_LABELS[s]))}`;
}
