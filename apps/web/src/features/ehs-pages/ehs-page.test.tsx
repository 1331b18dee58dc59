import { paths } from '@eh/contracts/paths';
import { EH500_NAME, FREE_PLAN, type Metric, PRO_PLAN } from '@eh/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { formatDate, formatNumber } from '../../shared/market/format.ts';
import { pageById } from '../../shared/page-content.ts';
import { accountOn, answerMe, SIGNED_IN } from '../../test/accounts.ts';
import {
  answerEh500,
  answerMetricStats,
  type Constituent,
  eh500Members,
  type MetricStats,
  metricStats,
} from '../../test/ehs.ts';
import { network } from '../../test/network.ts';
import { formatMetric, METRIC_SECTIONS } from '../ehs/index.ts';
import EhsPage from './ehs-page.tsx';

// The method's dialog loads lazily, compiled on first use: loaded before the tests, a busy machine's compile time
// is not counted against what a test waits for.
beforeAll(() => Promise.all([import('../../app/modals/modal-stack-view.tsx'), import('./learn-more-ehs-modal.tsx')]));

const VISITOR = accountOn(FREE_PLAN).accountFeatures;
const PRO_MEMBER = accountOn(PRO_PLAN).accountFeatures;
/** More members than the leaderboard shows. */
const MEMBERS = eh500Members(40);
/** How many leaders the page lists: the top of the index by rank. */
const LEADERBOARD = 25;
const DAY = '2026-02-06';

/** The score's spread and the P/E's, as GET /pricing/stats answers for the EH500. */
const STATS: Partial<Record<Metric, MetricStats>> = {
  overallScore: metricStats('overallScore', 487, 4.2, 97.6, DAY),
  pe: metricStats('pe', 455, 6.5, 88.1, DAY),
};

function renderPage(store = makeStore()) {
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/ehs']}>
        <EhsPage />
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
  return store;
}

/** The five percentiles as the page lists them: label and figure. */
function percentiles(): string[] {
  const list = screen.getByTestId('ehs-percentiles');
  return within(list)
    .getAllByRole('term')
    .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
}

const expectedPercentiles = (stats: MetricStats | undefined, format: (value: number | null) => string) => [
  `10th ${format(stats?.p10 ?? null)}`,
  `25th ${format(stats?.p25 ?? null)}`,
  `Median ${format(stats?.median ?? null)}`,
  `75th ${format(stats?.p75 ?? null)}`,
  `90th ${format(stats?.p90 ?? null)}`,
];

describe('/ehs', () => {
  it("shows the EH500's spread of the score, its companies, date, percentiles and bins, and each part's on its tab", async () => {
    const asked = answerMetricStats(STATS);
    answerEh500(MEMBERS, VISITOR);
    const user = userEvent.setup();
    renderPage();

    const score = STATS.overallScore;
    const distribution = await screen.findByTestId('ehs-distribution');
    expect(distribution.textContent).toContain(`${score?.count} companies on ${formatDate(DAY)}`);
    expect(percentiles()).toEqual(expectedPercentiles(score, (value) => formatNumber(value, 1)));
    expect(within(distribution).getByRole('img').getAttribute('aria-label')).toBe(
      `Histogram of Overall Score: ${score?.histogram.map((bin) => bin.count).join(', ')} companies per bin`,
    );
    expect(document.title).toContain(pageById('ehs').title);

    // The four parts have a tab each, after the score's.
    const tabs = screen.getByRole('tablist', { name: 'Metric' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Overall Score', ...METRIC_SECTIONS.map((section) => section.title)]);
    const pe = METRIC_SECTIONS.find((section) => section.metric === 'pe');
    await user.click(within(tabs).getByRole('tab', { name: pe?.title }));
    const peStats = STATS.pe;
    await screen.findByText(`${peStats?.count} companies on ${formatDate(DAY)}`);
    expect(percentiles()).toEqual(expectedPercentiles(peStats, (value) => formatMetric('pe', value)));
    expect(asked).toEqual(['overallScore', 'pe']);
  });

  it('says when a part has no figures yet', async () => {
    answerMetricStats({ ...STATS, ps: { ...metricStats('ps', 0, 0, 0, DAY), histogram: [] } });
    answerEh500(MEMBERS, VISITOR);
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('ehs-distribution');
    const ps = METRIC_SECTIONS.find((section) => section.metric === 'ps');
    await user.click(screen.getByRole('tab', { name: ps?.title }));
    expect((await screen.findByTestId('empty-state')).textContent).toBe(`No ${EH500_NAME} figures yet.`);
    expect(screen.queryByTestId('ehs-distribution')).toBeNull();
  });

  it('shows a visitor the leaderboard by rank without the scores, and where the scores come from', async () => {
    answerMetricStats(STATS);
    answerEh500(MEMBERS, VISITOR);
    renderPage();
    const leaders = await screen.findByTestId('ehs-leaders');
    const rows = within(leaders).getAllByRole('link');
    const top = MEMBERS.slice(0, LEADERBOARD);
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(top.map((m) => `/quote/${m.symbol}/ehs`));
    expect(rows.map((row) => row.textContent)).toEqual(top.map((m) => `${m.rank}${m.symbol} ${m.name}`));
    const note = screen.getByText(/^Ranked by EHS; the scores themselves come with the/);
    expect(note.textContent).toBe('Ranked by EHS; the scores themselves come with the Pro plan.');
    expect(within(note).getByRole('link', { name: 'Pro plan' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: `All ${EH500_NAME} members` }).getAttribute('href')).toBe('/eh500');
  });

  it('shows a pro member each leader’s score', async () => {
    answerMetricStats(STATS);
    answerEh500(MEMBERS, PRO_MEMBER);
    answerMe(PRO_PLAN);
    renderPage(makeStore(SIGNED_IN));
    const leaders = await screen.findByTestId('ehs-leaders');
    const scored = (m: Constituent) => `${m.rank}${m.symbol} ${m.name}${m.score?.toFixed(1)}`;
    expect(
      within(leaders)
        .getAllByRole('link')
        .map((row) => row.textContent),
    ).toEqual(MEMBERS.slice(0, LEADERBOARD).map(scored));
    expect(screen.queryByText(/the scores themselves come with/)).toBeNull();
  });

  it('says why the index could not be read, and reads it again on Retry', async () => {
    answerMetricStats(STATS);
    let failures = 0;
    network.use(
      http.get(`*${paths.getMarketIndex}`, () => {
        failures += 1;
        return HttpResponse.json({ message: 'The index is being rebuilt', code: 'UNAVAILABLE' }, { status: 503 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The index is being rebuilt');
    answerEh500(MEMBERS, VISITOR);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(within(await screen.findByTestId('ehs-leaders')).getAllByRole('link')).toHaveLength(LEADERBOARD);
    expect(failures).toBe(1);
  });

  it('opens the method from “How EHS works”', async () => {
    answerMetricStats(STATS);
    answerEh500(MEMBERS, VISITOR);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const store = renderPage();
    await screen.findByTestId('ehs-distribution');
    await user.click(screen.getByRole('button', { name: 'How EHS works' }));
    const dialog = await screen.findByRole('dialog', { name: 'About EHS' });
    expect(await within(dialog).findByTestId('ehs-method')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open as a page' }).getAttribute('href')).toBe('/ehs/learn-more');
    expect(store.getState().modals.stack.map((entry) => entry.kind)).toEqual(['learnMoreEhs']);
  });
});
