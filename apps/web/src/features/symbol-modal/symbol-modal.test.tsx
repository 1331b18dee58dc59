import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { APPLE, answerSymbolPages, EH500_WITH_PEERS, NVIDIA } from '../../test/quote.ts';
import { renderApp, TAB_WALK_BOUND_MS } from '../../test/quote-app.tsx';
import { allowCharts } from '../../test/quote-chart.ts';
import { SYMBOL_MODAL_TABS } from '../quote/index.ts';

// The page's, the dialog's and the chart's code load lazily: loaded before the test, their compile time is not
// counted against its waits.
beforeAll(async () => {
  allowCharts();
  await Promise.all([
    import('../quote/symbol-layout.tsx'),
    import('../quote/symbol-tab-page.tsx'),
    import('../quote/price-chart.tsx'),
    import('../../app/page-loaders.ts'),
    import('../../app/modals/modal-stack-view.tsx'),
    import('./symbol-modal.tsx'),
  ]);
});
beforeEach(() => localStorage.clear());

describe('the symbol modal', () => {
  it('opens from a sector peer and opens the full page of the tab on screen, closing on the way', async () => {
    answerSymbolPages();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { router } = renderApp('/quote/AAPL');

    // Apple's sector peers in the EH500, largest first.
    const peers = await screen.findAllByTestId('peer');
    const technology = EH500_WITH_PEERS.filter((c) => c.sector === 'Technology' && c.symbol !== 'AAPL').sort(
      (a, b) => (b.marketCap ?? 0) - (a.marketCap ?? 0),
    );
    expect(peers.map((peer) => peer.querySelector('p')?.textContent)).toEqual(technology.map((c) => c.symbol));
    expect(technology[0]?.symbol).toBe(NVIDIA.symbol);
    await user.click(peers[0] as HTMLElement);

    const modal = await screen.findByTestId('symbol-modal');
    await waitFor(() => expect(modal.textContent).toContain(NVIDIA.name));
    expect(within(modal).getByRole('tab', { name: 'Info' }).getAttribute('aria-selected')).toBe('true');
    await user.click(within(modal).getByRole('tab', { name: 'Events' }));
    await waitFor(() => expect(within(modal).getByRole('tabpanel').querySelector('section h3')).not.toBeNull());

    await user.click(within(modal).getByRole('link', { name: 'Full page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quote/NVDA/events'));
    await screen.findByTestId('tab-events');
    await waitFor(() => expect(screen.queryByTestId('symbol-modal')).toBeNull());
    expect(screen.getByTestId('symbol-heading').textContent).toBe(`NVDA${NVIDIA.name}`);
  });

  it(
    'shows each of its twelve tabs, each a section of the symbol page',
    async () => {
      answerSymbolPages();
      const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
      const store = makeStore();
      render(
        <AppProviders store={store}>
          <MemoryRouter initialEntries={['/calls']}>
            <ModalHost />
          </MemoryRouter>
        </AppProviders>,
      );
      act(() => {
        store.dispatch(modalOpened({ kind: 'symbol', props: { symbol: 'AAPL' } }));
      });
      const modal = await screen.findByTestId('symbol-modal');
      await waitFor(() => expect(modal.textContent).toContain(APPLE.name));
      expect(
        within(modal)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(SYMBOL_MODAL_TABS.map((tab) => tab.label));

      for (const [i, tab] of SYMBOL_MODAL_TABS.entries()) {
        await user.click(within(modal).getAllByRole('tab')[i] as HTMLElement);
        const panel = within(modal).getByRole('tabpanel');
        expect(panel.getAttribute('aria-label'), tab.key).toBe(tab.label);
        expect(within(modal).getAllByRole('tab')[i]?.getAttribute('aria-selected'), tab.key).toBe('true');
        // Each tab is a section of the symbol page, headed one level under the dialog; none fails to draw.
        await waitFor(() => expect(panel.querySelector('section h3'), tab.key).not.toBeNull());
        expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
        expect(within(panel).queryByRole('button', { name: 'Retry' }), tab.key).toBeNull();
      }
      expect(within(modal).getByRole('link', { name: 'Full page' }).getAttribute('href')).toBe('/quote/AAPL/events');
    },
    TAB_WALK_BOUND_MS,
  );
});
