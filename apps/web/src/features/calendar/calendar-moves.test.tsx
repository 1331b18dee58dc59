import { BIG_MOVER_MIN_PERCENT } from '@eh/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/quote-app.tsx';
import { answerCalendar, freshPreferences, type Report, report, storedPreference } from './calendar.fixture.ts';
import { answerCalendarPages } from './calendar-pages.fixture.ts';

beforeAll(async () => {
  await Promise.all([import('./calendar-page.tsx'), import('../../app/page-loaders.ts')]);
});
beforeEach(() => freshPreferences());

const MONDAY = '2025-03-10';

/**
 * Four reports before the open on one Monday, most popular first: AAPL, ORCL, ADBE, KO. Their companies' typical
 * moves after reports: 3.1 %, 8.2 %, none on record, 5.0 % (exactly the big movers' floor).
 */
const REPORTS: Report[] = [
  report({ id: 1, symbol: 'AAPL', date: MONDAY, popularity: 100, typicalMovePercent: 3.1 }),
  report({ id: 2, symbol: 'ORCL', date: MONDAY, popularity: 60, typicalMovePercent: 8.2 }),
  report({ id: 3, symbol: 'ADBE', date: MONDAY, popularity: 50, typicalMovePercent: null }),
  report({ id: 4, symbol: 'KO', date: MONDAY, popularity: 40, typicalMovePercent: BIG_MOVER_MIN_PERCENT }),
];

const settings = (sort: string, autoExpandHiddenSymbols = false) => ({
  earningsSettings: {
    calendarView: 'week',
    filter: 'all',
    newsTypes: ['earnings_results'],
    sort,
    autoExpandHiddenSymbols,
  },
});

const shownSymbols = () => screen.getAllByTestId('calendar-entry').map((entry) => entry.dataset.symbol);

describe('typical moves on the calendar (pro: prePostEarningsMove)', () => {
  it('shows each company’s typical move on its report, and sorts by it, biggest first, unknown last', async () => {
    freshPreferences(settings('typicalMove'));
    answerCalendarPages(REPORTS);
    renderApp(`/earnings-calendar/week-of/${MONDAY}`);
    await screen.findAllByTestId('calendar-entry');
    expect(shownSymbols()).toEqual(['ORCL', 'KO', 'AAPL', 'ADBE']);
    const figures = new Map(
      screen
        .getAllByTestId('calendar-entry')
        .map((entry) => [entry.dataset.symbol, within(entry).queryByTestId('typical-move')?.textContent ?? null]),
    );
    expect(Object.fromEntries(figures)).toEqual({ ORCL: '±8.2%', KO: '±5.0%', AAPL: '±3.1%', ADBE: null });
  });

  it('narrows to the big movers with its toggle, the others one click away, and keeps the choice', async () => {
    freshPreferences(settings('popularity'));
    answerCalendarPages(REPORTS);
    const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderApp(`/earnings-calendar/week-of/${MONDAY}`);
    await screen.findAllByTestId('calendar-entry');
    expect(shownSymbols()).toEqual(['AAPL', 'ORCL', 'ADBE', 'KO']);
    await person.click(screen.getByTestId('toggles-button'));
    await person.click(await screen.findByTestId('toggle-bigMovers'));
    // ORCL (8.2 %) and KO (5.0 %) move at least 5 % on average; AAPL and ADBE go behind "+2 more".
    await waitFor(() => expect(shownSymbols()).toEqual(['ORCL', 'KO']));
    expect(screen.getByTestId('more-button').textContent).toBe('+2 more');
    expect(storedPreference('calendarToggles')).toMatchObject({ bigMovers: true });
  });

  it('tells a reader without the feature that typical moves need Pro when filtering by them', async () => {
    freshPreferences({ ...settings('popularity'), calendarToggles: { bigMovers: true } });
    answerCalendarPages(REPORTS);
    // What the server sends that reader: every typical move blanked and counted.
    answerCalendar(
      REPORTS.map((row) => ({ ...row, typicalMovePercent: null })),
      [{ feature: 'priceMove', hidden: 3 }],
    );
    renderApp(`/earnings-calendar/week-of/${MONDAY}`);
    const prompt = await screen.findByTestId('upgrade-prompt');
    expect(prompt.dataset.feature).toBe('priceMove');
    expect(prompt.textContent).toContain('Price moves around earnings need Pro.');
    expect(screen.queryAllByTestId('typical-move')).toEqual([]);
  });
});
