import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { SIGNED_IN } from '../../test/accounts.ts';
import type { AssetList } from '../lists/index.ts';
import { HoldingsTable } from './holdings-table.tsx';
import type { HoldingRow } from './use-list-figures.ts';

const LIST: AssetList = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Tech I follow',
  cash: 0,
  pinned: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const holding = (symbol: string, value: number, gain: number): HoldingRow => ({
  symbol,
  quantity: 10,
  price: value / 10,
  value,
  dayChange: -12.5,
  dayChangePercent: -0.5,
  basis: { cost: value - gain, gain, gainPercent: (gain / (value - gain)) * 100 },
});

const HOLDINGS = [holding('AAPL', 2_300, 300), holding('MSFT', 4_100, -100)];

function renderHoldings() {
  render(
    <AppProviders store={makeStore(SIGNED_IN)}>
      <MemoryRouter>
        <HoldingsTable list={LIST} holdings={HOLDINGS} detailsHidden={false} onTrade={() => {}} />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** happy-dom's own handle on the window: the width media queries read. */
const viewport = (width: number, height: number) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({
    width,
    height,
  });

const order = () => screen.getAllByTestId('holding-row').map((row) => row.dataset.symbol);

describe('holdings on a phone', () => {
  beforeEach(() => {
    viewport(390, 844);
    localStorage.clear();
  });
  afterEach(() => viewport(1024, 768));

  it('shows every figure of each holding in its card, not two columns of a table', () => {
    renderHoldings();
    expect(screen.queryByRole('table')).toBeNull();
    const aapl = within(
      screen.getAllByTestId('holding-row').find((row) => row.dataset.symbol === 'AAPL') as HTMLElement,
    );
    expect(aapl.getByTestId('holding-value').textContent).toBe('$2,300.00');
    expect(aapl.getByTestId('holding-price').textContent).toBe('Price $230.00');
    expect(aapl.getByTestId('holding-cost').textContent).toBe('Cost $2,000.00');
    expect(aapl.getByTestId('holding-gain').textContent).toBe('Gain +$300.00 (+15.00%)');
    expect(aapl.getByText('Day −$12.50 (−0.50%)')).toBeTruthy();
    expect(aapl.getByRole('button', { name: 'Alerts for AAPL' })).toBeTruthy();
    expect(aapl.getByLabelText('Shares')).toBeTruthy();
  });

  it('orders the cards from a menu, highest or lowest first, and keeps the order', async () => {
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderHoldings();
    expect(order()).toEqual(['MSFT', 'AAPL']);
    await user.click(screen.getByRole('combobox', { name: 'Order by' }));
    await user.click(screen.getByRole('option', { name: 'Unrealised gain' }));
    expect(order()).toEqual(['AAPL', 'MSFT']);
    await user.click(screen.getByRole('button', { name: 'Highest first: show lowest first' }));
    expect(order()).toEqual(['MSFT', 'AAPL']);
    expect(JSON.parse(localStorage.getItem('earningshub.holdingsSort') ?? 'null')).toEqual({
      key: 'gain',
      direction: 'asc',
    });
  });
});
