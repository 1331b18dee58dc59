/**
 * The main pages for people to look at (`npm run screenshots`; CI takes none): each loads once and is shown at both
 * widths in both themes (showAs: the app follows the width and the system theme live). What the pages must do is
 * asserted by the e2e files; the route walk checks every route at both widths.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { SYMBOL_TABS, symbolPath } from '../src/shared/routes.ts';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { api, proToken } from './support.ts';

const baseUrl = inject('baseUrl');
const SYMBOL = 'AAPL';

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Shows the open page in every variant and saves each once `ready` (a test id, or the page's heading) shows. */
async function shoot(page: Page, name: string, ready: string) {
  for (const [viewport, colorScheme] of SCREENS) {
    await showAs(page, viewport, colorScheme);
    const shown = ready === 'heading' ? page.locator('main h1') : page.getByTestId(ready);
    await shown.first().waitFor({ timeout: 60_000 });
    await screenshot(page, `${name}-${viewport}-${colorScheme}`);
  }
}

async function shootPage(path: string, name: string, ready: string) {
  const { context, page } = await openPage(browser, baseUrl);
  try {
    await page.goto(path, { waitUntil: 'networkidle' });
    await shoot(page, name, ready);
  } finally {
    await context.close();
  }
}

describe('pages anyone sees', () => {
  it.each([
    ['/', 'home', 'gainers-rows'],
    ['/CNBC', 'partner-cnbc', 'gainers-rows'],
    ['/pricing', 'pricing', 'plan-earningshub_pro'],
    ['/earnings-calendar/this-week', 'earnings-calendar_this-week', 'calendar'],
    ['/about', 'about', 'heading'],
    ['/faq', 'faq', 'heading'],
    ['/feedback', 'feedback', 'heading'],
    ['/app-info', 'app-info', 'heading'],
    ['/news', 'news', 'news-items'],
    ['/all', 'all', 'all-row'],
  ])('%s', async (path, name, ready) => {
    await shootPage(path, name, ready);
  });

  it('a news article', async () => {
    const [first] = (
      await api<{ news: { id: string; slug: string }[] }>('/pricing/news?types=earnings_results&limit=1')
    ).news;
    await shootPage(`/news/${first?.id}/${first?.slug}`, 'news-article', 'news-article');
  });

  it('the search modal and its results', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Search symbols' }).click();
      const modal = page.getByTestId('modal-symbolSearch');
      await shoot(page, 'search-modal', 'search-row');
      await modal.getByRole('combobox').fill('al');
      await modal.getByRole('option').first().waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await shoot(page, 'search-results', 'search-row');
    } finally {
      await context.close();
    }
  });
});

describe('a stock as a pro member sees it', () => {
  const tab = (key: string) =>
    symbolPath(
      SYMBOL,
      SYMBOL_TABS.find((t) => t.key === key),
    );
  it.each([
    ['quote-overview', symbolPath(SYMBOL), 'key-stats'],
    ['quote-price', tab('price'), 'price-chart'],
    ['quote-earnings', tab('earnings'), 'earnings-table'],
    ['quote-sec-filings', tab('secFilings'), 'sec-filings-list'],
  ])('%s', async (name, path, ready) => {
    await shootPage(`${path}?token=${await proToken()}`, name, ready);
  });

  it('its latest transcript', async () => {
    const { files } = await api<{ files: { periodYear: number; period: string }[] }>(
      `/pricing/assets/${SYMBOL}/files?types=transcript&limit=1`,
    );
    const latest = files[0];
    if (!latest) throw new Error(`${SYMBOL} has no transcript in the demo market`);
    await shootPage(
      `/quote/${SYMBOL}/${latest.periodYear}/${latest.period}?token=${await proToken()}`,
      'transcript',
      'transcript-text',
    );
  });
});
