/**
 * The calendar in a real browser against the real server: one visitor's page goes through every kind of calendar
 * screen (week, list, month, embed and the toolbar's dialogs), each checked once with axe; a Pro member's
 * settings outlive a reload, and the week sorted by typical move leads to a company's moves after its reports, which
 * a free member finds behind the gate to Pro. What one screen shows for an answer (the views, their titles and addresses, the date
 * picker, the month's day dialog, the redirects and the embed's chrome and theme) is tested with the API answered
 * by the test: features/calendar/calendar-views.test.tsx and calendar-routes.test.tsx.
 */
import type { EarningsRow } from '@eh/contracts';
import { addDays, currentWeek, formatMonthSlug, nyToUtc, yearMonthOf } from '@eh/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, navigateInApp, openPage, showAs, VIEWPORTS } from './browser.ts';
import {
  busiestWeek,
  openCalendarPage,
  scrollAndCollect,
  type WeekCounts,
  weekRows,
  weeksAround,
} from './calendar-data.ts';
import { apiAs, FREE, idToken, proToken, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');
/** The reader's zone: the browser's own, since nothing chosen says otherwise. */
const ZONE = 'America/Los_Angeles';

let browser: Browser;
/** The busiest week a visitor can see, and one with estimated dates. */
let busy: WeekCounts;
let withEstimates: WeekCounts;
/** One page the whole file shares, and the console errors it logged. */
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await fileBrowser();
  const weeks = await weeksAround(baseUrl, 90, 120);
  const busiest = busiestWeek(weeks);
  const estimated = weeks.filter((w) => w.estimated > 0 && w.confirmed > 0).sort((a, b) => b.total - a.total)[0];
  if (!busiest || !estimated) throw new Error('the demo market has no season week with confirmed and estimated dates');
  busy = busiest;
  withEstimates = estimated;
  ({ context, page, errors } = await openCalendarPage(
    browser,
    baseUrl,
    `/earnings-calendar/week-of/${withEstimates.start}`,
    { timezoneId: ZONE },
  ));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Moves the shared page to `path` inside the app and waits until its calendar is drawn. */
async function openInApp(path: string) {
  await navigateInApp(page, path);
  await page.getByTestId('calendar').waitFor();
  await page.getByTestId('calendar-loading').waitFor({ state: 'detached' });
}

/** Shows the page in `colorScheme` and lists its serious and critical axe violations (within `selector`). */
async function violationsIn(colorScheme: 'light' | 'dark', selector?: string) {
  await showAs(page, 'desktop', colorScheme);
  return (await seriousViolations(page, selector)).map((line) => `${colorScheme} ${line}`);
}

const pathname = () => new URL(page.url()).pathname;

describe('a visitor going through the calendar', () => {
  it('reads the week at its times in the browser’s zone, with no serious axe violations', async () => {
    await openInApp(`/earnings-calendar/week-of/${withEstimates.start}`);
    expect(await page.getByText(/ · Times in Los Angeles time · /).count()).toBe(1);
    // Each report drawn with a time: New York's converted to the browser's zone, as Intl says.
    const rows = new Map((await weekRows(baseUrl, withEstimates.start)).map((row) => [row.symbol, row]));
    const drawn = await page.getByTestId('calendar-entry').evaluateAll((nodes) =>
      nodes.map((node) => ({
        symbol: node.getAttribute('data-symbol') ?? '',
        time: node.querySelector('[data-testid="report-time"]')?.textContent ?? '',
      })),
    );
    const timed = drawn.filter((entry) => rows.get(entry.symbol)?.time);
    expect(timed.length).toBeGreaterThan(0);
    for (const entry of timed) {
      const row = rows.get(entry.symbol);
      if (!row?.time) continue;
      const expected = nyToUtc(row.date, row.time).toLocaleTimeString('en-US', {
        timeZone: ZONE,
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      });
      expect(entry.time, entry.symbol).toBe(expected);
      expect(expected).toMatch(/P[SD]T$/);
    }
    expect(await violationsIn('light')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows the list with no serious axe violations, and opens it on the day of ?selectedDate=', async () => {
    await openInApp(`/earnings-list/week-of/${withEstimates.start}`);
    expect(await violationsIn('dark')).toEqual([]);

    // Every company of the busiest week: a list long enough that Friday is far below the top.
    await page.getByTestId('filter-all').click();
    await page.locator('[data-testid="filter-all"][aria-checked="true"]').waitFor();
    const friday = addDays(busy.start, 4);
    await openInApp(`/earnings-list/week-of/${busy.start}?selectedDate=${friday}`);
    // The list brings the day to the top once it is laid out (the browser's layout: happy-dom has none).
    const heading = page.locator(`[data-testid="list-day"][data-date="${friday}"]`);
    await heading.waitFor();
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThan(0);
    expect((await heading.boundingBox())?.y).toBeLessThan(VIEWPORTS.desktop.height / 3);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('shows the month with no serious axe violations', async () => {
    await openInApp(`/earnings-calendar/month/${formatMonthSlug(yearMonthOf(withEstimates.start))}`);
    await page.getByTestId('month-view').waitFor();
    expect(await violationsIn('light')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows the embed with no serious axe violations', async () => {
    await openInApp(`/embed/calendar?selectedDate=${withEstimates.start}`);
    await page.getByTestId('embed-calendar').waitFor();
    expect(await violationsIn('dark')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('opens the settings and the embed snippet in dialogs with no serious axe violations', async () => {
    await openInApp(`/earnings-calendar/week-of/${busy.start}`);
    for (const [button, modal, colorScheme] of [
      ['settings-button', 'modal-earningsSettings', 'light'],
      ['embed-button', 'modal-embedCalendar', 'dark'],
    ] as const) {
      await page.getByTestId(button).click();
      const close = page.getByTestId(modal).getByRole('button', { name: 'Close' }).last();
      await close.waitFor();
      expect(await violationsIn(colorScheme, `[data-testid="${modal}"]`)).toEqual([]);
      await close.click();
      await page.getByTestId(modal).waitFor({ state: 'detached' });
    }
    expect(errors).toEqual([]);
  });
});

describe('a Pro member’s calendar', () => {
  it('keeps its settings, and follows them after a reload', async () => {
    // Calendar settings come with a paid plan (SPEC §3 calendarSettings): a Pro member signs in and saves them.
    await page.goto(`/earnings-calendar/this-week?token=${await proToken()}`, { waitUntil: 'networkidle' });
    await page.getByTestId('calendar-loading').waitFor({ state: 'detached' });
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
    // The router redirects once its code has run, which the network going quiet does not wait for.
    await expect.poll(() => pathname()).toBe('/earnings-list/this-week');
    await page.getByTestId('list-view').waitFor();
    expect(await page.getByTestId('filter-ten_billion').getAttribute('aria-checked')).toBe('true');
    // Auto-expand: nothing stays behind "+N more".
    expect(await page.locator('[data-testid="more-button"][aria-expanded="false"]').count()).toBe(0);
  });

  it('sorts the week by typical move, and leads from a report to the company’s moves after its reports', async () => {
    const token = await proToken();
    await page.goto(`/earnings-list/this-week?token=${token}`, { waitUntil: 'networkidle' });
    await page.getByTestId('list-view').waitFor();
    await page.getByLabel('Sort').selectOption('typicalMove');
    // The member's own answer for the week on screen: each day's session, in the order drawn, runs from the biggest
    // typical move down, the reports without one last.
    const week = currentWeek(new Date());
    const { body } = await apiAs<{ earnings: EarningsRow[] }>(
      token,
      `/pricing/assets/earnings/calendar?start=${week.start}&end=${week.end}`,
    );
    const bySymbol = new Map(body.earnings.map((row) => [row.symbol, row]));
    const typical = (row: EarningsRow | undefined) => row?.typicalMovePercent ?? Number.NEGATIVE_INFINITY;
    let drawn: { row: EarningsRow | undefined; revealed: boolean }[] = [];
    /** The first two neighbours out of order, or null; the list is drawn again after the sort changed. */
    const outOfOrder = async () => {
      const { seen } = await scrollAndCollect(page);
      drawn = [...seen.values()].map((entry) => ({ row: bySymbol.get(entry.symbol), revealed: entry.revealed }));
      for (const [index, { row, revealed }] of drawn.entries()) {
        const before = drawn[index - 1];
        const same = row && before?.row && before.row.date === row.date && before.row.session === row.session;
        if (same && before.revealed === revealed && typical(row) > typical(before.row))
          return `${before.row?.symbol} before ${row.symbol}`;
      }
      return null;
    };
    await expect.poll(outOfOrder).toBeNull();
    expect(drawn.length).toBeGreaterThan(1);

    const moving = drawn.find(({ row }) => row?.typicalMovePercent != null)?.row;
    if (!moving) throw new Error('no report of this week has a typical move');
    await page.evaluate(() => window.scrollTo(0, 0));
    const entry = page.locator(`[data-testid="calendar-entry"][data-symbol="${moving.symbol}"]`);
    await entry.getByRole('button', { name: new RegExp(`^${moving.symbol}, `) }).click();
    await page.getByRole('link', { name: `${moving.symbol} earnings history` }).click();
    await expect.poll(() => pathname()).toBe(`/quote/${moving.symbol}/earnings`);
    const summary = page.getByTestId('reactions-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(
      new RegExp(`^${moving.symbol} has moved \\d+\\.\\d% on average after its last \\d+ reports`),
    );
    // The chart of each report's move, beside its surprise.
    expect(await page.getByRole('img', { name: /^Move after each report\. / }).count()).toBe(1);
    expect(await page.getByRole('img', { name: /^EPS surprise of each report\. / }).count()).toBe(1);

    // A free member meets the gate to Pro there instead, and the week shows them no typical move.
    const free = await openPage(browser, baseUrl);
    try {
      await free.page.goto(`/quote/${moving.symbol}/earnings?token=${await idToken(FREE)}`);
      const prompt = free.page.getByTestId('earnings-reactions').getByTestId('upgrade-prompt');
      await prompt.waitFor();
      expect(await prompt.getAttribute('data-feature')).toBe('priceMove');
      expect(await free.page.getByTestId('reactions-summary').count()).toBe(0);
      await navigateInApp(free.page, '/earnings-list/this-week');
      await free.page.getByTestId('list-view').waitFor();
      await free.page.locator(`[data-testid="calendar-entry"][data-symbol="${moving.symbol}"]`).first().waitFor();
      expect(await free.page.getByTestId('typical-move').count()).toBe(0);
      expect(free.errors).toEqual([]);
    } finally {
      await free.context.close();
    }
  });
});
