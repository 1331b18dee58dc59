import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOTS = new URL('../../../screenshots/', import.meta.url).pathname;

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  // A phone-sized viewport without isMobile: CLS reads 0 under isMobile.
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Every screenshot variant: both widths in both themes. */
export const SCREENS: [ViewportName, 'light' | 'dark'][] = [
  ['desktop', 'light'],
  ['desktop', 'dark'],
  ['phone', 'light'],
  ['phone', 'dark'],
];

/**
 * Debian's Chromium as the tests drive it (test files take it through {@link fileBrowser}). Its contexts block service workers unless they ask for them (`serviceWorkers:
 * 'allow'`: pwa.test.ts, web-push.test.ts): each new context would install the worker and precache the first load's
 * files, about a second of CPU a page on this 2-core machine, for pages whose tests are not about it.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The browser of this worker's files, as one file sees it. The files of a worker run one after another and share its
 * modules (vitest.config.ts), so they share one Chromium too: a launch and its close cost 0.4 CPU-s more than a
 * fresh context. `close()` closes the contexts this file opened and leaves the browser to the worker's next file;
 * Chromium ends with the worker (its pipe closes).
 */
export async function fileBrowser(): Promise<Browser> {
  // A launch that failed or a browser that died is replaced, so one file's trouble is not the next file's.
  const last = await workerBrowser?.catch(() => null);
  if (!last?.isConnected()) workerBrowser = launchBrowser();
  const browser: Browser = await (workerBrowser as Promise<Browser>);
  const opened = new Set<BrowserContext>();
  return new Proxy(browser, {
    get(target, key) {
      if (key === 'newContext') {
        return async (options?: Parameters<Browser['newContext']>[0]) => {
          const context = await target.newContext(options);
          opened.add(context);
          context.once('close', () => opened.delete(context));
          return context;
        };
      }
      if (key === 'newPage') {
        return async (options?: Parameters<Browser['newPage']>[0]) => {
          const page = await target.newPage(options);
          opened.add(page.context());
          return page;
        };
      }
      if (key === 'close') return async () => void (await Promise.all([...opened].map((context) => context.close())));
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export interface PageOptions {
  viewport?: ViewportName;
  colorScheme?: 'light' | 'dark';
  /** Blocked unless a test is about the service worker (see {@link launchBrowser}). */
  serviceWorkers?: 'allow' | 'block';
}

/** A fresh context (empty storage) with console errors and CSP violations collected for assertions. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    colorScheme: options.colorScheme ?? 'light',
    ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Screenshots are for people to look at, not assertions: `npm run screenshots` saves them (EH_SCREENSHOTS=1), those
 * the tests take on their way and the `*.screens.ts` files that exist only for them; `npm test` and CI save none.
 */
export const SAVING_SCREENSHOTS = process.env.EH_SCREENSHOTS === '1';

/**
 * Saves the viewport as screenshots/<name>.png when screenshots are being saved. Written aside and renamed: files
 * running in parallel may save the same page under the same name, and a reader never sees half a file.
 */
export async function screenshot(page: Page, name: string) {
  if (!SAVING_SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  const aside = `${path}.${process.pid}.tmp`;
  // Transitions finished: a page re-themed in place (showAs) was caught mid-fade (a selected button half green).
  writeFileSync(aside, await page.screenshot({ fullPage: false, animations: 'disabled' }));
  renameSync(aside, path);
}

/**
 * Runs `change` and waits until the requests it started are answered and none is in flight for `quietMs` (at most
 * `limitMs`: a stream the change opened never ends). What `waitUntil: 'networkidle'` is to a load, for a change made
 * in the open page (a new width or theme, a navigation inside the app).
 */
export async function afterNetworkQuiet(
  page: Page,
  change: () => Promise<unknown>,
  { quietMs = 500, limitMs = 15_000 } = {},
): Promise<void> {
  let pending = 0;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let settle = () => {};
  const done = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const arm = () => {
    clearTimeout(quiet);
    if (pending === 0) quiet = setTimeout(settle, quietMs);
  };
  const started = () => {
    pending += 1;
    clearTimeout(quiet);
  };
  const ended = () => {
    pending = Math.max(0, pending - 1);
    arm();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const limit = setTimeout(settle, limitMs);
  try {
    await change();
    arm();
    await done;
  } finally {
    clearTimeout(quiet);
    clearTimeout(limit);
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Moves the open app to `path` as its own links do: the router follows the history, and the page is not loaded
 * again (a full load costs about a CPU-second more on this machine). Returns once the route's code and data are in.
 */
export async function navigateInApp(page: Page, path: string) {
  await afterNetworkQuiet(page, () =>
    page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path),
  );
}

/**
 * Shows the open page at `viewport` width in the `colorScheme` theme without loading it again, as the screenshot
 * passes do for each variant: the app follows the width (MUI media queries) and the system theme (ThemeSync)
 * live. Waits until the page's background has the theme's brightness and the requests the change started are
 * answered (at most 5 s). Not for a page whose theme is pinned (?theme=, a stored choice): its background would not follow.
 */
export async function showAs(page: Page, viewport: ViewportName, colorScheme: 'light' | 'dark') {
  // At most 5 s for the requests the new layout started: a stream it opened never ends, and the screenshot then
  // shows what arrived.
  await afterNetworkQuiet(
    page,
    async () => {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.emulateMedia({ colorScheme });
      await page.waitForFunction((dark) => {
        const [r = 255, g = 255, b = 255] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(
          Number,
        );
        return (r + g + b) / 3 < 80 === dark;
      }, colorScheme === 'dark');
      // Two frames: React has drawn what the new width and theme change.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    },
    { quietMs: 0, limitMs: 5_000 },
  );
}
