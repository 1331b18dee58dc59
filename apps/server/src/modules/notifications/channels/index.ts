/**
 * The sender of each channel, for a batch of its messages. A channel without one here is not available on this server: its deliveries are
 * recorded as skipped ('channel not available'), never left waiting.
 */
import type { NotificationChannel } from '@eh/domain';
import { sendEmails } from './email.ts';
import { sendPushes } from './push.ts';
import { sendSmses } from './sms.ts';
import type { ChannelBatchSender } from './types.ts';

export const CHANNEL_SENDERS: Partial<Record<NotificationChannel, ChannelBatchSender>> = {
  email: sendEmails,
  push: sendPushes,
  sms: sendSmses,
};
