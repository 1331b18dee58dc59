import type { CalendarEvent } from '@eh/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callTime } from '../src/features/calls/calls-model.ts';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { api, proToken, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Calls = { events: CalendarEvent[]; hasMore: boolean };

/** The rows the page shows, in order: event id, symbol, time. */
async function shownRows(page: Page): Promise<{ id: number; symbol: string; time: string }[]> {
  return page.getByTestId('call-row').evaluateAll((rows) =>
    rows.map((row) => ({
      id: Number(row.getAttribute('data-event-id')),
      symbol: row.getAttribute('data-symbol') ?? '',
      time: row.querySelector('[data-testid="call-time"]')?.textContent ?? '',
    })),
  );
}

describe('/calls', () => {
  it('lists the live and upcoming calls, then the recorded ones, as the API has them, in the reader’s zone', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      const upcoming = await api<Calls>('/events?type=call&status=live,upcoming&limit=50');
      const recorded = await api<Calls>('/events?type=call&status=closed&limit=50');
      expect(upcoming.events.length).toBeGreaterThan(0);
      expect(recorded.events.length).toBeGreaterThan(0);

      await page.goto('/calls', { waitUntil: 'networkidle' });
      await page.getByTestId('call-row').first().waitFor();
      expect(await page.title()).toContain('Earnings calls');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('time zone');
      expect(await page.getByTestId('calls-note').innerText()).toContain('Open a live call');
      const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      // The API read again beside the page: a demo call can go live or end between two reads (the page follows it
      // over the socket), so the two are compared until they agree.
      let live: Calls['events'] = [];
      const difference = async () => {
        const now = await api<Calls>('/events?type=call&status=live,upcoming&limit=50');
        live = now.events.filter((e) => e.eventStatus === 'live');
        const later = now.events.filter((e) => e.eventStatus === 'upcoming');
        const expected = [...live, ...later].map((e) => ({
          id: e.id,
          symbol: e.symbol ?? '',
          time: callTime(e.eventDate, zone),
        }));
        const shown = await shownRows(page);
        return JSON.stringify(shown) === JSON.stringify(expected) ? null : { shown, expected };
      };
      await expect.poll(difference).toBeNull();
      if (live.length === 0) {
        expect(await page.getByTestId('calls-live').getByTestId('empty-state').innerText()).toContain(
          'No earnings call is live',
        );
      }
      expect(await seriousViolations(page)).toEqual([]);

      // The recorded tab: newest first, as the API lists them; the tab is in the address.
      await page.getByTestId('calls-tab-recorded').click();
      await page.waitForURL((url) => url.searchParams.get('tab') === 'recorded');
      await page.getByTestId('calls-recorded').getByTestId('call-row').first().waitFor();
      expect((await shownRows(page)).map((row) => row.id)).toEqual(recorded.events.map((e) => e.id));
      expect(await seriousViolations(page)).toEqual([]);

      // A recorded call with a transcript leads to its transcript page.
      const withTranscript = recorded.events.find((e) => e.details.hasTranscript === true);
      if (!withTranscript) throw new Error('the demo market has no recorded call with a transcript');
      const row = page.locator(`[data-testid="call-row"][data-event-id="${withTranscript.id}"]`);
      await row.getByTestId('call-transcript').click();
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

  it('opens a call’s own page, and the company’s events for a call without a transcript', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      const recorded = await api<Calls>('/events?type=call&status=closed&limit=50');
      const plain = recorded.events.find((e) => e.details.hasTranscript !== true && e.symbol);
      if (!plain) throw new Error('every recorded call has a transcript');
      await page.goto('/calls?tab=recorded', { waitUntil: 'networkidle' });
      const row = page.locator(`[data-testid="call-row"][data-event-id="${plain.id}"]`);
      await row.getByTestId('call-company').click();
      await page.waitForURL((url) => url.pathname === `/${plain.symbol}/events/${plain.id}`);
      expect(await page.getByTestId('event-title').innerText()).toBe(plain.title);
      expect(await page.getByTestId('event-status').innerText()).toBe('Finished');
      expect(await page.title()).toContain(plain.title);
      await page.getByTestId('event-symbol-events').click();
      await page.waitForURL((url) => url.pathname === `/quote/${plain.symbol}/events`);
      await page.getByTestId('events-list').waitFor();

      // A symbol that is not the event's own moves to the event's own address.
      await page.goto(`/ZZZZ/events/${plain.id}`, { waitUntil: 'networkidle' });
      await page.waitForURL((url) => url.pathname === `/${plain.symbol}/events/${plain.id}`);
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
  it.each(SCREENS)('opens from a gated tab, at %s width, %s', async (viewport, colorScheme) => {
    const { context, page, errors } = await openPage(browser, baseUrl, { viewport, colorScheme });
    try {
      await page.goto('/quote/AAPL/analysts', { waitUntil: 'networkidle' });
      const prompt = page.getByTestId('upgrade-prompt').first();
      expect(await prompt.getAttribute('data-feature')).toBe('analystRatings');
      await prompt.getByRole('button', { name: 'Upgrade to Plus' }).click();
      const modal = page.getByTestId('upgrade-modal');
      await modal.waitFor();
      expect(await modal.getAttribute('data-feature')).toBe('analystRatings');
      expect(await modal.getAttribute('data-plan')).toBe('earningshub_plus');
      expect(await page.getByTestId('upgrade-feature').innerText()).toBe('Unlock analyst ratings with Plus');
      expect(await page.getByTestId('upgrade-current-plan').innerText()).toContain('signed out');
      // What Plus adds over Free, the feature that stopped the reader first.
      const adds = page.getByTestId('upgrade-adds').locator('li');
      expect(await adds.first().innerText()).toBe('Analyst ratings and price targets');
      expect(await page.getByTestId('upgrade-adds').innerText()).toContain('Unlimited stock lists');
      expect(await page.getByTestId('upgrade-adds').innerText()).not.toContain('EHS');
      // Test billing sells the plans: the modal's button buys Plus (signed out, signing in comes first there).
      expect(await page.getByTestId('modal-upgrade').getByTestId('not-for-sale').count()).toBe(0);
      expect(await page.getByTestId('upgrade-buy').innerText()).toBe('Upgrade to Plus');
      await screenshot(page, `upgrade-modal-${viewport}-${colorScheme}`);
      expect(await seriousViolations(page)).toEqual([]);

      if (viewport === 'desktop' && colorScheme === 'light') {
        // Signed out: the sign-in button opens the sign-in modal.
        await page.getByTestId('upgrade-sign-in').click();
        await page.getByTestId('modal-signIn').waitFor();
        await page.getByTestId('modal-upgrade').waitFor({ state: 'detached' });
        await page.keyboard.press('Escape');
        await prompt.getByRole('button', { name: 'Upgrade to Plus' }).click();
        await modal.waitFor();
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

  it('names the plan a pro-only gate needs', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/quote/AAPL/ehs', { waitUntil: 'networkidle' });
      const prompt = page.locator('[data-testid="upgrade-prompt"][data-feature="ehs"]').first();
      await prompt.getByRole('button', { name: 'Upgrade to Pro' }).click();
      await page.getByTestId('upgrade-modal').waitFor();
      expect(await page.getByTestId('upgrade-modal').getAttribute('data-plan')).toBe('earningshub_pro');
      expect(await page.getByTestId('upgrade-feature').innerText()).toBe('Unlock EHS scores with Pro');
      // Signed out the reader has Free's features: Pro adds the lists and the paid features as well as EHS.
      const adds = await page.getByTestId('upgrade-adds').innerText();
      expect(adds.split('\n')[0]).toBe('EHS scores and the EH500');
      expect(adds).toContain('Analyst ratings and price targets');
    } finally {
      await context.close();
    }
  });
});

describe('the choose-plan modal', () => {
  it('lists the four plans with the reader’s own marked', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, { viewport: 'phone', colorScheme: 'dark' });
    try {
      await page.goto(`/profile?token=${await proToken()}`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Choose a plan' }).click();
      const modal = page.getByTestId('choose-plan');
      await modal.waitFor();
      const plans = await modal
        .locator('section[data-testid^="plan-"]')
        .evaluateAll((cards) => cards.map((card) => [card.getAttribute('data-testid'), card.dataset.current ?? '']));
      expect(plans).toEqual([
        ['plan-free', ''],
        ['plan-earningshub_plus', ''],
        ['plan-earningshub_pro', 'true'],
        ['plan-earningshub_team', ''],
      ]);
      expect(await modal.getByTestId('current-plan').innerText()).toBe('Your plan');
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
