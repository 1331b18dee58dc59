import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REDIRECTS, SYMBOL_TABS, symbolPath } from '../src/shared/routes.ts';
import { launchBrowser, openPage, type ViewportName } from './browser.ts';
import { layoutShifts, proToken, seriousViolations, watchLayoutShifts } from './support.ts';

const baseUrl = inject('baseUrl');
const SYMBOL = 'AAPL';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The newest transcript of the symbol, as the API lists it. */
async function latestTranscript(): Promise<{ id: string; periodYear: number; period: string }> {
  const res = await fetch(`${baseUrl}/api/pricing/assets/${SYMBOL}/files?types=transcript&limit=1`);
  const body = (await res.json()) as { files: { id: string; periodYear: number; period: string }[] };
  const file = body.files[0];
  if (!file) throw new Error(`${SYMBOL} has no transcript in the demo market`);
  return file;
}

/** The URL signed in as the pro demo member: ?token= signs in for that visit (SPEC §2), then leaves the address. */
async function asPro(url: string): Promise<string> {
  proTokenValue ??= await proToken();
  return `${url}${url.includes('?') ? '&' : '?'}token=${proTokenValue}`;
}
let proTokenValue: string | undefined;

const pathnameOf = (page: Page) => new URL(page.url()).pathname;

/** What each tab must show for real: rows, a chart canvas, a list, or the upgrade prompt for gated data. */
const TAB_CONTENT: Record<(typeof SYMBOL_TABS)[number]['key'], (page: Page) => Promise<void>> = {
  overview: async (page) => {
    await page.getByTestId('key-stats').waitFor();
    await page.getByTestId('next-earnings').getByTestId('date-status').first().waitFor();
  },
  earnings: async (page) => {
    const rows = page.getByTestId('earnings-table').locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
  },
  ehs: async (page) => {
    await page.getByTestId('ehs-components').locator('tbody tr').first().waitFor();
    expect(await page.getByTestId('ehs-components').locator('tbody tr').count()).toBe(4);
  },
  analysts: async (page) => {
    await page.getByTestId('ratings-table').or(page.getByTestId('upgrade-prompt')).first().waitFor();
  },
  news: async (page) => {
    await page.getByTestId('news-list').locator('li').first().waitFor();
  },
  short: async (page) => {
    await page.getByTestId('shares-short').waitFor();
    expect(await page.getByTestId('shares-short').innerText()).toMatch(/\d/);
  },
  price: async (page) => {
    await page.getByTestId('price-chart').locator('canvas').first().waitFor();
  },
  dividends: async (page) => {
    await page.getByTestId('dividends-table').locator('tbody tr').first().waitFor();
  },
  secFilings: async (page) => {
    await page.getByTestId('sec-filings-list').locator('[role="button"]').first().waitFor();
  },
  events: async (page) => {
    await page.getByTestId('events-list').locator('li').first().waitFor();
  },
  trades: async (page) => {
    await page.getByTestId('trades-list').or(page.getByTestId('empty-state')).first().waitFor();
  },
};

describe.each(['desktop', 'phone'] as ViewportName[])('the quote page at %s width', (viewport) => {
  it('shows the quote and walks every tab, each changing the path and showing real content', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, { viewport });
    try {
      await page.goto(symbolPath(SYMBOL), { waitUntil: 'networkidle' });
      const heading = page.getByTestId('symbol-heading');
      await heading.waitFor();
      expect(await heading.innerText()).toContain('Apple Inc.');
      expect(await page.getByTestId('quote-price').innerText()).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
      expect(await page.getByTestId('quote-change').innerText()).toMatch(/[+−]?\d+\.\d{2} \([+−]?\d+\.\d{2}%\)/);
      await page.getByTestId('market-status').waitFor();
      expect(await page.getByTestId('demo-data-label').innerText()).toBe('Demo data');
      expect(await page.title()).toContain('AAPL stock price, earnings date and news');
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description).toContain('Apple Inc. (AAPL)');

      // SPEC §2: Short and Price on narrow screens.
      const shortLabel = await page.getByTestId('symbol-tab-short').innerText();
      const priceLabel = await page.getByTestId('symbol-tab-price').innerText();
      expect([shortLabel, priceLabel]).toEqual(
        viewport === 'phone' ? ['Short', 'Price'] : ['Short Interest', 'Price History'],
      );

      for (const tab of [...SYMBOL_TABS.slice(1), SYMBOL_TABS[0]]) {
        const link = page.getByTestId(`symbol-tab-${tab.key}`);
        await link.scrollIntoViewIfNeeded();
        await link.click();
        await page
          .waitForURL((url) => url.pathname === symbolPath(SYMBOL, tab), { timeout: 15_000 })
          .catch(() => {
            throw new Error(`${tab.key}: the tab did not navigate (at ${pathnameOf(page)})`);
          });
        await page.getByTestId(`tab-${tab.key}`).waitFor();
        expect(await page.getByTestId(`symbol-tab-${tab.key}`).getAttribute('aria-selected')).toBe('true');
        await TAB_CONTENT[tab.key](page);
        expect(await page.title()).toContain(tab.key === 'overview' ? 'AAPL stock price' : `AAPL ${tab.label}`);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps the tab bar on screen while scrolling on narrow screens', async () => {
    const { context, page } = await openPage(browser, baseUrl, { viewport });
    try {
      await page.goto(
        symbolPath(
          SYMBOL,
          SYMBOL_TABS.find((t) => t.key === 'secFilings'),
        ),
        { waitUntil: 'networkidle' },
      );
      await page.getByTestId('sec-filings-list').waitFor();
      const bar = page.getByTestId('symbol-tabs');
      expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe(
        viewport === 'phone' ? 'sticky' : 'relative',
      );
      if (viewport === 'phone') {
        expect(await bar.evaluate((el) => getComputedStyle(el).backdropFilter)).toBe('blur(12px)');
        await page.mouse.wheel(0, 1500);
        // Once the page has scrolled under it, the bar stays at the top of the window.
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        await expect
          .poll(async () => {
            const y = (await bar.boundingBox())?.y ?? -1;
            return y >= 0 && y < 80;
          })
          .toBe(true);
      }
    } finally {
      await context.close();
    }
  });

  it('opens without moving: the header and the overview keep their place as the answers land', async () => {
    const { context, page } = await openPage(browser, baseUrl, { viewport });
    try {
      // Every answer a little late, so the page draws its placeholders first and each answer lands into them.
      await page.route('**/api/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      });
      await watchLayoutShifts(page);
      await page.goto(`/quote/${SYMBOL}`);
      await TAB_CONTENT.overview(page);
      await page.getByTestId('market-status').waitFor();
      await page.waitForLoadState('networkidle');
      const shifts = await layoutShifts(page);
      expect(shifts.total, shifts.moved.join('; ')).toBeLessThan(0.01);
    } finally {
      await context.close();
    }
  });
});

describe('symbol routes', () => {
  it('redirects the legacy paths', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      const legacy = Object.entries(REDIRECTS).filter(([from]) => /pricing|shorts|\/ehs\//.test(from));
      expect(legacy).toHaveLength(3);
      for (const [from, to] of legacy) {
        await page.goto(from, { waitUntil: 'networkidle' });
        // The redirect is the router's, once the route's code has run: a busy machine can go idle on the network
        // first. The address is awaited (at most 10 s), then held to the target.
        await page.waitForURL((url) => url.pathname === to, { timeout: 10_000 }).catch(() => {});
        expect(pathnameOf(page), from).toBe(to);
        await page.getByTestId('symbol-heading').waitFor();
      }
    } finally {
      await context.close();
    }
  });

  it('gives an unknown symbol a clear not-found page, not an error', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      await page.goto('/quote/ZZZZQ/earnings', { waitUntil: 'networkidle' });
      await page.getByTestId('symbol-not-found').waitFor();
      expect(await page.locator('main h1').innerText()).toContain('ZZZZQ');
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
      expect(await page.title()).toContain('ZZZZQ: symbol not found');
      // The only console error is the browser noting the API's 404 for the unknown symbol.
      expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the price chart', () => {
  it('switches range and type, follows its settings and keeps the range per symbol', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(
        symbolPath(
          SYMBOL,
          SYMBOL_TABS.find((t) => t.key === 'price'),
        ),
        { waitUntil: 'networkidle' },
      );
      const chart = page.getByTestId('price-chart');
      await chart.locator('canvas').first().waitFor();
      // SPEC §9 defaults: a line chart with the navigator, no volume.
      expect(await page.getByRole('button', { name: 'Line chart' }).getAttribute('aria-pressed')).toBe('true');
      await page.getByTestId('chart-navigator').waitFor();
      await page.getByTestId('chart-settings-button').click();
      const menu = page.getByTestId('chart-settings');
      for (const name of ['Buys', 'Sells', 'Comments', 'Earnings', 'Event lines', 'Navigator', 'Price per share']) {
        expect(await menu.getByRole('menuitemcheckbox', { name }).getAttribute('aria-checked'), name).toBe('true');
      }
      expect(await menu.getByRole('menuitemcheckbox', { name: 'Volume' }).getAttribute('aria-checked')).toBe('false');
      await menu.getByRole('menuitemcheckbox', { name: 'Navigator' }).click();
      await page.keyboard.press('Escape');
      await page.getByTestId('chart-navigator').waitFor({ state: 'detached' });

      for (const range of ['1D', '1W', '1M', '6M', 'YTD', '1Y', '5Y', 'All']) {
        await page.getByTestId('chart-ranges').getByRole('button', { name: range, exact: true }).click();
        await chart.locator('canvas').first().waitFor();
        expect(await page.getByTestId('range-change').innerText(), range).toMatch(new RegExp(`^${range} `));
      }
      await page.getByTestId('chart-ranges').getByRole('button', { name: '5Y', exact: true }).click();
      await page.getByRole('button', { name: 'Candlestick chart' }).click();
      await chart.locator('canvas').first().waitFor();
      expect(await page.getByRole('button', { name: 'Candlestick chart' }).getAttribute('aria-pressed')).toBe('true');

      await page.reload({ waitUntil: 'networkidle' });
      expect(
        await page
          .getByTestId('chart-ranges')
          .getByRole('button', { name: '5Y', exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      // Another symbol opens on its own kept range (the default, 1Y).
      await page.goto('/quote/MSFT/price', { waitUntil: 'networkidle' });
      expect(
        await page
          .getByTestId('chart-ranges')
          .getByRole('button', { name: '1Y', exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the symbol modal', () => {
  it('opens from a sector peer and shows each of its twelve tabs', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(symbolPath(SYMBOL), { waitUntil: 'networkidle' });
      const peer = page.getByTestId('peer').first();
      await peer.waitFor();
      const peerSymbol = (await peer.locator('p').first().innerText()).trim();
      await peer.click();
      const modal = page.getByTestId('symbol-modal');
      await modal.waitFor();
      const tabs = modal.getByRole('tab');
      expect(await tabs.count()).toBe(12);
      for (let i = 0; i < 12; i++) {
        await tabs.nth(i).click();
        await modal.getByRole('tabpanel').locator('section').first().waitFor();
        expect(await modal.getByText('Unexpected Application Error!').count()).toBe(0);
      }
      await modal.getByRole('link', { name: 'Full page' }).click();
      await page.waitForURL((url) => url.pathname === `/quote/${peerSymbol}/events`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('transcripts', () => {
  it('shows a pro member the call with speakers, sections and the side tabs', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      const file = await latestTranscript();
      for (const url of [
        `/quote/${SYMBOL}/${file.periodYear}/${file.period}`,
        `/${SYMBOL}/${file.period}/${file.periodYear}/${file.id}`,
        `/transcripts/${file.id}`,
      ]) {
        await page.goto(await asPro(url), { waitUntil: 'networkidle' });
        await page.getByTestId('transcript-text').waitFor();
        expect(await page.locator('main h1').innerText()).toBe(
          `${SYMBOL} ${file.period} ${file.periodYear} earnings call`,
        );
        expect(await page.getByTestId('transcript-speakers').locator('li').count()).toBeGreaterThan(2);
        const sections = page.getByTestId('transcript-sections').getByRole('button');
        expect(await sections.count()).toBeGreaterThanOrEqual(2);
      }
      await page.getByTestId('transcript-sections').getByRole('button').last().click();
      await page.getByTestId('side-tab-ai').click();
      await expect.poll(() => page.getByTestId('side-tab-ai').getAttribute('aria-selected')).toBe('true');
      // What the AI tab shows a pro member: the summary, or that the call has none yet; never the upgrade prompt.
      const panel = page.getByRole('tabpanel', { name: 'AI' });
      await panel
        .getByTestId('ai-summary')
        .or(panel.getByTestId('ai-empty'))
        .or(panel.getByTestId('upgrade-prompt'))
        .waitFor();
      expect(await panel.getByTestId('upgrade-prompt').count()).toBe(0);
      await page.getByTestId('side-tab-comments').click();
      await page.getByTestId('comments-empty').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('accessibility', () => {
  it.each(['/quote/AAPL', '/quote/AAPL/price', '/quote/AAPL/earnings', '/quote/AAPL/sec-filings'])(
    'has no serious or critical axe violations on %s',
    async (url) => {
      const { context, page } = await openPage(browser, baseUrl);
      try {
        await page.goto(url, { waitUntil: 'networkidle' });
        await page.getByTestId('symbol-heading').waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
