import { PRO_PLAN } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { answerMe, SIGNED_IN } from '../../test/accounts.ts';
import {
  answerCalendar,
  answerDividends,
  answerEvents,
  answerFilterSymbols,
  calendarEvent,
  dividend,
  freshPreferences,
  report,
  storedPreference,
} from './calendar.fixture.ts';
import { CalendarBoard } from './calendar-board.tsx';
import { resolveCalendarLocation, viewPath, withSelectedDate } from './calendar-route.ts';

/** The week on screen (no market holiday in it), read on its Wednesday. */
const MONDAY = '2026-02-09';
const TUESDAY = '2026-02-10';
const WEDNESDAY = '2026-02-11';
const THURSDAY = '2026-02-12';
const NOW = new Date(`${WEDNESDAY}T15:00:00Z`);

const VISITOR = { auth: { status: 'signedOut', email: null, viaLink: false } } as const;

function renderBoard(view: 'week' | 'list', state: Parameters<typeof makeStore>[0] = VISITOR) {
  const location = resolveCalendarLocation(
    view === 'list' ? 'listWeekOf' : 'calendarWeekOf',
    { dateSlug: MONDAY },
    NOW,
  );
  if ('invalid' in location) throw new Error(`${MONDAY} names no week`);
  render(
    <AppProviders store={makeStore(state)}>
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
}

/** The symbols of the reports on screen, in the order they are drawn. */
function shownSymbols(): string[] {
  return screen
    .getAllByTestId('calendar-entry')
    .map((entry) => within(entry).getByRole('button', { name: /^[A-Z]+, / }).textContent ?? '');
}

/** The symbols drawn once the calendar has loaded. */
async function symbolsOnceLoaded(): Promise<string[]> {
  await screen.findAllByTestId('calendar-entry');
  return shownSymbols();
}

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The calendar's controls (role queries over the whole board take long in happy-dom). */
const toolbar = () => within(screen.getByTestId('calendar-toolbar'));

/** Closes the popover of the calendars shown with Escape, once it is gone. */
async function closeWithEscape(person: ReturnType<typeof user>, popover: HTMLElement) {
  await person.keyboard('{Escape}');
  await waitFor(() => expect(popover.isConnected).toBe(false));
}

/** The first event or dividend date of `kind` on the calendar, once drawn. */
function extraOf(kind: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.queryAllByTestId('calendar-extra').find((extra) => extra.dataset.kind === kind);
    if (!found) throw new Error(`no ${kind} on the calendar`);
    return found;
  });
}

beforeEach(() => freshPreferences());

describe('the filter groups', () => {
  // Monday before the open, most popular first: two of the popular group are worth less than $100B, one company
  // worth more is not in it.
  const MONDAY_REPORTS = [
    report({ id: 1, symbol: 'AAPL', date: MONDAY, marketCap: 3.5e12, popularity: 100 }),
    report({ id: 2, symbol: 'MSFT', date: MONDAY, marketCap: 3.1e12, popularity: 90 }),
    report({ id: 3, symbol: 'KO', date: MONDAY, marketCap: 9e10, popularity: 50 }),
    report({ id: 4, symbol: 'ORCL', date: MONDAY, marketCap: 4e11, popularity: 40 }),
    report({ id: 5, symbol: 'CRWV', date: MONDAY, marketCap: 5e10, popularity: 20 }),
    report({ id: 6, symbol: 'TINY', date: MONDAY, marketCap: 3e8, popularity: 1 }),
  ];

  it('change the rows, and "+N more" reveals the symbols the group hides', async () => {
    answerCalendar(MONDAY_REPORTS);
    answerFilterSymbols('popular', ['AAPL', 'MSFT', 'KO', 'CRWV']);
    answerEvents([]);
    const person = user();
    renderBoard('week');

    expect(await symbolsOnceLoaded()).toEqual(['AAPL', 'MSFT', 'KO', 'CRWV']);
    expect(toolbar().getByRole('radio', { name: 'Popular' }).getAttribute('aria-checked')).toBe('true');
    const more = () => screen.getByTestId('more-button');
    expect(more().textContent).toBe('+2 more');

    await person.click(toolbar().getByRole('radio', { name: '≥ $100B' }));
    await waitFor(() => expect(shownSymbols()).toEqual(['AAPL', 'MSFT', 'ORCL']));
    expect(toolbar().getByRole('radio', { name: '≥ $100B' }).getAttribute('aria-checked')).toBe('true');
    expect(toolbar().getByRole('radio', { name: 'Popular' }).getAttribute('aria-checked')).toBe('false');
    const monday = screen.getAllByTestId('day-tab').find((tab) => tab.dataset.date === MONDAY);
    expect(monday?.textContent).toContain('6 reports · 3 shown');
    expect(more().textContent).toBe('+3 more');
    expect(more().getAttribute('aria-label')).toBe('Show 3 more, Mon, Feb 9, before market open');
    expect(more().getAttribute('aria-expanded')).toBe('false');

    await person.click(more());
    await waitFor(() => expect(shownSymbols()).toEqual(['AAPL', 'MSFT', 'ORCL', 'KO', 'CRWV', 'TINY']));
    const revealed = screen
      .getAllByTestId('calendar-entry')
      .filter((entry) => entry.dataset.revealed === 'true')
      .map((entry) => entry.dataset.symbol);
    expect(revealed).toEqual(['KO', 'CRWV', 'TINY']);
    expect(more().textContent).toBe('Show fewer');
    expect(more().getAttribute('aria-label')).toBe('Hide the symbols the filter hides, Mon, Feb 9, before market open');
    expect(more().getAttribute('aria-expanded')).toBe('true');

    // The custom group is offered to a visitor too (choosing it asks them to sign in), and the choice is kept.
    expect(toolbar().getByRole('radio', { name: 'My list' }).getAttribute('aria-disabled')).toBeNull();
    expect(storedPreference('earningsSettings')).toMatchObject({ filter: 'hundred_billion' });
  });
});

describe('the sort key', () => {
  // Tuesday: four reports before the open and two after the close, each key ordering them differently.
  const TUESDAY_REPORTS = [
    report({ id: 11, symbol: 'NVDA', date: TUESDAY, marketCap: 4.4e12, popularity: 100 }),
    report({ id: 12, symbol: 'AMD', date: TUESDAY, marketCap: 2.6e11, popularity: 60 }),
    report({ id: 13, symbol: 'ARM', date: TUESDAY, marketCap: 1.4e11, popularity: 80 }),
    report({ id: 14, symbol: 'BABA', date: TUESDAY, marketCap: 3e11, popularity: 30 }),
    report({ id: 15, symbol: 'ZM', date: TUESDAY, session: 'after', marketCap: 2e10, popularity: 70 }),
    report({ id: 16, symbol: 'SHOP', date: TUESDAY, session: 'after', marketCap: 1.9e11, popularity: 50 }),
  ];

  it('orders each session of the list by the chosen key, and keeps the choice', async () => {
    freshPreferences({
      earningsSettings: {
        calendarView: 'list',
        filter: 'all',
        newsTypes: ['earnings_results'],
        sort: 'popularity',
        autoExpandHiddenSymbols: true,
      },
    });
    answerCalendar(TUESDAY_REPORTS);
    answerEvents([]);
    const person = user();
    renderBoard('list');

    expect(await symbolsOnceLoaded()).toEqual(['NVDA', 'ARM', 'AMD', 'BABA', 'ZM', 'SHOP']);
    const sort = toolbar().getByRole('combobox', { name: 'Sort' });
    expect((sort as HTMLSelectElement).value).toBe('popularity');

    await person.selectOptions(sort, 'Alphabetical');
    await waitFor(() => expect(shownSymbols()).toEqual(['AMD', 'ARM', 'BABA', 'NVDA', 'SHOP', 'ZM']));

    await person.selectOptions(sort, 'Market cap');
    await waitFor(() => expect(shownSymbols()).toEqual(['NVDA', 'BABA', 'AMD', 'ARM', 'SHOP', 'ZM']));
    expect(storedPreference('earningsSettings')).toMatchObject({ sort: 'marketCap' });
  });
});

describe('the calendars shown', () => {
  // A CPI release on Wednesday whose figures a visitor's plan withholds, and an ex-dividend date on Thursday.
  const CPI = calendarEvent({
    id: 501,
    eventDate: `${WEDNESDAY}T13:30:00.000Z`,
    title: 'CPI (January)',
    gated: { feature: 'economicCalendar', hidden: 1 },
  });

  it('adds economic releases and dividend dates, with an upgrade prompt for the figures the plan withholds', async () => {
    answerCalendar([report({ id: 21, symbol: 'AAPL', date: MONDAY, popularity: 100 })]);
    answerFilterSymbols('popular', ['AAPL']);
    const events = answerEvents([CPI]);
    answerDividends([dividend('KO', THURSDAY, 0.51)]);
    const person = user();
    renderBoard('week');

    await symbolsOnceLoaded();
    expect(screen.queryAllByTestId('calendar-extra')).toEqual([]);
    // Calls are on by default: the calendar asks for them alone, a day at a time.
    await waitFor(() => expect(events.asked).toEqual(Array.from({ length: 5 }, () => ['call'])));

    await person.click(toolbar().getByRole('button', { name: 'Calendars shown, 1 on' }));
    const popover = screen.getByRole('dialog', { name: 'Calendars shown' });
    const toggles = within(popover);
    // My Stocks overview is offered, and off by default.
    const overview = toggles.getByRole('switch', { name: /^My Stocks overview/ }) as HTMLInputElement;
    expect(overview.disabled).toBe(false);
    expect(overview.checked).toBe(false);
    await person.click(toggles.getByRole('switch', { name: /^Economic calendar/ }));
    await person.click(toggles.getByRole('switch', { name: /^Ex-dividend dates/ }));
    await closeWithEscape(person, popover);
    expect(toolbar().getByRole('button', { name: 'Calendars shown, 3 on' })).toBeTruthy();
    expect(storedPreference('calendarToggles')).toMatchObject({ economic: true, exDividend: true, ipo: false });

    const economic = await extraOf('economic');
    expect(within(economic).getByRole('button').textContent).toBe('CPI (January)');
    expect(within(economic).getByRole('img', { name: 'Figures need a paid plan' })).toBeTruthy();
    expect((await extraOf('dividend_ex')).textContent).toBe('KOEx-dividend · $0.51');
    const prompt = await screen.findByTestId('upgrade-prompt');
    expect(prompt.dataset.feature).toBe('economicCalendar');
    expect(prompt.textContent).toBe('Economic calendar figures need Plus.Upgrade');
  });

  it('opens an economic release with the upgrade prompt in place of its figures, and takes releases away when turned off', async () => {
    freshPreferences({ calendarToggles: { economic: true, exDividend: true } });
    answerCalendar([]);
    answerFilterSymbols('popular', []);
    answerEvents([CPI]);
    answerDividends([dividend('KO', THURSDAY, 0.51)]);
    const person = user();
    renderBoard('week');

    await person.click(within(await extraOf('economic')).getByRole('button', { name: 'CPI (January)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Economic event' });
    const modal = within(dialog);
    expect((await modal.findByTestId('event-title')).textContent).toBe('CPI (January)');
    expect(modal.getByTestId('upgrade-prompt').dataset.feature).toBe('economicCalendar');
    expect(modal.getByText(/^You see the release’s title and time\./)).toBeTruthy();
    expect(modal.queryByTestId('event-figures')).toBeNull();
    await person.click(modal.getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(dialog.isConnected).toBe(false));

    await person.click(toolbar().getByRole('button', { name: 'Calendars shown, 3 on' }));
    await person.click(
      within(screen.getByRole('dialog', { name: 'Calendars shown' })).getByRole('switch', {
        name: /^Economic calendar/,
      }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('calendar-extra').map((extra) => extra.dataset.kind)).toEqual(['dividend_ex']),
    );
    expect(screen.queryByTestId('upgrade-prompt')).toBeNull();
    expect(storedPreference('calendarToggles')).toMatchObject({ economic: false, exDividend: true });
  });
});

describe('a legacy alerts filter', () => {
  it('reads as the custom filter, the reader’s own list', async () => {
    freshPreferences({ earningsSettings: { calendarView: 'week', filter: 'earningshub_alerts' } });
    answerMe(PRO_PLAN);
    answerCalendar([
      report({ id: 31, symbol: 'AAPL', date: MONDAY, popularity: 100 }),
      report({ id: 32, symbol: 'SNOW', date: MONDAY, popularity: 20 }),
    ]);
    answerFilterSymbols('earningshub_custom', ['SNOW']);
    answerEvents([]);
    renderBoard('week', SIGNED_IN);

    await waitFor(() => expect(shownSymbols()).toEqual(['SNOW']));
    expect(toolbar().getByRole('radio', { name: 'My list' }).getAttribute('aria-checked')).toBe('true');
    expect(toolbar().getByRole('button', { name: 'Edit my list' })).toBeTruthy();
    expect(screen.getByTestId('more-button').textContent).toBe('+1 more');
  });
});
