import type { getSymbolReactions, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { describeReactionStats, type ReactionStats } from '@eh/domain';
import { render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { network } from '../../test/network.ts';
import { EarningsReactions } from './earnings-reactions.tsx';
import { APPLE } from './quote.fixture.ts';

type Answer = ResponseOf<typeof getSymbolReactions>;
type Row = Answer['reactions'][number];

const row = (
  periodYear: number,
  period: Row['period'],
  date: string,
  oneDayPercent: number | null,
  epsSurprisePercent: number | null,
  extra: Partial<Row> = {},
): Row => ({
  earningsId: periodYear * 10 + Number(period.slice(1)),
  periodYear,
  period,
  date,
  session: 'after',
  epsSurprisePercent,
  revenueSurprisePercent: null,
  reason: oneDayPercent === null ? 'pending' : null,
  baseDate: oneDayPercent === null ? null : date,
  reactionDate: null,
  longEndDate: null,
  gapPercent: null,
  oneDayPercent,
  fiveDayPercent: null,
  intradayRangePercent: null,
  benchmarkPercent: null,
  relativePercent: null,
  splitAdjusted: false,
  ...extra,
});

// Newest first: one upcoming report, then four with a move (+5, −3, +8, −2) and their EPS surprises.
const REACTIONS: Row[] = [
  row(2027, 'Q1', '2027-01-28', null, null),
  row(2026, 'Q4', '2026-10-29', 5, 4, { gapPercent: 2, fiveDayPercent: 6, relativePercent: 3.5 }),
  row(2026, 'Q3', '2026-07-30', -3, 2),
  row(2026, 'Q2', '2026-04-30', 8, 10),
  row(2026, 'Q1', '2026-01-29', -2, -1),
];

// The record of those four: |5| + |3| + |8| + |2| = 18 over 4 = 4.5; up twice; one beat that fell (+2 %, −3 %).
const STATS: ReactionStats = {
  count: 4,
  windows: [
    { reports: 4, meanAbsPercent: 4.5, up: 2, down: 2 },
    { reports: 8, meanAbsPercent: null, up: 2, down: 2 },
    { reports: 12, meanAbsPercent: null, up: 2, down: 2 },
  ],
  up: 2,
  down: 2,
  beatAndFell: 1,
  missedAndRose: 0,
  epsCorrelation: 0.91,
  revenueCorrelation: null,
  largest: { date: '2026-04-30', oneDayPercent: 8 },
  typicalMovePercent: 4.5,
  typicalWindow: 4,
};

const PRO_ANSWER: Answer = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  benchmark: '^GSPC',
  reactions: REACTIONS,
  stats: STATS,
  summary: describeReactionStats('AAPL', STATS),
  expectedMove: { percent: 4.2, source: 'history' },
  gated: [],
};

const GATED_ANSWER: Answer = {
  ...PRO_ANSWER,
  reactions: [],
  stats: null,
  summary: null,
  expectedMove: null,
  gated: [{ feature: 'priceMove', hidden: REACTIONS.length }],
};

function answer(body: Answer) {
  network.use(http.get(`*${paths.getSymbolReactions.replace(':symbol', 'AAPL')}`, () => HttpResponse.json(body)));
}

function renderReactions() {
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter initialEntries={['/quote/AAPL/earnings']}>
        <EarningsReactions symbol="AAPL" asset={APPLE} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the moves after reports (pro: prePostEarningsMove)', () => {
  it('tells a pro member the record in words, the expected move with its source, and charts move beside surprise', async () => {
    answer(PRO_ANSWER);
    renderReactions();
    expect((await screen.findByTestId('reactions-summary')).textContent).toBe(
      'AAPL has moved 4.5% on average after its last 4 reports, up 2 times',
    );
    const facts = within(screen.getByTestId('reactions-facts'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(facts).toEqual([
      'Largest move: +8.0% after the report of Apr 30, 2026',
      'Beat and fell 1 time; missed and rose 0 times',
      'The move follows the EPS surprise strongly (r = 0.91)',
      'Expected move on the next report: ±4.2% (from its past reactions and recent volatility)',
    ]);
    // Oldest first, the upcoming report left out.
    const [moves, surprises] = screen.getAllByRole('img');
    expect(moves?.getAttribute('aria-label')).toBe(
      "Move after each report. Q1 '26: −2.0%, Q2 '26: +8.0%, Q3 '26: −3.0%, Q4 '26: +5.0%",
    );
    expect(surprises?.getAttribute('aria-label')).toBe(
      "EPS surprise of each report. Q1 '26: −1.0%, Q2 '26: +10.0%, Q3 '26: +2.0%, Q4 '26: +4.0%",
    );
    expect(screen.getByText('Q4 2026: gap +2.0%, five sessions +6.0%, 3.5% better than the S&P 500')).toBeTruthy();
    expect(screen.queryByTestId('upgrade-prompt')).toBeNull();
  });

  it('shows everyone else the gate to Pro instead, with how many reports it holds back', async () => {
    answer(GATED_ANSWER);
    renderReactions();
    const prompt = await screen.findByTestId('upgrade-prompt');
    expect(prompt.dataset.feature).toBe('priceMove');
    expect(prompt.textContent).toContain('Unlock price moves around earnings with Pro');
    expect(prompt.textContent).toContain('5 items are hidden on your plan.');
    expect(screen.queryByTestId('reactions-summary')).toBeNull();
    expect(screen.queryAllByRole('img')).toEqual([]);
  });

  it('says when a company has no move on record yet', async () => {
    answer({ ...PRO_ANSWER, reactions: REACTIONS.slice(0, 1), stats: null, summary: null, expectedMove: null });
    renderReactions();
    expect(await screen.findByText('No moves after reports on record for AAPL yet.')).toBeTruthy();
  });
});
