/**
 * /team and /team/invite on one screen, with the team API answered by the test (team.fixture.ts): what a signed-out
 * visitor and invitee are asked, the team as its owner, an admin and a member see it, an invite answered from the
 * email's link, a reader with no team, and an invite taken back. The journey across people (buying licences,
 * inviting, the invitee's own browser, the feature gained and lost) is e2e/teams.test.ts.
 */
import { DEFAULT_PRICE_TYPE, FREE_PLAN, formatCents, TEAM_PLAN } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { billingDate, pricePerInterval } from '../../shared/manage-words.ts';
import { pageById } from '../../shared/page-content.ts';
import { answerMe, SIGNED_IN } from '../../test/accounts.ts';
import { answerPlansOnSale, OFFERS } from '../../test/plan-offers.ts';
import { priceLine } from '../pricing/index.ts';
import {
  answerTeam,
  firstCharge,
  inviteForMe,
  LICENCE_PRICE,
  ORG_ID,
  OTHER_ORG_ID,
  othersTeam,
  ownedTeam,
  person,
  READER,
} from './team.fixture.ts';
import TeamInvitePage from './team-invite-page.tsx';
import { ROLE_NOTES } from './team-model.ts';
import TeamPage from './team-page.tsx';

const VISITOR = { auth: { status: 'signedOut', email: null, viaLink: false } } as const;

function renderAt(address: string, page: ReactNode, store = makeStore(SIGNED_IN)) {
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[address]}>{page}</MemoryRouter>
    </AppProviders>,
  );
  return { kinds: () => store.getState().modals.stack.map((entry) => entry.kind) };
}

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const teamOffer = OFFERS.find((offer) => offer.plan === TEAM_PLAN);
const teamLine = teamOffer ? priceLine(teamOffer, DEFAULT_PRICE_TYPE) : null;

describe('/team signed out', () => {
  it('explains Team to a visitor with its price, and sends them to sign in', async () => {
    answerPlansOnSale();
    const { kinds } = renderAt('/team', <TeamPage />, makeStore(VISITOR));
    const card = screen.getByTestId('team-signed-out');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(pageById('team').title);
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Team: Pro for your organization');
    expect(card.textContent).toContain(`Owner: ${ROLE_NOTES.owner.toLowerCase()}.`);
    expect((await within(card).findByTestId('team-price-line')).textContent).toBe(
      `${teamLine?.amount} ${teamLine?.per}`,
    );
    await user().click(within(card).getByTestId('team-sign-in'));
    expect(kinds()).toEqual(['signIn']);
  });

  it('asks someone who follows an invite email’s link to sign in with the address it was sent to', async () => {
    answerPlansOnSale();
    const { kinds } = renderAt('/team?invite=tok_abc', <TeamPage />, makeStore(VISITOR));
    const card = screen.getByTestId('team-signed-out');
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Sign in to answer your invite');
    expect(card.textContent).toContain('The invite email has a temporary password');
    expect(within(card).queryByTestId('team-price-line')).toBeNull();
    await user().click(within(card).getByTestId('team-sign-in'));
    expect(kinds()).toEqual(['signIn']);
  });

  it('/team/invite asks the same: sign in first', async () => {
    const { kinds } = renderAt('/team/invite', <TeamInvitePage />, makeStore(VISITOR));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(pageById('teamInvite').title);
    expect(screen.getByText('Sign in to invite people to your team, or to answer an invite.')).toBeTruthy();
    await user().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(kinds()).toEqual(['signIn']);
  });
});

describe('/team signed in', () => {
  it('shows the owner the seats against the licences, the plan, the billing email and the invoices, with the ways to invite and manage', async () => {
    answerMe(FREE_PLAN);
    const state = ownedTeam({ people: [...ownedTeam().people, person('new.person@example.com', 'invitee', null)] });
    answerTeam(state);
    renderAt('/team', <TeamPage />);
    const view = await screen.findByTestId('team-view');
    expect(view.dataset.role).toBe('owner');
    // The owner, one member and one pending invite take three of the three licences.
    await waitFor(() => expect(screen.getByTestId('team-seats').textContent).toBe('3 / 3 licences'));
    expect(view.textContent).toContain('2 members, 1 pending invite · no seat left');
    const yearly = state.licenseCount * LICENCE_PRICE.yearly;
    await waitFor(() =>
      expect(screen.getByTestId('team-plan').textContent).toBe(
        `Team · Active · ${pricePerInterval(yearly, 'usd', 'yearly')}`,
      ),
    );
    expect(screen.getByTestId('team-billing-email').textContent).toBe(state.billingEmail);
    const invoice = await screen.findByTestId('team-invoice');
    expect(invoice.textContent).toContain(formatCents(firstCharge(state).amount));
    expect(invoice.textContent).toContain(billingDate(firstCharge(state).createdAt));
    expect((await screen.findAllByTestId('team-member')).map((row) => [row.dataset.email, row.dataset.role])).toEqual([
      [READER.email, 'owner'],
      ['sam@example.com', 'member'],
    ]);
    expect((await screen.findAllByTestId('team-invite')).map((row) => row.dataset.email)).toEqual([
      'new.person@example.com',
    ]);
    expect(screen.getByTestId('team-invite-people')).toBeTruthy();
    expect(screen.getByTestId('team-manage')).toBeTruthy();
    expect(screen.queryByTestId('team-read-only')).toBeNull();
  });

  it('lets a member read the team: no inviting, managing or invoices', async () => {
    answerMe(FREE_PLAN);
    answerTeam(othersTeam('member'));
    renderAt('/team', <TeamPage />);
    const view = await screen.findByTestId('team-view');
    expect(view.dataset.role).toBe('member');
    expect(screen.getByTestId('team-read-only').textContent).toBe(
      'The owner and admins manage the team; ask them to change your role.',
    );
    await screen.findAllByTestId('team-member');
    await waitFor(() => expect(screen.getByTestId('team-plan').textContent).toMatch(/^Team · Active · /));
    expect(screen.queryByTestId('team-invite-people')).toBeNull();
    expect(screen.queryByTestId('team-manage')).toBeNull();
    expect(screen.queryByTestId('team-invoices-section')).toBeNull();
    expect(screen.queryAllByTestId('team-invite-take-back')).toEqual([]);
  });

  it('lets an admin (a former owner who handed the team over) invite, and leaves the organization and billing to the owner', async () => {
    answerMe(FREE_PLAN);
    answerTeam(othersTeam('admin'));
    renderAt('/team', <TeamPage />);
    const view = await screen.findByTestId('team-view');
    expect(view.dataset.role).toBe('admin');
    expect(screen.getByTestId('team-read-only').textContent).toBe(
      'The owner manages the organization and its billing.',
    );
    expect(screen.getByTestId('team-invite-people')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('team-member').map((row) => row.dataset.role)).toEqual(['owner', 'admin']),
    );
    expect(screen.queryByTestId('team-manage')).toBeNull();
    expect(screen.queryByTestId('team-invoices-section')).toBeNull();
  });

  it('puts the invite of the email’s link first; accepting answers it by its token and shows the team as a member', async () => {
    answerMe(FREE_PLAN);
    const linked = inviteForMe(ORG_ID, 'Desk 7', 'tok_linked');
    const state = othersTeam('invitee', {
      invitesForMe: [inviteForMe(OTHER_ORG_ID, 'Another Desk', 'tok_other'), linked],
    });
    const server = answerTeam(state);
    renderAt(`/team?invite=${linked.token}`, <TeamPage />);
    const answers = await screen.findAllByTestId('team-invite-for-me');
    expect(answers.map((answer) => [answer.dataset.linked, within(answer).getByRole('heading').textContent])).toEqual([
      ['true', 'Join Desk 7'],
      ['false', 'Join Another Desk'],
    ]);
    expect(answers[0]?.textContent).toContain(`${linked.invitedByEmail} invited you as a member`);
    // An invitee is not in the team yet: no team view.
    expect(screen.queryByTestId('team-view')).toBeNull();

    await user().click(within(answers[0] as HTMLElement).getByTestId('team-invite-accept'));
    const view = await screen.findByTestId('team-view');
    expect(view.dataset.role).toBe('member');
    await waitFor(() =>
      expect(screen.getAllByTestId('team-member').map((row) => [row.dataset.email, row.dataset.role])).toEqual([
        ['owner@desk7.example.com', 'owner'],
        [READER.email, 'member'],
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('team-plan').textContent).toMatch(/^Team · Active · /));
    await screen.findByTestId('team-invites-empty');
    expect(server.sent).toEqual([{ call: 'answer', body: { response: 'accept', token: linked.token } }]);
    // The other team's invite still waits, with the reason it cannot be taken while in this team.
    expect(screen.getAllByTestId('team-invite-for-me').map((answer) => answer.dataset.linked)).toEqual(['false']);
    expect(screen.getByText(/A person is in one team at a time: leave Desk 7 before you accept\./)).toBeTruthy();
  });

  it('tells a reader with no team what Team is and offers to start one; a link whose invite is gone says so', async () => {
    answerMe(FREE_PLAN);
    answerPlansOnSale();
    answerTeam(null);
    const { kinds } = renderAt('/team?invite=tok_gone', <TeamPage />);
    const none = await screen.findByTestId('team-none');
    expect(screen.getByTestId('team-invite-link-gone').textContent).toBe(
      `No invite waiting for you matches this link: it was answered or taken back, or it was sent to another address (you are signed in as ${READER.email}).`,
    );
    expect(within(none).getByRole('heading', { level: 2 }).textContent).toBe('Team: Pro for your organization');
    expect((await within(none).findByTestId('team-price-line')).textContent).toBe(
      `${teamLine?.amount} ${teamLine?.per}`,
    );
    await user().click(within(none).getByTestId('team-upgrade'));
    expect(kinds()).toEqual(['upgradeToTeam']);
  });

  it('takes an invite back for the owner: its seat is free again', async () => {
    answerMe(FREE_PLAN);
    const server = answerTeam(
      ownedTeam({ people: [...ownedTeam().people, person('third@example.com', 'invitee', null)] }),
    );
    renderAt('/team', <TeamPage />);
    await waitFor(() => expect(screen.getByTestId('team-seats').textContent).toBe('3 / 3 licences'));
    await user().click(await screen.findByRole('button', { name: 'Take back the invite to third@example.com' }));
    await waitFor(() => expect(screen.getByTestId('team-seats').textContent).toBe('2 / 3 licences'));
    expect(await screen.findByTestId('team-invites-empty')).toBeTruthy();
    expect(server.sent).toEqual([{ call: 'invite', body: { removeEmails: ['third@example.com'] } }]);
  });
});
