import { addDays, weekWindow } from '@eh/domain';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppTheme } from '../../shared/theme.ts';
import { renderApp } from '../../test/quote-app.tsx';
import { freshPreferences, type Report, report } from './calendar.fixture.ts';
import { answerCalendarPages } from './calendar-pages.fixture.ts';

// The calendar pages' code loads lazily: loaded before the tests, its compile time is not counted against their waits.
beforeAll(async () => {
  await Promise.all([
    import('./calendar-page.tsx'),
    import('../../app/embed-calendar.tsx'),
    import('../../app/page-loaders.ts'),
  ]);
});
beforeEach(() => freshPreferences());

/** A week long past (no "this week" can be it). */
const MONDAY = '2025-03-10';
const WEDNESDAY = addDays(MONDAY, 2);
const REPORTS: Report[] = [
  report({ id: 1, symbol: 'AAPL', date: MONDAY, time: '07:00', popularity: 100 }),
  report({ id: 2, symbol: 'FDX', date: addDays(MONDAY, 10), time: '16:05', session: 'after', popularity: 50 }),
];

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('the calendar addresses', () => {
  it('open the reader’s saved view from /earnings, /earnings-calendar and /earnings-list', async () => {
    const landsOn = async (from: string, to: string) => {
      answerCalendarPages(REPORTS);
      const { router } = renderApp(from);
      await waitFor(() => expect(router.state.location.pathname, from).toBe(to));
      await screen.findByTestId('calendar');
      cleanup();
    };

    // Nothing saved: the week view.
    for (const alias of ['/earnings', '/earnings-calendar', '/earnings-list'])
      await landsOn(alias, '/earnings-calendar/this-week');

    freshPreferences({
      earningsSettings: {
        calendarView: 'list',
        filter: 'popular',
        newsTypes: [],
        sort: 'time',
        autoExpandHiddenSymbols: false,
      },
    });
    await landsOn('/earnings', '/earnings-list/this-week');

    // Settings saved before the custom filter was named so (the legacy alerts filter, no sort) are read too.
    freshPreferences({ earningsSettings: { calendarView: 'month', filter: 'earningshub_alerts' } });
    await landsOn('/earnings', '/earnings-calendar/this-month');
  });

  it('move a week slug that is not a Monday to the Monday’s address, keeping the day it named', async () => {
    answerCalendarPages(REPORTS);
    const { router } = renderApp(`/earnings-calendar/week-of/${WEDNESDAY}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/earnings-calendar/week-of/${MONDAY}`));
    expect(router.state.location.search).toBe(`?selectedDate=${WEDNESDAY}`);
    await waitFor(() => expect(screen.getByTestId('calendar').dataset.start).toBe(MONDAY));
  });

  it('say so when a slug names no week or no month', async () => {
    answerCalendarPages(REPORTS);
    renderApp('/earnings-calendar/week-of/2026-02-30');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('No such week');
    await waitFor(() => expect(document.title).toBe('No such week · EarningsHub'));
    expect(screen.getByRole('link', { name: 'Go to this week' }).getAttribute('href')).toBe(
      '/earnings-calendar/this-week',
    );
    cleanup();

    renderApp('/earnings-calendar/month/smarch-2026');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('No such month');
    expect(screen.getByRole('link', { name: 'Go to this month' }).getAttribute('href')).toBe(
      '/earnings-calendar/this-month',
    );
  });
});

describe('the embedded calendar', () => {
  it('shows the calendar without the site’s chrome, in the theme of ?theme=, kept as it moves', async () => {
    answerCalendarPages(REPORTS);
    const person = user();
    const { router } = renderApp(`/embed/calendar?selectedDate=${MONDAY}&theme=dark`);

    await screen.findAllByTestId('calendar-entry');
    const embed = screen.getByTestId('embed-calendar');
    // No site header, navigation or settings: the calendar, and an attribution opening the site in a new tab.
    expect(document.querySelector('header')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pricing' })).toBeNull();
    expect(screen.queryByTestId('settings-button')).toBeNull();
    const attribution = screen.getByTestId('embed-attribution');
    expect(attribution.getAttribute('target')).toBe('_blank');
    expect(attribution.getAttribute('href')).toBe('/earnings-calendar/this-week');
    expect(getComputedStyle(embed).backgroundColor).toBe(createAppTheme('dark').palette.background.default);

    await person.click(within(screen.getByTestId('calendar-toolbar')).getByRole('link', { name: 'Next week' }));
    const next = addDays(MONDAY, 7);
    await waitFor(() => expect(router.state.location.search).toBe(`?selectedDate=${next}&theme=dark`));
    expect(router.state.location.pathname).toBe('/embed/calendar');
    await waitFor(() => expect(screen.getByTestId('calendar').dataset.start).toBe(weekWindow(next).start));
    expect(getComputedStyle(screen.getByTestId('embed-calendar')).backgroundColor).toBe(
      createAppTheme('dark').palette.background.default,
    );
  });

  it('is the page with the site’s chrome around it otherwise, and follows the system’s light theme without ?theme=', async () => {
    answerCalendarPages(REPORTS);
    renderApp(`/earnings-calendar/week-of/${MONDAY}`);
    await screen.findAllByTestId('calendar-entry');
    // What the embed leaves out is there on the calendar page.
    expect(document.querySelector('header')).not.toBeNull();
    expect(screen.getAllByRole('link', { name: 'Pricing' }).length).toBeGreaterThan(0);
    expect(screen.getByTestId('settings-button')).toBeTruthy();
    cleanup();

    renderApp(`/embed/calendar?selectedDate=${MONDAY}`);
    await screen.findAllByTestId('calendar-entry');
    expect(getComputedStyle(screen.getByTestId('embed-calendar')).backgroundColor).toBe(
      createAppTheme('light').palette.background.default,
    );
  });
});
