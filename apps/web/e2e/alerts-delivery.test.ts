/**
 * Alert delivery end to end, in Chromium against the real server: the pro demo member has a results alert on a symbol,
 * the demo market reports it ("report now", the operator's admin action), the email arrives in the local mailbox
 * (/dev/mail), the profile lists it under "Notifications sent", a test email goes from the profile, and the
 * email's unsubscribe link opens a page that turns that alert off. Screenshots at both widths in both themes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { flag, holdDuringFile, idToken, PRO, seriousViolations, toast } from './support.ts';

const baseUrl = inject('baseUrl');
/** Symbols no other e2e file reads figures of: "report now" stores actuals for the next report of the first one. */
const CANDIDATES = ['ORCL', 'ADBE', 'CRM', 'INTC', 'CSCO', 'PEP', 'KO'];

// The pro demo member's alerts change here (locks.ts); the dev flag goes on for a moment for the /dev screenshot.
holdDuringFile('demo-accounts');
holdDuringFile('dev-flag');

let browser: Browser;
let token: string;
let symbol = '';

async function api(path: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  return { status: res.status, body: (await res.json()) as any };
}

const adminToken = () => readFileSync(join(inject('dataDir'), 'admin-token'), 'utf8').trim();

beforeAll(async () => {
  browser = await launchBrowser();
  token = await idToken(PRO);
  const { body } = await api('/earnings/alerts');
  const alerts = body.alerts as { symbol: string }[];
  symbol = CANDIDATES.find((candidate) => !alerts.some((alert) => alert.symbol === candidate)) ?? '';
  if (!symbol) throw new Error('every candidate symbol already has an alert');
  const added = await api('/earnings/alerts', {
    method: 'POST',
    body: JSON.stringify({ symbol, earningsResults: true, notifyByEmail: true }),
  });
  expect(added.status).toBe(200);
  expect(added.body).toMatchObject({ symbol, earningsResults: true, notifyByEmail: true });
});
afterAll(async () => {
  await browser?.close();
  if (token && symbol) await api(`/earnings/alerts/${symbol}`, { method: 'DELETE' });
  await flag('dev', false);
});

describe('an alert that reaches its user', () => {
  it('the demo market reports, the email arrives in the local mailbox, the profile lists it, and unsubscribe works', async () => {
    const report = await fetch(`${baseUrl}/api/admin/demo/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': adminToken() },
      body: JSON.stringify({ symbol }),
    });
    expect(report.status, await report.clone().text()).toBe(200);
    const reported = (await report.json()) as { symbol: string; epsActual: number | null };
    expect(reported.symbol).toBe(symbol);

    // The email: in the local mailbox page, addressed to the member, about the symbol.
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      const message = page.getByTestId('mailbox-message').filter({ hasText: PRO.email }).filter({ hasText: symbol });
      await expect
        .poll(
          async () => {
            await page.goto('/dev/mail', { waitUntil: 'networkidle' });
            return message.count();
          },
          { timeout: 60_000, interval: 2000 },
        )
        .toBeGreaterThan(0);
      const text = await message.first().innerText();
      expect(text).toContain(`/quote/${symbol}`);
      expect(text).toMatch(/Unsubscribe: http:\/\/\S+\/unsubscribe\?token=/);
      const unsubscribeUrl = /Unsubscribe: (http:\/\/\S+)/.exec(text)?.[1] ?? '';
      await message.first().scrollIntoViewIfNeeded();
      await screenshot(page, 'alerts-delivery-mailbox-desktop-light');

      // The profile: "Notifications sent" lists it, sent.
      await page.goto(`/profile?token=${token}`, { waitUntil: 'networkidle' });
      const section = page.getByTestId('profile-notifications');
      await section.getByRole('heading', { name: 'Notifications', exact: true }).waitFor();
      const row = section
        .locator('[data-testid="delivery-row"][data-channel="email"]')
        .filter({ hasText: symbol })
        .first();
      await row.waitFor({ timeout: 15_000 });
      expect(await row.getAttribute('data-status')).toBe('sent');
      expect(await row.innerText()).toContain('Earnings results');

      // A test email from the profile: it shows in the log, sent, and lands in the mailbox too.
      await section.getByTestId('test-email').click();
      expect(await toast(page)).toBe('Test on its way: see “Notifications sent” below');
      const testRow = section.getByTestId('delivery-row').filter({ hasText: 'Test email from your profile' }).first();
      await expect.poll(() => testRow.getAttribute('data-status'), { timeout: 30_000 }).toBe('sent');

      // Time zone, quiet hours and cap are kept.
      await section.getByLabel('Quiet hours').check();
      await section.getByLabel('From').fill('23:00');
      await section.getByLabel('To').fill('06:30');
      await section.getByLabel('Push and text messages a day, at most').fill('12');
      await section.getByRole('button', { name: 'Save' }).click();
      // The test's toast may still be on screen: wait for this one by its words.
      await page.getByTestId('toast').filter({ hasText: 'Notification settings saved' }).waitFor({ timeout: 15_000 });
      const saved = await api('/notifications/preferences');
      expect(saved.body).toMatchObject({ quietStart: '23:00', quietEnd: '06:30', dailyCap: 12 });

      await section.scrollIntoViewIfNeeded();
      for (const [viewport, scheme] of SCREENS) {
        await showAs(page, viewport, scheme);
        await section.scrollIntoViewIfNeeded();
        await screenshot(page, `profile-notifications-${viewport}-${scheme}`);
      }
      await showAs(page, 'desktop', 'light');
      expect(await seriousViolations(page, '[data-testid="profile-notifications"]')).toEqual([]);

      // The email's unsubscribe link: the page says what it turns off, one click does it.
      await page.goto(unsubscribeUrl, { waitUntil: 'networkidle' });
      await page.getByTestId('unsubscribe-scope').waitFor();
      expect(await page.getByTestId('unsubscribe-scope').innerText()).toBe(
        `Earnings results alerts for ${symbol} (email, push and text messages)`,
      );
      for (const [viewport, scheme] of SCREENS) {
        await showAs(page, viewport, scheme);
        await screenshot(page, `unsubscribe-${viewport}-${scheme}`);
      }
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByTestId('unsubscribed').waitFor();
      const { body } = await api('/earnings/alerts');
      expect(body.alerts.find((alert: { symbol: string }) => alert.symbol === symbol)).toMatchObject({
        earningsResults: false,
        notifyByEmail: true,
      });

      // Put the member's limits back as a fresh account has them.
      await api('/notifications/preferences', {
        method: 'POST',
        body: JSON.stringify({ quietStart: null, quietEnd: null, dailyCap: 20 }),
      });

      // /dev: the transports' circuits (the dev flag on for this).
      await flag('dev', true);
      await page.goto('/dev', { waitUntil: 'networkidle' });
      await page.getByTestId('notification-providers').waitFor();
      expect(await page.getByTestId('provider-mailbox').innerText()).toContain('Working');
      await page.getByTestId('notification-providers').scrollIntoViewIfNeeded();
      for (const [viewport, scheme] of SCREENS) {
        await showAs(page, viewport, scheme);
        await page.getByTestId('notification-providers').scrollIntoViewIfNeeded();
        await screenshot(page, `dev-notification-transports-${viewport}-${scheme}`);
      }
      await flag('dev', false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
