/**
 * The AI summary of a call against the real server, in Chromium: the worker's summary of the seeded market's newest
 * transcript reaches a pro member's page, passes axe, fits a phone's width, and a source leads into the transcript
 * with the quoted words scrolled into view (real layout and scrolling). What the summary shows for an answer, the
 * numbering of sources, the marked passage and the free member's upgrade prompt are
 * src/features/transcripts/transcript-summary.test.tsx; the screens are transcripts.screens.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage } from './browser.ts';
import { api, holdDuringFile, idToken, PRO, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');

// The demo members' plans decide what shows here; the files that change them wait (locks.ts).
holdDuringFile('demo-accounts', 'shared');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
beforeAll(async () => {
  browser = await fileBrowser();
  ({ context, page, errors } = await openPage(browser, baseUrl, { viewport: 'phone' }));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

interface FileItem {
  id: string;
  hasAnalysis: boolean;
}

/** The marked passage's box lies inside the viewport. */
const markInView = () =>
  page.getByTestId('cited-passage').evaluate((mark) => {
    const box = mark.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });

describe('the AI summary of a transcript', () => {
  it('reaches a pro member’s phone, passes axe within its width, and a source scrolls the transcript to the quote', async () => {
    // The newest transcript, summarised by the worker (the seeded market's are).
    const { files } = await api<{ files: FileItem[] }>('/pricing/files/filter/transcripts?limit=1');
    const [file] = files;
    if (!file) throw new Error('the demo market has no transcript');
    expect(file.hasAnalysis, `${file.id} has an analysis`).toBe(true);

    await page.goto(`/transcripts/${file.id}?token=${await idToken(PRO)}`, { waitUntil: 'networkidle' });
    await page.getByTestId('transcript-view').waitFor();
    await page.getByTestId('side-tab-ai').click();
    await page.getByTestId('ai-summary').waitFor();
    // The built-in summariser found the call's revenue and EPS, each statement with its source.
    const metrics = await page
      .getByTestId('ai-key-number')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-metric')));
    expect(metrics).toEqual(expect.arrayContaining(['revenue', 'eps']));
    expect(await page.getByTestId('citation').count()).toBeGreaterThan(3);
    expect(await seriousViolations(page, '[data-testid="ai-summary"]')).toEqual([]);
    // Nothing runs off the side of a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      await page.evaluate(() => window.innerWidth),
    );

    // The source cited last stands furthest down the call: the page scrolls there and marks the quote.
    const numbers = await page
      .getByTestId('citation')
      .evaluateAll((links) => links.map((link) => Number(link.getAttribute('data-citation'))));
    const link = page.locator(`[data-testid="citation"][data-citation="${Math.max(...numbers)}"]`).first();
    const quote = /^“(.*)” \(/s.exec((await link.getAttribute('title')) ?? '')?.[1];
    if (!quote) throw new Error('the citation names no quote');
    await link.click();
    await page.getByTestId('cited-passage').waitFor();
    expect(await page.getByTestId('cited-passage').innerText()).toBe(quote);
    await expect.poll(markInView).toBe(true);
    expect(errors).toEqual([]);
  });
});
