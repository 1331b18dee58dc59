/**
 * The team screens the journey (teams.test.ts) does not pass, for people to look at (`npm run screenshots`; CI takes
 * none), at both widths in both themes: /team signed out, and the bulk add user modal refusing what is not an
 * address and meeting the server's 409 past the licences. An owner of its own, whose team of one licence is set up
 * through the API. What these screens do is tested in features/teams/team-page.test.tsx and team-modals.test.tsx.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { apiAs, idToken, newAccount } from './support.ts';

const baseUrl = inject('baseUrl');

async function shoot(page: Page, name: string) {
  for (const [viewport, colorScheme] of SCREENS) {
    await showAs(page, viewport, colorScheme);
    await screenshot(page, `${name}-${viewport}-${colorScheme}`);
  }
  await showAs(page, 'desktop', 'light');
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let ownerToken: string;
beforeAll(async () => {
  browser = await fileBrowser();
  ({ context, page } = await openPage(browser, baseUrl));
  const owner = await newAccount('team.screens');
  ownerToken = await idToken(owner);
  const created = await apiAs<{ organization: { id: string } }>(ownerToken, '/core/organizations', {
    method: 'POST',
    body: { name: `Desk ${randomUUID().slice(0, 4)}`, billingEmail: owner.email },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const orgId = created.body.organization.id;
  const card = await apiAs(ownerToken, `/core/organizations/${orgId}/payments/payment-methods`, {
    method: 'POST',
    body: { stripePaymentMethodId: '4242 4242 4242 4242' },
  });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  const subscribed = await apiAs(ownerToken, `/core/organizations/${orgId}/subscription`, {
    method: 'POST',
    body: { plan: 'earningshub_team', priceType: 'yearly', licenseCount: 1 },
  });
  expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('teams', () => {
  it('/team signed out, then the bulk add user modal refusing an address and past the licences', async () => {
    await page.goto('/team', { waitUntil: 'networkidle' });
    await page.getByTestId('team-price-line').waitFor();
    await shoot(page, 'team-page-signed-out');

    // A ?token= sign-in lasts one load: the owner's visit.
    await page.goto(`/team?token=${ownerToken}`, { waitUntil: 'networkidle' });
    await page.getByTestId('team-invite-people').click();
    const bulk = page.getByTestId('modal-bulkAddUser');
    const field = bulk.getByTestId('invite-emails');
    await field.fill('New Person <team.screens.a@example.com>\nnot-an-address');
    await bulk.getByTestId('invite-send').click();
    await bulk.getByText('Fix or remove what is not an address: not-an-address.').waitFor();
    await shoot(page, 'team-bulk-add-checked');

    await field.fill('team.screens.a@example.com');
    await bulk.getByTestId('invite-send').click();
    await bulk.getByTestId('invite-licences-short').waitFor();
    await bulk.getByTestId('invite-add-licences').getByTestId('licence-change-price').waitFor();
    await shoot(page, 'team-bulk-add-licences-short');
  });
});
