/**
 * A visitor who is not signed in, in Chromium against the real server, on one page: lands on the home (its market
 * sections filled by the server; axe), reads /welcome (axe), takes the tour from there and walks it to its end: each
 * stop lands on its real page showing the demo market's data (the week's reports, NVDA's quarters against
 * estimates, a call live now, the latest recorded call's transcript page, a stock's header with Add to list and Add
 * to alerts, the plans), with the tour bar saying which step it is; Finish ends it. What each screen shows for an
 * answer is tested with the API answered by the test: features/home/*.test.tsx, features/welcome/welcome-page.test.tsx
 * (signed out and signed in), features/demo/demo-page.test.tsx (Back, Show me, going on, ×, the fallbacks of the
 * call stops). The signed-in /welcome is read at the end of onboarding.test.ts. Screenshots: demo-tour.screens.ts.
 */
import type { CalendarEvent } from '@eh/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TOUR_STEPS } from '../src/features/demo/tour-model.ts';
import { fileBrowser, navigateInApp, openPage } from './browser.ts';
import { api, expectHealthyPage, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
beforeAll(async () => {
  browser = await fileBrowser();
  ({ context, page, errors } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

type Calls = { events: CalendarEvent[] };

/** The tour bar over the page, once it shows the step (1-based in its words). */
async function barAt(step: number) {
  const bar = page.getByTestId('tour-bar');
  await expect.poll(() => bar.getAttribute('data-step'), { timeout: 15_000 }).toBe(String(step));
  expect(await bar.getByTestId('tour-bar-title').innerText()).toBe(
    `Tour: step ${step + 1} of ${TOUR_STEPS.length} · ${TOUR_STEPS[step]?.title}`,
  );
}

/** Next, then the stop's page (the bar moves first, the page once its code is in). */
async function next(step: number, lands: (path: string) => boolean) {
  await page.getByTestId('tour-next').click();
  await page.waitForURL((url) => lands(url.pathname), { timeout: 15_000 });
  await barAt(step);
}

describe('a visitor', () => {
  it('lands on the home, its market sections filled by the server', async () => {
    const gainers = await api<{ assets: { symbol: string }[] }>('/pricing/assets/info/movers?type=gainers&limit=10');
    expect(gainers.assets.length).toBeGreaterThan(0);
    await page.goto('/', { waitUntil: 'networkidle' });
    expect(await page.title()).toContain('Earnings this week');
    const rows = page.getByTestId('gainers-rows').getByTestId('quote-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(gainers.assets.length);
    expect(await rows.first().innerText()).toContain(gainers.assets[0]?.symbol);
    await page.getByTestId('calendar-rows').getByTestId('date-status').first().waitFor();
    await page.getByTestId('score-rows').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('reads /welcome, and takes the tour from it', async () => {
    await navigateInApp(page, '/welcome');
    await expectHealthyPage(page, '/welcome');
    await page.getByTestId('welcome-account').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('welcome-browse').getByTestId('welcome-tour').click();
    await page.waitForURL('**/demo');
    // The address changes before the tour's lazily loaded page replaces the welcome page.
    await page.getByTestId('tour-step').first().waitFor();
    await expectHealthyPage(page, '/demo');
    expect(await page.locator('main h1').innerText()).toBe('Take the tour');
    expect(await page.getByTestId('tour-step').count()).toBe(TOUR_STEPS.length);
    expect(await page.getByTestId('tour-provenance').innerText()).toContain('demo market');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('walks the tour through every stop, each on its real page with the market’s data', async () => {
    // 1. The calendar: this week's reports, before and after the market, each with its date's status.
    await page.getByTestId('tour-start').click();
    await page.waitForURL('**/earnings-calendar/this-week');
    await barAt(0);
    await page.getByTestId('calendar-entry').first().waitFor();
    expect(await page.getByTestId('date-status').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page, '[data-testid="tour-bar"]')).toEqual([]);

    // 2. NVDA's quarters against the estimates (the reported quarter has its EPS).
    await next(1, (path) => path === '/quote/NVDA/earnings');
    await page.getByTestId('earnings-table').locator('tbody tr').first().waitFor();
    expect(await page.getByTestId('earnings-table').innerText()).toMatch(/\$\d+\.\d\d/);

    // 3. A call live now (the demo replays one every two minutes), else the calls page.
    await next(2, (path) => path === '/calls' || /\/events\/\d+$/.test(path));
    const path = new URL(page.url()).pathname;
    const live = (await api<Calls>('/events?type=call&status=live&limit=50')).events;
    const eventId = path.match(/^\/[A-Z.]+\/events\/(\d+)$/)?.[1];
    if (eventId) {
      const event = await api<CalendarEvent>(`/events/${eventId}`);
      expect(event.eventType).toBe('call');
      // Live when the tour chose it (it may have ended since: replays last about five minutes).
      expect(['live', 'closed']).toContain(event.eventStatus);
      expect(await page.getByTestId('event-title').innerText()).toBe(event.title);
      await page.getByTestId('live-transcript').waitFor();
    } else {
      expect(live, 'the tour opened /calls while a call was live').toEqual([]);
      expect(path).toBe('/calls');
      await page.getByTestId('call-row').first().waitFor();
    }

    // 4. The latest recorded call's transcript page (the text and summary need Plus: its files and heading show).
    await next(3, (path) => /^\/quote\/[^/]+\/\d{4}\//.test(path) || path === '/calls');
    const transcript = new URL(page.url()).pathname.match(/^\/quote\/([A-Z.]+)\/(\d{4})\/(Q\d|FY)$/);
    expect(transcript, page.url()).not.toBeNull();
    const heading = await page.getByTestId('transcript-heading').innerText();
    expect(heading).toContain(transcript?.[1] ?? '?');
    expect(heading).toContain(transcript?.[3] ?? '?');

    // 5. Lists and alerts: signed out, a stock's page whose header adds to both.
    await next(4, (path) => path === '/quote/AAPL');
    await page.getByTestId('add-alert').waitFor();
    expect(await page.locator('main').innerText()).toContain('Add to list');

    // 6. The plans, then Finish ends the tour (the bar goes, and stays gone on the next page).
    await next(5, (path) => path === '/pricing');
    await page.getByTestId('plan-earningshub_plus').waitFor();
    expect(await page.getByTestId('tour-next').count()).toBe(0);
    await page.getByTestId('tour-finish').click();
    await page.getByTestId('tour-bar').waitFor({ state: 'detached' });
    await navigateInApp(page, '/calls');
    await page.getByTestId('call-row').first().waitFor();
    expect(await page.getByTestId('tour-bar').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);
});
