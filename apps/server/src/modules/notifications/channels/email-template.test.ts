import { describe, expect, it } from 'vitest';
import { renderNotificationEmail } from './email-template.ts';
import type { OutgoingNotification } from './types.ts';

const message: OutgoingNotification = {
  deliveryId: 1,
  userId: '00000000-0000-4000-8000-000000000001',
  channel: 'email',
  kind: 'earningsResults',
  symbol: 'AAPL',
  title: 'AAPL reported <Q3> results & more',
  body: 'EPS 1.52 beat 1.40 est.\n\nRevenue "94.9B" beat 94.5B est.',
  url: 'https://eh.example/quote/AAPL/earnings?tab=a&b=1',
  unsubscribeUrl: 'https://eh.example/unsubscribe?token=abc.def',
  data: {},
};

describe(renderNotificationEmail.name, () => {
  const email = renderNotificationEmail('EarningsHub', message);

  it('says the same in both parts: title, lines, the page link, why, and the unsubscribe link', () => {
    expect(email.subject).toBe(message.title);
    for (const part of [email.text, email.html]) {
      expect(part).toContain('EPS 1.52 beat 1.40 est.');
      expect(part).toContain('You get this email because you have earnings results alerts on for AAPL.');
    }
    expect(email.text).toContain(`Open in EarningsHub: ${message.url}`);
    expect(email.text).toContain(`Unsubscribe: ${message.unsubscribeUrl}`);
    expect(email.html).toContain('href="https://eh.example/quote/AAPL/earnings?tab=a&amp;b=1"');
    expect(email.html).toContain(`href="${message.unsubscribeUrl}"`);
  });

  it('escapes what comes from data in the HTML part', () => {
    expect(email.html).toContain('AAPL reported &lt;Q3&gt; results &amp; more');
    expect(email.html).toContain('Revenue &quot;94.9B&quot;');
    expect(email.html).not.toContain('<Q3>');
    // The plain-text part is not HTML: it keeps the characters as they are.
    expect(email.text).toContain('AAPL reported <Q3> results & more');
  });

  it('explains digests and tests without a symbol', () => {
    const digest = renderNotificationEmail('EarningsHub', { ...message, kind: 'dailySummary', symbol: null });
    expect(digest.text).toContain('You get this email because you have the daily summary on.');
    const test = renderNotificationEmail('EarningsHub', { ...message, kind: 'test', symbol: null });
    expect(test.text).toContain('because you asked for a test from your profile.');
  });
});
