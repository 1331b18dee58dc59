import {
  type BodyOf,
  type ErrorBody,
  ErrorCode,
  type getEarningsFilterSymbols,
  type postEarningsFilter,
  type ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { PRO_PLAN } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { DEFAULT_CALENDAR_TOGGLES } from '../../shared/preferences.ts';
import { answerMe, SIGNED_IN } from '../../test/accounts.ts';
import { answerSignInOptions } from '../../test/auth.ts';
import { answerLists, listOf } from '../../test/lists.ts';
import { network } from '../../test/network.ts';
import { answerCalendar, answerEvents, freshPreferences, report, storedPreference } from './calendar.fixture.ts';
import { CalendarBoard } from './calendar-board.tsx';
import { resolveCalendarLocation, viewPath, withSelectedDate } from './calendar-route.ts';

/**
 * The calendar's own-list choices on its screen: the "My list" filter (a visitor is asked to sign in; a member sees
 * only the reports of the symbols of their list, the others behind "+N more", and edits the list from the calendar)
 * and the "My Stocks overview" toggle (only the companies held in the member's lists). That the server keeps the
 * list, refuses unknown symbols and feeds the custom group is the server's (integration/filters.test.ts); how the
 * sets filter a week is calendar-model.test.ts's.
 */

// The dialogs' code loads lazily: loaded before the tests, its compile time is not counted against their waits.
beforeAll(() =>
  Promise.all([
    import('../../app/modals/modal-stack-view.tsx'),
    import('../auth/auth-modal.tsx'),
    import('./custom-filter-dialog.tsx'),
  ]),
);

/** The week on screen, read on its Wednesday. */
const MONDAY = '2026-02-09';
const TUESDAY = '2026-02-10';
const WEDNESDAY = '2026-02-11';
const THURSDAY = '2026-02-12';
const NOW = new Date(`${WEDNESDAY}T15:00:00Z`);

const VISITOR = { auth: { status: 'signedOut', email: null, viaLink: false } } as const;

/** Seven reports over the week, each a company of its own. */
const WEEK_REPORTS = [
  report({ id: 1, symbol: 'AAPL', date: MONDAY, popularity: 100 }),
  report({ id: 2, symbol: 'ORCL', date: MONDAY, session: 'after', popularity: 60 }),
  report({ id: 3, symbol: 'NVDA', date: TUESDAY, popularity: 95 }),
  report({ id: 4, symbol: 'SNOW', date: TUESDAY, session: 'after', popularity: 40 }),
  report({ id: 5, symbol: 'KO', date: WEDNESDAY, popularity: 50 }),
  report({ id: 6, symbol: 'CRWD', date: THURSDAY, session: 'after', popularity: 45 }),
  report({ id: 7, symbol: 'DG', date: THURSDAY, dateStatus: 'estimated', dateSource: 'yahoo', popularity: 30 }),
];
const EVERY_SYMBOL = WEEK_REPORTS.map((row) => row.symbol).sort();

/** Every report, in alphabetical order within each session, none revealed behind "+N more" until asked. */
const EVERY_REPORT = {
  calendarToggles: DEFAULT_CALENDAR_TOGGLES,
  earningsSettings: {
    calendarView: 'week',
    filter: 'all',
    newsTypes: ['earnings_results'],
    sort: 'alphabetical',
    autoExpandHiddenSymbols: false,
  },
};

function renderBoard(state: Parameters<typeof makeStore>[0]) {
  const location = resolveCalendarLocation('calendarWeekOf', { dateSlug: MONDAY }, NOW);
  if ('invalid' in location) throw new Error(`${MONDAY} names no week`);
  const store = makeStore(state);
  render(
    <AppProviders store={store}>
      <MemoryRouter>
        <CalendarBoard
          location={location}
          selected={null}
          now={NOW}
          hrefFor={(target) =>
            withSelectedDate(viewPath(target.view, target.date, NOW), target.select ? target.date : null)
          }
          navigate={() => {}}
        />
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
  return { modals: () => store.getState().modals.stack.map((entry) => entry.kind) };
}

/** The distinct symbols drawn as reports, sorted (rows behind "+N more" are not drawn). */
const shownSymbols = () =>
  [...new Set(screen.queryAllByTestId('calendar-entry').map((entry) => entry.dataset.symbol ?? ''))].sort();

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The calendar's controls (role queries over the whole board take long in happy-dom). */
const toolbar = () => within(screen.getByTestId('calendar-toolbar'));
const myList = () => toolbar().getByRole('radio', { name: 'My list' });

/**
 * The member's own list as the server keeps it: the custom group answers it, a POST replaces it with its symbols in
 * the stored spelling, and a symbol no asset has is refused with the server's 404 naming it, the list as it was.
 */
function answerCustomList(initial: string[], known: readonly string[]) {
  const server = { symbols: [...initial], saves: [] as BodyOf<typeof postEarningsFilter>[] };
  network.use(
    http.get(`*${paths.getEarningsFilterSymbols}`, ({ request }) => {
      const asked = new URL(request.url).searchParams.get('filter');
      if (asked !== 'earningshub_custom') return HttpResponse.json({ message: `no ${asked} here` }, { status: 500 });
      return HttpResponse.json({
        filter: 'earningshub_custom',
        count: server.symbols.length,
        symbols: server.symbols,
      } satisfies ResponseOf<typeof getEarningsFilterSymbols>);
    }),
    http.post(`*${paths.postEarningsFilter}`, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof postEarningsFilter>;
      server.saves.push(body);
      const unknown = body.symbols.filter((symbol) => !known.includes(symbol.toUpperCase()));
      if (unknown.length > 0) {
        return HttpResponse.json(
          {
            message: `Unknown symbol${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
            code: ErrorCode.notFound,
            details: { symbols: unknown },
          } satisfies ErrorBody,
          { status: 404 },
        );
      }
      server.symbols = [...new Set(body.symbols.map((symbol) => symbol.toUpperCase()))];
      return HttpResponse.json({ symbols: server.symbols } satisfies ResponseOf<typeof postEarningsFilter>);
    }),
  );
  return server;
}

beforeEach(() => freshPreferences(EVERY_REPORT));

describe('My list (the custom filter)', () => {
  it('asks a visitor to sign in, and keeps their filter and their calendar as they were', async () => {
    answerCalendar(WEEK_REPORTS);
    answerEvents([]);
    answerSignInOptions();
    const person = user();
    const { modals } = renderBoard(VISITOR);
    await waitFor(() => expect(shownSymbols()).toEqual(EVERY_SYMBOL));

    // The custom group is never asked for: its request would go unanswered and fail the test.
    const [all, mine] = [toolbar().getByRole('radio', { name: 'All' }), myList()];
    await person.click(mine);
    await screen.findByTestId('modal-signIn');
    expect(modals()).toEqual(['signIn']);
    expect(mine.getAttribute('aria-checked')).toBe('false');
    expect(all.getAttribute('aria-checked')).toBe('true');
    expect(storedPreference('earningsSettings')).toMatchObject({ filter: 'all' });
    expect(shownSymbols()).toEqual(EVERY_SYMBOL);
  });

  it('shows a member only the reports of their list, and adds a symbol from the calendar’s edit dialog', async () => {
    const [first, second] = ['NVDA', 'KO'] as const;
    answerMe(PRO_PLAN);
    answerCalendar(WEEK_REPORTS);
    answerEvents([]);
    const list = answerCustomList([first], EVERY_SYMBOL);
    const person = user();
    renderBoard(SIGNED_IN);
    await waitFor(() => expect(shownSymbols()).toEqual(EVERY_SYMBOL));
    expect(toolbar().queryByRole('button', { name: 'Edit my list' })).toBeNull();

    await person.click(myList());
    await waitFor(() => expect(shownSymbols()).toEqual([first]));
    expect(myList().getAttribute('aria-checked')).toBe('true');
    expect(storedPreference('earningsSettings')).toMatchObject({ filter: 'earningshub_custom' });
    // The others are behind "+N more" on their days, not gone: Tuesday hides SNOW beside NVDA.
    const tuesday = screen.getAllByTestId('day-tab').find((tab) => tab.dataset.date === TUESDAY);
    expect(tuesday?.textContent).toContain('2 reports · 1 shown');
    expect(screen.getAllByTestId('more-button').length).toBeGreaterThan(0);

    await person.click(toolbar().getByRole('button', { name: 'Edit my list' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'My list' }));
    await dialog.findByTestId(`custom-symbol-${first}`);
    const input = dialog.getByRole('textbox', { name: 'Symbol' });
    // Typed in lower case: the list keeps the symbol as the market spells it.
    await person.type(input, `${second.toLowerCase()}{Enter}`);
    await dialog.findByTestId(`custom-symbol-${second}`);
    expect(list.saves).toEqual([{ symbols: [first, second] }]);
    expect((input as HTMLInputElement).value).toBe('');

    // A symbol the market does not know is refused with the server's words, and the list stays as it was.
    await person.type(input, 'ZZZZQ{Enter}');
    expect((await dialog.findByTestId('custom-filter-error')).textContent).toBe('Unknown symbol: ZZZZQ');
    expect(list.symbols).toEqual([first, second]);
    expect(
      within(dialog.getByTestId('custom-filter-symbols'))
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual([first, second]);

    await person.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'My list' })).toBeNull());
    await waitFor(() => expect(shownSymbols()).toEqual([first, second].sort()));
  });
});

describe('My Stocks overview', () => {
  it('asks a visitor to sign in and leaves the toggle off', async () => {
    answerCalendar(WEEK_REPORTS);
    answerEvents([]);
    answerSignInOptions();
    const person = user();
    const { modals } = renderBoard(VISITOR);
    await waitFor(() => expect(shownSymbols()).toEqual(EVERY_SYMBOL));

    // The lists are never asked for: their request would go unanswered and fail the test.
    await person.click(toolbar().getByRole('button', { name: 'Calendars shown, 1 on' }));
    const popover = within(screen.getByRole('dialog', { name: 'Calendars shown' }));
    const overview = popover.getByRole('switch', { name: /^My Stocks overview/ }) as HTMLInputElement;
    await person.click(overview);
    await screen.findByTestId('modal-signIn');
    expect(modals()).toEqual(['signIn']);
    expect(overview.checked).toBe(false);
    expect(storedPreference('calendarToggles')).toMatchObject({ myStocksOverview: false });
    expect(shownSymbols()).toEqual(EVERY_SYMBOL);
  });

  it('shows a member only the companies held in their lists, every one of their reports drawn', async () => {
    // Two lists: NVDA and KO report this week, TSLA does not.
    answerLists(PRO_PLAN, [
      listOf(1, 'Core', 0, [['NVDA', 10]]),
      listOf(2, 'Watching', 0, [
        ['KO', 0],
        ['TSLA', 0],
      ]),
    ]);
    answerCalendar(WEEK_REPORTS);
    answerEvents([]);
    const person = user();
    renderBoard(SIGNED_IN);
    await waitFor(() => expect(shownSymbols()).toEqual(EVERY_SYMBOL));

    await person.click(toolbar().getByRole('button', { name: 'Calendars shown, 1 on' }));
    const popover = screen.getByRole('dialog', { name: 'Calendars shown' });
    await person.click(within(popover).getByRole('switch', { name: /^My Stocks overview/ }));
    await person.keyboard('{Escape}');
    await waitFor(() => expect(popover.isConnected).toBe(false));

    const held = WEEK_REPORTS.map((row) => row.symbol).filter((symbol) => ['NVDA', 'KO', 'TSLA'].includes(symbol));
    await waitFor(() => expect(shownSymbols()).toEqual(held.sort()));
    // The other companies leave the week: none is behind "+N more", and the days count only what is held.
    expect(screen.queryAllByTestId('more-button')).toEqual([]);
    const tuesday = screen.getAllByTestId('day-tab').find((tab) => tab.dataset.date === TUESDAY);
    expect(tuesday?.textContent?.endsWith('1 report')).toBe(true);
    expect(storedPreference('calendarToggles')).toMatchObject({ myStocksOverview: true });
  });
});
