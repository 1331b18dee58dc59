/**
 * Synced preferences against the real server, in Chromium: a pro member's slideshow delay, side panel width and
 * recent comparisons, chosen on a call's page, are saved to the account and come back on a device that has none of
 * them. The controls, the pointer and the keys, a refused save rolled back and the free member's upgrade prompt are
 * src/features/event-slides/event-slides-section.test.tsx; merging and batching are settings-sync's unit tests; the
 * screens are preferences.screens.ts.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage } from './browser.ts';
import { api, apiAs, holdDuringFile, idToken, PRO, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');
const SETTINGS = '/core/users/me/settings';

// The pro member's plan opens the slides; the files that change the demo members' plans wait (locks.ts).
holdDuringFile('demo-accounts', 'shared');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let eventPath: string;

/** The account's synced preferences back to the SPEC §9 defaults, so each run starts alike. */
const resetSettings = () =>
  apiAs(token, SETTINGS, {
    method: 'POST',
    body: { settings: { slideshowDelay: 5000, sidePanelWidth: 30, recentComparisons: [] } },
  });

beforeAll(async () => {
  browser = await fileBrowser();
  token = await idToken(PRO);
  // The newest call with slides (the demo's bigger companies), opened at its event page.
  const { files } = await api<{ files: { symbol: string; eventId: number | null }[] }>(
    '/pricing/files/filter/slides?limit=5',
  );
  const file = files.find((f) => f.eventId !== null);
  if (!file) throw new Error('the demo market has no slides with an event');
  eventPath = `/${file.symbol}/events/${file.eventId}`;
  expect((await resetSettings()).status).toBe(200);
  ({ context, page, errors } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  if (token) await resetSettings();
  await browser?.close();
});

/** The call's page signed in by its link (a ?token= visit keeps no session to reload). */
async function openEvent() {
  await page.goto(`${eventPath}?token=${token}`);
  await page.getByTestId('slideshow').waitFor({ timeout: 20_000 });
}

/** Runs `change` and returns the status of the settings POST it leads to. */
async function saved(change: () => Promise<unknown>): Promise<number> {
  const response = page.waitForResponse(
    (res) => res.url().endsWith(`/api${SETTINGS}`) && res.request().method() === 'POST',
  );
  await change();
  return (await response).status();
}

describe('synced preferences', () => {
  it('a pro member’s slideshow delay, panel width and comparison, chosen on a call’s page, follow the account to another device', async () => {
    await openEvent();
    const show = page.getByTestId('slideshow');
    // SPEC §9 defaults.
    expect(await show.getAttribute('data-delay')).toBe('5000');
    expect(await page.getByTestId('side-panel').getAttribute('data-width')).toBe('30');
    expect(await seriousViolations(page, '[data-testid="event-slides"]')).toEqual([]);

    expect(await saved(() => page.getByTestId('slideshow-delay').selectOption('8000'))).toBe(200);
    // The panel's edge, by keyboard: five steps wider, saved once.
    const handle = page.getByTestId('side-panel-handle');
    await handle.focus();
    expect(
      await saved(async () => {
        for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowLeft');
      }),
    ).toBe(200);
    expect(await handle.getAttribute('aria-valuenow')).toBe('40');
    expect(
      await saved(async () => {
        await page.getByTestId('compare-input').fill('msft');
        await page.getByTestId('compare-submit').click();
      }),
    ).toBe(200);
    await page.getByTestId('compare-table').waitFor();
    const stored = await apiAs<{ settings: Record<string, unknown> }>(token, SETTINGS);
    expect(stored.body.settings).toMatchObject({
      slideshowDelay: 8000,
      sidePanelWidth: 40,
      recentComparisons: ['MSFT'],
    });

    // Another device: nothing of these kept in the browser, the page loaded again by its sign-in link.
    await page.evaluate(() => localStorage.clear());
    await openEvent();
    await expect.poll(() => show.getAttribute('data-delay')).toBe('8000');
    expect(await page.getByTestId('side-panel').getAttribute('data-width')).toBe('40');
    expect(await page.getByTestId('recent-comparisons').innerText()).toContain('MSFT');
    expect(errors).toEqual([]);
  });
});
