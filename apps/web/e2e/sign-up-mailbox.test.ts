/**
 * Sign-up on a fresh install, in Chromium against the real server: a newcomer creates an account, opens the local
 * mailbox from the code step (no dev flag set), reads the code there and ends signed in. The pages' choices of
 * provider, the Google-only refusal and the mailbox notice are src/features/auth/sign-up-choices.test.tsx; the
 * screens are sign-up.screens.ts.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage } from './browser.ts';
import { api, holdDuringFile } from './support.ts';

const baseUrl = inject('baseUrl');

// The mailbox must open with the dev flag off: no file may turn it on meanwhile (locks.ts).
holdDuringFile('dev-flag');

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'Earnings-2026!';

/** The user the official client stored after sign-in (its LastAuthUser key). */
const storedUser = (page: Page) =>
  page.evaluate(() => Object.entries(localStorage).find(([key]) => key.endsWith('.LastAuthUser'))?.[1] ?? null);

describe('a newcomer on a fresh install', () => {
  it('creates an account with the code from the local mailbox, opened from the code step, no dev flag set', async () => {
    const flags = await api<{ flags: { dev?: { enabled: boolean } } }>('/core/flags?flags=dev');
    expect(flags.flags.dev?.enabled).toBe(false);
    const email = `newcomer.${Date.now()}@example.com`;
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/create-account', { waitUntil: 'networkidle' });
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      const link = page.getByRole('link', { name: 'Open the mailbox' });
      await link.waitFor();

      const [mailbox] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await mailbox.waitForLoadState('networkidle');
      expect(new URL(mailbox.url()).pathname).toBe('/dev/mail');
      const message = mailbox.getByTestId('mailbox-message').filter({ hasText: email }).first();
      await message.waitFor();
      expect(await message.innerText()).toContain('Confirm your account');
      // Newest first (other files' alerts may land meanwhile, so the order is read, not our message's place).
      const sent = (await mailbox.getByTestId('mailbox-message').allInnerTexts()).map((text) =>
        Date.parse(text.match(/^\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M$/m)?.[0] ?? ''),
      );
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((time) => Number.isFinite(time))).toBe(true);
      expect(sent).toEqual([...sent].sort((a, b) => b - a));
      const code = (await message.getByTestId('mailbox-code').innerText()).trim();
      expect(code).toMatch(/^\d{6}$/);
      await mailbox.close();

      await page.getByLabel('Code').fill(code);
      await page.getByRole('button', { name: 'Confirm and sign in' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await expect.poll(() => storedUser(page)).toBe(email);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
