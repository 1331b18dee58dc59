import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { api, proToken } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Index {
  constituents: { rank: number; symbol: string; marketCap: number | null }[];
}

describe('EHS pages', () => {
  it('/ehs shows the EH500 distribution with its median and the leaderboard', async () => {
    const stats = await api<{ count: number; median: number }>('/pricing/stats?type=overallScore');
    const index = await api<Index>('/pricing/indexes/eh500');
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/ehs', { waitUntil: 'networkidle' });
      await page.getByTestId('ehs-distribution').waitFor();
      expect(await page.getByTestId('ehs-distribution').innerText()).toContain(`${stats.count} companies`);
      expect(await page.getByTestId('ehs-percentiles').innerText()).toContain(stats.median.toFixed(1));
      const leaders = await page.getByTestId('ehs-leaders').innerText();
      expect(leaders).toContain(index.constituents[0]?.symbol);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/eh500 lists the members by rank, sorts by market cap, and opens a rebalance', async () => {
    const index = await api<Index>('/pricing/indexes/eh500');
    const rebalances = await api<{ rebalances: { date: string; added: string[]; removed: string[] }[] }>(
      '/pricing/indexes/eh500/rebalances',
    );
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/eh500', { waitUntil: 'networkidle' });
      const rows = page.getByTestId('eh500-row');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(Math.min(50, index.constituents.length));
      expect(await rows.first().innerText()).toContain(index.constituents[0]?.symbol);
      await page.getByRole('button', { name: 'Market cap' }).click();
      const biggest = [...index.constituents].sort((a, b) => (b.marketCap ?? 0) - (a.marketCap ?? 0))[0];
      expect(await rows.first().innerText()).toContain(biggest?.symbol);
      const latest = rebalances.rebalances[0];
      if (!latest) throw new Error('no rebalance in the demo market');
      const list = page.getByTestId('rebalance-list');
      await list.waitFor();
      await list.getByRole('button').first().click();
      await page.getByTestId('modal-indexRebalance').waitFor();
      const modal = page.getByTestId('modal-indexRebalance');
      // The details frame shows while the rebalances load: wait for the figures themselves.
      await modal.getByText(/\d+ added, \d+ removed/).waitFor();
      const text = await modal.innerText();
      expect(text).toContain(`${latest.added.length} added, ${latest.removed.length} removed`);
      for (const symbol of [...latest.added, ...latest.removed]) expect(text).toContain(symbol);
    } finally {
      await context.close();
    }
  });

  it('/ehs/learn-more publishes the method of docs/ehs.md', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/ehs/learn-more', { waitUntil: 'networkidle' });
      const method = page.getByTestId('ehs-method');
      await method.waitFor();
      const text = await method.innerText();
      for (const heading of ['1. The four numbers', '2. From four numbers to one score', '5. EH500', '7. Limitations'])
        expect(text).toContain(heading);
      expect(await method.locator('table').count()).toBeGreaterThan(2);
    } finally {
      await context.close();
    }
  });

  it('/all pages through every asset A to Z', async () => {
    const list = await api<{ count: number }>('/static/assets.json');
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/all', { waitUntil: 'networkidle' });
      await page.getByTestId('all-row').first().waitFor();
      expect(await page.getByTestId('all-count').innerText()).toContain(`${list.count.toLocaleString('en-US')} assets`);
      expect(await page.getByTestId('all-row').count()).toBe(Math.min(100, list.count));
      const symbols = await page.getByTestId('all-row').locator('td:first-child').allInnerTexts();
      expect(symbols).toEqual([...symbols].sort());
      await page.getByRole('button', { name: 'Go to page 2' }).click();
      expect(await page.getByTestId('all-count').innerText()).toContain('page 2');
    } finally {
      await context.close();
    }
  });

  it("the EHS tab shows a pro member the score's weekly history, ending at the API's latest score; others an upgrade prompt", async () => {
    const token = await proToken();
    const res = await fetch(`${baseUrl}/api/pricing/assets/AAPL/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const { points, gated } = (await res.json()) as { points: { overallScore: number | null }[]; gated: unknown };
    expect(gated).toBeNull();
    const latest = points.filter((p) => p.overallScore !== null).at(-1)?.overallScore;
    if (latest === undefined || latest === null) throw new Error('AAPL has no EHS history in the demo market');
    const anonymous = await openPage(browser, baseUrl);
    try {
      await anonymous.page.goto('/quote/AAPL/ehs', { waitUntil: 'networkidle' });
      const prompt = anonymous.page.getByTestId('ehs-score-history').getByTestId('upgrade-prompt');
      await prompt.waitFor();
      expect(await prompt.getAttribute('data-feature')).toBe('ehs');
      await screenshot(anonymous.page, 'ehs-tab-history-anonymous');
    } finally {
      await anonymous.context.close();
    }
    for (const [viewport, colorScheme] of SCREENS) {
      const { context, page, errors } = await openPage(browser, baseUrl, { viewport, colorScheme });
      try {
        await page.goto(`/quote/AAPL/ehs?token=${token}`, { waitUntil: 'networkidle' });
        const history = page.getByTestId('ehs-score-history');
        await history.getByTestId('ehs-history-latest').waitFor();
        expect(await history.getByTestId('ehs-history-latest').innerText()).toBe(String(Math.round(latest)));
        expect(await history.getByRole('img').getAttribute('aria-label')).toMatch(/^AAPL EHS week by week since /);
        expect(await history.getByTestId('ehs-history-year-ago').innerText()).toMatch(/^A year ago \d+ /);
        expect(await history.getByTestId('upgrade-prompt').count()).toBe(0);
        await history.scrollIntoViewIfNeeded();
        await screenshot(page, `ehs-tab-history-${viewport}-${colorScheme}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});

describe('screenshots', () => {
  // Each page loads once and is shown at both widths in both themes (showAs: the app follows the width and the
  // system theme live), instead of loading again for each.
  it.each([
    ['/ehs', 'ehs', (page: Page) => page.getByTestId('ehs-distribution')],
    ['/eh500', 'eh500', (page: Page) => page.getByTestId('eh500-row').first()],
  ] as const)('%s at both widths in both themes', async (path, name, ready) => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto(path, { waitUntil: 'networkidle' });
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await ready(page).waitFor();
        await screenshot(page, `${name}-${viewport}-${colorScheme}`);
      }
    } finally {
      await context.close();
    }
  });
});
