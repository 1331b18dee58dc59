import type { DeliveryStatus, NotificationChannel, NotificationKind } from '@eh/domain';

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
};
