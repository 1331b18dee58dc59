/**
 * What the calendar e2e suites ask the API directly, to choose weeks that exercise the UI whatever today's date
 * is (the demo market rolls with the clock) and to check the page against the data it was given.
 */
import type { EarningsRow } from '@eh/contracts';
import { addDays, type IsoDate, nyDate, weekWindow } from '@eh/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { VIEWPORTS, type ViewportName } from './browser.ts';

export async function getJson<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`);
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export interface WeekCounts {
  start: IsoDate;
  total: number;
  confirmed: number;
  estimated: number;
}

interface DailyCounts {
  days: { date: IsoDate; total: number; confirmed: number; estimated: number }[];
}

/** Reports per Monday–Friday week, from the daily counts of the days a visitor's plan shows. */
export async function weeksAround(baseUrl: string, daysBefore: number, daysAfter: number): Promise<WeekCounts[]> {
  const today = nyDate(new Date());
  const { historyStart } = await getJson<{ historyStart: IsoDate | null }>(
    baseUrl,
    '/pricing/assets/earnings/calendar',
  );
  let start = addDays(today, -daysBefore);
  if (historyStart && start < historyStart) start = historyStart;
  const daily = await getJson<DailyCounts>(
    baseUrl,
    `/pricing/assets/earnings/calendar/daily?start=${start}&end=${addDays(today, daysAfter)}`,
  );
  const weeks = new Map<IsoDate, WeekCounts>();
  for (const day of daily.days) {
    const monday = weekWindow(day.date).start;
    if (monday < start) continue;
    const week = weeks.get(monday) ?? { start: monday, total: 0, confirmed: 0, estimated: 0 };
    week.total += day.total;
    week.confirmed += day.confirmed;
    week.estimated += day.estimated;
    weeks.set(monday, week);
  }
  return [...weeks.values()].sort((a, b) => a.start.localeCompare(b.start));
}

export async function weekRows(baseUrl: string, monday: IsoDate): Promise<EarningsRow[]> {
  const body = await getJson<{ earnings: EarningsRow[] }>(
    baseUrl,
    `/pricing/assets/earnings/calendar?start=${monday}&end=${addDays(monday, 4)}`,
  );
  return body.earnings;
}

/** Sets calendar preferences before the app reads them (a fresh context has empty storage). */
export async function presetPreferences(page: Page, values: Record<string, unknown>) {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries))
      localStorage.setItem(`earningshub.${key}`, JSON.stringify(value));
  }, values);
}

export interface SeenEntry {
  symbol: string;
  status: string | null;
  /** The confirmed / estimated mark's accessible name. */
  label: string | null;
  time: string;
  /** Shown because the reader expanded (or auto-expands) the symbols the filter hides: drawn after the others. */
  revealed: boolean;
}

export interface ScrollWalk {
  seen: Map<string, SeenEntry>;
  maxInDom: number;
  /** How the walk went, for a failure's message: steps taken, time spent waiting for rows, where it ended. */
  trace: string;
}

/**
 * Scrolls the whole page from top to bottom and collects every report the virtualised list drew on the way
 * (it draws only what is near the screen), with the most entry elements present at any one time.
 */
export async function scrollAndCollect(page: Page): Promise<ScrollWalk> {
  // Headless Chromium sometimes stops handing frames to a page that is not in front (puppeteer#10350): a CI run
  // waited out the test's two minutes on a frame that never came.
  await page.bringToFront();
  // The whole walk inside the page, one round trip: two per step from the test took as long as the drawing itself.
  const walk = await page.evaluate(async () => {
    const seen: Record<string, SeenEntry> = {};
    let most = 0;
    let steps = 0;
    let waitedMs = 0;
    let slowSteps = 0;
    const started = performance.now();
    /**
     * Whether the rows the virtualiser placed cover the window (or reach the list's end): what is read next is then
     * what a person sees there. Waiting for frames instead read stale rows when a loaded machine (load 15 on two
     * cores) took longer than the wait to draw: a CI run saw 495 of 1,400 reports.
     */
    const covered = () => {
      const list = document.querySelector('[data-total-rows]');
      if (!list) return true;
      const rows = list.querySelectorAll(':scope > [data-index]');
      const last = Number(list.getAttribute('data-total-rows')) - 1;
      const bounds = list.getBoundingClientRect();
      let top = Number.POSITIVE_INFINITY;
      let bottom = Number.NEGATIVE_INFINITY;
      let first = false;
      let end = false;
      for (const row of rows) {
        const rect = row.getBoundingClientRect();
        top = Math.min(top, rect.top);
        bottom = Math.max(bottom, rect.bottom);
        const index = Number(row.getAttribute('data-index'));
        first ||= index === 0;
        end ||= index === last;
      }
      return (
        rows.length > 0 &&
        (first || top <= Math.max(0, bounds.top) + 1) &&
        (end || bottom >= Math.min(window.innerHeight, bounds.bottom) - 1)
      );
    };
    /** Until the window is covered, polled by timer (frames may be slow to come); a step past 10 s is counted. */
    const drawn = async () => {
      const from = performance.now();
      while (!covered() && performance.now() - from < 10_000) await new Promise((resolve) => setTimeout(resolve, 20));
      const took = performance.now() - from;
      waitedMs += took;
      if (took >= 10_000) slowSteps += 1;
    };
    window.scrollTo(0, 0);
    // The virtualiser draws the top before the first read: a page opened on a later day holds that day's rows.
    await drawn();
    // Bounded in time too, so a page that keeps growing fails with its trace instead of timing the test out.
    for (; steps < 2000 && performance.now() - started < 100_000; steps += 1) {
      const nodes = document.querySelectorAll('[data-testid="calendar-entry"]');
      most = Math.max(most, nodes.length);
      for (const node of nodes) {
        const symbol = node.getAttribute('data-symbol') ?? '';
        const status = node.querySelector('[data-testid="date-status"]');
        seen[symbol] = {
          symbol,
          status: status?.getAttribute('data-status') ?? null,
          label: status?.getAttribute('aria-label') ?? null,
          time: node.querySelector('[data-testid="report-time"]')?.textContent ?? '',
          revealed: node.hasAttribute('data-revealed'),
        };
      }
      const before = window.scrollY;
      // A window at a time: a row the edge cuts is drawn on both sides of it, so none is stepped over.
      window.scrollBy(0, window.innerHeight);
      if (window.scrollY === before) break;
      // Chromium fires the scroll event (which the window virtualiser reads) with its next frame, and a loaded machine
      // gave a page none for 10 s at a time (a CI run at load 16: 10 steps undrawn); sent now, the rows follow the
      // scroll without waiting for a frame, as they do on a person's screen.
      window.dispatchEvent(new Event('scroll'));
      await drawn();
    }
    const trace =
      `${steps} steps in ${Math.round(performance.now() - started)} ms (${Math.round(waitedMs)} ms waiting for rows ` +
      `to be drawn, ${slowSteps} steps not drawn within 10 s), ended at ${window.scrollY} of ` +
      `${document.documentElement.scrollHeight} px`;
    return { entries: Object.values(seen), maxInDom: most, trace };
  });
  return {
    seen: new Map(walk.entries.map((entry) => [entry.symbol, entry])),
    maxInDom: walk.maxInDom,
    trace: walk.trace,
  };
}

/** The week with the most reports. */
export const busiestWeek = (weeks: WeekCounts[]) => [...weeks].sort((a, b) => b.total - a.total)[0];

/** The day of a week with the most reports (a phone shows one day). */
export async function busiestDay(baseUrl: string, monday: IsoDate): Promise<IsoDate> {
  const perDay = new Map<IsoDate, number>();
  for (const row of await weekRows(baseUrl, monday)) perDay.set(row.date, (perDay.get(row.date) ?? 0) + 1);
  return [...perDay.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? monday;
}

export interface CalendarPageOptions {
  viewport?: ViewportName;
  colorScheme?: 'light' | 'dark';
  timezoneId?: string;
  preferences?: Record<string, unknown>;
}

/** A fresh context on the calendar at `url` (New York time unless told), its data drawn; console errors collected. */
export async function openCalendarPage(
  browser: Browser,
  baseUrl: string,
  url: string,
  options: CalendarPageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    colorScheme: options.colorScheme ?? 'light',
    timezoneId: options.timezoneId ?? 'America/New_York',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  if (options.preferences) await presetPreferences(page, options.preferences);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByTestId('calendar').waitFor();
  await page.getByTestId('calendar-loading').waitFor({ state: 'detached' });
  return { context, page, errors };
}
