import { addDays, FREE_PLAN, PRO_PLAN } from '@eh/domain';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { formatChange, formatDate } from '../../shared/market/format.ts';
import { accountOn, SIGNED_IN } from '../../test/accounts.ts';
import { answerAssetMetrics, type MetricPoint, weeklyMetrics } from '../../test/ehs.ts';
import { ScoreHistory } from './score-history.tsx';

const VISITOR = accountOn(FREE_PLAN).accountFeatures;
const PRO_MEMBER = accountOn(PRO_PLAN).accountFeatures;
/** Apple's weekly metrics over about a year and a half, the last week ending 2026-02-06. */
const POINTS = weeklyMetrics('2024-08-05', '2026-02-06');

function renderHistory(store = makeStore()) {
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/quote/AAPL/ehs']}>
        <ScoreHistory symbol="AAPL" />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe("the EHS tab's weekly score (pro: ehs)", () => {
  it('shows a pro member the score week by week, ending at the latest, against the last week a year before it', async () => {
    answerAssetMetrics('AAPL', POINTS, PRO_MEMBER);
    renderHistory(makeStore(SIGNED_IN));
    const history = await screen.findByTestId('ehs-score-history');
    const latest = POINTS.at(-1) as MetricPoint & { overallScore: number };
    expect(within(history).getByTestId('ehs-history-latest').textContent).toBe(String(Math.round(latest.overallScore)));
    expect(history.textContent).toContain(`on ${formatDate(latest.date)}`);

    const yearBack = addDays(latest.date, -365);
    const yearAgo = POINTS.filter((p) => p.date <= yearBack).at(-1) as MetricPoint & { overallScore: number };
    const change = Math.round(latest.overallScore) - Math.round(yearAgo.overallScore);
    expect(within(history).getByTestId('ehs-history-year-ago').textContent).toBe(
      `A year ago ${Math.round(yearAgo.overallScore)} (${formatDate(yearAgo.date)}) ${formatChange(change, 0)}`,
    );
    const first = POINTS[0] as MetricPoint;
    expect(within(history).getByRole('img').getAttribute('aria-label')).toBe(
      `AAPL EHS week by week since ${formatDate(first.date)}`,
    );
    expect(history.textContent).toContain(`Weekly, ${POINTS.length} weeks since ${formatDate(first.date)}`);
    expect(within(history).queryByTestId('upgrade-prompt')).toBeNull();
  });

  it('shows a visitor the upgrade prompt in place of the score, whose weeks the answer withheld', async () => {
    answerAssetMetrics('AAPL', POINTS, VISITOR);
    renderHistory();
    const history = await screen.findByTestId('ehs-score-history');
    const prompt = within(history).getByTestId('upgrade-prompt');
    expect(prompt.dataset.feature).toBe('ehs');
    expect(prompt.textContent).toContain('Unlock EHS scores with Pro');
    expect(prompt.textContent).toContain(
      'The parts below are free; the weekly history of the score itself is part of Pro.',
    );
    expect(within(history).queryByTestId('ehs-history-latest')).toBeNull();
    expect(within(history).queryByRole('img')).toBeNull();
  });

  it('says when the company has no weekly score', async () => {
    answerAssetMetrics(
      'AAPL',
      POINTS.map((point) => ({ ...point, overallScore: null })),
      PRO_MEMBER,
    );
    renderHistory(makeStore(SIGNED_IN));
    expect((await screen.findByTestId('ehs-score-history')).textContent).toBe(
      'No weekly score yet: EHS ranks US stocks worth at least $1 billion with a recent report.',
    );
  });
});
