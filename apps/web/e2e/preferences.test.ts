import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { api, apiAs, FREE, holdDuringFile, idToken, PRO, seriousViolations, toast } from './support.ts';

const baseUrl = inject('baseUrl');
const SETTINGS = '/core/users/me/settings';
const FAILED = 'Your settings could not be saved to your account. The previous ones are back.';

// The pro member's plan opens the slides; the files that change the demo members' plans wait (locks.ts).
holdDuringFile('demo-accounts', 'shared');

let browser: Browser;
let token: string;
let eventPath: string;

/** The account's synced preferences back to the SPEC §9 defaults, so each run starts alike. */
const resetSettings = () =>
  apiAs(token, SETTINGS, {
    method: 'POST',
    body: { settings: { slideshowDelay: 5000, sidePanelWidth: 30, recentComparisons: [] } },
  });

beforeAll(async () => {
  browser = await launchBrowser();
  token = await idToken(PRO);
  // The newest call with slides (the demo's bigger companies), opened at its event page.
  const { files } = await api<{ files: { symbol: string; eventId: number | null }[] }>(
    '/pricing/files/filter/slides?limit=5',
  );
  const file = files.find((f) => f.eventId !== null);
  if (!file) throw new Error('the demo market has no slides with an event');
  eventPath = `/${file.symbol}/events/${file.eventId}`;
  expect((await resetSettings()).status).toBe(200);
});
afterAll(async () => {
  if (token) await resetSettings();
  await browser?.close();
});

async function openEvent(page: Page) {
  await page.goto(`${eventPath}?token=${token}`);
  await page.getByTestId('slideshow').waitFor({ timeout: 20_000 });
}

/** Waits for the next settings POST and returns its status. */
const nextSave = (page: Page) =>
  page
    .waitForResponse((res) => res.url().endsWith(`/api${SETTINGS}`) && res.request().method() === 'POST')
    .then((res) => res.status());

describe('event slides and synced preferences', () => {
  it('a pro member’s slideshow delay, panel width and comparisons follow the account to another browser; a refused save rolls back', async () => {
    const first = await openPage(browser, baseUrl);
    const second = await openPage(browser, baseUrl);
    try {
      const a = first.page;
      const b = second.page;
      // The second browser is open first, with the defaults.
      await openEvent(b);
      expect(await b.getByTestId('slideshow').getAttribute('data-delay')).toBe('5000');
      await openEvent(a);
      const show = a.getByTestId('slideshow');
      const panel = a.getByTestId('side-panel');
      // SPEC §9 defaults.
      expect(await show.getAttribute('data-delay')).toBe('5000');
      expect(await panel.getAttribute('data-width')).toBe('30');
      expect(await a.getByTestId('slides-label').innerText()).toContain('not the company’s presentation');
      // The drawn deck advances by itself at the chosen delay.
      let saved = nextSave(a);
      await a.getByTestId('slideshow-delay').selectOption('2000');
      expect(await saved).toBe(200);
      await expect.poll(() => show.getAttribute('data-index'), { timeout: 4000 }).not.toBe('0');
      // Pausing and stepping by hand are slideshow.test.tsx's; here, the chosen delay follows the account.
      saved = nextSave(a);
      await a.getByTestId('slideshow-delay').selectOption('8000');
      expect(await saved).toBe(200);
      // The panel's edge, by keyboard: five steps wider.
      saved = nextSave(a);
      const handle = a.getByTestId('side-panel-handle');
      await handle.focus();
      for (let i = 0; i < 5; i += 1) await a.keyboard.press('ArrowLeft');
      expect(await handle.getAttribute('aria-valuenow')).toBe('40');
      expect(await saved).toBe(200);
      const box = await panel.boundingBox();
      const layout = await a.getByTestId('side-panel-layout').boundingBox();
      expect(box && layout ? Math.round((box.width / layout.width) * 100) : 0).toBe(40);
      // And by dragging its edge a tenth of the width to the left, then back.
      if (!box || !layout) throw new Error('no layout');
      const edge = { x: box.x - 8, y: box.y + 40 };
      await a.mouse.move(edge.x, edge.y);
      await a.mouse.down();
      await a.mouse.move(edge.x - layout.width * 0.1, edge.y, { steps: 4 });
      await a.mouse.up();
      await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe('50');
      saved = nextSave(a);
      await a.mouse.move(edge.x - layout.width * 0.1, edge.y);
      await a.mouse.down();
      await a.mouse.move(edge.x, edge.y, { steps: 4 });
      await a.mouse.up();
      await expect.poll(() => handle.getAttribute('aria-valuenow')).toBe('40');
      expect(await saved).toBe(200);
      // A comparison, kept as a recent one.
      saved = nextSave(a);
      await a.getByTestId('compare-input').fill('msft');
      await a.getByTestId('compare-submit').click();
      await a.getByTestId('compare-table').waitFor();
      expect(await saved).toBe(200);
      expect(await a.getByTestId('recent-comparisons').innerText()).toContain('MSFT');
      expect(await seriousViolations(a, '[data-testid="event-slides"]')).toEqual([]);

      // The other browser, loaded again by its sign-in link (a ?token= visit keeps no session to reload): the account's choices.
      await openEvent(b);
      await expect.poll(() => b.getByTestId('slideshow').getAttribute('data-delay')).toBe('8000');
      expect(await b.getByTestId('side-panel').getAttribute('data-width')).toBe('40');
      expect(await b.getByTestId('recent-comparisons').innerText()).toContain('MSFT');

      // The server refuses the next save: the change is undone and the reader told.
      await b.route(`**/api${SETTINGS}`, (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down","code":"X"}' })
          : route.continue(),
      );
      await b.getByTestId('slideshow-delay').selectOption('3000');
      expect(await b.getByTestId('slideshow').getAttribute('data-delay')).toBe('3000'); // applied at once
      expect(await toast(b)).toContain(FAILED);
      expect(await b.getByTestId('slideshow').getAttribute('data-delay')).toBe('8000');
      expect(await b.getByTestId('slideshow-delay').inputValue()).toBe('8000');
      await b.unroute(`**/api${SETTINGS}`);
      const stored = await apiAs<{ settings: Record<string, unknown> }>(token, SETTINGS);
      expect(stored.body.settings).toMatchObject({ slideshowDelay: 8000, sidePanelWidth: 40 });

      // Screenshots: paused on the EPS slide, both widths, both themes.
      await a.getByTestId('slide-next').click();
      while ((await show.getAttribute('data-index')) !== '1') await a.getByTestId('slide-next').click();
      await a.getByTestId('event-slides').scrollIntoViewIfNeeded();
      for (const [viewport, scheme] of SCREENS) {
        await showAs(a, viewport, scheme);
        // Below the sticky header.
        await a
          .getByTestId('event-slides')
          .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
        await screenshot(a, `event-slides-${viewport}-${scheme}`);
      }
      expect([...first.errors, ...second.errors].filter((e) => !e.includes('500'))).toEqual([]);
    } finally {
      await first.context.close();
      await second.context.close();
    }
    // Two browsers signed in as one account, each loading the event page: past 60 s with CI's three files at once.
  }, 120_000);

  it('a free member sees what the slides need instead of the slideshow, and the reports panel beside it', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto(`${eventPath}?token=${await idToken(FREE)}`);
      const section = page.getByTestId('event-slides');
      await section.getByTestId('upgrade-prompt').first().waitFor({ timeout: 20_000 });
      expect(await section.innerText()).toContain('earnings slides');
      expect(await page.getByTestId('slideshow').count()).toBe(0);
      expect(await page.getByTestId('side-panel').getAttribute('data-width')).toBe('30');
    } finally {
      await context.close();
    }
  });
});
