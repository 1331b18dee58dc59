/**
 * "The calendar's results update live": with the earnings calendar open, a company's results landing
 * (the demo market's "report now", which stores the figures and announces them as ingestion does) reach the page
 * over the live socket and show in its row within seconds: no reload, and the calendar is not asked again.
 */
import type { CalendarEvent, EarningsRow } from '@eh/contracts';
import { addDays, formatEps, nyDate, weekWindow } from '@eh/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage } from './browser.ts';
import { getJson, presetPreferences, weekRows } from './calendar-data.ts';
import { adminToken } from './support.ts';

const baseUrl = inject('baseUrl');
/** The symbols alerts-delivery reports (kept apart). */
const TAKEN = new Set(['ORCL', 'ADBE', 'CRM', 'INTC', 'CSCO', 'PEP', 'KO']);

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A report still to come this week or next, with its earnings call on the calendar: the biggest company first. */
async function comingReport(): Promise<{ monday: string; row: EarningsRow }> {
  const today = nyDate(new Date());
  for (const monday of [weekWindow(today).start, addDays(weekWindow(today).start, 7)]) {
    const rows = (await weekRows(baseUrl, monday))
      .filter(
        (row) => row.date >= today && row.epsActual === null && row.epsEstimate !== null && !TAKEN.has(row.symbol),
      )
      .sort((a, b) => (b.marketCap ?? 0) - (a.marketCap ?? 0));
    const { events } = await getJson<{ events: CalendarEvent[] }>(
      baseUrl,
      `/events?start=${monday}&end=${addDays(monday, 4)}&type=call&limit=500`,
    );
    const row = rows.find((candidate) => events.some((event) => event.earningsId === candidate.id));
    if (row) return { monday, row };
  }
  throw new Error('no coming report with a call this week or next');
}

describe('the calendar', () => {
  it("shows a company's results in its row as they land, without a reload or a refetch", async () => {
    const { monday, row } = await comingReport();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      const following = new Promise<void>((resolve) => {
        page.on('websocket', (socket) =>
          socket.on('framereceived', (frame) => {
            if (String(frame.payload).startsWith('{"type":"subscribed"')) resolve();
          }),
        );
      });
      // Every report shown (no filter, hidden symbols expanded), the list opened on the report's day.
      await presetPreferences(page, {
        earningsSettings: {
          calendarView: 'list',
          filter: 'all',
          newsTypes: ['earnings_results'],
          sort: 'popularity',
          autoExpandHiddenSymbols: true,
        },
      });
      await page.goto(`/earnings-list/week-of/${monday}?selectedDate=${row.date}`);
      await page.getByTestId('calendar-loading').waitFor({ state: 'detached', timeout: 30_000 });
      const entry = page.locator(`[data-testid="calendar-entry"][data-symbol="${row.symbol}"]`).first();
      await entry.waitFor({ timeout: 15_000 });
      // The socket is open and follows the calls' events (subscribed from its first open).
      await following;
      await page.evaluate(() => {
        (window as { __sameDocument?: boolean }).__sameDocument = true;
      });
      // Before: the estimates only (the row's price change moves with every tick, so only the figure is awaited).
      expect(await entry.innerText()).toContain(`Est. ${formatEps(row.epsEstimate)}`);
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/pricing/assets/earnings/calendar')) asked.push(request.url());
      });

      const report = await fetch(`${baseUrl}/api/admin/demo/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': adminToken() },
        body: JSON.stringify({ symbol: row.symbol }),
      });
      expect(report.status, await report.clone().text()).toBe(200);
      const reported = (await report.json()) as { earningsId: number; epsActual: number };
      expect(reported.earningsId).toBe(row.id);

      const started = Date.now();
      await expect
        .poll(() => entry.innerText(), { timeout: 10_000, interval: 100 })
        .toContain(formatEps(reported.epsActual));
      const tookMs = Date.now() - started;
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      expect(asked).toEqual([]);
      expect(errors).toEqual([]);
      console.info(`${row.symbol}'s results showed ${tookMs} ms after the report`);
    } finally {
      await context.close();
    }
  }, 30_000);
});
