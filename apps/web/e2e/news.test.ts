import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './browser.ts';
import { api } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Item {
  id: number;
  slug: string;
  title: string;
  newsType: string;
  summary: string | null;
}

async function news(path: string): Promise<Item[]> {
  return (await api<{ news: Item[] }>(path)).news;
}

describe('news', () => {
  it('lists the top stories and the latest news of the default types, newest first', async () => {
    const top = await news('/pricing/news/tags/top_stories?limit=5');
    const latest = await news('/pricing/news?types=earnings_results,transcript_summary&limit=50');
    expect(top.length).toBeGreaterThan(0);
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/news', { waitUntil: 'networkidle' });
      expect(await page.title()).toContain('News');
      const lists = page.getByTestId('news-items');
      await lists.first().waitFor();
      const titles = await lists.nth(0).getByTestId('news-link').allInnerTexts();
      expect(titles).toEqual(top.map((item) => item.title));
      const latestTitles = await lists.nth(1).getByTestId('news-link').allInnerTexts();
      expect(latestTitles).toEqual(latest.map((item) => item.title));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('opens an article in the modal, then as a page with its title as the document title', async () => {
    const [first] = await news('/pricing/news?types=earnings_results&limit=1');
    if (!first) throw new Error('no earnings results in the demo news');
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/news', { waitUntil: 'networkidle' });
      await page.getByTestId('news-link').filter({ hasText: first.title }).first().click();
      const modal = page.getByTestId('modal-newsArticle');
      await modal.getByTestId('news-article').waitFor();
      expect(await modal.innerText()).toContain(first.title);
      expect(new URL(page.url()).pathname).toBe('/news');
      await modal.getByRole('link', { name: 'Open as a page' }).click();
      await page.waitForURL(`**/news/${first.id}/${first.slug}`);
      // The address changes before the article's page has rendered: the news page's heading may still be up.
      await expect.poll(() => page.locator('main h1').innerText(), { timeout: 15_000 }).toBe(first.title);
      expect(await page.title()).toContain(first.title);
      // The symbols it mentions, each with its latest price.
      await page.getByTestId('article-symbols').getByText(/\$\d/).first().waitFor();
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description).toBe(first.summary);
      // Nothing executable made it into the article.
      expect(await page.locator('main article script, main article [onerror], main article iframe').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('saves the news settings (content types and tag) and the page follows them', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/news', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'News settings' }).click();
      const modal = page.getByTestId('modal-newsSettings');
      expect(await modal.getByRole('radio', { name: 'Top stories' }).isChecked()).toBe(true);
      await modal.getByRole('button', { name: 'Headline' }).click();
      await modal.getByRole('button', { name: 'Earnings results' }).click();
      await modal.getByRole('button', { name: 'Call summary' }).click();
      await modal.getByRole('radio', { name: 'Earnings' }).check();
      await modal.getByRole('button', { name: 'Done' }).click();
      expect(await page.evaluate(() => localStorage.getItem('earningshub.newsContentTypes'))).toBe('["headline"]');
      expect(await page.evaluate(() => localStorage.getItem('earningshub.newsTag'))).toBe('"earnings"');
      const headlines = await news('/pricing/news?types=headline&limit=50');
      await page.waitForLoadState('networkidle');
      const latest = await page.getByTestId('news-items').nth(1).getByTestId('news-link').allInnerTexts();
      expect(latest).toEqual(headlines.map((item) => item.title));
    } finally {
      await context.close();
    }
  });
});
