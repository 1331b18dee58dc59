/**
 * The one email template set of notifications: each message renders to an HTML part and a plain-text
 * part from the same pieces (heading, lines, a link to the page it is about, the footer with the unsubscribe
 * link), so the two never say different things.
 */
import type { NotificationKind } from '@eh/domain';
import type { OutgoingNotification } from './types.ts';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** What the footer says the recipient gets this email for, per kind. */
const REASONS: Record<NotificationKind, string> = {
  earningsReminder: 'you have earnings reminders on for {symbol}',
  earningsResults: 'you have earnings results alerts on for {symbol}',
  liveCall: 'you have live call alerts on for {symbol}',
  eventTranscript: 'you have transcript alerts on for {symbol}',
  eventTranscriptSummary: 'you have transcript summary alerts on for {symbol}',
  analystRatings: 'you have analyst rating alerts on for {symbol}',
  guidance: 'you have guidance alerts on for {symbol}',
  dividendPayment: 'you have dividend payment alerts on for {symbol}',
  dailySummary: 'you have the daily summary on',
  weeklySummary: 'you have the weekly summary on',
  dateChange: 'you follow {symbol}',
  test: 'you asked for a test from your profile',
};

/** The label of the button that opens the page the email is about. */
const LINK_LABEL = 'Open in EarningsHub';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function reasonOf(message: Pick<OutgoingNotification, 'kind' | 'symbol'>): string {
  return REASONS[message.kind].replaceAll('{symbol}', message.symbol ?? 'your symbols');
}

/** The email of one notification: subject, plain text and HTML with the same words and links. */
export function renderNotificationEmail(appName: string, message: OutgoingNotification): RenderedEmail {
  const lines = message.body.split(/\r?\n/).filter((line) => line.trim() !== '');
  const reason = `You get this email because ${reasonOf(message)}.`;
  const text = [
    message.title,
    '',
    ...lines,
    '',
    `${LINK_LABEL}: ${message.url}`,
    '',
    '--',
    `${appName}. ${reason}`,
    `Unsubscribe: ${message.unsubscribeUrl}`,
    '',
  ].join('\n');
  const paragraphs = lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('\n');
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(message.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f5;font-family:Arial,Helvetica,sans-serif;color:#1b1f1d">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #dfe5e2;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(message.title)}</h1>
${paragraphs}
<p style="margin:20px 0"><a href="${escapeHtml(message.url)}" style="display:inline-block;background:#1b7f4b;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-weight:bold">${LINK_LABEL}</a></p>
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#5b6661">${escapeHtml(appName)}. ${escapeHtml(reason)}
<a href="${escapeHtml(message.unsubscribeUrl)}" style="color:#5b6661">Unsubscribe</a></p>
</body>
</html>
`;
  return { subject: message.title, text, html };
}
