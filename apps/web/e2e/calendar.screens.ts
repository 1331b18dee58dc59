/**
 * The calendar's four views for people to look at (`npm run screenshots`; CI takes none), in the busiest week, with
 * every kind of event shown: each view loads once and is shown at both widths in both themes; the embed pins its
 * theme in the address, so it loads once per theme.
 */
import { formatMonthSlug, type IsoDate, yearMonthOf } from '@eh/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { fileBrowser, SCREENS, screenshot, showAs } from './browser.ts';
import { busiestDay, busiestWeek, openCalendarPage, type WeekCounts, weeksAround } from './calendar-data.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
let busy: WeekCounts;
let busyDay: IsoDate;
beforeAll(async () => {
  browser = await fileBrowser();
  const week = busiestWeek(await weeksAround(baseUrl, 90, 120));
  if (!week) throw new Error('the demo market has no season week');
  busy = week;
  busyDay = await busiestDay(baseUrl, busy.start);
});
afterAll(async () => {
  await browser?.close();
});

const TOGGLES = {
  calendarToggles: {
    estimatedDates: true,
    ipo: true,
    economic: true,
    fed: true,
    exDividend: false,
    dividendPayment: false,
    indices: false,
    myStocksOverview: true,
    calls: true,
  },
};

describe('the calendar', () => {
  it.each(['week', 'list', 'month', 'embed'] as const)('%s view', async (name) => {
    const urlFor = (colorScheme: 'light' | 'dark') =>
      ({
        week: `/earnings-calendar/week-of/${busy.start}?selectedDate=${busyDay}`,
        list: `/earnings-list/week-of/${busy.start}`,
        month: `/earnings-calendar/month/${formatMonthSlug(yearMonthOf(busy.start))}`,
        embed: `/embed/calendar?selectedDate=${busyDay}&theme=${colorScheme}`,
      })[name];
    const variants = name === 'embed' ? [...SCREENS].sort((a, b) => a[1].localeCompare(b[1])) : SCREENS;
    const opened: { url?: string; context?: BrowserContext; page?: Page } = {};
    try {
      for (const [viewport, colorScheme] of variants) {
        const url = urlFor(colorScheme);
        if (opened.page && opened.url === url) {
          await showAs(opened.page, viewport, colorScheme);
        } else {
          await opened.context?.close();
          Object.assign(
            opened,
            { url },
            await openCalendarPage(browser, baseUrl, url, { viewport, colorScheme, preferences: TOGGLES }),
          );
        }
        const page = opened.page as Page;
        if (name !== 'month') await page.getByTestId('calendar-entry').first().waitFor();
        await screenshot(page, `calendar-${name}-${viewport}-${colorScheme}`);
      }
    } finally {
      await opened.context?.close();
    }
  });
});
