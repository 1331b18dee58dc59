import { addDays, nyDate } from '@eh/domain';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import type { SymbolEarningsRow } from '../../shared/market/market-api.ts';
import { NextEarnings } from './next-earnings.tsx';

/** A quarter reported in the past: the card shows it as the latest report. */
const reported = (fields: Partial<SymbolEarningsRow>): SymbolEarningsRow => ({
  id: 1,
  symbol: 'PINS',
  name: 'Pinterest, Inc.',
  type: 'stock',
  exchange: 'NYSE',
  sector: 'Communication Services',
  marketCap: 2.1e10,
  popularity: 10,
  periodYear: 2025,
  period: 'Q3',
  periodEnd: '2025-09-30',
  date: '2025-10-30',
  time: '16:05',
  timeZone: 'America/New_York',
  session: 'after',
  dateStatus: 'confirmed',
  dateSource: 'demo',
  epsEstimate: 0.9,
  epsActual: 0.92,
  epsSurprise: 0.02,
  epsSurprisePercent: 2.2222,
  epsPriorYear: 0.8,
  yoyPercentChangeEPS: 15,
  revenueEstimate: 6.05e10,
  revenueActual: 6.1e10,
  revenueSurprise: 5e8,
  revenueSurprisePercent: 0.8264,
  revenuePriorYear: 5.5e10,
  yoyPercentChangeRevenue: 10.9091,
  estimateCount: 30,
  reportedAt: '2025-10-30T20:05:00.000Z',
  priceMovePercent: null,
  source: 'demo',
  dateChanges: [],
  ...fields,
});

function renderCard(row: SymbolEarningsRow) {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter>
        <NextEarnings symbol={row.symbol} rows={[row]} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the report card’s figures', () => {
  it('shows an EPS below a dollar in cents and revenue in three significant digits', () => {
    renderCard(reported({}));
    const card = within(screen.getByTestId('next-earnings'));
    expect(card.getByText('$0.92')).toBeTruthy();
    expect(card.getByText('$61.0B')).toBeTruthy();
  });

  it('shows a loss with the minus sign', () => {
    renderCard(reported({ epsActual: -0.05 }));
    expect(within(screen.getByTestId('next-earnings')).getByText('−$0.05')).toBeTruthy();
  });
});

describe('a quarter published before its date', () => {
  it('is the latest report, reported today, never "in N days"', () => {
    const today = nyDate(Date.now());
    renderCard(
      reported({ date: addDays(today, 4), reportedAt: new Date().toISOString(), epsActual: 2.06, epsEstimate: 2.0 }),
    );
    const card = within(screen.getByTestId('next-earnings'));
    expect(card.getByText(/^Latest report/)).toBeTruthy();
    const timing = card.getByTestId('report-timing').textContent ?? '';
    expect(timing).toContain('reported today, ahead of this date');
    expect(timing).not.toContain('in 4 days');
  });
});
