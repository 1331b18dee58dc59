/**
 * The profile's calendar feed for people to look at (`npm run screenshots`; CI takes none), as the free demo user:
 * on, at both widths in both themes; the confirm before a new link at both widths; off. What it shows is checked in
 * calendar-feed.test.ts and src/features/calendar-feed/calendar-feed-section.test.tsx.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { apiAs, FREE, holdDuringFile, idToken } from './support.ts';

const baseUrl = inject('baseUrl');

// The free demo member's feed changes here: one such file at a time (locks.ts).
holdDuringFile('demo-accounts');

const FEED = '/core/users/me/calendar-feed';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

beforeAll(async () => {
  browser = await fileBrowser();
  token = await idToken(FREE);
  await apiAs(token, FEED, { method: 'DELETE' });
  ({ context, page } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  if (token) await apiAs(token, FEED, { method: 'DELETE' });
});

describe('the calendar feed on the profile', () => {
  it('on, the confirm before a new link, and off', async () => {
    await page.goto(`/profile?token=${token}`, { waitUntil: 'networkidle' });
    const section = page.getByTestId('calendar-feed');
    await section.getByRole('heading', { name: 'Calendar feed' }).waitFor();
    await page.getByTestId('calendar-feed-on').click();
    await page.getByTestId('calendar-feed-url').waitFor();
    for (const [viewport, scheme] of SCREENS) {
      await showAs(page, viewport, scheme);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `profile-calendar-feed-${viewport}-${scheme}`);
    }

    await showAs(page, 'desktop', 'light');
    await page.getByTestId('calendar-feed-rotate').click();
    const confirm = page.getByTestId('calendar-feed-rotate-confirm');
    await confirm.waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-calendar-feed-rotate-confirm-desktop-light');
    await showAs(page, 'phone', 'light');
    await confirm.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-calendar-feed-rotate-confirm-phone-light');

    await showAs(page, 'desktop', 'light');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('calendar-feed-off').click();
    await page.getByTestId('calendar-feed-on').waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-calendar-feed-off-desktop-light');
  });
});
