/**
 * The calendar feed on the profile, in Chromium against the real server, as the free demo user (the feed is open
 * to every signed-in user): turn it on, the link shown fetches as a calendar an RFC 5545 parser reads (ical.js),
 * copy it, the Google and Apple buttons carry it, get a new link (the old one answers 404), turn it off.
 * Screenshots at both widths in both themes.
 */
import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { FREE, holdDuringFile, idToken, seriousViolations, toast } from './support.ts';

const baseUrl = inject('baseUrl');
const SYMBOL = 'AAPL';

// The free demo member's alerts and feed change here: one such file at a time (locks.ts).
holdDuringFile('demo-accounts');

let browser: Browser;
let token: string;
let hadAlert = false;

async function api(path: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  return res.json() as Promise<any>;
}

const feedUrl = (page: Page) => page.getByTestId('calendar-feed-url').inputValue();

beforeAll(async () => {
  browser = await launchBrowser();
  token = await idToken(FREE);
  // A known start: the feed off, and an alert on AAPL so the feed has a symbol whatever ran before.
  await api('/core/users/me/calendar-feed', { method: 'DELETE' });
  const { alerts } = await api('/earnings/alerts');
  hadAlert = alerts.some((alert: { symbol: string }) => alert.symbol === SYMBOL);
  if (!hadAlert) await api('/earnings/alerts', { method: 'POST', body: JSON.stringify({ symbol: SYMBOL }) });
});
afterAll(async () => {
  await browser?.close();
  if (token) {
    await api('/core/users/me/calendar-feed', { method: 'DELETE' });
    if (!hadAlert) await api(`/earnings/alerts/${SYMBOL}`, { method: 'DELETE' });
  }
});

describe('the calendar feed on the profile', () => {
  it('turns on, shows a link that fetches as a calendar, rotates and turns off', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto(`/profile?token=${token}`);
    const section = page.getByTestId('calendar-feed');
    await section.getByRole('heading', { name: 'Calendar feed' }).waitFor();
    await page.getByTestId('calendar-feed-on').click();
    const urlField = page.getByTestId('calendar-feed-url');
    await urlField.waitFor();
    const first = await feedUrl(page);
    expect(first).toMatch(
      new RegExp(`^${baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`),
    );

    // The link is a calendar: text/calendar, parsed by a real parser, with the AAPL alert's reports.
    const res = await fetch(first);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const summaries = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event).summary);
    expect(summaries.some((summary) => summary.startsWith(`${SYMBOL} earnings`))).toBe(true);

    // The buttons carry it: Google's subscribe page with the webcal address, and the webcal address itself.
    const webcal = first.replace(/^http:\/\//, 'webcal://');
    expect(await page.getByTestId('calendar-feed-apple').getAttribute('href')).toBe(webcal);
    const google = new URL((await page.getByTestId('calendar-feed-google').getAttribute('href')) ?? '');
    expect(`${google.origin}${google.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('cid')).toBe(webcal);
    // This server is on 127.0.0.1, which Google cannot reach: the section says so.
    await page.getByTestId('calendar-feed-private-host').waitFor();

    await section.scrollIntoViewIfNeeded();
    expect(await seriousViolations(page, '[data-testid="calendar-feed"]')).toEqual([]);
    for (const [viewport, scheme] of SCREENS) {
      await showAs(page, viewport, scheme);
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `profile-calendar-feed-${viewport}-${scheme}`);
    }
    await showAs(page, 'desktop', 'light');

    await page.getByTestId('calendar-feed-copy').click();
    expect(await toast(page)).toBe('Calendar link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    // Gone before the next screenshots, which it would cover.
    await page.getByTestId('toast').waitFor({ state: 'hidden', timeout: 15_000 });

    // A new link: a confirm first, then the old link answers 404 and the new one 200.
    await page.getByTestId('calendar-feed-rotate').click();
    const confirm = page.getByTestId('calendar-feed-rotate-confirm');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Your current link stops working at once');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-calendar-feed-rotate-confirm-desktop-light');
    await showAs(page, 'phone', 'light');
    await confirm.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-calendar-feed-rotate-confirm-phone-light');
    await showAs(page, 'desktop', 'light');
    await page.getByTestId('calendar-feed-rotate-yes').click();
    await expect.poll(() => feedUrl(page)).not.toBe(first);
    const second = await feedUrl(page);
    expect((await fetch(first)).status).toBe(404);
    expect((await fetch(second)).status).toBe(200);
    expect((await api('/core/users/me/calendar-feed')).feed.url).toBe(second);

    // Off: the link answers 404 and the section offers to turn it on again.
    await page.getByTestId('calendar-feed-off').click();
    await page.getByTestId('calendar-feed-on').waitFor();
    expect((await fetch(second)).status).toBe(404);
    expect(await api('/core/users/me/calendar-feed')).toEqual({ feed: null });
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'profile-calendar-feed-off-desktop-light');
    expect(errors).toEqual([]);
    await context.close();
  });
});
