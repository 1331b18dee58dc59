import type { getQuotes, Quote, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { FREE_PLAN, type IsoDate, PRO_PLAN } from '@eh/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyQuotes } from '../../app/live-cache.ts';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { answerMe, SIGNED_IN } from '../../test/accounts.ts';
import { network } from '../../test/network.ts';
import {
  answerCalendar,
  answerDividends,
  answerEvents,
  answerFilterSymbols,
  calendarEvent,
  dividend,
  freshPreferences,
  type Report,
  report,
  storedPreference,
} from './calendar.fixture.ts';
import { CalendarBoard } from './calendar-board.tsx';
import { dayHeading } from './calendar-format.ts';
import { resolveCalendarLocation, viewPath, withSelectedDate } from './calendar-route.ts';

/** The week on screen (no market holiday in it), read on its Wednesday. */
const MONDAY = '2026-02-09';
const TUESDAY = '2026-02-10';
const WEDNESDAY = '2026-02-11';
const THURSDAY = '2026-02-12';
const FRIDAY = '2026-02-13';
const NOW = new Date(`${WEDNESDAY}T15:00:00Z`);

const VISITOR = { auth: { status: 'signedOut', email: null, viaLink: false } } as const;

function renderBoard(
  view: 'week' | 'list',
  state: Parameters<typeof makeStore>[0] = VISITOR,
  selected: IsoDate | null = null,
) {
  const location = resolveCalendarLocation(
    view === 'list' ? 'listWeekOf' : 'calendarWeekOf',
    { dateSlug: MONDAY },
    NOW,
  );
  if ('invalid' in location) throw new Error(`${MONDAY} names no week`);
  const store = makeStore(state);
  render(
    <AppProviders store={store}>
      <MemoryRouter>
        <CalendarBoard
          location={location}
          selected={selected}
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
  return store;
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

describe('the move after a report', () => {
  /** A quote struck at `quotedAt` (New York time on the day given), `changePercent` from the close before. */
  const quote = (
    symbol: string,
    quotedAt: string,
    changePercent: number,
    extended: Quote['extended'] = null,
  ): Quote => ({
    symbol,
    type: 'stock',
    name: `${symbol} Corp.`,
    price: 100 + changePercent,
    prevClose: 100,
    open: 100,
    lowPrice: 99,
    highPrice: 105,
    volume: 1_000_000,
    change: changePercent,
    changePercent,
    quotedAt: `${quotedAt}-05:00`,
    source: 'test',
    extended,
  });
  const asked: string[] = [];
  function answerQuotes(quotes: Quote[]) {
    network.use(
      http.get(`*${paths.getQuotes}`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        asked.push(`${query.get('stocks')} extended=${query.get('extended')}`);
        const symbols = (query.get('stocks') ?? '').split(',');
        return HttpResponse.json({
          quotes: quotes.filter((q) => symbols.includes(q.symbol)),
          missing: [],
        } satisfies ResponseOf<typeof getQuotes>);
      }),
    );
  }
  beforeEach(() => {
    asked.length = 0;
  });

  // Read on Wednesday at 10:00 in New York: AAPL reported before today's open and NVDA after yesterday's close, both
  // trading on the news now; MSFT reported on Monday (its move is stored); SNOW reports after today's close.
  const WEEK_REPORTS = [
    report({ id: 41, symbol: 'AAPL', date: WEDNESDAY, popularity: 100, epsActual: 1.3, typicalMovePercent: 3.1 }),
    report({ id: 42, symbol: 'NVDA', date: TUESDAY, session: 'after', popularity: 90, revenueActual: 2e9 }),
    report({ id: 43, symbol: 'MSFT', date: MONDAY, popularity: 80, epsActual: 0.9, priceMovePercent: 5.26 }),
    report({ id: 44, symbol: 'SNOW', date: WEDNESDAY, session: 'after', popularity: 70, typicalMovePercent: 4 }),
  ];
  const moves = () =>
    Object.fromEntries(
      screen
        .getAllByTestId('calendar-entry')
        .map((entry) => [
          entry.dataset.symbol,
          (within(entry).queryByTestId('report-move') ?? within(entry).queryByTestId('typical-move'))?.textContent ??
            null,
        ]),
    );

  it('shows a pro member the stored move, the move so far from the live quote, and the typical move before', async () => {
    freshPreferences({ earningsSettings: { calendarView: 'list', filter: 'all', autoExpandHiddenSymbols: true } });
    answerMe(PRO_PLAN);
    answerCalendar(WEEK_REPORTS);
    answerEvents([]);
    answerQuotes([quote('AAPL', `${WEDNESDAY}T10:00:00`, 2.4), quote('NVDA', `${WEDNESDAY}T10:00:00`, -3.14)]);
    const store = renderBoard('list', SIGNED_IN);
    await waitFor(() =>
      expect(moves()).toEqual({ MSFT: '+5.3%', NVDA: '−3.1% today', AAPL: '+2.4% today', SNOW: '±4.0%' }),
    );
    // Only the reports trading on their news now are quoted, with their extended-hours prices.
    expect(asked).toEqual(['AAPL,NVDA extended=true']);
    expect(screen.getByLabelText('NVDA −3.1% today since the report')).toBeTruthy();

    // The socket's next quote moves the figure where it stands.
    act(() => applyQuotes(store, [quote('AAPL', `${WEDNESDAY}T10:01:00`, -0.55)]));
    await waitFor(() => expect(moves().AAPL).toBe('−0.6% today'));
  });

  it('leaves a free member the typical moves the server sent (none), without asking for quotes', async () => {
    freshPreferences({ earningsSettings: { calendarView: 'list', filter: 'all', autoExpandHiddenSymbols: true } });
    answerMe(FREE_PLAN);
    answerCalendar(
      WEEK_REPORTS.map((row) => ({ ...row, priceMovePercent: null, typicalMovePercent: null })),
      [{ feature: 'priceMove', hidden: 3 }],
    );
    answerEvents([]);
    answerQuotes([quote('AAPL', `${WEDNESDAY}T10:00:00`, 2.4)]);
    renderBoard('list', SIGNED_IN);
    await waitFor(() => expect(Object.keys(moves())).toHaveLength(4));
    expect(moves()).toEqual({ MSFT: null, NVDA: null, AAPL: null, SNOW: null });
    expect(asked).toEqual([]);
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

describe('a busy week of 400 reports', () => {
  // As many as one answer can carry here: happy-dom empties a fetched answer past 64 KiB once it is cloned (RTK
  // Query clones each), so a 1,300+ season week is the browser tier's (e2e/calendar-season.test.ts).
  const REPORTS = 400;
  const WEEK = [MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY];
  // Most reports fall mid-week, as in a real season.
  const DAY_WEIGHTS = [0.1, 0.25, 0.3, 0.25, 0.1];

  /**
   * Every company reports once that week, before the open or after the close, a tenth at a time not announced and
   * a quarter on an estimated date; the lower its number, the larger and more followed the company.
   */
  const BUSY_WEEK: Report[] = Array.from({ length: REPORTS }, (_, i) => {
    let spot = (i * 0.6180339887) % 1;
    let day = 0;
    while (day < DAY_WEIGHTS.length - 1 && spot > (DAY_WEIGHTS[day] ?? 0)) {
      spot -= DAY_WEIGHTS[day] ?? 0;
      day += 1;
    }
    const time = i % 10 === 9 ? null : i % 2 === 0 ? '07:30' : '16:05';
    const estimated = i % 4 === 3;
    return report({
      id: 10_000 + i,
      symbol: `ZS${String(i).padStart(4, '0')}`,
      date: WEEK[day] ?? MONDAY,
      time,
      session: time === null ? null : time < '09:30' ? 'before' : 'after',
      dateStatus: estimated ? 'estimated' : 'confirmed',
      dateSource: estimated ? 'yahoo' : 'sec',
      marketCap: Math.round(2e12 / (1 + i) ** 1.1),
      popularity: REPORTS - i,
    });
  });
  const bySymbol = new Map(BUSY_WEEK.map((row) => [row.symbol, row]));
  const onDay = (date: IsoDate) => BUSY_WEEK.filter((row) => row.date === date);

  /** Every report, in time order within each day (ties by popularity). */
  const EVERYTHING = {
    earningsSettings: {
      calendarView: 'list',
      filter: 'all',
      newsTypes: [],
      sort: 'time',
      autoExpandHiddenSymbols: true,
    },
  };

  /** The reports drawn now, in order (the list draws only those near the screen). */
  const drawn = () => screen.queryAllByTestId('calendar-entry').map((entry) => entry.dataset.symbol ?? '');

  /** The window scrolled to `top` as by a reader: happy-dom moves it without the event a browser sends. */
  const scrollTo = (top: number) =>
    act(() => {
      window.scrollTo(0, top);
      window.dispatchEvent(new Event('scroll'));
    });

  /** happy-dom's own handle on the window: the width media queries read and the height the list fills. */
  const viewport = (width: number, height: number) =>
    (
      window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
    ).happyDOM.setViewport({ width, height });

  beforeEach(() => freshPreferences(EVERYTHING));
  afterEach(async () => {
    await scrollTo(0);
    viewport(1024, 768);
  });

  it('counts the week’s reports under the heading and each day’s on its tab', async () => {
    answerCalendar(BUSY_WEEK);
    answerEvents([]);
    renderBoard('week');

    await screen.findAllByTestId('calendar-entry');
    expect(screen.getByText(new RegExp(` · ${REPORTS.toLocaleString('en-US')} reports$`))).toBeTruthy();
    const tabs = screen.getAllByTestId('day-tab');
    expect(tabs.map((tab) => tab.dataset.date)).toEqual(WEEK);
    for (const tab of tabs) {
      const count = onDay(tab.dataset.date as IsoDate).length;
      expect(tab.textContent?.endsWith(`${count.toLocaleString('en-US')} reports`)).toBe(true);
    }
  });

  it('lists the week day by day from Monday before the open to Friday’s unannounced reports, least followed last', async () => {
    answerCalendar(BUSY_WEEK);
    answerEvents([]);
    renderBoard('list');

    // Monday before the open, most followed first.
    const mondayBefore = onDay(MONDAY).filter((row) => row.session === 'before');
    await screen.findAllByTestId('calendar-entry');
    const first = drawn();
    expect(first).toEqual(mondayBefore.slice(0, first.length).map((row) => row.symbol));
    expect(screen.getAllByTestId('list-day')[0]?.dataset.date).toBe(MONDAY);

    // Past the list's end: what is drawn is its last rows.
    await scrollTo(1e9);
    const fridayUnknown = onDay(FRIDAY).filter((row) => row.session === null);
    await waitFor(() => expect(drawn().at(-1)).toBe(fridayUnknown.at(-1)?.symbol));
    // Friday's unannounced reports end the week, least followed last, after Friday's reports after the close.
    const last = drawn();
    expect(last.slice(-fridayUnknown.length)).toEqual(fridayUnknown.map((row) => row.symbol));
    const before = last.slice(0, -fridayUnknown.length).map((symbol) => bySymbol.get(symbol));
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((row) => row?.date === FRIDAY && row.session === 'after')).toBe(true);
    // Each drawn report carries its own date's mark: these are confirmed and estimated by turns.
    const marks = screen
      .getAllByTestId('calendar-entry')
      .map((entry) => [entry.dataset.symbol, within(entry).getByTestId('date-status').dataset.status]);
    expect(marks).toEqual(last.map((symbol) => [symbol, bySymbol.get(symbol)?.dateStatus]));
    expect(new Set(marks.map(([, status]) => status))).toEqual(new Set(['confirmed', 'estimated']));
  });

  it('shows a phone the chosen day alone, its sessions counted', async () => {
    viewport(390, 844);
    answerCalendar(BUSY_WEEK);
    answerEvents([]);
    // Thursday, not today (Wednesday), which a phone shows unless another day is chosen.
    renderBoard('week', VISITOR, THURSDAY);

    await screen.findAllByTestId('calendar-entry');
    const thursday = onDay(THURSDAY);
    const pressed = screen.getAllByTestId('day-tab').map((tab) => [tab.dataset.date, tab.getAttribute('aria-pressed')]);
    expect(pressed).toEqual(WEEK.map((date) => [date, String(date === THURSDAY)]));
    const tabs = screen.getAllByTestId('day-tab');
    for (const tab of tabs) {
      const count = onDay(tab.dataset.date as IsoDate).length;
      expect(tab.textContent?.endsWith(`${count.toLocaleString('en-US')} reports`)).toBe(true);
    }
    expect(screen.getByRole('list', { name: `Reports on ${dayHeading(THURSDAY)}` })).toBeTruthy();
    expect(drawn().every((symbol) => bySymbol.get(symbol)?.date === THURSDAY)).toBe(true);
    const before = thursday.filter((row) => row.session === 'before');
    expect(drawn()).toEqual(before.slice(0, drawn().length).map((row) => row.symbol));
    const band = screen.getAllByTestId('session-band')[0];
    expect(band?.dataset.band).toBe('before');
    expect(band?.textContent).toBe(`Before market open${before.length.toLocaleString('en-US')}`);
  });
});
