import { NO_VALUE } from '@eh/domain';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { SIGNED_IN } from '../../test/accounts.ts';
import { EarningsHistory } from './earnings-tab.tsx';
import { APPLE, answerEarnings, PRO_MEMBER, VISITOR } from './quote.fixture.ts';

function renderHistory(store = makeStore()) {
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/quote/AAPL/earnings']}>
        <EarningsHistory symbol="AAPL" asset={APPLE} />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The history's rows once they landed: each quarter with its price move, as the table reads. */
async function historyRows() {
  const table = await screen.findByTestId('earnings-table');
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
  const move = headers.indexOf('Price move');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return { quarter: cells[0]?.textContent, move: cells[move]?.textContent };
    });
}

describe("a company's earnings history (plus: the full history; pro: the price moves)", () => {
  it('shows a visitor the current quarter and the one before, with the upgrade prompt for the rest', async () => {
    answerEarnings(VISITOR);
    renderHistory();
    // The next report and the latest reported quarter; the price move is the pro's.
    expect(await historyRows()).toEqual([
      { quarter: 'Q2 2026', move: NO_VALUE },
      { quarter: 'Q1 2026', move: NO_VALUE },
    ]);
    const prompt = within(screen.getByTestId('earnings-history')).getByTestId('upgrade-prompt');
    expect(prompt.dataset.feature).toBe('earningsHistory');
    expect(prompt.textContent).toContain('Unlock the full earnings history with Plus');
    // The seven reported quarters before the latest are withheld.
    expect(prompt.textContent).toContain(
      'You see the current quarter and the one before it. 7 items are hidden on your plan.',
    );
  });

  it('shows a pro member every quarter on record with its price move, and no upgrade prompt', async () => {
    answerEarnings(PRO_MEMBER);
    renderHistory(makeStore(SIGNED_IN));
    expect(await historyRows()).toEqual([
      { quarter: 'Q2 2026', move: NO_VALUE },
      { quarter: 'Q1 2026', move: '+2.4%' },
      { quarter: 'Q4 2025', move: '−0.4%' },
      { quarter: 'Q3 2025', move: '+1.9%' },
      { quarter: 'Q2 2025', move: '−3.7%' },
      { quarter: 'Q1 2025', move: '−0.7%' },
      { quarter: 'Q4 2024', move: '−1.3%' },
      { quarter: 'Q3 2024', move: '+2.2%' },
      { quarter: 'Q2 2024', move: '+6.0%' },
    ]);
    expect(screen.queryByTestId('upgrade-prompt')).toBeNull();
  });
});
