/**
 * The email channel: notifications rendered to HTML and plain text (templates/email.ts) with the RFC 8058
 * one-click headers, handed to SMTP when `SMTP_URL` is set, otherwise kept in the local mailbox (/dev/mail) so the
 * user of an embedded server sees them arrive. Only a verified address gets email.
 */
import { DELIVERY_SKIPS, LOCAL_MAILBOX_PROVIDER } from '@eh/domain';
import { sendSmtp } from '../../../mail/smtp.ts';
import { verifiedEmailsOf } from '../queries.ts';
import { unsubscribeApiUrl } from '../unsubscribe.ts';
import { escapeHtml, type RenderedEmail, renderNotificationEmail } from './email-template.ts';
import type { ChannelBatchSender, OutgoingNotification, SendResult } from './types.ts';

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

/** Stands for the recipient's unsubscribe link in an email rendered once for everyone who gets the event. */
const UNSUBSCRIBE_SLOT = '\u0000unsubscribe\u0000';

/**
 * Renders each event once (subject, words, page and footer are the same for all its recipients) and puts each
 * recipient's own unsubscribe link in, as the template would have written it.
 */
function renderer(appName: string): (message: OutgoingNotification) => RenderedEmail {
  const rendered = new Map<string, RenderedEmail>();
  return (message) => {
    const key = JSON.stringify([message.kind, message.symbol, message.title, message.body, message.url]);
    let shared = rendered.get(key);
    if (!shared) {
      shared = renderNotificationEmail(appName, { ...message, unsubscribeUrl: UNSUBSCRIBE_SLOT });
      rendered.set(key, shared);
    }
    const link = message.unsubscribeUrl;
    return {
      subject: shared.subject,
      text: shared.text.replaceAll(UNSUBSCRIBE_SLOT, link),
      html: shared.html.replaceAll(UNSUBSCRIBE_SLOT, escapeHtml(link)),
    };
  };
}

const noVerifiedEmail: SendResult = {
  outcome: 'skipped',
  provider: null,
  answer: DELIVERY_SKIPS.noVerifiedEmail,
  retryable: false,
};

export const sendEmails: ChannelBatchSender = async (ctx, messages) => {
  const addresses = await verifiedEmailsOf(ctx.db, { userIds: messages.map((m) => m.userId) });
  const render = renderer(ctx.config.APP_NAME);
  const smtp = Boolean(ctx.config.SMTP_URL);
  const host = new URL(ctx.config.PUBLIC_URL).hostname;
  return Promise.all(
    messages.map(async (message): Promise<SendResult> => {
      const to = addresses.get(message.userId);
      if (!to) return noVerifiedEmail;
      const email = render(message);
      const keep = { channel: 'email' as const, to, subject: email.subject, body: email.text, html: email.html };
      if (!smtp) {
        return {
          outcome: 'sent',
          provider: LOCAL_MAILBOX_PROVIDER,
          answer: 'kept in the local mailbox',
          retryable: false,
          keep: { ...keep, sentAt: null },
          answerOf: (id) => `kept in the local mailbox (message ${id})`,
        };
      }
      const token = new URL(message.unsubscribeUrl).searchParams.get('token') ?? '';
      const headers = listUnsubscribeHeaders(unsubscribeApiUrl(ctx, token));
      let answer: string;
      try {
        // One Message-ID per delivery: if a worker dies after the server took it, the one resend carries the same id.
        const messageId = `<delivery-${message.deliveryId}@${host}>`;
        const parts = { subject: email.subject, text: email.text, html: email.html };
        answer = await sendSmtp(ctx.config, { to, ...parts, headers, messageId });
      } catch (error) {
        return smtpFailure(error);
      }
      // The outbox is the record of every email sent (decision 0012).
      return {
        outcome: 'sent',
        provider: 'smtp',
        answer: answer || 'accepted',
        retryable: false,
        keep: { ...keep, sentAt: new Date() },
      };
    }),
  );
};
