import { addDays, formatMonthSlug, isWeekend, nyDate, nyToUtc, weekWindow, yearMonthOf } from '@eh/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, showAs, VIEWPORTS } from './browser.ts';
import {
  busiestWeek,
  type CalendarPageOptions,
  openCalendarPage,
  scrollAndCollect,
  type WeekCounts,
  weekRows,
  weeksAround,
} from './calendar-data.ts';
import { proToken, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
/** The busiest week a visitor can see, and one with estimated dates. */
let busy: WeekCounts;
let withEstimates: WeekCounts;

beforeAll(async () => {
  browser = await launchBrowser();
  const weeks = await weeksAround(baseUrl, 90, 120);
  const busiest = busiestWeek(weeks);
  const estimated = weeks.filter((w) => w.estimated > 0 && w.confirmed > 0).sort((a, b) => b.total - a.total)[0];
  if (!busiest || !estimated) throw new Error('the demo market has no season week with confirmed and estimated dates');
  busy = busiest;
  withEstimates = estimated;
});
afterAll(async () => {
  await browser?.close();
});

const ALL_EXPANDED = {
  earningsSettings: {
    calendarView: 'week',
    filter: 'all',
    newsTypes: ['earnings_results'],
    sort: 'popularity',
    autoExpandHiddenSymbols: true,
  },
};

const pathname = (page: Page) => new URL(page.url()).pathname;
const search = (page: Page) => new URL(page.url()).searchParams;

const openCalendar = (url: string, options: CalendarPageOptions = {}) =>
  openCalendarPage(browser, baseUrl, url, options);

describe('week view', () => {
  it('shows the week Monday to Friday split by session, every report marked confirmed or estimated, with its exact time', async () => {
    const rows = await weekRows(baseUrl, withEstimates.start);
    const { context, page, errors } = await openCalendar(`/earnings-calendar/week-of/${withEstimates.start}`, {
      preferences: ALL_EXPANDED,
      timezoneId: 'America/Los_Angeles',
    });
    try {
      const days = await page
        .getByTestId('day-tab')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-date')));
      expect(days).toEqual(weekWindow(withEstimates.start).days);
      const bands = await page
        .getByTestId('session-band')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-band')));
      expect(bands.length).toBeGreaterThan(0);
      expect(
        bands.every((band) => ['before', 'market', 'after', 'unknown', 'events', 'dividends'].includes(band ?? '')),
      ).toBe(true);

      const { seen } = await scrollAndCollect(page);
      expect(seen.size).toBe(rows.length);
      const statuses = new Set([...seen.values()].map((entry) => entry.status));
      expect(statuses).toEqual(new Set(['confirmed', 'estimated']));

      // The time is New York's converted to the reader's zone (Los Angeles here), as Intl says.
      const timed = rows.find((row) => row.time !== null);
      if (!timed?.time) throw new Error('no report with a time this week');
      const expected = nyToUtc(timed.date, timed.time).toLocaleTimeString('en-US', {
        timeZone: 'America/Los_Angeles',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      });
      expect(seen.get(timed.symbol)?.time).toBe(expected);
      expect(expected).toMatch(/P[SD]T$/);

      // Estimated dates never read as certain: the mark's accessible name says so, and who estimated it.
      for (const row of rows) {
        const entry = seen.get(row.symbol);
        expect(entry?.status, row.symbol).toBe(row.dateStatus);
        expect(entry?.label, row.symbol).toMatch(
          row.dateStatus === 'estimated'
            ? /^Estimated date \(by .+\)\. The company has not confirmed it yet\.$/
            : /^Date confirmed by the company\. Source: .+\.$/,
        );
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('names the week in the title and description, and navigates by URL', async () => {
    const { context, page } = await openCalendar(`/earnings-calendar/week-of/${busy.start}`);
    try {
      const monday = new Date(`${busy.start}T12:00:00Z`).toLocaleDateString('en-US', {
        timeZone: 'UTC',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      });
      expect(await page.title()).toBe(`Earnings Calendar — week of ${monday} · EarningsHub`);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description).toMatch(new RegExp(`^${busy.total.toLocaleString('en-US')} companies report from `));

      await page.getByTestId('nav-next').click();
      await page.waitForURL((url) => url.pathname !== `/earnings-calendar/week-of/${busy.start}`);
      const next = addDays(busy.start, 7);
      const thisWeek = weekWindow(nyDate(new Date())).start;
      expect(pathname(page)).toBe(
        next === thisWeek ? '/earnings-calendar/this-week' : `/earnings-calendar/week-of/${next}`,
      );
      await page.getByTestId('nav-previous').click();
      await page.waitForURL((url) => url.pathname.endsWith(busy.start) || url.pathname.endsWith('this-week'));
      await page.getByTestId('nav-today').click();
      await page.waitForURL('**/earnings-calendar/this-week');
      // The address changes before the page has drawn the new week (the router renders it as a transition); the
      // view links point at the week on screen, so wait for it.
      await page.locator(`[data-testid="calendar"][data-start="${thisWeek}"]`).waitFor();
      await page.getByTestId('view-list').click();
      await page.waitForURL('**/earnings-list/this-week');
      await page.getByTestId('list-view').waitFor();
      await page.getByTestId('view-month').click();
      await page.waitForURL('**/earnings-calendar/this-month');
      await page.getByTestId('month-view').waitFor();
      await page.getByTestId('view-week').click();
      await page.waitForURL((url) => url.pathname.startsWith('/earnings-calendar/'));
      await page.getByTestId('week-view').waitFor();
    } finally {
      await context.close();
    }
  });

  it('picks a day with the date picker and keeps it as ?selectedDate=', async () => {
    const { context, page } = await openCalendar(`/earnings-calendar/week-of/${busy.start}`);
    try {
      await page.getByTestId('date-picker-button').click();
      const dialog = page.getByRole('dialog', { name: 'Choose a date' });
      await dialog.waitFor();
      // The picker opens on the week's month; take the 15th of it, once that month is the one drawn (a month that
      // slides in under a click takes the click for the month it replaces).
      const { year, month } = yearMonthOf(busy.start);
      const monthLabel = new Date(Date.UTC(year, month - 1, 15)).toLocaleString('en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      await dialog.getByText(monthLabel, { exact: true }).waitFor();
      await dialog.getByRole('gridcell', { name: '15', exact: true }).click();
      const chosen = `${year}-${String(month).padStart(2, '0')}-15`;
      await page.waitForURL((url) => url.searchParams.get('selectedDate') === chosen);
      const shown = weekWindow(chosen);
      expect(pathname(page)).toMatch(new RegExp(`/earnings-calendar/(week-of/${shown.start}|this-week)$`));
      // A weekend day shows the next week (SPEC §4), with its Monday selected.
      const day = isWeekend(chosen) ? shown.start : chosen;
      await page.locator(`[data-testid="day-tab"][aria-pressed="true"][data-date="${day}"]`).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('list view', () => {
  it('opens on the day of ?selectedDate=', async () => {
    const friday = addDays(busy.start, 4);
    const { context, page } = await openCalendar(`/earnings-list/week-of/${busy.start}?selectedDate=${friday}`, {
      preferences: ALL_EXPANDED,
    });
    try {
      const heading = page.locator(`[data-testid="list-day"][data-date="${friday}"]`);
      await heading.waitFor();
      await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThan(0);
      const box = await heading.boundingBox();
      expect(box?.y).toBeLessThan(VIEWPORTS.desktop.height / 3);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});

describe('month view', () => {
  it('counts each day’s reports and opens a day in the selected month day modal', async () => {
    const { year, month } = yearMonthOf(busy.start);
    const { context, page } = await openCalendar(`/earnings-calendar/month/${formatMonthSlug({ year, month })}`);
    try {
      expect(await page.title()).toMatch(/^Earnings Calendar — \w+ \d{4} · EarningsHub$/);
      const counts = await page
        .getByTestId('month-day')
        .evaluateAll((nodes) =>
          nodes.map((n) => ({ date: n.getAttribute('data-date') ?? '', count: Number(n.getAttribute('data-count')) })),
        );
      expect(counts.length % 5).toBe(0);
      const busiestDay = [...counts].sort((a, b) => b.count - a.count)[0];
      if (!busiestDay || busiestDay.count === 0) throw new Error('an empty month');
      await page.locator(`[data-testid="month-day"][data-date="${busiestDay.date}"]`).click();
      const modal = page.getByTestId('modal-selectedMonthDay');
      await modal.getByTestId('month-day-details').waitFor();
      await modal.getByText(`${busiestDay.count} report`).first().waitFor();
      expect(search(page).get('selectedDate')).toBe(busiestDay.date);

      // The same URL opened afresh opens that day at once.
      await page.goto(page.url(), { waitUntil: 'networkidle' });
      const date = new Date(`${busiestDay.date}T12:00:00Z`).toLocaleDateString('en-US', {
        timeZone: 'UTC',
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        year: 'numeric',
      });
      expect(await page.getByTestId('modal-selectedMonthDay').getByTestId('month-day-date').innerText()).toBe(date);
    } finally {
      await context.close();
    }
  });
});

describe('calendar routes', () => {
  it('redirects the calendar aliases to the saved view', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      for (const alias of ['/earnings', '/earnings-calendar', '/earnings-list']) {
        await page.goto(alias, { waitUntil: 'networkidle' });
        // The router redirects once its code has run, which the network going quiet does not wait for.
        await expect.poll(() => pathname(page), { message: alias }).toBe('/earnings-calendar/this-week');
      }
      await page.evaluate(() =>
        localStorage.setItem(
          'earningshub.earningsSettings',
          JSON.stringify({
            calendarView: 'list',
            filter: 'popular',
            newsTypes: [],
            sort: 'time',
            autoExpandHiddenSymbols: false,
          }),
        ),
      );
      await page.goto('/earnings', { waitUntil: 'networkidle' });
      await expect.poll(() => pathname(page)).toBe('/earnings-list/this-week');
      // Settings saved before the custom filter was named so (the legacy alerts filter, no sort) are read too.
      await page.evaluate(() =>
        localStorage.setItem(
          'earningshub.earningsSettings',
          JSON.stringify({ calendarView: 'month', filter: 'earningshub_alerts' }),
        ),
      );
      await page.goto('/earnings', { waitUntil: 'networkidle' });
      await expect.poll(() => pathname(page)).toBe('/earnings-calendar/this-month');
    } finally {
      await context.close();
    }
  });

  it('moves a week slug to its Monday, keeping the day, and says so when a slug names nothing', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      const wednesday = addDays(busy.start, 2);
      await page.goto(`/earnings-calendar/week-of/${wednesday}`, { waitUntil: 'networkidle' });
      await page.waitForURL((url) => url.pathname.endsWith(busy.start) || url.pathname.endsWith('this-week'));
      expect(search(page).get('selectedDate')).toBe(wednesday);
      await page.goto('/earnings-calendar/week-of/2026-02-30', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'No such week' }).waitFor();
      await page.goto('/earnings-calendar/month/smarch-2026', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'No such month' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('earnings settings', () => {
  it('saves the settings and the calendar follows them after a reload', async () => {
    // Calendar settings come with a paid plan (SPEC §3 calendarSettings): a Pro member saves them.
    const { context, page } = await openCalendar(`/earnings-calendar/this-week?token=${await proToken()}`);
    try {
      await page.getByTestId('settings-button').click();
      const modal = page.getByTestId('modal-earningsSettings');
      await modal.getByTestId('earnings-settings').waitFor();
      await modal.getByTestId('settings-view-list').check();
      await modal.getByTestId('settings-filter-ten_billion').check();
      await modal.getByTestId('settings-auto-expand').check();
      await modal.getByTestId('settings-save').click();
      await modal.waitFor({ state: 'detached' });
      const stored = JSON.parse(
        (await page.evaluate(() => localStorage.getItem('earningshub.earningsSettings'))) ?? '{}',
      );
      expect(stored).toMatchObject({
        calendarView: 'list',
        filter: 'ten_billion',
        autoExpandHiddenSymbols: true,
        sort: 'popularity',
      });

      await page.goto('/earnings', { waitUntil: 'networkidle' });
      await expect.poll(() => pathname(page)).toBe('/earnings-list/this-week');
      await page.getByTestId('list-view').waitFor();
      expect(await page.getByTestId('filter-ten_billion').getAttribute('aria-checked')).toBe('true');
      // Auto-expand: nothing stays behind "+N more".
      expect(await page.locator('[data-testid="more-button"][aria-expanded="false"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('embed', () => {
  it('shows the calendar without site chrome and honours ?theme=dark', async () => {
    const { context, page, errors } = await openCalendar(`/embed/calendar?selectedDate=${busy.start}&theme=dark`);
    try {
      await page.getByTestId('calendar-entry').first().waitFor();
      expect(await page.locator('header').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Pricing' }).count()).toBe(0);
      expect(await page.getByTestId('embed-attribution').getAttribute('target')).toBe('_blank');
      const background = await page
        .getByTestId('embed-calendar')
        .evaluate((node) => getComputedStyle(node).backgroundColor.match(/\d+/g)?.map(Number) ?? []);
      expect(background.slice(0, 3).reduce((a, b) => a + b, 0)).toBeLessThan(120);
      await page.getByTestId('nav-next').click();
      await page.waitForURL((url) => url.searchParams.get('selectedDate') === addDays(busy.start, 7));
      expect(search(page).get('theme')).toBe('dark');
      expect(pathname(page)).toBe('/embed/calendar');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('accessibility', () => {
  it.each(['week', 'list', 'month', 'embed'] as const)(
    'has no serious or critical axe violations in the %s view',
    async (view) => {
      const url = {
        week: `/earnings-calendar/week-of/${withEstimates.start}`,
        list: `/earnings-list/week-of/${withEstimates.start}`,
        month: `/earnings-calendar/month/${formatMonthSlug(yearMonthOf(withEstimates.start))}`,
        embed: `/embed/calendar?selectedDate=${withEstimates.start}`,
      }[view];
      // One load in each theme: the app follows the system theme live.
      const { context, page } = await openCalendar(url);
      try {
        for (const colorScheme of ['light', 'dark'] as const) {
          await showAs(page, 'desktop', colorScheme);
          const bad = (await seriousViolations(page)).map((line) => `${colorScheme} ${line}`);
          expect(bad).toEqual([]);
        }
      } finally {
        await context.close();
      }
    },
  );
});

describe('modal accessibility', () => {
  it.each([
    ['settings-button', 'modal-earningsSettings'],
    ['embed-button', 'modal-embedCalendar'],
  ] as const)('has no serious or critical axe violations in the dialog opened by %s', async (button, modal) => {
    const { context, page } = await openCalendar(`/earnings-calendar/week-of/${busy.start}`);
    try {
      await page.getByTestId(button).click();
      await page.getByTestId(modal).getByRole('button', { name: 'Close' }).last().waitFor();
      expect(await seriousViolations(page, `[data-testid="${modal}"]`)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
