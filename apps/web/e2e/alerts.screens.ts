/**
 * An alert's delivery for people to look at (`npm run screenshots`; CI takes none): the pro demo member's results
 * alert reported by the demo market, its email in the local mailbox, the profile's notifications, the unsubscribe
 * page and the transports' circuits on /dev, each at both widths in both themes without loading again. What they must
 * do is asserted by alerts-delivery.test.ts and src/features/notifications/*.test.tsx.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, navigateInApp, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { adminToken, apiAs, flag, holdDuringFile, idToken, PRO } from './support.ts';

const baseUrl = inject('baseUrl');
const CANDIDATES = ['ORCL', 'ADBE', 'CRM', 'INTC', 'CSCO', 'PEP', 'KO'];

// The pro demo member's alerts change here, and the dev flag goes on for /dev (locks.ts).
holdDuringFile('demo-accounts');
holdDuringFile('dev-flag');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let symbol = '';
let unsubscribePath = '/unsubscribe';

beforeAll(async () => {
  browser = await fileBrowser();
  token = await idToken(PRO);
  const { body } = await apiAs<{ alerts: { symbol: string }[] }>(token, '/earnings/alerts');
  symbol = CANDIDATES.find((candidate) => !body.alerts.some((alert) => alert.symbol === candidate)) ?? '';
  if (!symbol) throw new Error('every candidate symbol already has an alert');
  await apiAs(token, '/earnings/alerts', {
    method: 'POST',
    body: { symbol, earningsResults: true, notifyByEmail: true },
  });
  const report = await fetch(`${baseUrl}/api/admin/demo/report`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-admin-token': adminToken(),
    },
    body: JSON.stringify({ symbol }),
  });
  expect(report.status).toBe(200);
  ({ context, page } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (token && symbol) await apiAs(token, `/earnings/alerts/${symbol}`, { method: 'DELETE' });
  await flag('dev', false);
});

/** The page at each width and theme with `subject` in view, ending at desktop light. */
async function showEach(name: string, subject: Locator) {
  for (const [viewport, scheme] of SCREENS) {
    await showAs(page, viewport, scheme);
    await subject.scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${viewport}-${scheme}`);
  }
  await showAs(page, 'desktop', 'light');
}

describe('an alert’s delivery', () => {
  it('the email in the local mailbox', async () => {
    await page.goto(`/dev/mail?token=${token}`, { waitUntil: 'networkidle' });
    const message = page.getByTestId('mailbox-message').filter({ hasText: PRO.email }).filter({ hasText: symbol });
    await expect
      .poll(
        async () => {
          if ((await message.count()) === 0) await page.getByRole('button', { name: 'Refresh' }).click();
          return message.count();
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    const text = await message.first().innerText();
    const link = new URL(/Unsubscribe: (http:\/\/\S+)/.exec(text)?.[1] ?? `${baseUrl}/unsubscribe`);
    unsubscribePath = `${link.pathname}${link.search}`;
    await message.first().scrollIntoViewIfNeeded();
    await screenshot(page, 'alerts-delivery-mailbox-desktop-light');
  });

  it('the profile’s notifications', async () => {
    await navigateInApp(page, '/profile');
    const section = page.getByTestId('profile-notifications');
    await section.getByTestId('delivery-row').filter({ hasText: symbol }).first().waitFor({ timeout: 30_000 });
    await showEach('profile-notifications', section);
  });

  it('the unsubscribe page', async () => {
    await navigateInApp(page, unsubscribePath);
    await page.getByTestId('unsubscribe-scope').waitFor();
    await showEach('unsubscribe', page.getByTestId('unsubscribe-scope'));
  });

  it('the transports’ circuits on /dev', async () => {
    await flag('dev', true);
    await page.goto('/dev', { waitUntil: 'networkidle' });
    await page.getByTestId('notification-providers').waitFor();
    await showEach('dev-notification-transports', page.getByTestId('notification-providers'));
  });
});
