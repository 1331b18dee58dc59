import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { api, FREE, holdDuringFile, idToken, PRO, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');

// The demo members' plans decide what shows here; the files that change them wait (locks.ts).
holdDuringFile('demo-accounts', 'shared');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface FileItem {
  id: string;
  symbol: string;
  hasAnalysis: boolean;
}

/** The newest transcript, summarised by the worker (the seeded market's are). */
async function newestTranscript(): Promise<FileItem> {
  const { files } = await api<{ files: FileItem[] }>('/pricing/files/filter/transcripts?limit=1');
  const [file] = files;
  if (!file) throw new Error('the demo market has no transcript');
  expect(file.hasAnalysis, `${file.id} has an analysis`).toBe(true);
  return file;
}

/** The marked passage's box lies inside the viewport. */
async function inView(page: Page): Promise<boolean> {
  return page.getByTestId('cited-passage').evaluate((mark) => {
    const box = mark.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

async function openSummary(page: Page, file: FileItem, token: string) {
  await page.goto(`/transcripts/${file.id}?token=${token}`, { waitUntil: 'networkidle' });
  await page.getByTestId('transcript-view').waitFor();
  await page.getByTestId('side-tab-ai').click();
}

describe('the AI summary of a transcript', () => {
  it('shows a pro member the summary; a citation scrolls the transcript to the quoted passage and marks it', async () => {
    const file = await newestTranscript();
    const token = await idToken(PRO);
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await openSummary(page, file, token);
      const summary = page.getByTestId('ai-summary');
      await summary.waitFor();
      expect((await page.getByTestId('ai-summary-text').innerText()).length).toBeGreaterThan(80);
      const metrics = await page
        .getByTestId('ai-key-number')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-metric')));
      expect(metrics).toEqual(expect.arrayContaining(['revenue', 'eps']));
      expect(await page.getByText('Picked from the call by our built-in summariser').count()).toBe(1);
      expect(await seriousViolations(page, '[data-testid="ai-summary"]')).toEqual([]);

      // Every statement carries a source; the one cited last stands furthest down the call.
      const citations = page.getByTestId('citation');
      expect(await citations.count()).toBeGreaterThan(3);
      const numbers = await citations.evaluateAll((links) => links.map((l) => Number(l.getAttribute('data-citation'))));
      const furthest = Math.max(...numbers);
      const link = page.locator(`[data-testid="citation"][data-citation="${furthest}"]`).first();
      const quote = /^“(.*)” \(/s.exec((await link.getAttribute('title')) ?? '')?.[1];
      if (!quote) throw new Error('the citation names no quote');
      await link.click();

      const mark = page.getByTestId('cited-passage');
      await mark.waitFor();
      expect(await mark.innerText()).toBe(quote);
      await expect.poll(() => inView(page)).toBe(true);
      expect(await page.getByTestId('transcript-text').isVisible()).toBe(true);
      await screenshot(page, 'transcript-summary-cited-desktop-light');

      // Back to the summary, and on to another statement's source.
      await page.getByTestId('back-to-summary').click();
      await summary.waitFor();
      await page.locator('[data-testid="citation"][data-citation="1"]').first().click();
      await expect.poll(() => inView(page)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a free member the upgrade prompt in its place', async () => {
    const file = await newestTranscript();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await openSummary(page, file, await idToken(FREE));
      const prompt = page.getByRole('tabpanel').getByTestId('upgrade-prompt');
      await prompt.waitFor();
      expect(await prompt.getAttribute('data-feature')).toBe('aiSummary');
      expect(await prompt.innerText()).toContain('Unlock AI summaries with Plus');
      expect(await page.getByTestId('ai-summary').count()).toBe(0);
      expect(await page.getByTestId('citation').count()).toBe(0);
      await screenshot(page, 'transcript-summary-free-desktop-light');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('looks right at both widths in both themes', async () => {
    const file = await newestTranscript();
    const token = await idToken(PRO);
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await openSummary(page, file, token);
      await page.getByTestId('ai-summary').waitFor();
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await page.getByTestId('side-tab-ai').click();
        await page.getByTestId('ai-summary').scrollIntoViewIfNeeded();
        await screenshot(page, `transcript-summary-${viewport}-${colorScheme}`);
        // Nothing runs off the side of a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          await page.evaluate(() => window.innerWidth),
        );
        await page.locator('[data-testid="citation"][data-citation="2"]').first().click();
        await expect.poll(() => inView(page)).toBe(true);
        await screenshot(page, `transcript-summary-cited-${viewport}-${colorScheme}`);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
