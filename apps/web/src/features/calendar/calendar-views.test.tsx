import { addDays, formatMonthSlug, type IsoDate, nyDate, nyToUtc, weekWindow } from '@eh/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/quote-app.tsx';
import { freshPreferences, type Report, report, storedPreference } from './calendar.fixture.ts';
import { answerCalendarPages } from './calendar-pages.fixture.ts';

// The calendar page's code loads lazily: loaded before the tests, its compile time is not counted against their waits.
beforeAll(async () => {
  await Promise.all([
    import('./calendar-page.tsx'),
    import('./calendar-date-picker.tsx'),
    import('./selected-month-day-modal.tsx'),
    import('../../app/page-loaders.ts'),
  ]);
});
beforeEach(() => freshPreferences());

/** A week long past (no "this week" can be it), with no market holiday, after the switch to summer time. */
const MONDAY = '2025-03-10';
const WEEK = weekWindow(MONDAY);
const MARCH = { year: 2025, month: 3 };

/**
 * The week's reports: before the open, during the market, after the close and one whose time is not announced,
 * confirmed or estimated on the word of four different sources; Friday has none.
 */
const WEEK_REPORTS: Report[] = [
  report({ id: 1, symbol: 'AAPL', date: '2025-03-10', time: '07:00', marketCap: 3.4e12, popularity: 100 }),
  report({
    id: 2,
    symbol: 'ORCL',
    date: '2025-03-10',
    time: '16:05',
    session: 'after',
    dateStatus: 'estimated',
    dateSource: 'yahoo',
    marketCap: 4.5e11,
    popularity: 60,
  }),
  report({
    id: 3,
    symbol: 'ADBE',
    date: '2025-03-11',
    time: '12:30',
    session: 'market',
    dateSource: 'company',
    marketCap: 1.9e11,
    popularity: 50,
  }),
  report({
    id: 4,
    symbol: 'KO',
    date: '2025-03-12',
    session: null,
    dateStatus: 'estimated',
    dateSource: 'demo',
    marketCap: 2.9e11,
    popularity: 40,
  }),
  report({
    id: 5,
    symbol: 'DG',
    date: '2025-03-13',
    time: '06:30',
    dateStatus: 'estimated',
    dateSource: 'yahoo',
    marketCap: 2e10,
    popularity: 30,
  }),
  report({
    id: 6,
    symbol: 'ULTA',
    date: '2025-03-13',
    time: '16:05',
    session: 'after',
    marketCap: 1.7e10,
    popularity: 20,
  }),
];

/** The rest of March: Wednesday the 5th is the month's busiest day; one report falls in April's first days. */
const MONTH_REPORTS: Report[] = [
  ...WEEK_REPORTS,
  report({ id: 11, symbol: 'CRWD', date: '2025-03-04', time: '16:05', session: 'after', popularity: 45 }),
  report({ id: 12, symbol: 'MRVL', date: '2025-03-05', time: '16:05', session: 'after', popularity: 44 }),
  report({ id: 13, symbol: 'CPB', date: '2025-03-05', time: '07:00', popularity: 12 }),
  report({ id: 14, symbol: 'VEEV', date: '2025-03-05', time: '16:05', session: 'after', popularity: 11 }),
  report({ id: 15, symbol: 'BROS', date: '2025-03-05', session: null, dateStatus: 'estimated', popularity: 10 }),
  report({ id: 16, symbol: 'FDX', date: '2025-03-20', time: '16:05', session: 'after', popularity: 35 }),
  report({ id: 17, symbol: 'NKE', date: '2025-03-20', time: '16:15', session: 'after', popularity: 70 }),
  report({ id: 18, symbol: 'MU', date: '2025-03-20', time: '16:05', session: 'after', popularity: 55 }),
  report({ id: 19, symbol: 'CCL', date: '2025-04-01', time: '09:15', popularity: 15 }),
];

/** Every report listed, in the order of popularity, none behind "+N more". */
const EVERY_REPORT = {
  earningsSettings: {
    calendarView: 'week',
    filter: 'all',
    newsTypes: ['earnings_results'],
    sort: 'popularity',
    autoExpandHiddenSymbols: true,
  },
};

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The calendar's controls (role queries over the whole app take long in happy-dom). */
const toolbar = () => within(screen.getByTestId('calendar-toolbar'));

/** Waits until the calendar shows the window starting on `start`, drawn. */
async function showing(start: IsoDate) {
  await waitFor(() => expect(screen.getByTestId('calendar').dataset.start).toBe(start));
  await waitFor(() => expect(screen.queryByTestId('calendar-loading')).toBeNull());
}

/** 'Mar 10, 2025', as the title names a week by its Monday. */
const mondayLabel = (date: IsoDate) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

describe('the week view', () => {
  it('shows Monday to Friday by session, each report marked confirmed or estimated, at its time in the reader’s zone', async () => {
    freshPreferences({ ...EVERY_REPORT, timezone: 'America/Los_Angeles' });
    answerCalendarPages(MONTH_REPORTS);
    renderApp(`/earnings-calendar/week-of/${MONDAY}`);

    await screen.findAllByTestId('calendar-entry');
    expect(screen.getAllByTestId('day-tab').map((tab) => tab.dataset.date)).toEqual(WEEK.days);
    // The week's sessions in the order of a trading day: every one of them has a report this week.
    expect(screen.getAllByTestId('session-band').map((band) => band.dataset.band)).toEqual([
      'before',
      'market',
      'after',
      'unknown',
    ]);
    expect(screen.getByText(/ · Times in Los Angeles time · 6 reports$/)).toBeTruthy();

    const entries = new Map(screen.getAllByTestId('calendar-entry').map((entry) => [entry.dataset.symbol, entry]));
    expect([...entries.keys()].sort()).toEqual(WEEK_REPORTS.map((row) => row.symbol).sort());
    for (const row of WEEK_REPORTS) {
      const entry = entries.get(row.symbol) as HTMLElement;
      // New York's time converted to the reader's zone, as Intl says; a report without one says so.
      const time = row.time
        ? nyToUtc(row.date, row.time).toLocaleTimeString('en-US', {
            timeZone: 'America/Los_Angeles',
            hour: 'numeric',
            minute: '2-digit',
            timeZoneName: 'short',
          })
        : 'Time not announced';
      expect(within(entry).getByTestId('report-time').textContent, row.symbol).toBe(time);
      // Estimated dates never read as certain: the mark's accessible name says so, and who estimated it.
      const mark = within(entry).getByTestId('date-status');
      expect(mark.dataset.status, row.symbol).toBe(row.dateStatus);
      expect(mark.getAttribute('aria-label'), row.symbol).toBe(
        {
          sec: 'Date confirmed by the company. Source: SEC filing (8-K Item 2.02).',
          company: 'Date confirmed by the company. Source: Company announcement.',
          yahoo: 'Estimated date (by Yahoo Finance). The company has not confirmed it yet.',
          demo: 'Estimated date (by the demo market). The company has not confirmed it yet.',
        }[row.dateSource],
      );
    }
    expect(within(entries.get('AAPL') as HTMLElement).getByTestId('report-time').textContent).toMatch(/^4:00\sAM PDT$/);
  });

  it('is named by its Monday in the title, and counts its reports and names the biggest in the description', async () => {
    answerCalendarPages(MONTH_REPORTS);
    renderApp(`/earnings-calendar/week-of/${MONDAY}`);

    await screen.findAllByTestId('calendar-entry');
    await waitFor(() =>
      expect(document.title).toBe(`Earnings Calendar — week of ${mondayLabel(MONDAY)} · EarningsHub`),
    );
    const biggest = [...WEEK_REPORTS]
      .sort((a, b) => (b.marketCap ?? 0) - (a.marketCap ?? 0))
      .slice(0, 5)
      .map((row) => row.symbol);
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
        new RegExp(
          `^${WEEK_REPORTS.length} companies report from Mar 10 – 14, 2025, including ${biggest.join(', ')}\\. `,
        ),
      ),
    );
  });

  it('moves week by week by its links, and back to this week, each week at its own address', async () => {
    answerCalendarPages(MONTH_REPORTS);
    const person = user();
    const { router } = renderApp(`/earnings-calendar/week-of/${MONDAY}`);
    const address = () => router.state.location.pathname;
    await showing(MONDAY);

    const next = addDays(MONDAY, 7);
    await person.click(toolbar().getByRole('link', { name: 'Next week' }));
    await waitFor(() => expect(address()).toBe(`/earnings-calendar/week-of/${next}`));
    await showing(next);
    await person.click(toolbar().getByRole('link', { name: 'Previous week' }));
    await waitFor(() => expect(address()).toBe(`/earnings-calendar/week-of/${MONDAY}`));
    await showing(MONDAY);
    await person.click(toolbar().getByRole('link', { name: 'This week' }));
    await waitFor(() => expect(address()).toBe('/earnings-calendar/this-week'));
    await showing(weekWindow(nyDate(new Date())).start);
  });

  it('switches views by its links, keeping the window on screen and the view chosen', async () => {
    answerCalendarPages(MONTH_REPORTS);
    const person = user();
    const { router } = renderApp(`/earnings-calendar/week-of/${MONDAY}`);
    const address = () => router.state.location.pathname;
    await showing(MONDAY);

    // The list of the same week, then its month.
    await person.click(toolbar().getByRole('link', { name: 'List' }));
    await waitFor(() => expect(address()).toBe(`/earnings-list/week-of/${MONDAY}`));
    await screen.findByTestId('list-view');
    expect(storedPreference('earningsSettings')).toMatchObject({ calendarView: 'list' });
    await person.click(toolbar().getByRole('link', { name: 'Month' }));
    await waitFor(() => expect(address()).toBe(`/earnings-calendar/month/${formatMonthSlug(MARCH)}`));
    await screen.findByTestId('month-view');
    expect(storedPreference('earningsSettings')).toMatchObject({ calendarView: 'month' });
    // From a month, the week view opens on the month's first week (March 1st, 2025 is a Saturday).
    await person.click(toolbar().getByRole('link', { name: 'Week' }));
    await waitFor(() => expect(address()).toBe('/earnings-calendar/week-of/2025-03-03'));
    await screen.findByTestId('week-view');
    await showing('2025-03-03');
    expect(storedPreference('earningsSettings')).toMatchObject({ calendarView: 'week' });
  });

  it('takes a day from the date picker, a weekend day showing the next week with its Monday chosen', async () => {
    answerCalendarPages(MONTH_REPORTS);
    const person = user();
    const { router } = renderApp(`/earnings-calendar/week-of/${MONDAY}`);
    await showing(MONDAY);

    await person.click(screen.getByTestId('date-picker-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a date' });
    // The picker opens on the week's month; the 15th of March 2025 is a Saturday.
    await within(dialog).findByText('March 2025');
    await person.click(within(dialog).getByRole('gridcell', { name: '15' }));

    const shown = weekWindow('2025-03-15').start;
    expect(shown).toBe('2025-03-17');
    await waitFor(() => expect(router.state.location.search).toBe('?selectedDate=2025-03-15'));
    expect(router.state.location.pathname).toBe(`/earnings-calendar/week-of/${shown}`);
    await showing(shown);
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('day-tab')
          .filter((tab) => tab.getAttribute('aria-pressed') === 'true')
          .map((tab) => tab.dataset.date),
      ).toEqual([shown]),
    );
  });
});

describe('the month view', () => {
  const MONTH_PATH = `/earnings-calendar/month/${formatMonthSlug(MARCH)}`;
  /** Monday March 3 to Friday April 4: the Monday–Friday weeks holding a day of March. */
  const CELLS = Array.from({ length: 5 }, (_, week) =>
    Array.from({ length: 5 }, (_, day) => addDays('2025-03-03', week * 7 + day)),
  ).flat();
  const onDay = (date: IsoDate) => MONTH_REPORTS.filter((row) => row.date === date);

  it('counts each day’s reports, opens a day in a dialog and keeps it in the address', async () => {
    answerCalendarPages(MONTH_REPORTS);
    const person = user();
    const { router } = renderApp(MONTH_PATH);

    await screen.findByTestId('month-view');
    await waitFor(() => expect(document.title).toBe('Earnings Calendar — March 2025 · EarningsHub'));
    const cells = () => screen.getAllByTestId('month-day');
    await waitFor(() =>
      expect(cells().map((cell) => [cell.dataset.date, Number(cell.dataset.count)])).toEqual(
        CELLS.map((date) => [date, onDay(date).length]),
      ),
    );

    const busiest = [...CELLS].sort((a, b) => onDay(b).length - onDay(a).length)[0] as IsoDate;
    expect(busiest).toBe('2025-03-05');
    await person.click(cells().find((cell) => cell.dataset.date === busiest) as HTMLElement);
    const modal = within(await screen.findByTestId('modal-selectedMonthDay'));
    await modal.findByText(`${onDay(busiest).length} reports`);
    expect(modal.getByTestId('month-day-date').textContent).toBe('Wednesday, March 5, 2025');
    await waitFor(() => expect(router.state.location.search).toBe(`?selectedDate=${busiest}`));
    // Before the open, after the close (the more followed first), then the one whose time is not announced.
    await waitFor(() =>
      expect(modal.getAllByTestId('calendar-entry').map((entry) => entry.dataset.symbol)).toEqual([
        'CPB',
        'MRVL',
        'VEEV',
        'BROS',
      ]),
    );
  });

  it('opens the day of ?selectedDate= at once', async () => {
    answerCalendarPages(MONTH_REPORTS);
    renderApp(`${MONTH_PATH}?selectedDate=2025-03-20`);
    const modal = within(await screen.findByTestId('modal-selectedMonthDay'));
    const date = new Date('2025-03-20T12:00:00Z').toLocaleDateString('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    expect(modal.getByTestId('month-day-date').textContent).toBe(date);
    await modal.findByText('3 reports');
  });
});
