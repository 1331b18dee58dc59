/**
 * A season week of 1,400 reports (the busiest real weeks carry 1,300+) must stay smooth: the calendar draws only
 * what is near the screen, at each width, and every report is reached by scrolling. The rows are real: a server of
 * its own, with the reports written by the ingestion writer from a scripted provider (a vendor stand-in), read back
 * through the calendar API by the browser. What a busy week shows (the counts, the order from Monday before the
 * open to Friday's unannounced reports, the date marks, a phone's chosen day alone) is tested on its own screen with
 * the API answered by the test: features/calendar/calendar-board.test.tsx.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, FISCAL_PERIODS, weekWindow } from '@eh/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.ts';
import { ingest } from '../../server/src/ingest/index.ts';
import type { AssetRecord, EarningsRecord } from '../../server/src/providers/index.ts';
import { type RunningServer, startServer } from '../../server/src/server.ts';
import { fakeProvider } from '../../server/test/fake-provider.ts';
import { fileBrowser, VIEWPORTS } from './browser.ts';
import { presetPreferences, scrollAndCollect } from './calendar-data.ts';

const REPORTS = 1400;
/** A Monday far from the demo market's dates, so the week holds only these reports. */
const WEEK = weekWindow('2031-03-03');

/** Every company reports once that week, most mid-week, before the open or after the close, a tenth unannounced. */
function season(): { assets: AssetRecord[]; earnings: EarningsRecord[] } {
  const assets: AssetRecord[] = [];
  const earnings: EarningsRecord[] = [];
  const dayWeights = [0.1, 0.25, 0.3, 0.25, 0.1];
  for (let i = 0; i < REPORTS; i += 1) {
    const symbol = `ZS${String(i).padStart(4, '0')}`;
    assets.push({
      symbol,
      type: 'stock',
      name: `Season Company ${i} Inc.`,
      exchange: i % 3 === 0 ? 'NYSE' : 'NASDAQ',
      marketCap: Math.round(2e12 / (1 + i) ** 1.1),
      popularity: REPORTS - i,
    });
    let spot = (i * 0.6180339887) % 1;
    let day = 0;
    while (day < dayWeights.length - 1 && spot > (dayWeights[day] ?? 0)) {
      spot -= dayWeights[day] ?? 0;
      day += 1;
    }
    const timing = i % 10 === 9 ? null : i % 2 === 0 ? '07:30' : '16:05';
    earnings.push({
      symbol,
      type: 'stock',
      periodYear: 2031,
      period: FISCAL_PERIODS[0],
      date: WEEK.days[day] ?? WEEK.start,
      time: timing,
      session: timing === null ? null : timing < '09:30' ? 'before' : 'after',
      dateStatus: i % 4 === 3 ? 'estimated' : 'confirmed',
      epsEstimate: 0.5 + (i % 50) / 10,
      revenueEstimate: 1e9 + i * 1e6,
      estimateCount: 5 + (i % 20),
    });
  }
  return { assets, earnings };
}

/** The reports of the busiest day, Wednesday (a phone shows one day). */
const BUSIEST_DAY = addDays(WEEK.start, 2);
const onBusiestDay = season().earnings.filter((row) => row.date === BUSIEST_DAY).length;

let server: RunningServer;
let dataDir: string;
let browser: Browser;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'eh-e2e-season-'));
  server = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      RATE_LIMIT_MAX: '100000',
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    }),
  );
  const { assets, earnings } = season();
  const report = await ingest(server.ctx.db, fakeProvider('season', { assets: [assets], earnings: [earnings] }));
  const written = report.datasets.find((d) => d.dataset === 'earnings');
  expect(written?.added).toBe(REPORTS);
  // The week is served back whole through the calendar API (and its first, coldest answer is out of the way).
  const res = await fetch(`${server.url}/api/pricing/assets/earnings/calendar?start=${WEEK.start}&end=${WEEK.end}`);
  expect(((await res.json()) as { earnings: unknown[] }).earnings).toHaveLength(REPORTS);
  browser = await fileBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const EVERYTHING = {
  earningsSettings: { calendarView: 'list', filter: 'all', newsTypes: [], sort: 'time', autoExpandHiddenSymbols: true },
};

async function open(path: string, viewport: keyof typeof VIEWPORTS): Promise<Page> {
  // The browser resolves no host names but 127.0.0.1 (browser.ts).
  const baseURL = server.url.replace('localhost', '127.0.0.1');
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport] });
  const page = await context.newPage();
  await presetPreferences(page, EVERYTHING);
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.getByTestId('calendar-entry').first().waitFor({ timeout: 60_000 });
  return page;
}

describe('a season week of 1,400 reports', () => {
  it.each([
    ['list', 'desktop', `/earnings-list/week-of/${WEEK.start}`, 80],
    ['list', 'phone', `/earnings-list/week-of/${WEEK.start}`, 60],
    ['week', 'desktop', `/earnings-calendar/week-of/${WEEK.start}`, 200],
  ] as const)(
    'keeps the %s view at %s width to a screenful of elements and scrolls to the last report',
    async (_view, viewport, path, budget) => {
      const page = await open(path, viewport);
      try {
        // The count with its thousands separator stays here: a component test cannot be answered with 1,000+
        // reports (happy-dom empties a fetched answer past 64 KiB once RTK Query clones it).
        expect(
          await page
            .getByText(`${REPORTS.toLocaleString('en-US')} reports`)
            .first()
            .isVisible(),
        ).toBe(true);
        const initial = await page.getByTestId('calendar-entry').count();
        expect(initial).toBeGreaterThan(0);
        expect(initial).toBeLessThan(budget);

        const { seen, maxInDom, trace } = await scrollAndCollect(page);
        // Every report was reachable by scrolling, yet the page never held more than a screenful or so.
        expect(seen.size, trace).toBe(REPORTS);
        expect(maxInDom).toBeLessThan(budget);
      } finally {
        await page.context().close();
      }
    },
    // The walk may take 100 s on a loaded machine (scrollAndCollect), after the page's first load.
    180_000,
  );

  it("keeps a phone's busiest day to a screenful of elements and scrolls to its last report", async () => {
    const page = await open(`/earnings-calendar/week-of/${WEEK.start}?selectedDate=${BUSIEST_DAY}`, 'phone');
    try {
      const { seen, maxInDom, trace } = await scrollAndCollect(page);
      expect(seen.size, trace).toBe(onBusiestDay);
      expect(maxInDom).toBeLessThan(60);
    } finally {
      await page.context().close();
    }
  }, 180_000);
});
