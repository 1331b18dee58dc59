import { CHART_RANGES } from '@eh/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APPLE, answerSymbolPages, barsOf } from '../../test/quote.ts';
import { renderApp } from '../../test/quote-app.tsx';
import { allowCharts } from '../../test/quote-chart.ts';

// The page's and the chart's code load lazily: loaded before the tests, their compile time is not counted.
beforeAll(async () => {
  allowCharts();
  await Promise.all([
    import('./symbol-layout.tsx'),
    import('./symbol-tab-page.tsx'),
    import('./price-chart.tsx'),
    import('../../app/page-loaders.ts'),
  ]);
});
// Each test a browser that has kept nothing: the kept ranges live in the browser's storage.
beforeEach(() => localStorage.clear());

/** The range buttons, by their labels. */
const LABELS = ['1D', '1W', '1M', '6M', 'YTD', '1Y', '5Y', 'All'] as const;

const rangeButton = (label: string) => within(screen.getByTestId('chart-ranges')).getByRole('button', { name: label });
const pressed = (element: HTMLElement) => element.getAttribute('aria-pressed');

/** "+1.23" and "(+4.56%)" as the change line writes a rise. */
const rise = (change: number, percent: number) => `+${change.toFixed(2)} (+${percent.toFixed(2)}%)`;

/**
 * Waits until the chart draws the range its label starts with: while a range loads, the chart keeps the points it
 * drew before under a progress bar.
 */
async function drawn(label: string) {
  await waitFor(() => {
    expect(screen.queryByRole('progressbar', { name: 'Loading prices' })).toBeNull();
    expect(screen.getByTestId('price-chart').getAttribute('aria-label')).toMatch(label);
  });
}

async function openPriceTab(path = '/quote/AAPL/price') {
  answerSymbolPages();
  renderApp(path);
  const chart = await screen.findByTestId('price-chart');
  await waitFor(() => expect(chart.querySelector('canvas')).not.toBeNull());
}

describe('the price chart', () => {
  it('opens as SPEC §9 sets it: a line with the navigator, every marker and crosshair, no volume', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await openPriceTab();
    expect(pressed(screen.getByRole('button', { name: 'Line chart' }))).toBe('true');
    expect(pressed(screen.getByRole('button', { name: 'Candlestick chart' }))).toBe('false');
    expect(screen.getByTestId('chart-navigator')).toBeTruthy();

    await user.click(screen.getByTestId('chart-settings-button'));
    const menu = await screen.findByRole('menu');
    const checked = Object.fromEntries(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((item) => [item.textContent, item.getAttribute('aria-checked')]),
    );
    expect(checked).toEqual({
      Buys: 'true',
      Sells: 'true',
      Comments: 'true',
      Earnings: 'true',
      'Event lines': 'true',
      'Horizontal crosshair': 'true',
      'Vertical crosshair': 'true',
      'Price per share': 'true',
      Navigator: 'true',
      Volume: 'false',
    });
  });

  it('follows its settings: the navigator goes when switched off and comes back with the defaults', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await openPriceTab();
    await user.click(screen.getByTestId('chart-settings-button'));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitemcheckbox', { name: 'Navigator' }));
    expect(
      within(screen.getByRole('menu'))
        .getByRole('menuitemcheckbox', { name: 'Navigator' })
        .getAttribute('aria-checked'),
    ).toBe('false');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('chart-navigator')).toBeNull());
    // The markers' key follows the switches too: community buys off, their letter leaves the key.
    await user.click(screen.getByTestId('chart-settings-button'));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitemcheckbox', { name: 'Buys' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('list', { name: 'Chart markers' }).textContent).not.toContain('Community buy');

    await user.click(screen.getByTestId('chart-settings-button'));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Reset to defaults' }));
    await user.keyboard('{Escape}');
    await screen.findByTestId('chart-navigator');
    expect(screen.getByRole('list', { name: 'Chart markers' }).textContent).toContain('Community buy');
  });

  it('draws each range and says its move, and switches to candlesticks', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await openPriceTab();
    expect(LABELS).toHaveLength(CHART_RANGES.length);
    const chart = screen.getByTestId('price-chart');
    for (const label of LABELS) {
      await user.click(rangeButton(label));
      expect(pressed(rangeButton(label)), label).toBe('true');
      await drawn(`AAPL line chart, ${label}: `);
      expect(screen.getByTestId('range-change').textContent, label).toMatch(new RegExp(`^${label} `));
    }
    // All reaches back past every bar: its move is the first close to the last.
    const bars = barsOf('AAPL');
    const first = bars[0]?.close ?? 0;
    const last = bars.at(-1)?.close ?? 0;
    expect(chart.getAttribute('aria-label')).toBe(`AAPL line chart, All: ${bars.length} points`);
    expect(screen.getByTestId('range-change').textContent).toBe(
      `All ${rise(last - first, ((last - first) / first) * 100)}`,
    );
    // The day's move is the header's: the quote's change on the previous close.
    await user.click(rangeButton('1D'));
    await drawn('AAPL line chart, 1D: ');
    const quote = APPLE.quote;
    expect(screen.getByTestId('range-change').textContent).toBe(
      `1D ${rise(quote?.change ?? 0, quote?.changePercent ?? 0)}`,
    );

    await user.click(rangeButton('5Y'));
    await user.click(screen.getByRole('button', { name: 'Candlestick chart' }));
    expect(pressed(screen.getByRole('button', { name: 'Candlestick chart' }))).toBe('true');
    expect(pressed(screen.getByRole('button', { name: 'Line chart' }))).toBe('false');
    await drawn('AAPL candlestick chart, 5Y: ');
    expect(chart.querySelector('canvas')).not.toBeNull();
  });

  it('keeps the range chosen for a symbol, and another symbol opens on its own (the default, 1Y)', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await openPriceTab();
    expect(pressed(rangeButton('1Y'))).toBe('true');
    await user.click(rangeButton('5Y'));
    expect(pressed(rangeButton('5Y'))).toBe('true');

    // Opened again, as after a reload: a new app on the same browser's storage.
    cleanup();
    await openPriceTab();
    expect(pressed(rangeButton('5Y'))).toBe('true');
    expect(pressed(rangeButton('1Y'))).toBe('false');

    cleanup();
    await openPriceTab('/quote/MSFT/price');
    expect(pressed(rangeButton('1Y'))).toBe('true');
    expect(screen.getByTestId('price-chart').getAttribute('aria-label')).toMatch('MSFT line chart, 1Y: ');
  });
});
