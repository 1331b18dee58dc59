import {
  DELIVERY_SKIPS,
  type DeliveryStatus,
  LOCAL_MAILBOX_PROVIDER,
  type NotificationChannel,
  type NotificationKind,
  QUIET_HOURS_HOLD,
} from '@eh/domain';

/** What the notifications section says, once (DESIGN §7). */
export const NOTIFICATIONS_TEXT = {
  title: 'Notifications',
  intro:
    'Alerts reach you by email, push and text message, as each alert’s switches say. Quiet hours hold push and text messages until they end; email is not held.',
  timeZone: 'Time zone',
  quietHours: 'Quiet hours',
  quietFrom: 'From',
  quietTo: 'To',
  dailyCap: 'Push and text messages a day, at most',
  dailyCapHelp: 'Email is not counted. Beyond the limit, the rest of the day’s are not sent.',
  save: 'Save',
  saved: 'Notification settings saved',
  testTitle: 'Send a test',
  testIntro: 'Sends a test notification to you now on one channel. It shows below in “Notifications sent”.',
  testQueued: 'Test on its way: see “Notifications sent” below',
  logTitle: 'Notifications sent',
  logEmpty: 'Nothing sent yet. Alerts you receive and tests you send show here.',
  older: 'Older',
  newer: 'Newer',
  loadError: 'Your notifications could not be loaded.',
} as const;

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  email: 'Email',
  push: 'Push',
  sms: 'Text message',
};

export const STATUS_LABELS: Record<DeliveryStatus, string> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Not sent',
};

export const STATUS_COLORS: Record<DeliveryStatus, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'info',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  skipped: 'default',
};

export const KIND_LABELS: Record<NotificationKind, string> = {
  earningsReminder: 'Earnings reminder',
  earningsResults: 'Earnings results',
  liveCall: 'Live call',
  eventTranscript: 'Transcript',
  eventTranscriptSummary: 'Transcript summary',
  analystRatings: 'Analyst rating',
  guidance: 'Guidance',
  dividendPayment: 'Dividend payment',
  dailySummary: 'Daily summary',
  weeklySummary: 'Weekly summary',
  dateChange: 'Date change',
  test: 'Test',
  keywordMention: 'Keyword alert',
};

/** Why a delivery was not sent, in the reader's words (the log keeps the operator's). */
const SKIP_WORDS: Record<string, string> = {
  [DELIVERY_SKIPS.noVerifiedEmail]: 'Your account has no verified email address.',
  [DELIVERY_SKIPS.noVerifiedPhone]: 'Your account has no verified phone number.',
  [DELIVERY_SKIPS.noPushToken]: 'None of your devices has push notifications turned on.',
  [DELIVERY_SKIPS.alertOff]: 'You turned this alert off before it was sent.',
  [DELIVERY_SKIPS.dailyCap]: 'You had reached your limit of push and text messages for the day.',
};

const PROVIDER_NAMES: Record<string, string> = {
  smtp: 'The mail server',
  webpush: 'The browser’s push service',
  fcm: 'Google’s push service',
  apns: 'Apple’s push service',
  twilio: 'The text message service',
};

/**
 * The line under a delivery in the log: why it was not sent or is held, where a message that no provider carried
 * went, or what the provider said when it failed. Null when there is nothing to add (sent by a provider).
 */
export function deliveryNote(entry: {
  status: DeliveryStatus;
  channel: NotificationChannel;
  provider: string | null;
  providerAnswer: string | null;
}): string | null {
  const answer = entry.providerAnswer;
  if (!answer) return null;
  const skip = SKIP_WORDS[answer];
  if (skip) return skip;
  if (answer.startsWith(QUIET_HOURS_HOLD)) {
    return `Held for your quiet hours: it goes out at ${answer.slice(QUIET_HOURS_HOLD.length)}.`;
  }
  if (entry.provider === LOCAL_MAILBOX_PROVIDER) {
    return entry.channel === 'sms'
      ? 'Kept in this server’s local mailbox: it has no text message service to send it with.'
      : 'Kept in this server’s local mailbox: it has no mail server to send it with.';
  }
  if (entry.status === 'failed' || entry.status === 'queued') {
    const who = (entry.provider && PROVIDER_NAMES[entry.provider]) ?? 'The service';
    return `${who} answered: ${answer}`;
  }
  return null;
}
