/**
 * Teams end to end in Chromium against the real server with test billing (the embedded default): an
 * owner sets up a team from the pricing page (the organization, 3 licences, the 4242… card), invites two people in
 * the bulk add user modal (a new address, which gets an account and a temporary password, and an existing
 * account), meets the 409 past the licences and buys one more right there. The invitee, in a second browser
 * context, opens the invite email's link, signs in with the temporary password (NEW_PASSWORD_REQUIRED: they choose
 * their own), accepts, and sees EHS on a quote page; the owner removes them and EHS is gone. axe on /team and the
 * three team modals; screenshots at both widths in both themes.
 */
import { randomUUID } from 'node:crypto';
import { formatCents } from '@eh/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, SCREENS, screenshot, showAs } from './browser.ts';
import { api, idToken, mailTo, newAccount, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');
const CHOSEN_PASSWORD = 'Team-member-2026!';
const TEST_LABEL = 'Test billing — no card is charged';

/** A confirmed account of its own (no other file reads it). */
async function newUser(prefix: string): Promise<{ email: string; token: string }> {
  const account = await newAccount(prefix);
  return { email: account.email, token: await idToken(account) };
}

async function features(token: string): Promise<{ ehs: boolean }> {
  const res = await fetch(`${baseUrl}/api/core/users/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { accountFeatures: { ehs: boolean } }).accountFeatures;
}

async function shoot(page: Page, name: string, scope: string) {
  for (const [viewport, colorScheme] of SCREENS) {
    await showAs(page, viewport, colorScheme);
    await screenshot(page, `${name}-${viewport}-${colorScheme}`);
  }
  await showAs(page, 'desktop', 'light');
  expect(await seriousViolations(page, scope), `${name}: axe`).toEqual([]);
}

let browser: Browser;
let teamYearly: number;
beforeAll(async () => {
  browser = await launchBrowser();
  const { plans } = await api<{ plans: { plan: string; yearly: { amount: number } }[] }>(
    '/core/subscriptions/account/plans',
  );
  teamYearly = plans.find((offer) => offer.plan === 'earningshub_team')?.yearly.amount ?? 0;
  expect(teamYearly).toBeGreaterThan(0);
});
afterAll(async () => {
  await browser?.close();
});

describe('a team from the pricing page to a removed member', () => {
  it('owner buys 3 licences and invites two; the new one accepts in another browser, gets EHS, is removed and loses it', async () => {
    const owner = await newUser('team.owner');
    const known = await newUser('team.known');
    const fresh = `team.new.${randomUUID().slice(0, 8)}@example.com`;
    const teamName = `Desk ${randomUUID().slice(0, 4)}`;

    const first = await openPage(browser, baseUrl);
    const { page } = first;
    try {
      // The Team plan's button opens the upgrade to team modal.
      await page.goto(`/pricing?token=${owner.token}`, { waitUntil: 'networkidle' });
      await page.getByTestId('choose-earningshub_team').click();
      const upgrade = page.getByTestId('modal-upgradeToTeam');
      await upgrade.getByTestId('upgrade-team-create').waitFor();
      expect(await upgrade.getByTestId('organization-billing-email').inputValue()).toBe(owner.email);
      // The name is required: the field says so before anything is sent.
      await upgrade.getByTestId('upgrade-team-next').click();
      await upgrade.getByText('Name the organization.').waitFor();
      await upgrade.getByTestId('organization-name').fill(teamName);
      await shoot(page, 'team-upgrade-organization', '[data-testid="modal-upgradeToTeam"]');
      await upgrade.getByTestId('upgrade-team-next').click();

      // Step 2: licences, interval, the team's card under the test billing label.
      const checkout = upgrade.getByTestId('team-checkout');
      await checkout.waitFor();
      expect(await checkout.getAttribute('data-interval')).toBe('yearly');
      expect(await upgrade.getByTestId('test-billing-label').innerText()).toBe(TEST_LABEL);
      await upgrade.getByTestId('licence-count').fill('3');
      await expect.poll(() => upgrade.getByTestId('team-due-now-amount').innerText()).toBe(formatCents(3 * teamYearly));
      expect(await upgrade.getByTestId('team-subtotal-amount').innerText()).toBe(formatCents(3 * teamYearly));
      await upgrade.getByTestId('card-number').fill('4242 4242 4242 4242');
      await upgrade.getByTestId('card-expiry').fill('12 / 30');
      await upgrade.getByTestId('card-cvc').fill('123');
      expect(await upgrade.getByTestId('team-pay').innerText()).toBe(`Pay ${formatCents(3 * teamYearly)}`);
      await shoot(page, 'team-upgrade-checkout', '[data-testid="modal-upgradeToTeam"]');
      await upgrade.getByTestId('team-pay').click();

      // Paid: the team page, the owner's view.
      await page.waitForURL(`${baseUrl}/team`);
      const view = page.getByTestId('team-view');
      await view.waitFor();
      expect(await view.getAttribute('data-role')).toBe('owner');
      await expect.poll(() => page.getByTestId('team-seats').innerText()).toBe('1 / 3 licences');
      await expect.poll(() => page.getByTestId('team-plan').innerText()).toMatch(/^Team · Active · /);
      expect(await page.getByTestId('team-billing-email').innerText()).toBe(owner.email);
      await page.getByTestId('team-invoice').first().waitFor();
      expect(await page.getByTestId('team-invoice').first().innerText()).toContain(formatCents(3 * teamYearly));
      expect((await features(owner.token)).ehs).toBe(true);

      // Invite two: the pasted list is read here first.
      await page.getByTestId('team-invite-people').click();
      const bulk = page.getByTestId('modal-bulkAddUser');
      await bulk
        .getByTestId('invite-emails')
        .fill(`New Person <${fresh.toUpperCase()}>, ${known.email}\nnot-an-address ${owner.email}`);
      const statuses = () =>
        bulk
          .getByTestId('invite-address')
          .evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-status')));
      await expect.poll(statuses).toEqual(['new', 'new', 'member', 'invalid']);
      await bulk.getByTestId('invite-send').click();
      await bulk.getByText('Fix or remove what is not an address: not-an-address.').waitFor();
      await shoot(page, 'team-bulk-add-checked', '[data-testid="modal-bulkAddUser"]');
      await bulk.getByTestId('invite-emails').fill(`New Person <${fresh}>, ${known.email}`);
      await expect.poll(statuses).toEqual(['new', 'new']);
      expect(await bulk.getByTestId('invite-seats').innerText()).toContain('1 of 3 seats used · 2 left');
      expect(await bulk.getByTestId('invite-send').innerText()).toBe('Send 2 invites');
      await bulk.getByTestId('invite-send').click();
      const result = bulk.getByTestId('invite-result');
      await result.waitFor();
      const rows = await bulk
        .getByTestId('invited-row')
        .evaluateAll((items) => items.map((item) => [item.textContent, item.getAttribute('data-new-account')]));
      expect(rows).toEqual([
        [expect.stringContaining(fresh), 'true'],
        [expect.stringContaining(known.email), 'false'],
      ]);
      expect(await result.innerText()).toContain('3 of 3 seats used · none left');
      await shoot(page, 'team-bulk-add-result', '[data-testid="modal-bulkAddUser"]');

      // A third is past the licences: the server's 409 with the price of one more, and the owner buys it here.
      await bulk.getByTestId('invite-more').click();
      const third = `team.third.${randomUUID().slice(0, 8)}@example.com`;
      await bulk.getByTestId('invite-emails').fill(third);
      await bulk.getByTestId('invite-seats-short').waitFor();
      await bulk.getByTestId('invite-send').click();
      const short = bulk.getByTestId('invite-licences-short');
      await short.waitFor();
      expect(await short.innerText()).toBe(
        `The team has 3 licences and 3 seats taken: inviting 1 more needs 1 more licence. One more licence costs ${formatCents(teamYearly)} a year.`,
      );
      const add = bulk.getByTestId('invite-add-licences');
      await add.getByTestId('licence-change-price').waitFor();
      expect(await add.getByTestId('licence-change-price').innerText()).toContain(
        `4 licences: ${formatCents(4 * teamYearly)} / year`,
      );
      await shoot(page, 'team-bulk-add-licences-short', '[data-testid="modal-bulkAddUser"]');
      await add.getByTestId('licence-change-save').click();
      await add.waitFor({ state: 'detached' });
      expect(await bulk.getByTestId('invite-licences-bought').innerText()).toBe(
        'The team has 4 licences now: send the invite.',
      );
      await bulk.getByTestId('invite-send').click();
      await bulk.getByTestId('invite-result').waitFor();
      await bulk.getByTestId('invite-done').click();
      await expect.poll(() => page.getByTestId('team-seats').innerText()).toBe('4 / 4 licences');
      // Take the third invite back: a seat is free again.
      await page
        .locator(`[data-testid="team-invite"][data-email="${third}"]`)
        .getByTestId('team-invite-take-back')
        .click();
      await expect.poll(() => page.getByTestId('team-seats').innerText()).toBe('3 / 4 licences');
      // The invites' list is its own answer: it may land after the seats.
      await expect.poll(() => page.getByTestId('team-invite').count()).toBe(2);
      await shoot(page, 'team-page-owner', 'main');

      // Manage organization: the licences with the price of the change, and the ownership part.
      await page.getByTestId('team-manage').click();
      const manage = page.getByTestId('modal-manageOrganization');
      await manage.getByTestId('licence-change').waitFor();
      await manage.getByTestId('licence-count').fill('5');
      await manage.getByTestId('licence-change-price').waitFor();
      expect(await manage.getByTestId('licence-change-price').innerText()).toContain(
        `5 licences: ${formatCents(5 * teamYearly)} / year (+${formatCents(teamYearly)})`,
      );
      await manage.getByTestId('manage-transfer-none').waitFor();
      await shoot(page, 'team-manage-organization', '[data-testid="modal-manageOrganization"]');
      await manage.getByRole('button', { name: 'Close', exact: true }).last().click();
      await manage.waitFor({ state: 'detached' });

      // The invitee: the invite email's link, a sign-in with the temporary password, a password of their own.
      const mail = await mailTo(fresh, { matching: /temporary password: / });
      expect(mail.subject).toBe(`${owner.email} invited you to the team ${teamName} on EarningsHub`);
      const temporary = mail.body.match(/temporary password: (\S+)/)?.[1] ?? '';
      const link = mail.body.match(/(https?:\/\/\S+\/team\?invite=\S+)/)?.[1] ?? '';
      const invitePath = new URL(link).pathname + new URL(link).search;
      expect(invitePath).toMatch(/^\/team\?invite=[\w-]+$/);

      const second = await openPage(browser, baseUrl, { viewport: 'phone' });
      const other = second.page;
      try {
        await other.goto(invitePath, { waitUntil: 'networkidle' });
        await other.getByTestId('team-signed-out').waitFor();
        expect(await other.getByTestId('team-signed-out').innerText()).toContain('Sign in to answer your invite');
        await other.getByTestId('team-sign-in').click();
        const signIn = other.getByTestId('modal-signIn');
        await signIn.getByLabel('Email').fill(fresh);
        await signIn.getByLabel('Password').fill(temporary);
        await signIn.locator('form').getByRole('button', { name: 'Sign in' }).click();
        await signIn.getByLabel('New password').fill(CHOSEN_PASSWORD);
        await signIn.getByRole('button', { name: 'Set password and sign in' }).click();
        await signIn.waitFor({ state: 'detached' });

        // Signed in on the invite's page: their invite, first and marked.
        const answer = other.locator('[data-testid="team-invite-for-me"][data-linked="true"]');
        await answer.waitFor();
        expect(await answer.innerText()).toContain(`Join ${teamName}`);
        await shoot(other, 'team-page-invitee', 'main');
        // Not a member yet: no EHS.
        const token = await idToken({ email: fresh, password: CHOSEN_PASSWORD });
        expect((await features(token)).ehs).toBe(false);
        await answer.getByTestId('team-invite-accept').click();
        const memberView = other.getByTestId('team-view');
        await memberView.waitFor();
        expect(await memberView.getAttribute('data-role')).toBe('member');
        expect(await other.getByTestId('team-invite-people').count()).toBe(0);
        expect(await other.getByTestId('team-manage').count()).toBe(0);
        expect(await other.getByTestId('team-invoices-section').count()).toBe(0);
        await other.getByTestId('team-read-only').waitFor();
        await shoot(other, 'team-page-member', 'main');

        // A team feature: EHS on a quote page.
        await other.goto('/quote/AAPL/ehs', { waitUntil: 'networkidle' });
        const history = other.getByTestId('ehs-score-history');
        await history.getByTestId('ehs-history-latest').waitFor();
        expect(await history.getByTestId('upgrade-prompt').count()).toBe(0);
        expect((await features(token)).ehs).toBe(true);

        // The owner removes them (confirmed); the feature goes. (A ?token= sign-in lasts for one visit.)
        await page.goto(`/team?token=${owner.token}`, { waitUntil: 'networkidle' });
        const row = page.locator(`[data-testid="team-member"][data-email="${fresh}"]`);
        await row.getByTestId('team-member-actions').click();
        await page.getByTestId('team-member-remove').click();
        await row.getByTestId('team-member-confirm').waitFor();
        expect(await row.getByTestId('team-member-confirm').innerText()).toContain(
          `${fresh} leaves ${teamName} and loses the Team plan’s features at once.`,
        );
        await screenshot(page, 'team-member-remove-confirm-desktop-light');
        await row.getByTestId('team-member-confirm-button').click();
        await row.waitFor({ state: 'detached' });
        await expect.poll(() => page.getByTestId('team-seats').innerText()).toBe('2 / 4 licences');

        expect((await features(token)).ehs).toBe(false);
        await other.reload({ waitUntil: 'networkidle' });
        const gate = other.getByTestId('ehs-score-history').getByTestId('upgrade-prompt');
        await gate.waitFor();
        expect(await gate.getAttribute('data-feature')).toBe('ehs');
        await other.goto('/team', { waitUntil: 'networkidle' });
        await other.getByTestId('team-none').waitFor();
        await shoot(other, 'team-page-none', 'main');
        expect(second.errors).toEqual([]);
      } finally {
        await second.context.close();
      }

      // The existing account accepts (through the API); the owner hands the team over to them, confirmed.
      const accepted = await fetch(`${baseUrl}/api/core/users/me/organization/invite/response`, {
        method: 'POST',
        headers: { authorization: `Bearer ${known.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ response: 'accept' }),
      });
      expect(accepted.status).toBe(200);
      await page.goto(`/team?token=${owner.token}`, { waitUntil: 'networkidle' });
      await page.getByTestId('team-manage').click();
      const handOver = page.getByTestId('modal-manageOrganization');
      await handOver.getByRole('combobox', { name: 'New owner' }).click();
      await page.getByRole('option', { name: `${known.email} (Member)` }).click();
      await handOver.getByTestId('transfer-start').click();
      expect(await handOver.getByTestId('transfer-confirm').innerText()).toContain(
        `${known.email} becomes the owner of ${teamName}, with its billing. You become an admin.`,
      );
      await handOver.getByTestId('transfer-confirm-button').click();
      await handOver.waitFor({ state: 'detached' });
      await expect.poll(() => page.getByTestId('team-view').getAttribute('data-role')).toBe('admin');
      // The members' list is its own answer: it may land after the caller's new role.
      await expect
        .poll(() => page.locator(`[data-testid="team-member"][data-email="${known.email}"]`).getAttribute('data-role'))
        .toBe('owner');
      expect(await page.getByTestId('team-manage').count()).toBe(0);
      expect(await page.getByTestId('team-invoices-section').count()).toBe(0);
      // The two refused sends are the 409 past the licences (the modal shows it in words) and nothing else.
      expect(first.errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
    } finally {
      await first.context.close();
    }
  });
});

describe('/team signed out and /team/invite', () => {
  it('explains Team to a visitor and sends them to sign in; /team/invite asks the same', async () => {
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/team', { waitUntil: 'networkidle' });
      const card = page.getByTestId('team-signed-out');
      await card.waitFor();
      expect(await card.innerText()).toContain('Pro for your organization');
      expect(await page.locator('main h1').innerText()).toBe('Team');
      await shoot(page, 'team-page-signed-out', 'main');
      await page.goto('/team/invite', { waitUntil: 'networkidle' });
      expect(await page.locator('main h1').innerText()).toBe('Invite people');
      await page.getByRole('button', { name: 'Sign in' }).last().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
