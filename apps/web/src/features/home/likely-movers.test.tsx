import type { getLikelyMovers, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { network } from '../../test/network.ts';
import { LikelyMoversSection } from './likely-movers.tsx';

type Answer = ResponseOf<typeof getLikelyMovers>;
type Mover = Answer['movers'][number];

const mover = (
  earningsId: number,
  symbol: string,
  percent: number,
  source: Mover['expectedMove']['source'],
): Mover => ({
  earningsId,
  symbol,
  name: `${symbol} Inc.`,
  date: '2026-03-04',
  time: null,
  session: 'after',
  dateStatus: 'confirmed',
  expectedMove: { percent, source },
  typicalMovePercent: source === 'history' ? percent : null,
});

const WEEK = { start: '2026-03-02', end: '2026-03-06', timeZone: 'America/New_York' } as const;

function answer(body: Answer) {
  network.use(http.get(`*${paths.getLikelyMovers}`, () => HttpResponse.json(body)));
}

function renderSection() {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter>
        <LikelyMoversSection />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe("this week's likely big movers (pro: prePostEarningsMove)", () => {
  it('lists the reports with the largest expected moves, each with where its figure comes from', async () => {
    answer({
      ...WEEK,
      movers: [mover(1, 'SMCI', 12.34, 'history'), mover(2, 'NEWCO', 6.05, 'volatility')],
      gated: [],
    });
    renderSection();
    const list = await screen.findByTestId('likely-movers');
    const rows = within(list)
      .getAllByRole('listitem')
      .map((item) => [
        item.dataset.symbol,
        within(item).getByTestId('expected-move').textContent,
        item.querySelector('[title]')?.getAttribute('title'),
      ]);
    expect(rows).toEqual([
      ['SMCI', '±12.3%', 'from its past reactions and recent volatility'],
      ['NEWCO', '±6.1%', 'from recent volatility (no reaction history yet)'],
    ]);
    expect(within(list).getByRole('link', { name: 'SMCI' }).getAttribute('href')).toBe('/quote/SMCI/earnings');
  });

  it('shows the gate to Pro instead, without the feature', async () => {
    answer({ ...WEEK, movers: [], gated: [{ feature: 'priceMove', hidden: 14 }] });
    renderSection();
    const prompt = await screen.findByTestId('upgrade-prompt');
    expect(prompt.dataset.feature).toBe('priceMove');
    expect(prompt.textContent).toContain('Unlock price moves around earnings with Pro');
    expect(prompt.textContent).toContain('14 items are hidden on your plan.');
    expect(screen.queryByTestId('likely-movers')).toBeNull();
  });
});
