/**
 * /demo and /welcome. A visitor who is not signed in walks the tour from /demo to its end: each stop lands
 * on its real page showing the demo market's data (the week's reports, NVDA's quarters against estimates, a call
 * live now, the latest recorded call's transcript page, a stock's header with Add to list and Add to alerts, the
 * plans), with the tour bar saying which step it is; Back goes back, Finish ends it. /welcome signed out offers an
 * account and the tour; signed in (a new account with one alert) it reads the account. axe, and screenshots of
 * /demo, a stop with its bar and /welcome at both widths in both themes.
 */
import type { CalendarEvent } from '@eh/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TOUR_STEPS } from '../src/features/demo/tour-model.ts';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { api, expectHealthyPage, idToken, newAccount, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Calls = { events: CalendarEvent[] };

/** The tour bar over the page, once it shows the step (1-based in its words). */
async function barAt(page: Page, step: number) {
  const bar = page.getByTestId('tour-bar');
  await expect.poll(() => bar.getAttribute('data-step'), { timeout: 15_000 }).toBe(String(step));
  expect(await bar.getByTestId('tour-bar-title').innerText()).toBe(
    `Tour: step ${step + 1} of ${TOUR_STEPS.length} · ${TOUR_STEPS[step]?.title}`,
  );
}

/** Next, then the stop's page (the bar moves first, the page once its code is in). */
async function next(page: Page, step: number, lands: (path: string) => boolean) {
  await page.getByTestId('tour-next').click();
  await page.waitForURL((url) => lands(url.pathname), { timeout: 15_000 });
  await barAt(page, step);
}

describe('/demo', () => {
  it('walks a visitor through every stop, each on its real page with the market’s data', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/demo', { waitUntil: 'networkidle' });
      await expectHealthyPage(page, '/demo');
      expect(await page.locator('main h1').innerText()).toBe('Take the tour');
      expect(await page.getByTestId('tour-step').count()).toBe(TOUR_STEPS.length);
      expect(await page.getByTestId('tour-provenance').innerText()).toContain('demo market');
      expect(await page.getByText(/arrives with/i).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);

      // 1. The calendar: this week's reports, before and after the market, each with its date's status.
      await page.getByTestId('tour-start').click();
      await page.waitForURL('**/earnings-calendar/this-week');
      await barAt(page, 0);
      await page.getByTestId('calendar-entry').first().waitFor();
      expect(await page.getByTestId('date-status').count()).toBeGreaterThan(0);
      expect(await seriousViolations(page, '[data-testid="tour-bar"]')).toEqual([]);

      // 2. NVDA's quarters against the estimates (the reported quarter has its EPS).
      await next(page, 1, (path) => path === '/quote/NVDA/earnings');
      const rows = page.getByTestId('earnings-table').locator('tbody tr');
      await rows.first().waitFor();
      expect(await page.getByTestId('earnings-table').innerText()).toMatch(/\$\d+\.\d\d/);

      // Back returns to the calendar, Next comes here again.
      await page.getByTestId('tour-back').click();
      await page.waitForURL('**/earnings-calendar/this-week');
      await barAt(page, 0);
      await next(page, 1, (path) => path === '/quote/NVDA/earnings');

      // 3. A call live now (the demo replays one every two minutes), else the calls page.
      await next(page, 2, (path) => path === '/calls' || /\/events\/\d+$/.test(path));
      const path = new URL(page.url()).pathname;
      const live = (await api<Calls>('/events?type=call&status=live&limit=50')).events;
      const eventId = path.match(/^\/[A-Z.]+\/events\/(\d+)$/)?.[1];
      if (eventId) {
        const event = (await api<CalendarEvent>(`/events/${eventId}`)) as CalendarEvent;
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
      await next(page, 3, (path) => /^\/quote\/[^/]+\/\d{4}\//.test(path) || path === '/calls');
      const transcript = new URL(page.url()).pathname.match(/^\/quote\/([A-Z.]+)\/(\d{4})\/(Q\d|FY)$/);
      expect(transcript, page.url()).not.toBeNull();
      const heading = await page.getByTestId('transcript-heading').innerText();
      expect(heading).toContain(transcript?.[1] ?? '?');
      expect(heading).toContain(transcript?.[3] ?? '?');

      // 5. Lists and alerts: signed out, a stock's page whose header adds to both.
      await next(page, 4, (path) => path === '/quote/AAPL');
      await page.getByTestId('add-alert').waitFor();
      expect(await page.locator('main').innerText()).toContain('Add to list');

      // 6. The plans, then Finish ends the tour (the bar goes, and stays gone on the next page).
      await next(page, 5, (path) => path === '/pricing');
      await page.getByTestId('plan-earningshub_plus').waitFor();
      expect(await page.getByTestId('tour-next').count()).toBe(0);
      await page.getByTestId('tour-finish').click();
      await page.getByTestId('tour-bar').waitFor({ state: 'detached' });
      await page.goto('/calls', { waitUntil: 'networkidle' });
      await page.getByTestId('call-row').first().waitFor();
      expect(await page.getByTestId('tour-bar').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('a stop opened with Show me starts the tour there; × ends it; screenshots', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/demo', { waitUntil: 'networkidle' });
      await page.getByTestId('tour-step').first().waitFor();
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `demo-${viewport}-${colorScheme}`);
      }
      // The results stop (the calendar's phone view shows one day, which may be a holiday without reports).
      await page.getByTestId('tour-show-results').click();
      await page.waitForURL('**/quote/NVDA/earnings');
      await barAt(page, 1);
      await page.getByTestId('earnings-table').locator('tbody tr').first().waitFor();
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `demo-tour-step-${viewport}-${colorScheme}`);
      }
      // Mid-tour, the tour page offers to go on where the reader was.
      await page.goto('/demo', { waitUntil: 'networkidle' });
      expect(await page.getByTestId('tour-resume').innerText()).toBe('Go on from step 2');
      await page.getByTestId('tour-resume').click();
      await barAt(page, 1);
      await page.getByTestId('tour-end').click();
      await page.getByTestId('tour-bar').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('/welcome', () => {
  it('signed out: an account or the tour; signed in: the account’s own first steps', async () => {
    const visitor = await openPage(browser, baseUrl);
    try {
      const page = visitor.page;
      await page.goto('/welcome', { waitUntil: 'networkidle' });
      await expectHealthyPage(page, '/welcome');
      await page.getByTestId('welcome-account').waitFor();
      expect(await page.getByText(/arrives with/i).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `welcome-${viewport}-${colorScheme}`);
      }
      await page.getByTestId('welcome-create-account').click();
      await page.getByTestId('modal-createAccount').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('welcome-browse').getByTestId('welcome-tour').click();
      await page.waitForURL('**/demo');
    } finally {
      await visitor.context.close();
    }

    // A new account with one alert and no list, signed in by a link (onboarding is deferred, not opened over it).
    const token = await idToken(await newAccount('welcome'));
    const added = await fetch(`${baseUrl}/api/earnings/alerts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ symbol: 'KO' }),
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const member = await openPage(browser, baseUrl);
    try {
      const page = member.page;
      await page.goto(`/welcome?token=${token}`, { waitUntil: 'networkidle' });
      const alerts = page.getByTestId('welcome-step-alerts');
      await expect.poll(() => alerts.getAttribute('data-done'), { timeout: 15_000 }).toBe('true');
      expect(await alerts.innerText()).toContain('On for 1 stock.');
      const list = page.getByTestId('welcome-step-list');
      await expect.poll(() => list.getAttribute('data-done'), { timeout: 15_000 }).toBe('false');
      expect(await list.innerText()).toContain('No list yet.');
      const plan = page.getByTestId('welcome-step-plan');
      await expect.poll(() => plan.getAttribute('data-done'), { timeout: 15_000 }).toBe('false');
      expect(await plan.innerText()).toContain('Free');
      // The page (the navigation's account button of a nameless account is not this file's: reported apart).
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await screenshot(page, 'welcome-signed-in-desktop-light');
      // The set-up is the onboarding modal.
      await page.getByTestId('welcome-onboarding').click();
      await page.getByTestId('modal-onboarding').waitFor();
    } finally {
      await member.context.close();
    }
  }, 60_000);
});
