/**
 * The calendar feed a member turns on from the profile, in Chromium against the real server, as the free demo user
 * (the feed is open to every signed-in user): the link the page shows is the server's own address, and a calendar
 * app fetching it gets a calendar. What the section shows and does for each answer (the Google and Apple buttons,
 * copy, a new link after a confirm, off) is features/calendar-feed/calendar-feed-section.test.tsx; what the link
 * serves (RFC 5545 text, the member's reports, a replaced or revoked link's 404) is the server's:
 * test/service/calendar-feed.test.ts and test/integration/calendar-feed.test.ts. The screens are
 * calendar-feed.screens.ts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage } from './browser.ts';
import { apiAs, FREE, holdDuringFile, idToken, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');

// The free demo member's feed changes here: one such file at a time (locks.ts).
holdDuringFile('demo-accounts');

let browser: Browser;
let token: string;

const FEED = '/core/users/me/calendar-feed';

beforeAll(async () => {
  browser = await fileBrowser();
  token = await idToken(FREE);
  // A known start: the feed off.
  await apiAs(token, FEED, { method: 'DELETE' });
});
afterAll(async () => {
  await browser?.close();
  if (token) await apiAs(token, FEED, { method: 'DELETE' });
});

describe('the calendar feed on the profile', () => {
  it('turns on, and the link it shows serves the member’s calendar', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(`/profile?token=${token}`);
      const section = page.getByTestId('calendar-feed');
      await section.getByRole('heading', { name: 'Calendar feed' }).waitFor();
      await page.getByTestId('calendar-feed-on').click();
      const link = await page.getByTestId('calendar-feed-url').inputValue();
      expect(link).toMatch(
        new RegExp(`^${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`),
      );
      expect((await apiAs<{ feed: { url: string } | null }>(token, FEED)).body.feed?.url).toBe(link);

      const res = await fetch(link);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect((await res.text()).startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);

      await section.scrollIntoViewIfNeeded();
      expect(await seriousViolations(page, '[data-testid="calendar-feed"]')).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
