/**
 * The email channel: one notification rendered to HTML and plain text (templates/email.ts) with the RFC 8058
 * one-click headers, handed to SMTP when `SMTP_URL` is set, otherwise kept in the local mailbox (/dev/mail) so the
 * user of an embedded server sees it arrive. Only a verified address gets email.
 */
import { DELIVERY_SKIPS, LOCAL_MAILBOX_PROVIDER } from '@eh/domain';
import { keepMessage } from '../../../kernel/outbox.ts';
import { sendSmtp } from '../../../mail/smtp.ts';
import { verifiedEmailOf } from '../queries.ts';
import { unsubscribeApiUrl } from '../unsubscribe.ts';
import { renderNotificationEmail } from './email-template.ts';
import type { ChannelSender, SendResult } from './types.ts';

/** The one-click headers of RFC 8058: the URL a mail client POSTs `List-Unsubscribe=One-Click` to. */
export function listUnsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** An SMTP refusal with a 4xx code, or no answer at all, may pass later; a 5xx will not. */
function smtpFailure(error: unknown): SendResult {
  const { responseCode, response, message } = (error ?? {}) as {
    responseCode?: number;
    response?: string;
    message?: string;
  };
  const answer = response || message || String(error);
  const permanent = typeof responseCode === 'number' && responseCode >= 500;
  return { outcome: 'failed', provider: 'smtp', answer, retryable: !permanent };
}

export const sendEmail: ChannelSender = async (ctx, message) => {
  const to = await verifiedEmailOf(ctx.db, { userId: message.userId });
  if (!to) return { outcome: 'skipped', provider: null, answer: DELIVERY_SKIPS.noVerifiedEmail, retryable: false };
  const email = renderNotificationEmail(ctx.config.APP_NAME, message);
  const token = new URL(message.unsubscribeUrl).searchParams.get('token') ?? '';
  const headers = listUnsubscribeHeaders(unsubscribeApiUrl(ctx, token));
  const kept = { channel: 'email' as const, to, subject: email.subject, body: email.text, html: email.html };
  if (!ctx.config.SMTP_URL) {
    const id = await keepMessage(ctx.db, kept, null);
    return {
      outcome: 'sent',
      provider: LOCAL_MAILBOX_PROVIDER,
      answer: `kept in the local mailbox (message ${id})`,
      retryable: false,
    };
  }
  let answer: string;
  try {
    // One Message-ID per delivery: if a worker dies after the server took it, the one resend carries the same id.
    const messageId = `<delivery-${message.deliveryId}@${new URL(ctx.config.PUBLIC_URL).hostname}>`;
    const parts = { subject: email.subject, text: email.text, html: email.html };
    answer = await sendSmtp(ctx.config, { to, ...parts, headers, messageId });
  } catch (error) {
    return smtpFailure(error);
  }
  // The outbox is the record of every email sent (decision 0012).
  await keepMessage(ctx.db, kept, new Date());
  return { outcome: 'sent', provider: 'smtp', answer: answer || 'accepted', retryable: false };
};
