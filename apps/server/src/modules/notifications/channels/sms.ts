/**
 * The SMS channel: only to the user's verified phone number (idp_users.phone_number with phone_number_verified).
 * Twilio when configured; on an embedded server without it, the local mailbox; elsewhere without it, skipped.
 */
import { idpUsers } from '@eh/db';
import { DELIVERY_SKIPS } from '@eh/domain';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../../kernel/context.ts';
import { clip } from './push/result.ts';
import { outboxProvider } from './sms/outbox.ts';
import type { SmsProvider } from './sms/provider.ts';
import { twilioProvider } from './sms/twilio.ts';
import type { ChannelBatchSender, ChannelSender, OutgoingNotification, SendResult } from './types.ts';

/** Two GSM segments for the text before the link: an alert, not a letter. */
export const SMS_TEXT_MAX_CHARS = 300;

export function smsProvider(ctx: AppContext): SmsProvider | null {
  return twilioProvider(ctx.config) ?? (ctx.database.driver === 'pglite' ? outboxProvider(ctx) : null);
}

export function smsBody(message: OutgoingNotification): string {
  return `${clip(`${message.title}: ${message.body}`, SMS_TEXT_MAX_CHARS)} ${message.url}`;
}

type Phone = { phone: string | null; verified: boolean | null };

async function sendToPhone(
  ctx: AppContext,
  message: OutgoingNotification,
  user: Phone | undefined,
): Promise<SendResult> {
  if (!user?.phone || !user.verified) {
    return { outcome: 'skipped', provider: null, answer: DELIVERY_SKIPS.noVerifiedPhone, retryable: false };
  }
  const provider = smsProvider(ctx);
  if (!provider) {
    const answer = 'SMS is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM)';
    return { outcome: 'skipped', provider: null, answer, retryable: false };
  }
  const sent = await provider.send(user.phone, smsBody(message));
  return {
    outcome: sent.ok ? 'sent' : 'failed',
    provider: provider.name,
    answer: sent.answer,
    retryable: sent.retryable,
  };
}

const phonesOf = (ctx: AppContext, userIds: string[]) =>
  ctx.db
    .select({ sub: idpUsers.sub, phone: idpUsers.phoneNumber, verified: idpUsers.phoneNumberVerified })
    .from(idpUsers)
    .where(inArray(idpUsers.sub, userIds));

export const sendSms: ChannelSender = async (ctx, message) => {
  const [user] = await phonesOf(ctx, [message.userId]);
  return sendToPhone(ctx, message, user);
};

/** A batch's phone numbers looked up in one query; each message then goes to its user's number. */
export const sendSmses: ChannelBatchSender = async (ctx, messages) => {
  const phones = new Map((await phonesOf(ctx, [...new Set(messages.map((m) => m.userId))])).map((u) => [u.sub, u]));
  return Promise.all(messages.map((message) => sendToPhone(ctx, message, phones.get(message.userId))));
};
