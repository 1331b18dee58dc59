/**
 * The sender of each channel. A channel without one here is not available on this server: its deliveries are
 * recorded as skipped ('channel not available'), never left waiting.
 */
import type { NotificationChannel } from '@eh/domain';
import { sendEmail } from './email.ts';
import { sendPush } from './push.ts';
import { sendSms } from './sms.ts';
import type { ChannelSender } from './types.ts';

export const CHANNEL_SENDERS: Partial<Record<NotificationChannel, ChannelSender>> = {
  email: sendEmail,
  push: sendPush,
  sms: sendSms,
};
