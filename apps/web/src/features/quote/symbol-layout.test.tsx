import { EHS_COMPONENTS } from '@eh/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatCompact } from '../../shared/market/format.ts';
import { preferences } from '../../shared/preferences.ts';
import { SYMBOL_TABS, type SymbolTabKey, symbolPath } from '../../shared/routes.ts';
import { answerSymbolPages, EVENTS, FILINGS, NEWS, shortInterest, TRADES } from '../../test/quote.ts';
import { renderApp, TAB_WALK_BOUND_MS, viewport } from '../../test/quote-app.tsx';
import { allowCharts } from '../../test/quote-chart.ts';

// The symbol page's code loads lazily: loaded before the tests, its compile time is not counted against their waits.
beforeAll(async () => {
  allowCharts();
  await Promise.all([
    import('./symbol-layout.tsx'),
    import('./symbol-tab-page.tsx'),
    import('./price-chart.tsx'),
    import('../../app/page-loaders.ts'),
  ]);
});
beforeEach(() => localStorage.clear());

/** What each tab shows of Apple's record (a visitor's share of it). */
const TAB_CONTENT: Record<SymbolTabKey, (panel: HTMLElement) => Promise<void>> = {
  overview: async (panel) => {
    await within(panel).findByTestId('key-stats');
    await within(within(panel).getByTestId('next-earnings')).findAllByTestId('date-status');
  },
  earnings: async (panel) => {
    const table = await within(panel).findByTestId('earnings-table');
    expect(table.querySelectorAll('tbody tr').length).toBeGreaterThanOrEqual(2);
  },
  ehs: async (panel) => {
    const components = await within(panel).findByTestId('ehs-components');
    await waitFor(() => expect(components.querySelectorAll('tbody tr')).toHaveLength(EHS_COMPONENTS.length));
  },
  analysts: async (panel) => {
    // Ratings are a paid feature: a visitor meets the prompt in their place.
    const prompt = await within(panel).findByTestId('upgrade-prompt');
    expect(prompt.dataset.feature).toBe('analystRatings');
    expect(within(panel).queryByTestId('ratings-table')).toBeNull();
  },
  news: async (panel) => {
    const list = await within(panel).findByTestId('news-list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NEWS.map((item) => expect.stringContaining(item.title)));
  },
  short: async (panel) => {
    // A visitor sees the latest settlement only.
    const latest = shortInterest()[0];
    expect((await within(panel).findByTestId('shares-short')).textContent).toBe(formatCompact(latest?.sharesShort));
  },
  price: async (panel) => {
    const chart = await within(panel).findByTestId('price-chart');
    await waitFor(() => expect(chart.querySelector('canvas')).not.toBeNull());
  },
  dividends: async (panel) => {
    const table = await within(panel).findByTestId('dividends-table');
    // The declared dividend ahead and the latest one paid; the older ones are a paid feature.
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
  },
  secFilings: async (panel) => {
    const list = await within(panel).findByTestId('sec-filings-list');
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(FILINGS.length));
  },
  events: async (panel) => {
    const list = await within(panel).findByTestId('events-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(EVENTS.length);
  },
  trades: async (panel) => {
    const list = await within(panel).findByTestId('trades-list');
    expect(list.textContent).toContain(TRADES[0]?.comment);
  },
};

describe('the quote page', () => {
  afterEach(() => viewport(1024, 768));

  it('shows Apple’s quote, where its figures come from, and names the page', async () => {
    // A reader in New York: the market's next open is told in their zone.
    preferences.set('timezone', 'America/New_York');
    answerSymbolPages();
    renderApp('/quote/AAPL');

    const heading = await screen.findByTestId('symbol-heading');
    await waitFor(() => expect(heading.textContent).toBe('AAPLApple Inc.'));
    // The fixture's quote: $248.90, up $2.15 on the previous close of $246.75 (0.87 %).
    expect(screen.getByTestId('quote-price').textContent).toBe('$248.90');
    expect(screen.getByTestId('quote-change').textContent).toBe('+2.15 (+0.87%)');
    // Friday evening: closed until Monday 9:30 in New York.
    expect((await screen.findByTestId('market-status')).textContent).toMatch(
      /^Market closed · Opens Mon,? 9:30 AM EST$/,
    );
    expect(screen.getByTestId('demo-data-label').textContent).toBe('Demo data');
    await waitFor(() => expect(document.title).toContain('AAPL stock price, earnings date and news'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
      'Apple Inc. (AAPL)',
    );
  });

  it(
    'walks every tab: each changes the address, is the one selected, names the page and shows its content',
    async () => {
      answerSymbolPages();
      const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
      const { router } = renderApp('/quote/AAPL');
      await screen.findByTestId('tab-overview');
      expect(screen.getByTestId('symbol-tab-short').textContent).toBe('Short Interest');
      expect(screen.getByTestId('symbol-tab-price').textContent).toBe('Price History');

      for (const tab of [...SYMBOL_TABS.slice(1), SYMBOL_TABS[0]]) {
        await user.click(screen.getByTestId(`symbol-tab-${tab.key}`));
        await waitFor(() => expect(router.state.location.pathname, tab.key).toBe(symbolPath('AAPL', tab)));
        const panel = await screen.findByTestId(`tab-${tab.key}`);
        expect(panel.getAttribute('aria-label')).toBe(tab.label);
        expect(screen.getByTestId(`symbol-tab-${tab.key}`).getAttribute('aria-selected'), tab.key).toBe('true');
        await TAB_CONTENT[tab.key](panel);
        await waitFor(() =>
          expect(document.title).toContain(tab.key === 'overview' ? 'AAPL stock price' : `AAPL ${tab.label}`),
        );
      }
    },
    TAB_WALK_BOUND_MS,
  );

  it('names Short and Price shortly on a phone (SPEC §2)', async () => {
    viewport(390, 844);
    answerSymbolPages();
    renderApp('/quote/AAPL/short');
    await screen.findByTestId('tab-short');
    expect(screen.getByTestId('symbol-tab-short').textContent).toBe('Short');
    expect(screen.getByTestId('symbol-tab-price').textContent).toBe('Price');
    expect(screen.getByTestId('symbol-tab-short').getAttribute('aria-selected')).toBe('true');
  });

  it('gives an unknown symbol a clear not-found page, not an error', async () => {
    answerSymbolPages();
    renderApp('/quote/ZZZZQ/earnings');
    const page = await screen.findByTestId('symbol-not-found');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('ZZZZQ');
    expect(page.textContent).toContain('We have no stock, crypto or over-the-counter asset with the symbol ZZZZQ.');
    expect(screen.getByRole('link', { name: 'Search symbols' }).getAttribute('href')).toBe('/search');
    await waitFor(() => expect(document.title).toContain('ZZZZQ: symbol not found'));
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
    expect(screen.queryByTestId('symbol-tabs')).toBeNull();
  });
});
