/** Helpers the e2e files share: demo accounts, sign-in tokens, API reads, axe, toasts, feature flags. */

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;
const run = promisify(execFile);

export interface Account {
  email: string;
  password: string;
}

// Seeded on the embedded database by the server (apps/server/src/seed/demo-accounts.ts).
export const DEMO_PASSWORD = 'Demo-earnings-1';
export const FREE: Account = { email: 'free@demo.earningshub.dev', password: DEMO_PASSWORD };
export const PRO: Account = { email: 'pro@demo.earningshub.dev', password: DEMO_PASSWORD };

/** The account's identity token from the local identity provider (the app signs in with ?token=, SPEC §2). */
export async function idToken(account: Account): Promise<string> {
  const res = await fetch(`${inject('baseUrl')}/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: 'earningshub-web',
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult: { IdToken: string } };
  return body.AuthenticationResult.IdToken;
}

/** The pro demo member's identity token. */
export const proToken = () => idToken(PRO);

/** An anonymous GET of the API that must answer 200, as JSON. */
export async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** Serious and critical axe violations on the page (or only inside `selector`), one line each. */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (selector ? builder.include(selector) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The text of the latest toast, once one shows. */
export async function toast(page: Page): Promise<string> {
  const element = page.getByTestId('toast').last();
  await element.waitFor({ timeout: 15_000 });
  return (await element.innerText()).trim();
}

/** Sets a flag the way an operator does: the flags command against the running e2e server's data directory. */
export async function flag(name: string, on: boolean, message?: string) {
  const args = ['apps/server/src/cli/flags.ts', 'set', name, String(on), ...(message ? ['--message', message] : [])];
  await run(process.execPath, args, { cwd: ROOT, env: { ...process.env, DATA_DIR: inject('dataDir') } });
}
