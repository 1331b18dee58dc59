/**
 * A call's AI summary for people to look at (`npm run screenshots`; CI takes none): a pro member's summary and the
 * transcript at a cited passage, at both widths in both themes without loading again, and a free member's upgrade
 * prompt in its place. What they must show is asserted by transcript-summary.test.ts and
 * src/features/transcripts/transcript-summary.test.tsx.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { api, FREE, holdDuringFile, idToken, PRO } from './support.ts';

const baseUrl = inject('baseUrl');

// The demo members' plans decide what shows here; the files that change them wait (locks.ts).
holdDuringFile('demo-accounts', 'shared');

let browser: Browser;
let fileId = '';
beforeAll(async () => {
  browser = await fileBrowser();
  const { files } = await api<{ files: { id: string }[] }>('/pricing/files/filter/transcripts?limit=1');
  fileId = files[0]?.id ?? '';
  if (!fileId) throw new Error('the demo market has no transcript');
});
afterAll(async () => {
  await browser?.close();
});

async function openSummary(page: Page, token: string) {
  await page.goto(`/transcripts/${fileId}?token=${token}`, { waitUntil: 'networkidle' });
  await page.getByTestId('transcript-view').waitFor();
  await page.getByTestId('side-tab-ai').click();
}

describe('the AI summary of a transcript', () => {
  it('a pro member’s summary, then the transcript at a cited passage', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await openSummary(page, await idToken(PRO));
      await page.getByTestId('ai-summary').waitFor();
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await page.getByTestId('side-tab-ai').click();
        await page.getByTestId('ai-summary').scrollIntoViewIfNeeded();
        await screenshot(page, `transcript-summary-${viewport}-${colorScheme}`);
        await page.locator('[data-testid="citation"][data-citation="2"]').first().click();
        await page.getByTestId('cited-passage').waitFor();
        await screenshot(page, `transcript-summary-cited-${viewport}-${colorScheme}`);
      }
    } finally {
      await context.close();
    }
  });

  it('a free member’s upgrade prompt in its place', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await openSummary(page, await idToken(FREE));
      await page.getByRole('tabpanel').getByTestId('upgrade-prompt').waitFor();
      await screenshot(page, 'transcript-summary-free-desktop-light');
    } finally {
      await context.close();
    }
  });
});
