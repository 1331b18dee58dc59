/**
 * The one email template set of the product's emails (alerts, digests and account emails alike): each message
 * renders to an HTML part and a plain-text part from the same pieces (heading, lines, facts, a link to the page it
 * is about, the footer saying why it came and, for what one may turn off, the unsubscribe link), so the two never
 * say different things.
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
  keywordMention: 'you saved a search of the calls',
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

/** What an email says, before it is rendered to its two parts. */
export interface EmailContent {
  /** The subject and the heading. */
  title: string;
  /** Paragraphs, in order. */
  lines: readonly string[];
  /** Label and value pairs shown as a table (an amount, a plan, a date), after the paragraphs. */
  facts?: readonly (readonly [label: string, value: string])[];
  /** Absolute URL of the page the email is about. */
  url: string;
  /** The label of the button to `url`. */
  linkLabel?: string;
  /** The footer's sentence saying why the recipient gets this email. */
  reason: string;
  /** The one-click unsubscribe page; none for an email about the account itself (a receipt is not opted out of). */
  unsubscribeUrl?: string | null;
}

/** An email's subject, plain text and HTML with the same words and links. */
export function renderEmail(appName: string, content: EmailContent): RenderedEmail {
  const linkLabel = content.linkLabel ?? LINK_LABEL;
  const facts = content.facts ?? [];
  const unsubscribe = content.unsubscribeUrl ?? null;
  const text = [
    content.title,
    '',
    ...content.lines,
    ...(facts.length > 0 ? ['', ...facts.map(([label, value]) => `${label}: ${value}`)] : []),
    '',
    `${linkLabel}: ${content.url}`,
    '',
    '--',
    `${appName}. ${content.reason}`,
    ...(unsubscribe ? [`Unsubscribe: ${unsubscribe}`] : []),
    '',
  ].join('\n');
  const paragraphs = content.lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('\n');
  const table =
    facts.length > 0
      ? `\n<table role="presentation" style="border-collapse:collapse;margin:4px 0 12px">\n${facts
          .map(
            ([label, value]) =>
              `<tr><td style="padding:4px 16px 4px 0;color:#5b6661">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
          )
          .join('\n')}\n</table>`
      : '';
  const unsubscribeLink = unsubscribe
    ? `\n<a href="${escapeHtml(unsubscribe)}" style="color:#5b6661">Unsubscribe</a>`
    : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f5;font-family:Arial,Helvetica,sans-serif;color:#1b1f1d">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #dfe5e2;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.title)}</h1>
${paragraphs}${table}
<p style="margin:20px 0"><a href="${escapeHtml(content.url)}" style="display:inline-block;background:#1b7f4b;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-weight:bold">${escapeHtml(linkLabel)}</a></p>
</div>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;color:#5b6661">${escapeHtml(appName)}. ${escapeHtml(content.reason)}${unsubscribeLink}</p>
</body>
</html>
`;
  return { subject: content.title, text, html };
}

/** The email of one notification: subject, plain text and HTML with the same words and links. */
export function renderNotificationEmail(appName: string, message: OutgoingNotification): RenderedEmail {
  return renderEmail(appName, {
    title: message.title,
    lines: message.body.split(/\r?\n/).filter((line) => line.trim() !== ''),
    url: message.url,
    reason: `You get this email because ${reasonOf(message)}.`,
    unsubscribeUrl: message.unsubscribeUrl,
  });
}
