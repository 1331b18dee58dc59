/**
 * Browser notifications in real Chromium against the real server. The service worker is registered
 * for every visitor after the page loads (the installable app); the user turns notifications on from the
 * profile: only that click reuses the registration, asks permission (granted here with
 * context.grantPermissions) and subscribes. subscribe() cannot succeed on this offline machine: Playwright's
 * contexts are off the record, where Chromium refuses push subscriptions ("Registration failed - permission
 * denied"); in a persistent profile (tried by hand) subscribe() waits on Chromium's own push service, unreachable
 * here, with no answer in 60 s. So the page's truthful failure is checked, and the push path is tested from the
 * service worker's side: CDP's ServiceWorker.deliverPushMessage hands the registered worker the payload the server
 * sends, and the notification it shows is read back with registration.getNotifications().
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage } from './browser.ts';
import { FREE, idToken } from './support.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

let token: string;

beforeAll(async () => {
  browser = await fileBrowser();
  ({ context, page, errors } = await openPage(browser, baseUrl, { serviceWorkers: 'allow' }));
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  // Signed in by a `?token=` link (SPEC §2) on the profile's first load: the sign-in form is auth's journey.
  token = await idToken(FREE);
});
afterAll(async () => browser?.close());

const registrations = () =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((r) => r.active?.scriptURL ?? null));

describe('browser notifications', () => {
  it('subscribes nothing on page load: the worker every visitor gets carries no subscription', async () => {
    await page.goto(`/profile?token=${token}`);
    const setting = page.getByTestId('browser-notifications');
    await setting.getByRole('heading', { name: 'Browser notifications' }).waitFor();
    await expect.poll(() => setting.getByTestId('browser-notifications-status').textContent()).toBe('Off');
    // The installable app's worker, registered after the page loaded (features/pwa): one, the same script.
    await expect.poll(() => registrations(), { timeout: 15_000 }).toEqual([`${baseUrl}/sw.js`]);
    const subscribed = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.pushManager.getSubscription()) !== null;
    });
    expect(subscribed).toBe(false);
  });

  it("subscribes from the user's click (the same worker's registration) and says truthfully that the push service is out of reach", async () => {
    const setting = page.getByTestId('browser-notifications');
    const keyAnswer = page.waitForResponse((res) => res.url().endsWith('/api/notifications/vapid-public-key'));
    await setting.getByTestId('browser-notifications-toggle').click();
    const key = (await (await keyAnswer).json()) as { publicKey: string };
    expect(key.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    await expect.poll(() => registrations(), { timeout: 15_000 }).toEqual([`${baseUrl}/sw.js`]);
    // Offline, Chromium's push service cannot be reached: the page says so and does not claim to be on.
    const alert = setting.getByRole('alert');
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toMatch(/^Your browser could not subscribe to notifications: /);
    expect(await setting.getByTestId('browser-notifications-status').textContent()).toBe('Off');
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    const subscribed = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.pushManager.getSubscription()) !== null;
    });
    expect(subscribed).toBe(false);
  });

  it("shows the pushed alert as a notification with the page's link (CDP ServiceWorker.deliverPushMessage)", async () => {
    const cdp = await page.context().newCDPSession(page);
    // The registration whose worker is activated: a push reaches only an activated worker, and one handed to a
    // registration still activating, or to one replaced since, shows nothing.
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        const ours = versions.find((v) => v.scriptURL === `${baseUrl}/sw.js` && v.status === 'activated');
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    // The JSON the server encrypts for a browser (channels/push.ts webPushPayload).
    const payload = {
      title: 'AAPL reported',
      body: 'EPS 1.52 vs 1.43 estimated (+6.3%)',
      url: `${baseUrl}/stocks/AAPL`,
      tag: 'eh-4242',
      data: { kind: 'earningsResults', deliveryId: '4242', symbol: 'AAPL' },
    };
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: n.icon,
          data: n.data,
        }));
      });
    /**
     * Pushes `data` until the notifications show `body`, as a push service retries a delivery it saw fail: a CI run at
     * load 17 showed nothing 15 s after one push (Chromium gives up on a worker slow to start for an event). A push
     * shown twice replaces itself (its tag), so a retry cannot add a second notification.
     */
    const pushUntilShown = async (data: typeof payload) => {
      for (let attempt = 1; ; attempt += 1) {
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin: baseUrl,
          registrationId: await registrationId,
          data: JSON.stringify(data),
        });
        try {
          await expect.poll(async () => (await shown()).map((n) => n.body), { timeout: 10_000 }).toEqual([data.body]);
          return;
        } catch (error) {
          if (attempt === 4) throw error;
        }
      }
    };
    await pushUntilShown(payload);
    expect(await shown()).toEqual([
      {
        title: 'AAPL reported',
        body: 'EPS 1.52 vs 1.43 estimated (+6.3%)',
        tag: 'eh-4242',
        icon: `${baseUrl}/logo.svg`,
        data: { kind: 'earningsResults', deliveryId: '4242', symbol: 'AAPL', url: `${baseUrl}/stocks/AAPL` },
      },
    ]);
    // The same delivery pushed again (its words since changed) replaces its notification (the tag) rather than
    // showing two: once the new words show, the second push has been handled.
    await pushUntilShown({ ...payload, body: 'EPS 1.52 vs 1.43 estimated (+6.3%), revenue 94.9B' });
    expect((await shown())[0]?.tag).toBe('eh-4242');
    await cdp.detach();
  });

  it("a click on the notification closes it and opens its page (the worker's notificationclick handler)", async () => {
    const [worker] = context.serviceWorkers();
    if (!worker) throw new Error('no service worker');
    // Headless Chromium has no notification to click, and a synthetic click carries no user activation, which
    // clients.openWindow() requires: the window it asks for is recorded instead of opened.
    const result = await worker.evaluate(async () => {
      // The worker's globals (the e2e files are typed for pages, not workers).
      interface ClickEvent extends Event {
        waitUntil(work: Promise<unknown>): void;
      }
      const scope = self as unknown as EventTarget & {
        registration: ServiceWorkerRegistration;
        clients: { openWindow(url: string): Promise<unknown> };
        NotificationEvent: new (type: string, init: { notification: Notification }) => ClickEvent;
      };
      const [notification] = await scope.registration.getNotifications();
      if (!notification) return { opened: [], left: -1 };
      const opened: string[] = [];
      scope.clients.openWindow = async (url: string) => {
        opened.push(String(url));
        return null;
      };
      const click = new scope.NotificationEvent('notificationclick', { notification });
      const done: Promise<unknown>[] = [];
      const waitUntil = click.waitUntil.bind(click);
      click.waitUntil = (work: Promise<unknown>) => {
        done.push(work);
        waitUntil(work);
      };
      scope.dispatchEvent(click);
      await Promise.all(done);
      return { opened, left: (await scope.registration.getNotifications()).length };
    });
    expect(result).toEqual({ opened: [`${baseUrl}/stocks/AAPL`], left: 0 });
  });

  it('no page errors beyond the push service being out of reach', () => {
    // Playwright's contexts are off the record, where Chromium turns the Push API down (and says so in the console).
    expect(errors.filter((e) => !/Push API in incognito mode|push service|Registration failed/i.test(e))).toEqual([]);
  });
});
