/**
 * The calendar's own-list choices in Chromium against the real server: the "My list" filter (a signed-out
 * visitor is asked to sign in; the pro demo user sees only the reports of the symbols of their custom filter,
 * and adds one from the calendar's edit dialog) and the "My Stocks overview" toggle (only the companies held in
 * the user's lists).
 */
import type { EarningsRow } from '@eh/contracts';
import type { IsoDate } from '@eh/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_CALENDAR_TOGGLES } from '../src/shared/preferences.ts';
import { launchBrowser, VIEWPORTS } from './browser.ts';
import { presetPreferences, weekRows, weeksAround } from './calendar-data.ts';
import { holdDuringFile, idToken, PRO } from './support.ts';

const baseUrl = inject('baseUrl');
const LIST_NAME = 'Calendar overview e2e';

// The demo members' lists, alerts, filters and sign-ins change here: one such file at a time (locks.ts).
holdDuringFile('demo-accounts');

let browser: Browser;
let proToken: string;
let week: IsoDate;
/** Three different symbols with a confirmed report in `week`. */
let reporting: string[];
let rows: EarningsRow[];
let savedFilter: string[];

async function api(path: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${proToken}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json() as Promise<any>;
}

async function deleteOwnLists() {
  const { lists } = await api('/earnings/lists');
  for (const list of lists) if (list.name === LIST_NAME) await api(`/earnings/lists/${list.id}`, { method: 'DELETE' });
}

const SETTINGS = (filter: string) => ({
  calendarToggles: DEFAULT_CALENDAR_TOGGLES,
  earningsSettings: {
    calendarView: 'week',
    filter,
    newsTypes: ['earnings_results'],
    sort: 'alphabetical',
    autoExpandHiddenSymbols: false,
  },
});

async function openCalendar(
  url: string,
  preferences: Record<string, unknown>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORTS.desktop,
    timezoneId: 'America/New_York',
  });
  const page = await context.newPage();
  await presetPreferences(page, preferences);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByTestId('calendar').waitFor();
  await page.getByTestId('calendar-loading').waitFor({ state: 'detached' });
  return { context, page };
}

/** The distinct symbols drawn as reports (rows behind "+N more" are not drawn). */
async function shownSymbols(page: Page): Promise<string[]> {
  const symbols = await page.$$eval('[data-testid="calendar-entry"]', (nodes) =>
    nodes.map((n) => n.getAttribute('data-symbol') ?? ''),
  );
  return [...new Set(symbols)].sort();
}

beforeAll(async () => {
  browser = await launchBrowser();
  proToken = await idToken(PRO);
  const weeks = await weeksAround(baseUrl, 0, 60);
  const busiest = [...weeks].sort((a, b) => b.confirmed - a.confirmed)[0];
  if (!busiest) throw new Error('the demo market has no report in the next two months');
  week = busiest.start;
  rows = await weekRows(baseUrl, week);
  reporting = [...new Set(rows.filter((row) => row.dateStatus === 'confirmed').map((row) => row.symbol))].slice(0, 3);
  if (reporting.length < 3) throw new Error(`week of ${week} has fewer than three confirmed reports`);
  savedFilter = (await api('/earnings/filters')).symbols;
  await deleteOwnLists();
});
afterAll(async () => {
  await api('/earnings/filters', { method: 'POST', body: JSON.stringify({ symbols: savedFilter }) });
  await deleteOwnLists();
  await browser?.close();
});

describe('My list (custom filter)', () => {
  it('asks a signed-out visitor to sign in and keeps their filter', async () => {
    const { context, page } = await openCalendar(`/earnings-calendar/week-of/${week}`, SETTINGS('all'));
    try {
      const before = await shownSymbols(page);
      await page.getByTestId('filter-earningshub_custom').click();
      await page.getByTestId('modal-signIn').waitFor();
      expect(await page.getByTestId('filter-earningshub_custom').getAttribute('aria-checked')).toBe('false');
      const stored = await page.evaluate(() => localStorage.getItem('earningshub.earningsSettings'));
      expect(JSON.parse(stored ?? '{}').filter).toBe('all');
      expect(await shownSymbols(page)).toEqual(before);
    } finally {
      await context.close();
    }
  });

  it('shows the pro user only the reports of their list, and adds a symbol from the edit dialog', async () => {
    const [first, second] = reporting as [string, string, string];
    await api('/earnings/filters', { method: 'POST', body: JSON.stringify({ symbols: [first] }) });
    const { context, page } = await openCalendar(
      `/earnings-calendar/week-of/${week}?token=${proToken}`,
      SETTINGS('all'),
    );
    try {
      expect((await shownSymbols(page)).length).toBeGreaterThan(2);
      await page.getByTestId('filter-earningshub_custom').click();
      await expect.poll(() => shownSymbols(page), { timeout: 15_000 }).toEqual([first]);
      expect(await page.getByTestId('filter-earningshub_custom').getAttribute('aria-checked')).toBe('true');
      // The others are behind "+N more", not gone.
      expect(await page.getByTestId('more-button').count()).toBeGreaterThan(0);

      await page.getByTestId('edit-custom-filter').click();
      const dialog = page.getByTestId('custom-filter-dialog');
      await dialog.getByTestId(`custom-symbol-${first}`).waitFor();
      await page.getByTestId('custom-filter-input').fill(second.toLowerCase());
      await page.getByTestId('custom-filter-input').press('Enter');
      await dialog.getByTestId(`custom-symbol-${second}`).waitFor();
      expect((await api('/earnings/filters')).symbols).toEqual([first, second]);

      // An unknown symbol is refused and the list stays as it was.
      await page.getByTestId('custom-filter-input').fill('ZZZZQ');
      await page.getByTestId('custom-filter-input').press('Enter');
      await page.getByTestId('custom-filter-error').waitFor();
      expect((await api('/earnings/filters')).symbols).toEqual([first, second]);

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => shownSymbols(page), { timeout: 15_000 }).toEqual([first, second].sort());
    } finally {
      await context.close();
    }
  });
});

describe('My Stocks overview', () => {
  it('asks a signed-out visitor to sign in and leaves the toggle off', async () => {
    const { context, page } = await openCalendar(`/earnings-calendar/week-of/${week}`, SETTINGS('all'));
    try {
      await page.getByTestId('toggles-button').click();
      await page.getByTestId('toggle-myStocksOverview').click();
      await page.getByTestId('modal-signIn').waitFor();
      expect(await page.getByTestId('toggle-myStocksOverview').isChecked()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('shows the pro user only the companies held in their lists', async () => {
    const held = reporting[2] as string;
    const list = await api('/earnings/lists', { method: 'POST', body: JSON.stringify({ name: LIST_NAME }) });
    await api(`/earnings/lists/${list.id}/items`, { method: 'POST', body: JSON.stringify({ symbol: held }) });
    // Other lists of the pro user (left by other suites) count too.
    const { lists } = await api('/earnings/lists?includeItems=true');
    const all = new Set<string>(
      lists.flatMap((l: { items?: { symbol: string }[] }) => (l.items ?? []).map((i) => i.symbol)),
    );
    const expected = [...new Set(rows.map((row) => row.symbol).filter((symbol) => all.has(symbol)))].sort();
    expect(expected).toContain(held);

    const { context, page } = await openCalendar(
      `/earnings-calendar/week-of/${week}?token=${proToken}`,
      SETTINGS('all'),
    );
    try {
      await page.getByTestId('toggles-button').click();
      await page.getByTestId('toggle-myStocksOverview').check();
      await page.keyboard.press('Escape');
      await expect.poll(() => shownSymbols(page), { timeout: 15_000 }).toEqual(expected);
      expect(await page.getByTestId('more-button').count()).toBe(0);
      const stored = await page.evaluate(() => localStorage.getItem('earningshub.calendarToggles'));
      expect(JSON.parse(stored ?? '{}').myStocksOverview).toBe(true);
    } finally {
      await context.close();
    }
  });
});
