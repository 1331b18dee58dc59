/**
 * The super-admin tools in Chromium against the real server: an account made super admin with the users
 * command turns web maintenance on from /admin, and a second browser (another context) shows the maintenance screen
 * at its next flags poll (the page's clock is moved one poll ahead instead of waiting 60 s), then off again. A
 * member gets 403 from every admin call the server documents, and "not allowed" on /admin. Runs alone: maintenance
 * changes what every page shows.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FLAGS_POLL_INTERVAL_MS } from '../src/shared/constants.ts';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { apiAs, expectHealthyPage, flag, idToken, newAccount, runFileAlone } from './support.ts';

const baseUrl = inject('baseUrl');
const ROOT = new URL('../../../', import.meta.url).pathname;
const run = promisify(execFile);

runFileAlone();

interface User {
  email: string;
  token: string;
}

/** A confirmed account of its own, known to the API. */
async function newUser(prefix: string): Promise<User> {
  const account = await newAccount(prefix);
  const token = await idToken(account);
  expect((await apiAs(token, '/core/users/me')).status).toBe(200);
  return { email: account.email, token };
}

/** `npm run users -- set-admin EMAIL`, as an operator runs it next to the running embedded server. */
async function setAdmin(email: string) {
  const { stdout } = await run(process.execPath, ['apps/server/src/cli/users.ts', 'set-admin', email], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: inject('dataDir') },
  });
  expect(stdout).toContain(`${email}: super admin`);
}

/** /admin signed in by a `?token=` link (the token lasts the one load). */
const openAdmin = (page: Page, user: User) => page.goto(`/admin?token=${user.token}`, { waitUntil: 'networkidle' });

const maintenanceOn = async () =>
  (await apiAs<{ flags: { ehMaintenanceModeWeb: { enabled: boolean } } }>(null, '/core/flags?platform=web')).body.flags
    .ehMaintenanceModeWeb.enabled;

let browser: Browser;
let boss: User;
let member: User;

beforeAll(async () => {
  browser = await fileBrowser();
  [boss, member] = await Promise.all([newUser('admin.boss'), newUser('admin.member')]);
  await setAdmin(boss.email);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('/admin', () => {
  it('refuses a member every admin call the server has (403), and says "not allowed" on the page', async () => {
    const doc = (await (await fetch(`${baseUrl}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const calls = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));
    expect(calls.length).toBeGreaterThanOrEqual(15);
    const refused: string[] = [];
    for (const { method, path } of calls) {
      const url = path.slice(4).replace(/\{(\w+)\}/g, (_, name: string) => (name === 'name' ? 'dev' : '1'));
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      const asMember = await apiAs(member.token, url, { method, ...(body ? { body } : {}) });
      const anonymous = await apiAs(null, url, { method, ...(body ? { body } : {}) });
      if (asMember.status !== 403 || anonymous.status !== 401)
        refused.push(`${method} ${path}: member ${asMember.status}, signed out ${anonymous.status}`);
    }
    expect(refused).toEqual([]);

    const { context, page } = await openPage(browser, baseUrl);
    try {
      await openAdmin(page, member);
      await page.getByTestId('admin-not-allowed').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('admin-flags').count()).toBe(0);
      // Linked nowhere for a member: no page and not their account menu.
      expect(await page.locator('a[href="/admin"]').count()).toBe(0);
      await page.getByTestId('account-button').click();
      await page.getByTestId('account-menu-sign-out').waitFor();
      expect(await page.getByTestId('account-menu-admin').count()).toBe(0);
      await page.keyboard.press('Escape');
      await screenshot(page, 'admin-not-allowed-desktop-light');
    } finally {
      await context.close();
    }
  });

  it('turns web maintenance on: a second page shows the maintenance screen within one poll; then off', async () => {
    const admin = await openPage(browser, baseUrl);
    const visitor = await openPage(browser, baseUrl, { viewport: 'phone' });
    try {
      // The visitor's clock is Playwright's, so one poll interval can pass at once.
      await visitor.page.clock.install();
      await visitor.page.goto('/about', { waitUntil: 'networkidle' });
      await expectHealthyPage(visitor.page, '/about');

      await openAdmin(admin.page, boss);
      const web = admin.page.getByTestId('admin-flag-switch-ehMaintenanceModeWeb').locator('input');
      await web.waitFor({ timeout: 15_000 });
      // A super admin's account menu links here.
      await admin.page.getByTestId('account-button').click();
      expect(await admin.page.getByTestId('account-menu-admin').getAttribute('href')).toBe('/admin');
      await admin.page.keyboard.press('Escape');
      expect(await web.isChecked()).toBe(false);
      for (const [viewport, scheme] of SCREENS) {
        await showAs(admin.page, viewport, scheme);
        await screenshot(admin.page, `admin-flags-${viewport}-${scheme}`);
      }
      await showAs(admin.page, 'desktop', 'light');

      await web.click();
      await expect.poll(maintenanceOn, { timeout: 10_000 }).toBe(true);
      await expect.poll(() => web.isChecked()).toBe(true);

      await visitor.page.clock.runFor(FLAGS_POLL_INTERVAL_MS);
      await visitor.page.getByTestId('maintenance-page').waitFor({ timeout: 10_000 });
      // The admin's own page stays usable, so the same admin can turn it off.
      expect(await admin.page.getByTestId('maintenance-page').count()).toBe(0);

      await web.click();
      await expect.poll(maintenanceOn, { timeout: 10_000 }).toBe(false);
      await visitor.page.clock.runFor(FLAGS_POLL_INTERVAL_MS);
      await visitor.page.getByTestId('maintenance-page').waitFor({ state: 'detached', timeout: 10_000 });
      await expectHealthyPage(visitor.page, '/about');

      // The ingestion tab: the providers with their switches, at both widths in both themes.
      await admin.page.getByTestId('admin-tab-ingestion').click();
      await admin.page.getByTestId('admin-provider-demo').waitFor({ timeout: 15_000 });
      for (const [viewport, scheme] of SCREENS) {
        await showAs(admin.page, viewport, scheme);
        await screenshot(admin.page, `admin-ingestion-${viewport}-${scheme}`);
      }
      // A member's post on a recorded call, for the moderation tab.
      const calls = await apiAs<{ events: { id: number }[] }>(null, '/events?type=call&status=closed&limit=1');
      const eventId = calls.body.events[0]?.id;
      expect(eventId).toBeDefined();
      const posted = await apiAs<{ id: string }>(member.token, '/events-community/posts', {
        method: 'POST',
        body: { eventId, content: 'Guidance looked light to me.' },
      });
      expect(posted.status).toBe(201);

      // The other tabs, looked at in the last variant and on the desktop in light.
      for (const [tab, section] of [
        ['release-notes', 'admin-release-notes'],
        ['community', 'admin-moderation'],
        ['affiliates', 'affiliate-requests'],
      ] as const) {
        await admin.page.getByTestId(`admin-tab-${tab}`).click();
        await admin.page.getByTestId(section).waitFor({ timeout: 15_000 });
        await admin.page.getByTestId(section).getByRole('progressbar').waitFor({ state: 'detached', timeout: 15_000 });
        await screenshot(admin.page, `admin-${tab}-phone-dark`);
        await showAs(admin.page, 'desktop', 'light');
        await screenshot(admin.page, `admin-${tab}-desktop-light`);
        await showAs(admin.page, 'phone', 'dark');
      }

      // A moderator deletes the post from the community tab (after confirming): gone from the event too.
      await admin.page.getByTestId('admin-tab-community').click();
      const row = admin.page.getByTestId('admin-post').filter({ hasText: 'Guidance looked light to me.' });
      admin.page.once('dialog', (dialog) => void dialog.accept());
      await row.getByRole('button', { name: /^Delete the post by/ }).click();
      await row.waitFor({ state: 'detached', timeout: 10_000 });
      const left = await apiAs<{ posts: { id: string }[] }>(null, `/events-community/posts?eventId=${eventId}`);
      expect(left.body.posts.map((p) => p.id)).not.toContain(posted.body.id);
    } finally {
      await flag('ehMaintenanceModeWeb', false);
      await admin.context.close();
      await visitor.context.close();
    }
  });
});
