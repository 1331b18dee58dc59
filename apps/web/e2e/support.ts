/** Helpers the e2e files share: demo accounts, sign-in tokens, API reads, axe, toasts, feature flags. */

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, vi } from 'vitest';
import { type LockMode, lockRequest } from './locks.ts';

export interface Account {
  email: string;
  password: string;
}

// Seeded on the embedded database by the server (apps/server/src/seed/demo-accounts.ts).
export const DEMO_PASSWORD = 'Demo-earnings-1';
export const FREE: Account = { email: 'free@demo.earningshub.dev', password: DEMO_PASSWORD };
export const PRO: Account = { email: 'pro@demo.earningshub.dev', password: DEMO_PASSWORD };

/** The account's identity token from the local identity provider (the app signs in with ?token=, SPEC §2). */
export async function idToken(account: Account, baseUrl = inject('baseUrl')): Promise<string> {
  const res = await fetch(`${baseUrl}/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult: { IdToken: string } };
  return body.AuthenticationResult.IdToken;
}

/** The web app's client id at the local identity provider, and the password of accounts a file makes. */
export const CLIENT_ID = 'earningshub-web';
export const NEW_PASSWORD = 'Earnings-2026!';

/** A call of the Cognito JSON protocol to the local identity provider that must succeed. */
export async function idp(target: string, body: object): Promise<Record<string, unknown>> {
  const res = await fetch(`${inject('baseUrl')}/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    body: JSON.stringify({ ClientId: CLIENT_ID, ...body }),
  });
  expect(res.status, `${target}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

export interface Mail {
  id: number;
  to: string;
  subject: string | null;
  body: string;
}

/**
 * The newest message the local mailbox holds for `email` whose body matches and that `seen` does not hold yet (it
 * is added there). Read by address: the whole mailbox's newest 200 can be other files' mail. Waits up to 30 s for
 * mail a job sends (an invite); a code the identity request writes itself is there when the request answered.
 */
export async function mailTo(
  email: string,
  { matching = /\b\d{6}\b/, seen }: { matching?: RegExp; seen?: Set<number> } = {},
): Promise<Mail> {
  // vi.waitFor, not expect.poll: accounts are made in beforeAll too, where Vitest has no expect.poll.
  const found = await vi.waitFor(
    async () => {
      const res = await fetch(`${inject('baseUrl')}/api/core/dev/outbox?limit=200&to=${encodeURIComponent(email)}`);
      if (res.status !== 200) throw new Error(`the local mailbox answered ${res.status}: ${await res.text()}`);
      const { messages } = (await res.json()) as { messages: Mail[] };
      const mail = messages.find((m) => matching.test(m.body) && !seen?.has(m.id));
      if (!mail) throw new Error(`no mail to ${email} matching ${matching}`);
      return mail;
    },
    { timeout: 30_000, interval: 100 },
  );
  seen?.add(found.id);
  return found;
}

/** The six-digit code of the newest unseen message to `email` (see {@link mailTo}). */
export async function mailedCode(email: string, seen?: Set<number>): Promise<string> {
  const mail = await mailTo(email, { seen });
  return mail.body.match(/\b(\d{6})\b/)?.[1] ?? '';
}

/** A confirmed account of the file's own (`prefix.<random>@example.com`), not yet signed in to the app. */
export async function newAccount(prefix: string): Promise<Account> {
  const email = `${prefix}.${randomUUID().slice(0, 8)}@example.com`;
  await idp('SignUp', { Username: email, Password: NEW_PASSWORD, UserAttributes: [{ Name: 'email', Value: email }] });
  await idp('ConfirmSignUp', { Username: email, ConfirmationCode: await mailedCode(email) });
  return { email, password: NEW_PASSWORD };
}

/** An API call as the token's owner (anonymous with null): its status and JSON body, whatever the status. */
export async function apiAs<T>(
  token: string | null,
  path: string,
  init: { method?: string; body?: object; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** The pro demo member's identity token. */
export const proToken = () => idToken(PRO);

/** An anonymous GET of the API that must answer 200, as JSON. */
export async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** Waits for the page's main heading, and fails on the router's error page. */
export async function expectHealthyPage(page: Page, path: string) {
  const h1 = page.locator('main h1').first();
  await h1.waitFor({ state: 'visible', timeout: 15_000 }).catch((error: Error) => {
    throw new Error(`${path}: no visible main heading (${error.message.split('\n')[0]})`);
  });
  expect(await page.getByText('Unexpected Application Error!').count(), `${path} shows the error page`).toBe(0);
  expect((await h1.innerText()).trim().length, `${path} has a heading`).toBeGreaterThan(0);
}

/**
 * Records the page's layout shifts from its first paint on (call before `goto`); `layoutShifts` reads them: their
 * sum (the page's CLS while it loads: no input happens) and what moved, one line a shift.
 */
export async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string }[] = [];
    Object.assign(window, { __layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        const moved = entry.sources
          .map(({ node, previousRect: from, currentRect: to }) => {
            const name =
              node instanceof Element ? (node.getAttribute('data-testid') ?? node.className) : node?.nodeName;
            return `${String(name).slice(0, 50)} y ${Math.round(from.y)}→${Math.round(to.y)} h ${Math.round(from.height)}→${Math.round(to.height)}`;
          })
          .join(', ');
        shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export async function layoutShifts(page: Page): Promise<{ total: number; moved: string[] }> {
  const shifts = await page.evaluate(
    () => (window as unknown as { __layoutShifts: { value: number; moved: string }[] }).__layoutShifts,
  );
  return { total: shifts.reduce((sum, shift) => sum + shift.value, 0), moved: shifts.map((shift) => shift.moved) };
}

/**
 * Serious and critical axe violations on the page (or only inside `selector`), one line each. axe is put into the
 * page once and run there for its violations alone: @axe-core/playwright's builder injected it again on every call,
 * gathered every result kind, and finished each run in a new blank page, 2.3–3.5 CPU-s a check on this machine
 * against 0.4–0.6 (the e2e files run some sixty). Our pages embed no frames of their own (a YouTube player is
 * someone else's page), so frames are not descended into.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  // Colours read mid-transition (a chip turning from pending to sent, a theme change) fail the contrast rule on
  // colours no one sees for long: let finite transitions end first (at most 2 s).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    (include) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(include ? { include: [include] } : document, { resultTypes: ['violations'], iframes: false })
        .then((results) =>
          results.violations.map((v) => ({
            id: v.id,
            impact: v.impact ?? null,
            targets: v.nodes.map((n) => n.target.join(' ')),
          })),
        ),
    selector ?? null,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

/**
 * Presses a page-wide shortcut until what it opens shows. The shortcuts' listener is a chunk loaded after the
 * first render, so under a loaded CI machine a key pressed right after `networkidle` can land before it listens
 * (a CI run lost '/' that way). Pressing again is safe only while nothing is open yet, which is checked first.
 */
export async function pressShortcut(page: Page, key: string, opens: Locator) {
  await expect
    .poll(
      async () => {
        if (await opens.isVisible()) return true;
        await page.keyboard.press(key);
        return opens.waitFor({ timeout: 2_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
}

/** The text of the latest toast, once one shows. */
export async function toast(page: Page): Promise<string> {
  const element = page.getByTestId('toast').last();
  await element.waitFor({ timeout: 15_000 });
  return (await element.innerText()).trim();
}

/** The operator's token the e2e server wrote into its data folder (the header `x-admin-token`). */
export const adminToken = () => readFileSync(join(inject('dataDir'), 'admin-token'), 'utf8').trim();

/**
 * Sets a flag the way an operator does: the call the flags command makes to a running embedded server (its own
 * path, a process that finds the server and asks it, is platform.test.ts's; here it cost 3-6 CPU-s a flag).
 */
export async function flag(name: string, on: boolean, message?: string) {
  const res = await fetch(`${inject('baseUrl')}/api/admin/flags/${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-admin-token': adminToken() },
    body: JSON.stringify({ enabled: on, ...(message === undefined ? {} : { message }) }),
  });
  expect(res.status, `flag ${name}: ${await res.clone().text()}`).toBe(200);
}

/**
 * This worker's files, as the lock service knows them: a worker runs one file at a time (the files share its modules,
 * vitest.config.ts), and each file releases what it took in its afterAll.
 */
const HOLDER = randomUUID();
/** How long a file may wait for a lock: the other worker's file may take minutes on a busy machine. */
export const LOCK_WAIT_MS = 30 * 60_000;

export const acquire = (name: string, mode: LockMode = 'exclusive') =>
  lockRequest(inject('lockUrl'), '/acquire', { name, mode, holder: HOLDER });
export const release = (name: string) => lockRequest(inject('lockUrl'), '/release', { name, holder: HOLDER });

/**
 * Holds a lock while this file runs (files run in parallel against one server, see locks.ts). Call it at the top
 * of the file, before the file's own beforeAll, so the lock is held before that prepares anything.
 */
export function holdDuringFile(name: string, mode: LockMode = 'exclusive') {
  beforeAll(() => acquire(name, mode), LOCK_WAIT_MS);
  afterAll(() => release(name));
}

/** Runs this file alone: no other file runs while it changes what every page shows (maintenance, banner flags). */
export function runFileAlone() {
  beforeAll(async () => {
    await release('app');
    await acquire('app', 'exclusive');
  }, LOCK_WAIT_MS);
  afterAll(() => release('app'));
}
