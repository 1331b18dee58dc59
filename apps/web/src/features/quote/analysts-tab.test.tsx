import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { SIGNED_IN } from '../../test/accounts.ts';
import { AnalystsTab } from './analysts-tab.tsx';
import { APPLE, answerRatings, PRO_MEMBER, RATINGS, TREND, VISITOR } from './quote.fixture.ts';

function renderAnalysts(store = makeStore()) {
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/quote/AAPL/analysts']}>
        <AnalystsTab symbol="AAPL" asset={APPLE} />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** A trend month as a screen reader hears its bar: 'September 2025: 12 strong buy, 21 buy, 14 hold, …'. */
const spoken = (row: (typeof TREND)[number]) =>
  `${new Date(`${row.month}T12:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })}: ` +
  `${row.strongBuy} strong buy, ${row.buy} buy, ${row.hold} hold, ${row.sell} sell, ${row.strongSell} strong sell`;

describe("a company's analyst ratings (plus: analystRatings)", () => {
  it('shows a visitor the upgrade prompt in place of the ratings, and no consensus', async () => {
    answerRatings(VISITOR);
    renderAnalysts();
    const prompt = await screen.findByTestId('upgrade-prompt');
    expect(prompt.dataset.feature).toBe('analystRatings');
    expect(prompt.textContent).toContain('Unlock analyst ratings with Plus');
    expect(prompt.textContent).toContain(`${RATINGS.length} items are hidden on your plan.`);
    expect(screen.getAllByTestId('upgrade-prompt')).toHaveLength(1);
    expect(screen.queryByTestId('analyst-consensus')).toBeNull();
    expect(screen.queryByTestId('consensus-trend')).toBeNull();
    expect(screen.queryByTestId('ratings-table')).toBeNull();
  });

  it("shows a pro member the consensus and its trend's bars, one per month of the answer, oldest first", async () => {
    answerRatings(PRO_MEMBER);
    renderAnalysts(makeStore(SIGNED_IN));
    const trend = await screen.findByTestId('consensus-trend');
    const bars = within(trend).getAllByTestId('consensus-trend-bar');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual(TREND.map(spoken));
    expect(within(trend).getByText(`Last ${TREND.length} months`)).toBeTruthy();

    // The newest month's counts: (14×1 + 23×2 + 12×3 + 1×4) / 50 = 2.0, a buy.
    const consensus = within(screen.getByTestId('analyst-consensus'));
    expect(consensus.getByText('As of Feb 2026')).toBeTruthy();
    expect(consensus.getByText('Buy', { selector: 'p' })).toBeTruthy();
    expect(consensus.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Strong buy 14',
      'Buy 23',
      'Hold 12',
      'Sell 1',
      'Strong sell 0',
    ]);
    expect(within(screen.getByTestId('ratings-table')).getAllByRole('row')).toHaveLength(RATINGS.length + 1);
    expect(screen.queryByTestId('upgrade-prompt')).toBeNull();
  });
});
