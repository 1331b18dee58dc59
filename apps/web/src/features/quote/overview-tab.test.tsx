import type { getAssetNews, getMetricStats, getSummaries, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { EH500_NAME, EH500_RANKING, NO_VALUE } from '@eh/domain';
import { render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { SIGNED_IN } from '../../test/accounts.ts';
import { network } from '../../test/network.ts';
import { OverviewTab } from './overview-tab.tsx';
import { APPLE, answerEarnings, answerEh500, PRO_MEMBER, VISITOR } from './quote.fixture.ts';

type MetricStats = ResponseOf<typeof getMetricStats>;

/** The EH500's distribution of each metric (percentiles), as GET /pricing/stats answers for the ranking. */
const DISTRIBUTIONS: Record<'pe' | 'ps' | 'yoyEps' | 'yoyRevenue', [number, number, number, number, number]> = {
  pe: [15.3, 22, 28.6, 34.1, 45],
  ps: [1.2, 2.5, 4.8, 7.9, 12.4],
  yoyEps: [-12.5, 1.8, 9.4, 19.7, 38.2],
  yoyRevenue: [-3.1, 2.2, 6.3, 11.8, 22.5],
};

/** What the overview asks besides the plan-gated answers: the price bars, the metrics' distributions, the news. */
function answerTheRest() {
  network.use(
    http.get(`*${paths.getSummaries.replace(':symbol', 'AAPL')}`, () =>
      HttpResponse.json({
        symbol: 'AAPL',
        type: 'stock',
        start: '2022-02-06',
        end: '2026-02-06',
        bars: [],
        dividends: [],
        splits: [],
        gated: null,
      } satisfies ResponseOf<typeof getSummaries>),
    ),
    http.get(`*${paths.getMetricStats}`, ({ request }) => {
      const type = new URL(request.url).searchParams.get('type') as keyof typeof DISTRIBUTIONS;
      const [p10, p25, median, p75, p90] = DISTRIBUTIONS[type];
      return HttpResponse.json({
        date: '2026-02-06',
        target: EH500_RANKING,
        type,
        count: 500,
        min: p10 - 10,
        max: p90 + 10,
        mean: median,
        stdDev: (p90 - p10) / 2.5,
        p10,
        p25,
        median,
        p75,
        p90,
        histogram: [],
      } satisfies MetricStats);
    }),
    http.get(`*${paths.getAssetNews.replace(':symbol', 'AAPL')}`, () =>
      HttpResponse.json({ news: [] } satisfies ResponseOf<typeof getAssetNews>),
    ),
  );
}

function renderOverview(store = makeStore()) {
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/quote/AAPL']}>
        <OverviewTab symbol="AAPL" asset={APPLE} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe("the overview's score and valuation (pro: EHS; plus: the history P/E needs)", () => {
  it('shows a visitor Apple’s rank without its score, and no P/E, each with its upgrade prompt', async () => {
    answerEarnings(VISITOR);
    answerEh500(VISITOR);
    answerTheRest();
    renderOverview();

    const ehs = within(screen.getByTestId('overview-ehs'));
    expect((await ehs.findByTestId('ehs-widget')).textContent).toContain(`#3 in the ${EH500_NAME}`);
    expect(ehs.queryByTestId('ehs-score')).toBeNull();
    const scorePrompt = ehs.getByTestId('upgrade-prompt');
    expect(scorePrompt.dataset.feature).toBe('ehs');
    expect(scorePrompt.textContent).toContain('Unlock EHS scores with Pro');
    expect(scorePrompt.textContent).toContain('The rank is free; the score itself is part of Pro.');

    // Two quarters are not the four P/E needs: the figure waits for the full history.
    const pe = within(screen.getByTestId('metric-pe'));
    expect(await pe.findByText('Needs the full earnings history (Plus).')).toBeTruthy();
    expect(pe.getByTestId('metric-value').textContent).toBe(NO_VALUE);
    const historyPrompts = screen
      .getAllByTestId('upgrade-prompt')
      .filter((prompt) => prompt.dataset.feature === 'earningsHistory');
    expect(historyPrompts.map((prompt) => prompt.textContent)).toEqual([
      expect.stringContaining('P/E and P/S need four quarters of results.'),
    ]);
  });

  it('shows a pro member Apple’s score and rank, and its P/E against the EH500, with no upgrade prompt', async () => {
    answerEarnings(PRO_MEMBER);
    answerEh500(PRO_MEMBER);
    answerTheRest();
    renderOverview(makeStore(SIGNED_IN));

    const ehs = within(screen.getByTestId('overview-ehs'));
    // Apple's EHS, 81.4, rounded; strong from 70 on.
    expect((await ehs.findByTestId('ehs-score')).textContent).toBe('81');
    expect(ehs.getByRole('img', { name: 'EHS 81 of 100' })).toBeTruthy();
    expect(ehs.getByTestId('ehs-widget').textContent).toContain(`StrongRank #3 of 3 in the ${EH500_NAME}`);

    // $248.90 over the last four quarters' EPS (2.84 + 1.85 + 1.57 + 1.65 = 7.91): 31.47.
    const pe = screen.getByTestId('metric-pe');
    expect(await within(pe).findByText('EH500 median 28.6x · above the EH500 median')).toBeTruthy();
    expect(within(pe).getByTestId('metric-value').textContent).toBe('31.5x');
    expect(screen.queryByTestId('upgrade-prompt')).toBeNull();
  });
});
