/**
 * A call's slides beside the reports panel for people to look at (`npm run screenshots`; CI takes none): a pro
 * member's slideshow paused on the EPS slide, a comparison beside it, at both widths in both themes without loading
 * again. What they must do is asserted by preferences.test.ts and
 * src/features/event-slides/event-slides-section.test.tsx.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { api, apiAs, holdDuringFile, idToken, PRO } from './support.ts';

const baseUrl = inject('baseUrl');
const SETTINGS = '/core/users/me/settings';

// The pro member's plan opens the slides, and its settings change here (locks.ts).
holdDuringFile('demo-accounts');

let browser: Browser;
let token: string;
const resetSettings = () =>
  apiAs(token, SETTINGS, {
    method: 'POST',
    body: { settings: { slideshowDelay: 5000, sidePanelWidth: 30, recentComparisons: [] } },
  });

beforeAll(async () => {
  browser = await fileBrowser();
  token = await idToken(PRO);
  await resetSettings();
});
afterAll(async () => {
  if (token) await resetSettings();
  await browser?.close();
});

describe('event slides', () => {
  it('paused on the EPS slide, a comparison beside it', async () => {
    const { files } = await api<{ files: { symbol: string; eventId: number | null }[] }>(
      '/pricing/files/filter/slides?limit=5',
    );
    const file = files.find((f) => f.eventId !== null);
    if (!file) throw new Error('the demo market has no slides with an event');
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto(`/${file.symbol}/events/${file.eventId}?token=${token}`);
      const show = page.getByTestId('slideshow');
      await show.waitFor({ timeout: 20_000 });
      await page.getByTestId('compare-input').fill('msft');
      await page.getByTestId('compare-submit').click();
      await page.getByTestId('compare-table').waitFor();
      await page.getByTestId('slideshow-toggle').click();
      while ((await show.getAttribute('data-index')) !== '1') await page.getByTestId('slide-next').click();
      for (const [viewport, scheme] of SCREENS) {
        await showAs(page, viewport, scheme);
        // Below the sticky header.
        await page
          .getByTestId('event-slides')
          .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
        await screenshot(page, `event-slides-${viewport}-${scheme}`);
      }
    } finally {
      await context.close();
    }
  });
});
