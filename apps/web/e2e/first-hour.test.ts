/**
 * "A newcomer's first hour": what a pro member, a free member and a visitor met in their first hour,
 * checked in the browser. Plan-gated answers for a signed-in pro, the account menu, the menu's product pages,
 * the tabs a coin gets, and every table reachable to its last column at phone and desktop widths.
 */
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs, type ViewportName } from './browser.ts';
import { type Account, acquire, FREE, holdDuringFile, LOCK_WAIT_MS, PRO, release } from './support.ts';

const baseUrl = inject('baseUrl');

// The demo members sign in and the pro member's alerts change here: one such file at a time (locks.ts).
holdDuringFile('demo-accounts');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Generous waits: the machine this runs on may be shared by several suites at once. */
const SLOW_MS = 90_000;
/** Per test: the walks below open a dozen pages or more. */
const WALK_MS = 900_000;

/** A page of its own, patient with a busy machine. */
async function open(options: Parameters<typeof openPage>[2] = {}) {
  const opened = await openPage(browser, baseUrl, options);
  opened.page.setDefaultTimeout(SLOW_MS);
  opened.page.setDefaultNavigationTimeout(SLOW_MS);
  return opened;
}

/** Signs in through the sign-in page, as a person does; the session is then stored and restored on each load. */
async function signIn(page: Page, account: Account) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('account-button').waitFor();
}

/** Opens a page and waits until its data is in: the heading, no request in flight, no loading placeholder. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('main .MuiSkeleton-root').length === 0);
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

/** Every `gated` marker in an answer that says something was withheld (null and [] say nothing was). */
function gatedMarkers(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => gatedMarkers(item, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    if (key === 'gated' && item !== null && !(Array.isArray(item) && item.length === 0))
      return [`${path}.gated=${JSON.stringify(item)}`];
    return gatedMarkers(item, `${path}.${key}`);
  });
}

/** Records what the API withheld from this page's requests, and any API request sent without the sign-in. */
function watchApi(page: Page) {
  const gated: string[] = [];
  const anonymous: string[] = [];
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    const where = `${url.pathname}${url.search}`;
    // The symbol list for search is a static public file, fetched without the API client.
    if (!url.pathname.startsWith('/api/static/') && !response.request().headers().authorization) anonymous.push(where);
    pending.push(
      response
        .json()
        .then((body: unknown) => {
          for (const marker of gatedMarkers(body)) gated.push(`${where} ${marker}`);
        })
        .catch(() => undefined),
    );
  };
  page.on('response', onResponse);
  return {
    gated,
    anonymous,
    settle: async () => {
      await Promise.all(pending);
      page.off('response', onResponse);
    },
  };
}

const PRO_PAGES = [
  '/',
  '/earnings-calendar/this-week',
  '/earnings-list/this-week',
  '/eh500',
  '/ehs',
  '/all',
  '/news',
  '/calls',
  '/earnings-feed',
  '/my-stocks',
  '/quote/AAPL',
  '/quote/AAPL/earnings',
  '/quote/AAPL/ehs',
  '/quote/AAPL/analysts',
  '/quote/AAPL/news',
  '/quote/AAPL/short',
  '/quote/AAPL/price',
  '/quote/AAPL/dividends',
  '/quote/AAPL/sec-filings',
  '/quote/AAPL/events',
  '/quote/AAPL/trades',
];

describe('a pro member', () => {
  it(
    'is sent every answer whole: no gated marker and no upgrade prompt on any page, every call signed in',
    async () => {
      const { context, page } = await open();
      try {
        await signIn(page, PRO);
        const problems: string[] = [];
        for (const path of PRO_PAGES) {
          const api = watchApi(page);
          await visit(page, path);
          await api.settle();
          for (const marker of api.gated) problems.push(`${path}: ${marker}`);
          for (const request of api.anonymous) problems.push(`${path}: sent without the sign-in: ${request}`);
          if ((await page.getByTestId('upgrade-prompt').count()) > 0) problems.push(`${path}: shows an upgrade prompt`);
          if (path === '/eh500') {
            const score = await page.getByTestId('eh500-row').first().locator('td').nth(4).innerText();
            if (!/^\d+(\.\d)?$/.test(score.trim())) problems.push(`/eh500: the first row's EHS reads "${score}"`);
          }
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
    WALK_MS,
  );

  it(
    'sees EHS unlock on /eh500 as soon as they sign in there, without reloading',
    async () => {
      const { context, page } = await open();
      try {
        await visit(page, '/eh500');
        await page.getByTestId('upgrade-prompt').waitFor();
        await page.getByRole('button', { name: 'Sign in' }).first().click();
        const modal = page.getByTestId('modal-signIn');
        await modal.getByLabel('Email').fill(PRO.email);
        await modal.getByLabel('Password').fill(PRO.password);
        await modal.locator('form').getByRole('button', { name: 'Sign in' }).click();
        await page.getByTestId('account-button').waitFor();
        await page.getByTestId('upgrade-prompt').waitFor({ state: 'detached' });
        const score = page.getByTestId('eh500-row').first().locator('td').nth(4);
        await expect.poll(async () => (await score.innerText()).trim(), { timeout: SLOW_MS }).toMatch(/^\d+(\.\d)?$/);
      } finally {
        await context.close();
      }
    },
    WALK_MS,
  );
});

describe('the account menu', () => {
  it(
    'shows who is signed in, their plan with an upgrade link, and works from the keyboard',
    async () => {
      const { context, page, errors } = await open();
      try {
        await signIn(page, FREE);
        await visit(page, '/news');
        const button = page.getByTestId('account-button');
        expect(await button.getAttribute('aria-haspopup')).toBe('menu');
        await button.focus();
        await page.keyboard.press('Enter');
        const menu = page.getByRole('menu');
        await menu.waitFor();
        await expect.poll(() => page.getByTestId('account-menu-plan').innerText()).toBe('Free plan');
        const who = await page.getByTestId('account-menu-who').innerText();
        expect(who).toContain(FREE.email);
        const items = await menu.getByRole('menuitem').allInnerTexts();
        expect(items.map((item) => item.split('\n')[0])).toEqual([
          'Profile',
          'My Stocks',
          'Upgrade',
          'Dark theme',
          'Sign out',
        ]);
        expect(await page.getByTestId('account-menu-pricing').getAttribute('href')).toBe('/pricing');
        // The first item has the focus; arrows move it; Escape closes and gives the focus back to the avatar.
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Profile');
        await page.keyboard.press('ArrowDown');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('My Stocks');
        for (const [viewport, scheme] of SCREENS) {
          await showAs(page, viewport, scheme);
          await screenshot(page, `account-menu-${viewport}-${scheme}`);
        }
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('account-button');
        // From the keyboard to My Stocks.
        await page.keyboard.press('Enter');
        await page.getByRole('menuitem', { name: 'My Stocks' }).waitFor();
        await page.keyboard.press('Home');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        await page.waitForURL(`${baseUrl}/my-stocks`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    WALK_MS,
  );

  it(
    'is in the phone header too, and signs out',
    async () => {
      const { context, page } = await open({ viewport: 'phone' });
      try {
        await signIn(page, PRO);
        await visit(page, '/');
        await page.getByTestId('account-button').click();
        await expect.poll(() => page.getByTestId('account-menu-plan').innerText()).toBe('Pro plan');
        expect(await page.getByRole('menuitem', { name: 'Plans' }).count()).toBe(1);
        await page.getByTestId('account-menu-sign-out').click();
        await page.getByTestId('account-button').waitFor({ state: 'detached' });
      } finally {
        await context.close();
      }
    },
    WALK_MS,
  );
});

describe('the menu', () => {
  // The files that turn the dev flag on (and back off) hold this lock while they do: with it, the flag is off.
  beforeAll(() => acquire('dev-flag'), LOCK_WAIT_MS);
  afterAll(() => release('dev-flag'));

  it(
    'lists product pages only: no partner homes, embeds, demo tour or developer tools',
    async () => {
      const { context, page } = await open({ viewport: 'phone' });
      try {
        await visit(page, '/');
        await page.getByRole('button', { name: 'Open menu' }).click();
        const nav = page.getByRole('navigation', { name: 'All pages' });
        await nav.waitFor();
        const text = await nav.innerText();
        for (const internal of ['CNBC', 'Wolf', 'Calendar embed', 'Demo', 'Developer tools', 'Partners'])
          expect(text).not.toContain(internal);
        for (const product of ['EH500', 'My Stocks', 'Pricing', 'FAQ']) expect(text).toContain(product);
      } finally {
        await context.close();
      }
    },
    WALK_MS,
  );
});

describe('a coin’s page', () => {
  it(
    'has only the tabs that apply to crypto, and sends a company tab’s address to the overview',
    async () => {
      const { context, page, errors } = await open();
      try {
        await visit(page, '/quote/BTC');
        const tabs = page.getByTestId('symbol-tabs').getByRole('tab');
        await expect.poll(() => tabs.allInnerTexts()).toEqual(['Overview', 'News', 'Price History', 'Trades']);
        for (const sub of ['earnings', 'ehs', 'dividends', 'sec-filings', 'short', 'analysts']) {
          await page.goto(`/quote/BTC/${sub}`);
          await page.waitForURL(`${baseUrl}/quote/BTC`);
          await page.getByTestId('tab-overview').waitFor();
        }
        await screenshot(page, 'crypto-tabs-desktop-light');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    WALK_MS,
  );
});

/** Each drawn table: whether its last column can be brought into view and its first column stays put. */
async function tableReach(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-table-scroll]')]
      .filter((box) => box.offsetParent !== null)
      .map((box) => {
        const label = box.getAttribute('aria-label') ?? '?';
        const row = box.querySelector('tr');
        const cells = row ? [...row.children].filter((cell) => (cell as HTMLElement).offsetParent !== null) : [];
        const first = cells[0] as HTMLElement | undefined;
        const last = cells[cells.length - 1] as HTMLElement | undefined;
        if (!first || !last) return { label, ok: false, why: 'no cells' };
        const second = cells[1] as HTMLElement | undefined;
        const firstLeft = first.getBoundingClientRect().left;
        const secondLeft = second?.getBoundingClientRect().left ?? 0;
        box.scrollLeft = box.scrollWidth;
        const scrolled = box.scrollLeft > 1;
        const frame = box.getBoundingClientRect();
        const lastRect = last.getBoundingClientRect();
        const firstAfter = first.getBoundingClientRect().left;
        // The table's own frame must sit inside the window: a box wider than the screen is cut, not scrolled.
        const inWindow = frame.left >= -1 && frame.right <= window.innerWidth + 1;
        const lastShown = lastRect.right <= frame.right + 1 && lastRect.left >= frame.left - 1;
        const firstStays = Math.abs(firstAfter - firstLeft) <= 1;
        // Only the first column stays: the rest slide under it (two sticky cells would cover each other).
        const restSlides = !scrolled || !second || second.getBoundingClientRect().left < secondLeft - 1;
        box.scrollLeft = 0;
        return {
          label,
          ok: inWindow && lastShown && firstStays && restSlides,
          why: `inWindow=${inWindow} lastShown=${lastShown} firstStays=${firstStays} restSlides=${restSlides}`,
        };
      }),
  );
}

async function expectTablesReachable(page: Page, where: string, expected: number) {
  const reach = await tableReach(page);
  expect(reach.length, `${where}: tables drawn`).toBeGreaterThanOrEqual(expected);
  expect(reach.filter((table) => !table.ok).map((table) => `${where} ${table.label}: ${table.why}`)).toEqual([]);
}

const TABLE_PAGES: [string, number][] = [
  ['/quote/AAPL/earnings', 1],
  ['/quote/AAPL/analysts', 1],
  ['/quote/AAPL/short', 1],
  ['/quote/AAPL/dividends', 1],
  ['/quote/AAPL/ehs', 1],
  ['/eh500', 1],
  ['/all', 1],
  ['/ehs/learn-more', 2],
];

describe('tables', () => {
  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    it(
      `show their last column and keep their first in place at ${viewport} width`,
      async () => {
        const { context, page } = await open({ viewport });
        try {
          await signIn(page, PRO);
          for (const [path, expected] of TABLE_PAGES) {
            await visit(page, path);
            await expectTablesReachable(page, path, expected);
          }

          // The report modal: estimates against actuals, with the surprise and the year-over-year change.
          await visit(page, '/earnings-list/this-week');
          const entry = page.getByTestId('calendar-entry').first();
          const symbol = await entry.getAttribute('data-symbol');
          await entry.getByRole('button', { name: new RegExp(`^${symbol}, `) }).click();
          const modal = page.getByTestId('modal-earnings');
          await modal.getByRole('region', { name: 'Estimates and actuals' }).waitFor();
          await expectTablesReachable(page, 'report modal', 1);
          await screenshot(page, `report-modal-${viewport}-light`);
          await page.keyboard.press('Escape');

          // The alerts table: fourteen columns, Push last.
          const added = await page.evaluate(async () => {
            const read = (suffix: string) =>
              localStorage.getItem(Object.keys(localStorage).find((key) => key.endsWith(suffix)) ?? '') ?? '';
            const res = await fetch('/api/earnings/alerts', {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                authorization: `Bearer ${read('.idToken')}`,
                'x-access-token': read('.accessToken'),
              },
              body: JSON.stringify({ symbol: 'MSFT' }),
            });
            return res.status;
          });
          expect(added).toBe(200);
          try {
            await visit(page, '/my-stocks');
            // An alert is a line that opens to its switches: the last of them is on screen with nothing to scroll.
            const alert = page.locator('[data-testid="alert-row"][data-symbol="MSFT"]');
            await alert.getByRole('button', { name: 'Change alerts for MSFT' }).click();
            const push = alert.getByRole('checkbox', { name: 'Push for MSFT' });
            await push.scrollIntoViewIfNeeded();
            const box = await push.boundingBox();
            expect(box).not.toBeNull();
            expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= (page.viewportSize()?.width ?? 0)).toBe(
              true,
            );
            await screenshot(page, `alerts-opened-${viewport}-light`);
          } finally {
            await page.evaluate(async () => {
              const read = (suffix: string) =>
                localStorage.getItem(Object.keys(localStorage).find((key) => key.endsWith(suffix)) ?? '') ?? '';
              await fetch('/api/earnings/alerts/MSFT', {
                method: 'DELETE',
                headers: { authorization: `Bearer ${read('.idToken')}`, 'x-access-token': read('.accessToken') },
              });
            });
          }
        } finally {
          await context.close();
        }
      },
      WALK_MS,
    );
  }
});
