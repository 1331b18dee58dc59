/**
 * The team's modals on one screen, with the team API answered by the test (team.fixture.ts): upgrade to team (the
 * organization's fields checked before anything is sent, then the licences priced), bulk add user (the pasted list
 * read against the team and the seats, the answer's new accounts, and the server's 409 past the licences with one
 * more bought right there) and manage organization (the price of a licence change, handing the team over). The
 * journey through them against the real server is e2e/teams.test.ts.
 */
import { paths } from '@eh/contracts/paths';
import { FREE_PLAN, formatCents, TEST_BILLING_LABEL } from '@eh/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { answerMe, SIGNED_IN } from '../../test/accounts.ts';
import { network } from '../../test/network.ts';
import { answerPlansOnSale } from '../../test/plan-offers.ts';
import { answerTeam, LICENCE_PRICE, ORG_ID, ownedTeam, person, READER, SAM_ID } from './team.fixture.ts';

// The dialogs' code loads lazily, compiled on first use: loaded before the tests, a busy machine's compile time is
// not counted against what a test waits for.
beforeAll(() =>
  Promise.all([
    import('../../app/modals/modal-stack-view.tsx'),
    import('./upgrade-to-team-modal.tsx'),
    import('./bulk-add-user-modal.tsx'),
    import('./manage-organization-modal.tsx'),
  ]),
);

function openModal(kind: 'upgradeToTeam' | 'bulkAddUser' | 'manageOrganization') {
  const store = makeStore(SIGNED_IN);
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/team']}>
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
  act(() => {
    store.dispatch(modalOpened({ kind }));
  });
  return { kinds: () => store.getState().modals.stack.map((entry) => entry.kind) };
}

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

/** The chips of the pasted addresses, in order: each address's status as the form read it. */
const statuses = (modal: HTMLElement) =>
  within(modal)
    .queryAllByTestId('invite-address')
    .map((chip) => chip.dataset.status);

/** The team's card as the checkout asks for it: no saved card, and a test billing SetupIntent for a new one. */
function answerTeamCards() {
  network.use(
    http.get(`*${paths.getOrganizationPaymentMethods.replace(':orgId', ORG_ID)}`, () =>
      HttpResponse.json({ paymentMethods: [] }),
    ),
    http.post(`*${paths.postOrganizationPaymentsSetup.replace(':orgId', ORG_ID)}`, () =>
      HttpResponse.json({
        provider: 'test',
        testMode: true,
        label: TEST_BILLING_LABEL,
        publishableKey: null,
        setupIntentId: 'seti_test_1',
        clientSecret: 'seti_test_1_secret_test',
      }),
    ),
  );
}

describe('upgrade to team', () => {
  it('asks for the organization’s name before creating it, with the reader’s address as its billing email; then prices the licences', async () => {
    answerMe(FREE_PLAN);
    answerPlansOnSale();
    answerTeamCards();
    const server = answerTeam(null);
    openModal('upgradeToTeam');
    const modal = within(await screen.findByTestId('modal-upgradeToTeam'));
    await modal.findByTestId('upgrade-team-create');
    await waitFor(() =>
      expect((modal.getByTestId('organization-billing-email') as HTMLInputElement).value).toBe(READER.email),
    );

    await user().click(modal.getByTestId('upgrade-team-next'));
    expect(modal.getByText('Name the organization.')).toBeTruthy();
    expect(server.sent).toEqual([]);

    await user().type(modal.getByTestId('organization-name'), '  Desk 7 ');
    expect(modal.queryByText('Name the organization.')).toBeNull();
    await user().click(modal.getByTestId('upgrade-team-next'));
    const checkout = await modal.findByTestId('team-checkout');
    expect(server.sent).toEqual([{ call: 'create', body: { name: 'Desk 7', billingEmail: READER.email } }]);

    // Step 2: the licences at the default interval, priced by the server, under the test billing label.
    expect(checkout.dataset.interval).toBe('yearly');
    expect((await modal.findByTestId('test-billing-label')).textContent).toBe(TEST_BILLING_LABEL);
    const count = modal.getByTestId('licence-count');
    await user().clear(count);
    await user().type(count, '3');
    const total = formatCents(3 * LICENCE_PRICE.yearly);
    await waitFor(() => expect(modal.getByTestId('team-due-now-amount').textContent).toBe(total));
    expect(modal.getByTestId('team-subtotal-amount').textContent).toBe(total);
    expect(modal.getByTestId('team-pay').textContent).toBe(`Pay ${total}`);
    await modal.findByTestId('card-number');
  });
});

describe('bulk add user', () => {
  it('reads the pasted list against the team, refuses what is not an address, and names the new accounts in the answer', async () => {
    answerMe(FREE_PLAN);
    const server = answerTeam(ownedTeam({ people: [person(READER.email ?? '', 'owner', READER.id)] }), {
      accounts: ['known@example.com'],
    });
    openModal('bulkAddUser');
    const modal = await screen.findByTestId('modal-bulkAddUser');
    const field = await within(modal).findByTestId('invite-emails');
    const people = user();
    await people.click(field);
    await people.paste(`New Person <NEW.PERSON@EXAMPLE.COM>, known@example.com\nnot-an-address ${READER.email}`);
    await waitFor(() => expect(statuses(modal)).toEqual(['new', 'new', 'member', 'invalid']));

    await people.click(within(modal).getByTestId('invite-send'));
    expect(within(modal).getByText('Fix or remove what is not an address: not-an-address.')).toBeTruthy();
    expect(server.sent).toEqual([]);

    await people.clear(field);
    await people.paste('New Person <new.person@example.com>, known@example.com');
    await waitFor(() => expect(statuses(modal)).toEqual(['new', 'new']));
    expect(within(modal).getByTestId('invite-seats').textContent).toContain('1 of 3 seats used · 2 left');
    expect(within(modal).getByTestId('invite-send').textContent).toBe('Send 2 invites');
    await people.click(within(modal).getByTestId('invite-send'));

    const result = await within(modal).findByTestId('invite-result');
    expect(server.sent).toEqual([
      { call: 'invite', body: { inviteEmails: ['new.person@example.com', 'known@example.com'], role: 'member' } },
    ]);
    // Each row: the address, then its role and whether the invite made its account.
    expect(
      within(result)
        .getAllByTestId('invited-row')
        .map((row) => [row.firstElementChild?.textContent, row.dataset.newAccount]),
    ).toEqual([
      ['new.person@example.com', 'true'],
      ['known@example.com', 'false'],
    ]);
    expect(result.textContent).toContain('2 invites sent. 1 address had no account');
    expect(result.textContent).toContain('3 of 3 seats used · none left');
  });

  it('past the licences shows the server’s 409 with the price of one more, buys it right there, then sends the invite', async () => {
    answerMe(FREE_PLAN);
    const full = ownedTeam({
      people: [
        person(READER.email ?? '', 'owner', READER.id),
        person('sam@example.com', 'member', SAM_ID),
        person('kim@example.com', 'invitee', null),
      ],
    });
    const server = answerTeam(full);
    openModal('bulkAddUser');
    const modal = await screen.findByTestId('modal-bulkAddUser');
    await user().type(await within(modal).findByTestId('invite-emails'), 'third@example.com');
    // The form counts the seats before anything is sent.
    expect((await within(modal).findByTestId('invite-seats-short')).textContent).toBe(
      'These invites need 1 licence more than the team has. Buy them below, or invite fewer people.',
    );

    await user().click(within(modal).getByTestId('invite-send'));
    const short = await within(modal).findByTestId('invite-licences-short');
    expect(short.textContent).toBe(
      `The team has 3 licences and 3 seats taken: inviting 1 more needs 1 more licence. One more licence costs ${formatCents(LICENCE_PRICE.yearly)} a year.`,
    );
    const add = within(modal).getByTestId('invite-add-licences');
    expect((await within(add).findByTestId('licence-change-price')).textContent).toContain(
      `4 licences: ${formatCents(4 * LICENCE_PRICE.yearly)} / year (+${formatCents(LICENCE_PRICE.yearly)})`,
    );
    await user().click(within(add).getByTestId('licence-change-save'));
    expect((await within(modal).findByTestId('invite-licences-bought')).textContent).toBe(
      'The team has 4 licences now: send the invite.',
    );
    // The team's seats are asked again: with four licences the invite fits, and nothing is left to buy.
    await waitFor(() => expect(within(modal).queryByTestId('invite-add-licences')).toBeNull());
    expect(within(modal).getByTestId('invite-seats').textContent).toContain('3 of 4 seats used · 1 left');

    await user().click(within(modal).getByTestId('invite-send'));
    await within(modal).findByTestId('invite-result');
    expect(server.sent).toEqual([
      { call: 'invite', body: { inviteEmails: ['third@example.com'], role: 'member' } },
      { call: 'licences', body: { licenseCount: 4 } },
      { call: 'invite', body: { inviteEmails: ['third@example.com'], role: 'member' } },
    ]);
    expect(within(modal).getByTestId('invite-result').textContent).toContain('4 of 4 seats used · none left');
  });
});

describe('manage organization', () => {
  it('prices a change of licences before it is made', async () => {
    answerMe(FREE_PLAN);
    answerTeam(ownedTeam());
    openModal('manageOrganization');
    const modal = within(await screen.findByTestId('modal-manageOrganization'));
    const count = await modal.findByTestId('licence-count');
    expect((count as HTMLInputElement).value).toBe('3');
    await user().clear(count);
    await user().type(count, '5');
    expect((await modal.findByTestId('licence-change-price')).textContent).toContain(
      `5 licences: ${formatCents(5 * LICENCE_PRICE.yearly)} / year (+${formatCents(2 * LICENCE_PRICE.yearly)})`,
    );
    expect(modal.getByTestId('licence-change-save').textContent).toBe('Buy 2 licences more');
  });

  it('hands the team to a member after a confirmation', async () => {
    answerMe(FREE_PLAN);
    const server = answerTeam(ownedTeam());
    const { kinds } = openModal('manageOrganization');
    const modal = within(await screen.findByTestId('modal-manageOrganization'));
    await user().click(await modal.findByRole('combobox', { name: 'New owner' }));
    await user().click(await screen.findByRole('option', { name: 'sam@example.com (Member)' }));
    await user().click(modal.getByTestId('transfer-start'));
    expect(modal.getByTestId('transfer-confirm').textContent).toContain(
      'sam@example.com becomes the owner of Desk 7, with its billing. You become an admin.',
    );
    expect(server.sent).toEqual([]);
    await user().click(modal.getByTestId('transfer-confirm-button'));
    await waitFor(() => expect(kinds()).toEqual([]));
    expect(server.sent).toEqual([{ call: 'role', userId: SAM_ID, body: { role: 'owner' } }]);
  });

  it('with nobody to hand the team to, says to invite someone first', async () => {
    answerMe(FREE_PLAN);
    answerTeam(ownedTeam({ people: [person(READER.email ?? '', 'owner', READER.id)] }));
    openModal('manageOrganization');
    const modal = within(await screen.findByTestId('modal-manageOrganization'));
    expect((await modal.findByTestId('manage-transfer-none')).textContent).toBe(
      'Invite someone first: ownership goes to a member who has accepted.',
    );
    await modal.findByTestId('licence-change');
  });
});
