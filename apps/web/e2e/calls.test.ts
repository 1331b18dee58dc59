/**
 * The calls page in the whole product: the journeys from a call in the list to its transcript and to its own page,
 * axe on both tabs, and the page at both widths in both themes; the upgrade and choose-plan modals on the way to
 * the plans. What the list shows (order, times in the reader's zone, tabs, empty states, the plan gate) and what
 * the modals say are component tests beside them (features/calls, features/pricing).
 */
import type { CalendarEvent } from '@eh/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { api, proToken, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await fileBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Calls = { events: CalendarEvent[]; hasMore: boolean };

const recordedCalls = () => api<Calls>('/events?type=call&status=closed&limit=50');
const rowOf = (event: CalendarEvent) => `[data-testid="call-row"][data-event-id="${event.id}"]`;

describe('/calls', () => {
  it('leads from a recorded call in the list to its transcript; both tabs pass axe', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      const withTranscript = (await recordedCalls()).events.find((e) => e.details.hasTranscript === true);
      if (!withTranscript) throw new Error('the demo market has no recorded call with a transcript');

      await page.goto('/calls', { waitUntil: 'networkidle' });
      await page.getByTestId('call-row').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByTestId('calls-tab-recorded').click();
      await page.getByTestId('calls-recorded').getByTestId('call-row').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.locator(rowOf(withTranscript)).getByTestId('call-transcript').click();
      await page.waitForURL(
        (url) =>
          url.pathname === `/quote/${withTranscript.symbol}/${withTranscript.periodYear}/${withTranscript.period}`,
      );
      expect(await page.getByTestId('transcript-heading').innerText()).toContain(withTranscript.symbol ?? '');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('leads on a phone from a recorded call to its own page, and on to the company’s events', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      const plain = (await recordedCalls()).events.find((e) => e.details.hasTranscript !== true && e.symbol);
      if (!plain) throw new Error('every recorded call has a transcript');
      await page.goto('/calls?tab=recorded', { waitUntil: 'networkidle' });
      await page.locator(rowOf(plain)).getByTestId('call-company').click();
      await page.waitForURL((url) => url.pathname === `/${plain.symbol}/events/${plain.id}`);
      await page.getByTestId('event-symbol-events').click();
      await page.waitForURL((url) => url.pathname === `/quote/${plain.symbol}/events`);
      await page.getByTestId('events-list').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('looks right at both widths in both themes', async () => {
    // One load, shown at each width in each theme (the app follows both live).
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/calls', { waitUntil: 'networkidle' });
      await page
        .getByTestId('call-row')
        .first()
        .waitFor()
        .catch((error: Error) => {
          throw new Error(`no call rows (${error.message.split('\n')[0]}); console: ${errors.join(' | ')}`);
        });
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `calls-${viewport}-${colorScheme}`);
        // Nothing runs off the side of a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), viewport).toBeLessThanOrEqual(
          await page.evaluate(() => window.innerWidth),
        );
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the upgrade modal', () => {
  it('opens from a gated tab, passes axe at both widths in both themes, and leads to the plans', async () => {
    // One load: the open modal is shown at each width in each theme (the app follows both live).
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/quote/AAPL/analysts', { waitUntil: 'networkidle' });
      await page.getByTestId('upgrade-prompt').first().getByRole('button', { name: 'Upgrade to Plus' }).click();
      await page.getByTestId('upgrade-modal').waitFor();
      // The prices are in: the modal is whole.
      await page.getByTestId('upgrade-buy').waitFor();
      for (const [viewport, colorScheme] of SCREENS) {
        await showAs(page, viewport, colorScheme);
        await screenshot(page, `upgrade-modal-${viewport}-${colorScheme}`);
        expect(await seriousViolations(page), `${viewport} ${colorScheme}`).toEqual([]);
      }
      await page.getByTestId('see-plans').click();
      await page.waitForURL((url) => url.pathname === '/pricing');
      await page.getByTestId('modal-upgrade').waitFor({ state: 'detached' });
      await page.getByTestId('plan-earningshub_pro').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the choose-plan modal', () => {
  it('opens from the profile and leads to the plans, with the reader’s own marked there', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, { viewport: 'phone', colorScheme: 'dark' });
    try {
      await page.goto(`/profile?token=${await proToken()}`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Choose a plan' }).click();
      const modal = page.getByTestId('choose-plan');
      await modal.getByTestId('current-plan').waitFor();
      await screenshot(page, 'choose-plan-modal-phone-dark');
      await page.getByTestId('modal-choosePlan').getByRole('link', { name: 'See plans' }).click();
      await page.waitForURL((url) => url.pathname === '/pricing');
      expect(await page.getByTestId('plan-earningshub_pro').getAttribute('data-current')).toBe('true');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
