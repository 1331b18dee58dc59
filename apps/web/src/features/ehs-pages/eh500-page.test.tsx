import { EH500_NAME, EH500_NOT_RANKED, FREE_PLAN, PRO_PLAN } from '@eh/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { EH500_NOT_RANKED_POLL_MS } from '../../shared/market/eh500.ts';
import { formatCompact, formatDate, formatPercent, NO_VALUE } from '../../shared/market/format.ts';
import { accountOn } from '../../test/accounts.ts';
import {
  answerEh500,
  answerEh500NotRanked,
  answerRebalances,
  type Constituent,
  eh500Members,
  type Rebalance,
} from '../../test/ehs.ts';
import Eh500Page from './eh500-page.tsx';

// The rebalance dialog loads lazily, compiled on first use: loaded before the tests, a busy machine's compile time
// is not counted against what a test waits for.
beforeAll(() => Promise.all([import('../../app/modals/modal-stack-view.tsx'), import('./index-rebalance-modal.tsx')]));

const VISITOR = accountOn(FREE_PLAN).accountFeatures;
const PRO_MEMBER = accountOn(PRO_PLAN).accountFeatures;
/** Sixty members: a page of fifty and a second of ten; every ninth has no market cap yet. */
const MEMBERS = eh500Members(60);
/** The members a page of the table shows. */
const PAGE = 50;

/** The index's rebalances, newest first: the latest replaced two members, the one before only added one. */
const REBALANCES: Rebalance[] = [
  { date: '2026-01-02', added: ['ZQX', 'ZRX'], removed: ['QAX', 'QBX'] },
  { date: '2025-10-01', added: ['ZSX'], removed: [] },
];

function renderPage(store = makeStore()) {
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/eh500']}>
        <Eh500Page />
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
  return store;
}

/** Each shown member's symbol, top to bottom. */
const shownSymbols = () =>
  screen.getAllByTestId('eh500-row').map((row) => within(row).getAllByRole('link')[0]?.textContent);

/** A member's row as the table reads it: rank, symbol and name, sector, market cap, EHS, weight, member since. */
const cells = (m: Constituent) => [
  String(m.rank),
  `${m.symbol}${m.name}`,
  m.sector ?? NO_VALUE,
  formatCompact(m.marketCap, { currency: true }),
  m.score !== null ? m.score.toFixed(1) : NO_VALUE,
  m.weight !== null ? formatPercent(m.weight * 100, { signed: false }) : NO_VALUE,
  formatDate(m.addedDate),
];

/**
 * A shown row's cells, those a narrow screen leaves out too: which columns fit a phone is layout, measured by the
 * browser tier.
 */
const rowCells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell', { hidden: true })
    .map((cell) => cell.textContent);

/** The members by market cap, `direction` first; those without one last either way, by rank. */
function byMarketCap(direction: 'asc' | 'desc'): string[] {
  const known = MEMBERS.filter((m) => m.marketCap !== null);
  const sign = direction === 'asc' ? 1 : -1;
  known.sort((a, b) => sign * ((a.marketCap ?? 0) - (b.marketCap ?? 0)) || a.rank - b.rank);
  return [...known, ...MEMBERS.filter((m) => m.marketCap === null)].map((m) => m.symbol);
}

describe('/eh500', () => {
  it('lists a pro member the members by rank, fifty a page, each with its figures', async () => {
    answerEh500(MEMBERS, PRO_MEMBER);
    answerRebalances(REBALANCES);
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('eh500-row');
    expect(shownSymbols()).toEqual(MEMBERS.slice(0, PAGE).map((m) => m.symbol));
    const rows = screen.getAllByTestId('eh500-row');
    for (const [i, row] of rows.entries()) {
      const member = MEMBERS[i] as Constituent;
      expect(rowCells(row)).toEqual(cells(member));
      expect(within(row).getByRole('link', { name: member.symbol }).getAttribute('href')).toBe(
        `/quote/${member.symbol}/ehs`,
      );
    }
    expect(screen.queryByTestId('upgrade-prompt')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(shownSymbols()).toEqual(MEMBERS.slice(PAGE).map((m) => m.symbol));
  });

  it('sorts by a column: market cap biggest first, then smallest first, unknown caps last; back to the first page', async () => {
    answerEh500(MEMBERS, PRO_MEMBER);
    answerRebalances(REBALANCES);
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByTestId('eh500-row');
    const header = (name: string) => screen.getByRole('columnheader', { name });
    expect(header('Rank').getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await user.click(screen.getByRole('button', { name: 'Market cap' }));
    expect(header('Market cap').getAttribute('aria-sort')).toBe('descending');
    expect(header('Rank').getAttribute('aria-sort')).toBeNull();
    expect(shownSymbols()).toEqual(byMarketCap('desc').slice(0, PAGE));
    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(shownSymbols()).toEqual(byMarketCap('desc').slice(PAGE));

    await user.click(screen.getByRole('button', { name: 'Market cap' }));
    expect(header('Market cap').getAttribute('aria-sort')).toBe('ascending');
    expect(shownSymbols()).toEqual(byMarketCap('asc').slice(0, PAGE));

    // A text column starts from A.
    await user.click(screen.getByRole('button', { name: 'Symbol' }));
    const alphabetical = MEMBERS.map((m) => m.symbol).sort((a, b) => a.localeCompare(b));
    expect(shownSymbols()).toEqual(alphabetical.slice(0, PAGE));
  });

  it('shows a visitor the ranks and weights, and the upgrade prompt in place of the scores', async () => {
    answerEh500(MEMBERS, VISITOR);
    answerRebalances(REBALANCES);
    renderPage();
    const prompt = await screen.findByTestId('upgrade-prompt');
    expect(prompt.dataset.feature).toBe('ehs');
    const scored = MEMBERS.filter((m) => m.score !== null).length;
    expect(prompt.textContent).toContain('Unlock EHS scores with Pro');
    expect(prompt.textContent).toContain(
      `The ranking and weights are free; the scores come with Pro. ${scored} items are hidden on your plan.`,
    );
    const first = screen.getAllByTestId('eh500-row')[0] as HTMLElement;
    expect(rowCells(first)).toEqual(cells({ ...(MEMBERS[0] as Constituent), score: null }));
  });

  it('lists the rebalances and opens one: the members that entered and those that left', async () => {
    answerEh500(MEMBERS, VISITOR);
    answerRebalances(REBALANCES);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const store = renderPage();
    const list = await screen.findByTestId('rebalance-list');
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual(
      REBALANCES.map((r) => `${formatDate(r.date)}${r.added.length} added · ${r.removed.length} removed`),
    );

    const [latest, earlier] = REBALANCES as [Rebalance, Rebalance];
    await user.click(items[0] as HTMLElement);
    const details = await screen.findByTestId('rebalance-details');
    await within(details).findByText(/ added, /);
    expect(details.textContent).toContain(
      `${EH500_NAME} rebalance of ${formatDate(latest.date)}: ${latest.added.length} added, ${latest.removed.length} removed.`,
    );
    for (const symbol of [...latest.added, ...latest.removed]) {
      expect(within(details).getByText(symbol).closest('a')?.getAttribute('href')).toBe(`/quote/${symbol}`);
    }
    expect(store.getState().modals.stack.map((entry) => entry.kind)).toEqual(['indexRebalance']);

    // A rebalance that only added says so under Removed.
    await user.keyboard('{Escape}');
    await user.click(items[1] as HTMLElement);
    await screen.findByText(new RegExp(`rebalance of ${formatDate(earlier.date)}`));
    expect(within(screen.getByTestId('rebalance-details')).getByTestId('empty-state').textContent).toBe('None.');
  });

  it('says when the index has had no rebalance yet', async () => {
    answerEh500(MEMBERS, VISITOR);
    answerRebalances([]);
    renderPage();
    const rebalances = await screen.findByRole('region', { name: 'Rebalances' });
    expect((await within(rebalances).findByTestId('empty-state')).textContent).toBe('No rebalance yet.');
  });
});

describe('/eh500 before its first ranking', () => {
  afterEach(() => vi.useRealTimers());

  it('says the index is not ranked yet, offers no retry, and shows the members once a later ask finds them', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    });
    answerEh500(MEMBERS, PRO_MEMBER);
    answerRebalances(REBALANCES);
    // The server's answer until the history is in and the index has been ranked: the first ask only.
    answerEh500NotRanked();
    renderPage();
    expect(await screen.findAllByText(EH500_NOT_RANKED)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Rebalances' })).getByTestId('empty-state').textContent).toBe(
      'No rebalance yet.',
    );
    await vi.advanceTimersByTimeAsync(EH500_NOT_RANKED_POLL_MS);
    expect(await screen.findAllByTestId('eh500-row')).toHaveLength(PAGE);
    expect(screen.queryByText(EH500_NOT_RANKED)).toBeNull();
    const rebalances = screen.getByRole('region', { name: 'Rebalances' });
    expect(await within(rebalances).findAllByRole('button')).toHaveLength(REBALANCES.length);
  });
});
