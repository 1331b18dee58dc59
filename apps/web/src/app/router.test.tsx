import { EH500_NAME } from '@eh/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { REDIRECTS, type SymbolTabKey, symbolTabFromPath } from '../shared/routes.ts';
import { answerSymbolPages } from '../test/quote.ts';
import { renderApp } from '../test/quote-app.tsx';
import { allowCharts } from '../test/quote-chart.ts';

// The symbol page's code loads lazily: loaded before the test, its compile time is not counted against its waits.
beforeAll(async () => {
  allowCharts();
  await Promise.all([
    import('../features/quote/symbol-layout.tsx'),
    import('../features/quote/symbol-tab-page.tsx'),
    import('./page-loaders.ts'),
  ]);
});

/** What each target tab shows once its answers are in. */
const CONTENT: Partial<Record<SymbolTabKey, (panel: HTMLElement) => Promise<unknown>>> = {
  price: (panel) => within(panel).findByRole('figure', { name: /^AAPL line chart, 1Y: \d+ points$/ }),
  short: (panel) => within(panel).findByTestId('shares-short'),
  // Apple is third in the fixture's EH500.
  ehs: async (panel) => {
    const widget = await within(panel).findByTestId('ehs-widget');
    await waitFor(() => expect(widget.textContent).toContain(`#3 in the ${EH500_NAME}`));
  },
};

/** The symbol pages' legacy addresses (SPEC §2): the old Price and Short tabs and the EHS page of a symbol. */
const LEGACY = Object.entries(REDIRECTS).filter(([from]) => /pricing|shorts|\/ehs\//.test(from));

describe('the legacy symbol addresses', () => {
  it('are the three of SPEC §2', () => {
    expect(LEGACY.map(([from]) => from)).toEqual(['/quote/AAPL/pricing', '/quote/AAPL/shorts', '/ehs/AAPL']);
  });

  it('each lands on its tab of the symbol page, the address rewritten', async () => {
    for (const [from, to] of LEGACY) {
      answerSymbolPages();
      const { router } = renderApp(from);
      await waitFor(() => expect(router.state.location.pathname, from).toBe(to));
      const tab = symbolTabFromPath(to);
      const panel = await screen.findByTestId(`tab-${tab.key}`);
      // The tab's own content, from Apple's record.
      await CONTENT[tab.key]?.(panel);
      expect(screen.getByTestId('symbol-heading').textContent, from).toContain('AAPL');
      expect(screen.getByTestId(`symbol-tab-${tab.key}`).getAttribute('aria-selected'), from).toBe('true');
      cleanup();
    }
  });
});
