/**
 * Teams end to end in Chromium against the real server with test billing (the embedded default), one browser
 * context per person: an owner sets up a team from the pricing page (the organization, 3 licences, the 4242…
 * card) and invites a new address in the bulk add user modal (an account with a temporary password is made for it).
 * The invitee, in their own browser, opens the invite email's link, signs in with the temporary password
 * (NEW_PASSWORD_REQUIRED: they choose their own), accepts, and sees EHS on a quote page; the owner removes them and
 * EHS is gone. axe once on each screen the journey passes: the upgrade and bulk add modals, manage organization,
 * the team page as its owner, an invite to answer, no team.
 *
 * What one screen does on its own is tested with the API answered by the test: features/teams/team-page.test.tsx
 * (/team and /team/invite signed out, the team as owner, admin and member see it, the email link's invite first,
 * an invite taken back) and features/teams/team-modals.test.tsx (the organization's name required, the pasted list
 * read and refused, the 409 past the licences and one more bought there, a licence change priced, ownership handed
 * over). What the server decides (seats never past the licences, the 409's price, features gained and lost with the
 * team, ownership transfer) is apps/server/test/service/teams.test.ts. The screenshots at both widths in both themes
 * are taken only when `npm run screenshots` saves them.
 */
import { randomUUID } from 'node:crypto';
import { formatCents } from '@eh/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, navigateInApp, openPage, SAVING_SCREENSHOTS, SCREENS, screenshot, showAs } from './browser.ts';
import { api, idToken, mailTo, newAccount, seriousViolations } from './support.ts';

const baseUrl = inject('baseUrl');
const CHOSEN_PASSWORD = 'Team-member-2026!';
const TEST_LABEL = 'Test billing — no card is charged';

/**
 * Both widths in both themes when screenshots are being saved (each variant costs a re-layout and a wait for the
 * requests it starts, for nothing when none is saved).
 */
async function shoot(page: Page, name: string) {
  if (!SAVING_SCREENSHOTS) return;
  for (const [viewport, colorScheme] of SCREENS) {
    await showAs(page, viewport, colorScheme);
    await screenshot(page, `${name}-${viewport}-${colorScheme}`);
  }
  await showAs(page, 'desktop', 'light');
}

let browser: Browser;
let teamYearly: number;
beforeAll(async () => {
  browser = await fileBrowser();
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
  it('owner buys 3 licences and invites a new address; the invitee accepts in their own browser, gets EHS, is removed and loses it', async () => {
    const owner = await newAccount('team.owner');
    const ownerToken = await idToken(owner);
    const fresh = `team.new.${randomUUID().slice(0, 8)}@example.com`;
    const teamName = `Desk ${randomUUID().slice(0, 4)}`;

    const first = await openPage(browser, baseUrl);
    const { page } = first;
    try {
      // The Team plan's button opens the upgrade to team modal: the organization, then its licences and card.
      await page.goto(`/pricing?token=${ownerToken}`, { waitUntil: 'networkidle' });
      await page.getByTestId('choose-earningshub_team').click();
      const upgrade = page.getByTestId('modal-upgradeToTeam');
      await upgrade.getByTestId('upgrade-team-create').waitFor();
      expect(await upgrade.getByTestId('organization-billing-email').inputValue()).toBe(owner.email);
      await upgrade.getByTestId('organization-name').fill(teamName);
      await shoot(page, 'team-upgrade-organization');
      await upgrade.getByTestId('upgrade-team-next').click();

      const checkout = upgrade.getByTestId('team-checkout');
      await checkout.waitFor();
      expect(await upgrade.getByTestId('test-billing-label').innerText()).toBe(TEST_LABEL);
      await upgrade.getByTestId('licence-count').fill('3');
      await expect.poll(() => upgrade.getByTestId('team-due-now-amount').innerText()).toBe(formatCents(3 * teamYearly));
      await upgrade.getByTestId('card-number').fill('4242 4242 4242 4242');
      await upgrade.getByTestId('card-expiry').fill('12 / 30');
      await upgrade.getByTestId('card-cvc').fill('123');
      expect(await upgrade.getByTestId('team-pay').innerText()).toBe(`Pay ${formatCents(3 * teamYearly)}`);
      await shoot(page, 'team-upgrade-checkout');
      expect(await seriousViolations(page, '[data-testid="modal-upgradeToTeam"]')).toEqual([]);
      await upgrade.getByTestId('team-pay').click();

      // Paid: the team page, the owner's view.
      await page.waitForURL(`${baseUrl}/team`);
      const view = page.getByTestId('team-view');
      await view.waitFor();
      expect(await view.getAttribute('data-role')).toBe('owner');
      await expect.poll(() => page.getByTestId('team-seats').innerText()).toBe('1 / 3 licences');
      await expect.poll(() => page.getByTestId('team-plan').innerText()).toMatch(/^Team · Active · /);
      await page.getByTestId('team-invoice').first().waitFor();
      expect(await page.getByTestId('team-invoice').first().innerText()).toContain(formatCents(3 * teamYearly));

      // Invite the new address: it gets an account, and the invite its temporary password.
      await page.getByTestId('team-invite-people').click();
      const bulk = page.getByTestId('modal-bulkAddUser');
      await bulk.getByTestId('invite-emails').fill(`New Person <${fresh}>`);
      await expect.poll(() => bulk.getByTestId('invite-address').getAttribute('data-status')).toBe('new');
      await shoot(page, 'team-bulk-add-form');
      expect(await seriousViolations(page, '[data-testid="modal-bulkAddUser"]')).toEqual([]);
      await bulk.getByTestId('invite-send').click();
      const result = bulk.getByTestId('invite-result');
      await result.waitFor();
      expect(await bulk.getByTestId('invited-row').getAttribute('data-new-account')).toBe('true');
      expect(await result.innerText()).toContain('2 of 3 seats used · 1 left');
      await shoot(page, 'team-bulk-add-result');
      await bulk.getByTestId('invite-done').click();
      await expect.poll(() => page.getByTestId('team-seats').innerText()).toBe('2 / 3 licences');
      // The invites' list is its own answer: it may land after the seats.
      await page.locator(`[data-testid="team-invite"][data-email="${fresh}"]`).waitFor();
      await shoot(page, 'team-page-owner');
      expect(await seriousViolations(page, 'main')).toEqual([]);

      // Manage organization: the licences and the ownership part, for axe (what they do: team-modals.test.tsx).
      await page.getByTestId('team-manage').click();
      const manage = page.getByTestId('modal-manageOrganization');
      await manage.getByTestId('licence-change').waitFor();
      await manage.getByTestId('manage-transfer-none').waitFor();
      await shoot(page, 'team-manage-organization');
      expect(await seriousViolations(page, '[data-testid="modal-manageOrganization"]')).toEqual([]);
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
        await other.getByTestId('team-sign-in').click();
        const signIn = other.getByTestId('modal-signIn');
        await signIn.getByLabel('Email').fill(fresh);
        await signIn.getByLabel('Password').fill(temporary);
        await signIn.locator('form').getByRole('button', { name: 'Sign in' }).click();
        await signIn.getByLabel('New password').fill(CHOSEN_PASSWORD);
        await signIn.getByRole('button', { name: 'Set password and sign in' }).click();
        await signIn.waitFor({ state: 'detached' });

        // Signed in on the invite's page: their invite, marked as the link's.
        const answer = other.locator('[data-testid="team-invite-for-me"][data-linked="true"]');
        await answer.waitFor();
        expect(await answer.innerText()).toContain(`Join ${teamName}`);
        await shoot(other, 'team-page-invitee');
        expect(await seriousViolations(other, 'main')).toEqual([]);
        await answer.getByTestId('team-invite-accept').click();
        const memberView = other.getByTestId('team-view');
        await memberView.waitFor();
        expect(await memberView.getAttribute('data-role')).toBe('member');
        await other.getByTestId('team-read-only').waitFor();
        await shoot(other, 'team-page-member');

        // A team feature: EHS on a quote page.
        await navigateInApp(other, '/quote/AAPL/ehs');
        const history = other.getByTestId('ehs-score-history');
        await history.getByTestId('ehs-history-latest').waitFor();
        expect(await history.getByTestId('upgrade-prompt').count()).toBe(0);

        // The owner comes back to the team page (a ?token= sign-in lasts one load) and removes them, confirmed.
        await page.goto(`/team?token=${ownerToken}`, { waitUntil: 'networkidle' });
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
        await expect.poll(() => page.getByTestId('team-seats').innerText()).toBe('1 / 3 licences');

        // The former member's next visit: EHS is gated again, and the team page has no team for them.
        await other.reload({ waitUntil: 'networkidle' });
        const gate = other.getByTestId('ehs-score-history').getByTestId('upgrade-prompt');
        await gate.waitFor();
        expect(await gate.getAttribute('data-feature')).toBe('ehs');
        await navigateInApp(other, '/team');
        await other.getByTestId('team-none').waitFor();
        await shoot(other, 'team-page-none');
        expect(await seriousViolations(other, 'main')).toEqual([]);
        expect(second.errors).toEqual([]);
      } finally {
        await second.context.close();
      }
      expect(first.errors).toEqual([]);
    } finally {
      await first.context.close();
    }
  });
});
