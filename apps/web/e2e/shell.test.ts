import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REDIRECTS, ROUTE_PATHS } from '../src/app/routes.ts';
import { launchBrowser, openPage, SCREENS, screenshot, type ViewportName } from './browser.ts';
import { flag } from './support.ts';

const baseUrl = inject('baseUrl');

const MAINTENANCE_DEFAULT = 'We are upgrading our services and will be back shortly';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function expectHealthyPage(page: Page, path: string) {
  const h1 = page.locator('main h1').first();
  await h1.waitFor({ state: 'visible', timeout: 15_000 }).catch((error: Error) => {
    throw new Error(`${path}: no visible main heading (${error.message.split('\n')[0]})`);
  });
  expect(await page.getByText('Unexpected Application Error!').count(), `${path} shows the error page`).toBe(0);
  expect((await h1.innerText()).trim().length, `${path} has a heading`).toBeGreaterThan(0);
}

describe.each(['desktop', 'phone'] as ViewportName[])('every route at %s width', (viewport) => {
  it('renders each route of SPEC §2 without an error and without console errors', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl, { viewport });
    try {
      for (const path of ROUTE_PATHS) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await expectHealthyPage(page, path);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('redirects', () => {
  it('sends each legacy or alias path to its target', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      for (const [from, to] of Object.entries(REDIRECTS)) {
        await page.goto(from, { waitUntil: 'networkidle' });
        expect(new URL(page.url()).pathname, `${from} redirects`).toBe(to);
      }
    } finally {
      await context.close();
    }
  });
});

describe('unknown paths', () => {
  it('shows a not-found page, not an error', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/this/page/does/not/exist', { waitUntil: 'networkidle' });
      await expect(
        page
          .getByText(/page not found/i)
          .first()
          .isVisible(),
      ).resolves.toBe(true);
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('theme', () => {
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const isDark = (rgb: string) => {
    const [r = 255, g = 255, b = 255] = (rgb.match(/\d+/g) ?? []).map(Number);
    return (r + g + b) / 3 < 80;
  };

  it('follows ?theme=, then the stored choice, then the system preference', async () => {
    const { context, page } = await openPage(browser, baseUrl, { colorScheme: 'light' });
    try {
      await page.goto('/about', { waitUntil: 'networkidle' });
      expect(isDark(await background(page))).toBe(false);
      await page.goto('/about?theme=dark', { waitUntil: 'networkidle' });
      expect(isDark(await background(page))).toBe(true);
      await page
        .getByRole('button', { name: /toggle light\/dark theme/i })
        .first()
        .click();
      expect(isDark(await background(page))).toBe(false);
      await page.goto('/faq', { waitUntil: 'networkidle' });
      expect(isDark(await background(page))).toBe(false);
    } finally {
      await context.close();
    }
    const dark = await openPage(browser, baseUrl, { colorScheme: 'dark' });
    try {
      await dark.page.goto('/about', { waitUntil: 'networkidle' });
      expect(isDark(await background(dark.page))).toBe(true);
    } finally {
      await dark.context.close();
    }
  });
});

describe('maintenance mode', () => {
  it('replaces the whole app while the web flag is on, with the default or the server message', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await flag('ehMaintenanceModeWeb', true);
      await page.goto('/earnings-calendar/this-week', { waitUntil: 'networkidle' });
      const screen = page.getByTestId('maintenance-page');
      await screen.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await screen.innerText()).toContain(MAINTENANCE_DEFAULT);
      expect(await page.locator('nav').count()).toBe(0);
      await screenshot(page, 'maintenance-desktop-light');

      await flag('ehMaintenanceModeWeb', true, 'Back at noon ET with faster charts');
      await page.reload({ waitUntil: 'networkidle' });
      await screen.waitFor({ state: 'visible' });
      expect(await screen.innerText()).toContain('Back at noon ET with faster charts');

      await flag('ehMaintenanceModeWeb', false);
      await page.reload({ waitUntil: 'networkidle' });
      await expectHealthyPage(page, '/earnings-calendar/this-week');
      expect(await page.getByTestId('maintenance-page').count()).toBe(0);
    } finally {
      await flag('ehMaintenanceModeWeb', false);
      await context.close();
    }
  });

  it('ignores the mobile flag on the web', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await flag('ehMaintenanceModeMobile', true);
      await page.goto('/about', { waitUntil: 'networkidle' });
      await expectHealthyPage(page, '/about');
      expect(await page.getByTestId('maintenance-page').count()).toBe(0);
    } finally {
      await flag('ehMaintenanceModeMobile', false);
      await context.close();
    }
  });
});

describe('banner message', () => {
  it('shows the banner while the flag is on', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await flag('bannerMessage', true, 'Earnings season starts Monday');
      await page.goto('/about', { waitUntil: 'networkidle' });
      const banner = page.getByTestId('banner-message');
      await banner.waitFor({ state: 'visible', timeout: 15_000 });
      expect(await banner.innerText()).toContain('Earnings season starts Monday');
    } finally {
      await flag('bannerMessage', false);
      await context.close();
    }
  });
});

describe('feedback form', () => {
  it('posts valid feedback and shows the confirmation', async () => {
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/feedback', { waitUntil: 'networkidle' });
      await page
        .getByLabel(/message/i)
        .first()
        .fill('The calendar should show the call time in my timezone.');
      await page.getByRole('button', { name: /send/i }).click();
      await page.getByText(/your feedback reached the team/i).waitFor({ timeout: 15_000 });
    } finally {
      await context.close();
    }
  });
});

describe('screenshots', () => {
  const PAGES = [
    '/',
    '/earnings-calendar/this-week',
    '/quote/AAPL',
    '/about',
    '/faq',
    '/feedback',
    '/app-info',
    '/pricing',
  ];
  it.each(SCREENS)('saves %s %s screenshots of the main pages', async (viewport, colorScheme) => {
    const { context, page } = await openPage(browser, baseUrl, { viewport, colorScheme });
    try {
      for (const path of PAGES) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await expectHealthyPage(page, path);
        const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '_');
        await screenshot(page, `${name}-${viewport}-${colorScheme}`);
      }
    } finally {
      await context.close();
    }
  });
});
