/**
 * "A demo report lands and its row shows the reaction as prices move": a Pro member has the week's calendar open; a
 * company's results land days before its date (the demo market's "report now"), and its row tells how the stock has
 * moved today, read from the live quotes, and follows them with no reload.
 *
 * Prices move only while the market is open, so this file runs its own server, from a copy of the seeded folder,
 * with a clock set to a trading day's morning when the suite runs outside one (shifted-clock.ts; the page gets the
 * same clock). A clock ahead of the seeded folder's day is a server restarted later: it rolls the demo market first.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EarningsRow, Quote } from '@eh/contracts';
import {
  addDays,
  formatPercent,
  isTradingDay,
  MS_PER_MINUTE,
  nextTradingDay,
  nyDate,
  nyToUtc,
  tradingHours,
  weekWindow,
} from '@eh/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../server/test/integration/faults/services.ts';
import { copySeededTemplate } from '../../server/test/seeded-template.ts';
import { fileBrowser, openPage, screenshot } from './browser.ts';
import { presetPreferences, weekRows } from './calendar-data.ts';
import { historyComplete } from './server-ready.ts';
import { shiftDate } from './shifted-clock.ts';
import { idToken, PRO } from './support.ts';

const SHIFTED_CLOCK = new URL('./shifted-clock.ts', import.meta.url).pathname;

/**
 * How far ahead the clock must run to stand inside a regular session with time to spare: none inside one (from a
 * quarter hour after the open to three quarters before the close), else to the next trading morning at 10:00.
 */
function offsetIntoSession(now: Date): number {
  const today = nyDate(now);
  const hours = isTradingDay(today) ? tradingHours(today) : null;
  if (
    hours &&
    now.getTime() >= hours.open.getTime() + 15 * MS_PER_MINUTE &&
    now.getTime() <= hours.close.getTime() - 45 * MS_PER_MINUTE
  )
    return 0;
  const day = hours && now.getTime() < hours.open.getTime() ? today : nextTradingDay(today);
  return nyToUtc(day, '10:00').getTime() - now.getTime();
}

let browser: Browser;
let server: ServerProcess | undefined;
let baseUrl = '';
const offsetMs = offsetIntoSession(new Date());
const dataDir = mkdtempSync(join(tmpdir(), 'eh-e2e-clock-'));
/** The server's clock. */
const serverNow = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  browser = await fileBrowser();
  await copySeededTemplate(dataDir);
  server = await startServerProcess(
    { DATA_DIR: dataDir, E2E_CLOCK_OFFSET_MS: String(offsetMs), IDP_RATE_LIMIT_MAX: '100000' },
    ['--import', SHIFTED_CLOCK],
  );
  baseUrl = server.url.replace('localhost', '127.0.0.1');
  await historyComplete(baseUrl, 240_000, () => server?.output() ?? '');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (server?.alive()) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** A report due after today, this week or next, not reported yet: the biggest company first. */
async function laterReport(): Promise<{ monday: string; row: EarningsRow }> {
  const today = nyDate(serverNow());
  for (const monday of [weekWindow(today).start, addDays(weekWindow(today).start, 7)]) {
    const row = (await weekRows(baseUrl, monday))
      .filter((candidate) => candidate.date > today && candidate.epsActual === null && candidate.epsEstimate !== null)
      .sort((a, b) => (b.marketCap ?? 0) - (a.marketCap ?? 0))[0];
    if (row) return { monday, row };
  }
  throw new Error(`no report due after ${today} this week or next`);
}

describe('a report that lands ahead of its date', () => {
  it("shows on the Pro member's calendar how the stock has moved since, following the live price", async () => {
    const { monday, row } = await laterReport();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await context.addInitScript(shiftDate, offsetMs);
      // The symbol's quotes as the socket brings them, each with the move the row should then tell; and the moment
      // the socket follows the calendar's events (results landing before it would reach no one on the page).
      const ticks: { at: string; figure: string }[] = [];
      let subscribed = () => {};
      const following = new Promise<void>((resolve) => {
        subscribed = resolve;
      });
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          const message = JSON.parse(String(payload)) as { type: string; data?: unknown };
          if (message.type === 'subscribed') subscribed();
          const quotes =
            message.type === 'quotes'
              ? (message.data as Quote[])
              : message.type === 'quote'
                ? [message.data as Quote]
                : [];
          for (const quote of quotes)
            if (quote.symbol === row.symbol && quote.prevClose)
              ticks.push({
                at: quote.quotedAt,
                figure: `${formatPercent(((quote.price - quote.prevClose) / quote.prevClose) * 100, { digits: 1 })} today`,
              });
        }),
      );
      await presetPreferences(page, {
        earningsSettings: { calendarView: 'list', filter: 'all', sort: 'popularity', autoExpandHiddenSymbols: true },
      });
      await page.goto(`/earnings-list/week-of/${monday}?selectedDate=${row.date}&token=${await idToken(PRO, baseUrl)}`);
      await page.getByTestId('calendar-loading').waitFor({ state: 'detached', timeout: 30_000 });
      const entry = page.locator(`[data-testid="calendar-entry"][data-symbol="${row.symbol}"]`).first();
      await entry.waitFor({ timeout: 15_000 });
      // Before its results the row has no move of its own (a typical move reads ±).
      expect(await entry.getByTestId('report-move').count()).toBe(0);

      await following;
      const admin = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
      const report = await fetch(`${baseUrl}/api/admin/demo/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': admin },
        body: JSON.stringify({ symbol: row.symbol }),
      });
      expect(report.status, await report.clone().text()).toBe(200);
      expect(((await report.json()) as { earningsId: number }).earningsId).toBe(row.id);

      // The row says how far the price stands from yesterday's close, as the last quotes the socket brought say it;
      // then again from a later tick, so the figure follows the price.
      const move = entry.getByTestId('report-move');
      let seenAt = '';
      for (let look = 0; look < 2; look += 1) {
        await expect
          .poll(
            async () => {
              const shown = (await move.getAttribute('aria-label', { timeout: 1_000 }).catch(() => null)) ?? 'none';
              // The page draws a tick a moment after it arrives: the last three are each the figure it may show.
              const recent = ticks.slice(-3).filter((tick) => tick.at > seenAt);
              const match = recent.find((tick) => shown.includes(tick.figure));
              if (!match) return `shown: ${shown}; ticks: ${recent.map((tick) => tick.figure).join(', ') || 'none'}`;
              seenAt = match.at;
              return 'matches';
            },
            // A loaded machine (CI at load 16) takes seconds to patch the row and start quoting it.
            { timeout: 45_000, interval: 250 },
          )
          .toBe('matches');
      }
      await screenshot(page, 'calendar-early-report-move-desktop-light');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 150_000);
});
