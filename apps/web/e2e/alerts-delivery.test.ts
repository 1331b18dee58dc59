/**
 * Alert delivery end to end, in Chromium against the real server, in one page the pro demo member signs in to once:
 * they set a results alert on a symbol from its page, the demo market reports it ("report now", the operator's admin
 * action), the email arrives in the local mailbox (/dev/mail), the profile lists it under "Notifications sent", and
 * the email's unsubscribe link opens a page that turns that alert off. What the profile's notifications, the
 * unsubscribe page and the transports' circuits show for an answer (limits, a test sent, validation) are
 * src/features/notifications/*.test.tsx; the screens are alerts.screens.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, navigateInApp, openPage } from './browser.ts';
import { adminToken, holdDuringFile, idToken, PRO, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');
/** Symbols no other e2e file reads figures of: "report now" stores actuals for the next report of the first one. */
const CANDIDATES = ['ORCL', 'ADBE', 'CRM', 'INTC', 'CSCO', 'PEP', 'KO'];

// The pro demo member's alerts change here (locks.ts).
holdDuringFile('demo-accounts');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let symbol = '';

type Alert = { symbol: string; earningsResults: boolean; notifyByEmail: boolean };

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

const alertOn = async (wanted: string): Promise<Alert | undefined> =>
  ((await api('/earnings/alerts')).body.alerts as Alert[]).find((alert) => alert.symbol === wanted);

beforeAll(async () => {
  browser = await fileBrowser();
  token = await idToken(PRO);
  const { body } = await api('/earnings/alerts');
  const alerts = body.alerts as Alert[];
  symbol = CANDIDATES.find((candidate) => !alerts.some((alert) => alert.symbol === candidate)) ?? '';
  if (!symbol) throw new Error('every candidate symbol already has an alert');
  ({ context, page, errors } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (token && symbol) await api(`/earnings/alerts/${symbol}`, { method: 'DELETE' });
});

describe('an alert that reaches its user', () => {
  it('set on the symbol’s page, reported by the demo market, mailed to the local mailbox, listed on the profile, and unsubscribed from the email', async () => {
    // The alert, from the symbol's page: the default alerts, then results on in its settings. The header's buttons
    // are pressed from the keyboard: their row lays itself out again as the alert, its count and the hover hint land.
    await page.goto(`/quote/${symbol}?token=${token}`, { waitUntil: 'networkidle' });
    // How many members have alerts on the symbol: shown once the signed-in header has its answers.
    const followers = page.getByTestId('alert-count');
    await followers.waitFor();
    const before = Number(await followers.getAttribute('data-count'));
    const add = page.getByTestId('add-alert');
    await add.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await alertOn(symbol))?.symbol).toBe(symbol);
    await expect.poll(() => followers.getAttribute('data-count')).toBe(String(before + 1));
    expect(await add.getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('alert-settings').focus();
    await page.keyboard.press('Enter');
    const modal = page.getByTestId('modal-alerts');
    await modal.waitFor();
    await modal.getByLabel(`Results for ${symbol}`).check();
    await expect.poll(() => alertOn(symbol)).toMatchObject({ earningsResults: true, notifyByEmail: true });
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    const report = await fetch(`${baseUrl}/api/admin/demo/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-token': adminToken() },
      body: JSON.stringify({ symbol }),
    });
    expect(report.status, await report.clone().text()).toBe(200);
    expect(((await report.json()) as { symbol: string }).symbol).toBe(symbol);

    // The email: in the local mailbox page, addressed to the member, about the symbol.
    await navigateInApp(page, '/dev/mail');
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
    expect(text).toContain(`/quote/${symbol}`);
    const unsubscribe = new URL(/Unsubscribe: (http:\/\/\S+\/unsubscribe\?token=\S+)/.exec(text)?.[1] ?? '/');
    expect(unsubscribe.pathname).toBe('/unsubscribe');

    // The profile: "Notifications sent" lists it, sent.
    await navigateInApp(page, '/profile');
    const section = page.getByTestId('profile-notifications');
    const row = section
      .locator('[data-testid="delivery-row"][data-channel="email"]')
      .filter({ hasText: symbol })
      .first();
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getAttribute('data-status')).toBe('sent');
    expect(await row.innerText()).toContain('Earnings results');
    expect(await seriousViolations(page, '[data-testid="profile-notifications"]')).toEqual([]);

    // The email's unsubscribe link: the page says what it turns off, one click does it.
    await navigateInApp(page, `${unsubscribe.pathname}${unsubscribe.search}`);
    const scope = page.getByTestId('unsubscribe-scope');
    await scope.waitFor();
    expect(await scope.innerText()).toBe(`Earnings results alerts for ${symbol} (email, push and text messages)`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByTestId('unsubscribed').waitFor();
    expect(await alertOn(symbol)).toMatchObject({ earningsResults: false, notifyByEmail: true });
    expect(errors).toEqual([]);
  });
});
