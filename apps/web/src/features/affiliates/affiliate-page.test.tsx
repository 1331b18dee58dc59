/**
 * /affiliate-program on one screen, with the API answered by the test: the program explained to a visitor with the
 * server's own rate and settling days, and asking to join in the affiliate modal (the terms first). The journey
 * across people (the request approved by a super admin, the payout account, a referred subscription and its
 * commission) is e2e/affiliates.test.ts.
 */
import type { BodyOf, postAffiliateRequest } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { FREE_PLAN, REFUND_WINDOW_DAYS, TEST_BILLING_LABEL } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { pageById } from '../../shared/page-content.ts';
import { answerMe, SIGNED_IN } from '../../test/accounts.ts';
import { answerSignInOptions } from '../../test/auth.ts';
import { network } from '../../test/network.ts';
import { allowCharts } from '../../test/quote-chart.ts';
import AffiliatePage from './affiliate-page.tsx';
import { REQUEST_STATUS_NOTES, REQUEST_STATUS_WORDS } from './affiliate-words.ts';
import type { AffiliateProgram, MyAffiliate } from './affiliates-api.ts';

// The modal's and the chart's code load lazily, compiled on first use: loaded before the tests, a busy machine's
// compile time is not counted against what a test waits for. The dashboard's chart draws into happy-dom's canvas.
beforeAll(() => {
  allowCharts();
  return Promise.all([
    import('../../app/modals/modal-stack-view.tsx'),
    import('./affiliate-modal.tsx'),
    import('./arr-chart.tsx'),
  ]);
});

const VISITOR = { auth: { status: 'signedOut', email: null, viaLink: false } } as const;

/** The program as a server with test billing and a commission rate of its own configures it. */
const PROGRAM: AffiliateProgram = {
  commissionPercent: 30,
  settleDays: REFUND_WINDOW_DAYS,
  payoutSchedule: 'monthly',
  linkParam: 'affiliate',
  provider: 'test',
  testMode: true,
  label: TEST_BILLING_LABEL,
  payoutsAvailable: true,
};

function answerProgram() {
  network.use(http.get(`*${paths.getAffiliateProgram}`, () => HttpResponse.json(PROGRAM)));
}

function renderPage(store: ReturnType<typeof makeStore>) {
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/affiliate-program']}>
        <AffiliatePage />
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
  return { kinds: () => store.getState().modals.stack.map((entry) => entry.kind) };
}

describe('/affiliate-program', () => {
  it('explains the program to a visitor with the configured rate and settling days, and asks for an account first', async () => {
    answerProgram();
    const store = makeStore(VISITOR);
    const { kinds } = renderPage(store);
    const steps = await screen.findByTestId('affiliate-program-steps');
    expect(steps.textContent).toContain(`You earn ${PROGRAM.commissionPercent}% of every payment`);
    expect(steps.textContent).toContain(`pending for ${PROGRAM.settleDays} days`);
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(pageById('affiliateProgram').title);
    expect(screen.getByTestId('test-billing-label').textContent).toBe(TEST_BILLING_LABEL);

    // Signed out: no membership is asked for (an unanswered request would fail the test); an account comes first.
    const join = screen.getByTestId('affiliate-signed-out');
    expect(join.textContent).toContain('Affiliates have an account');
    expect(screen.queryByTestId('affiliate-join-open')).toBeNull();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    // The dialogs themselves are the auth feature's: what matters here is which one the page asks for.
    answerSignInOptions();
    await user.click(within(join).getByRole('button', { name: 'Sign in' }));
    expect(kinds()).toEqual(['signIn']);
  });

  it('asks a member to accept the affiliate terms before the request goes out, then shows it waiting', async () => {
    answerProgram();
    answerMe(FREE_PLAN);
    let mine: MyAffiliate = { affiliate: null, superAdmin: false };
    const requests: BodyOf<typeof postAffiliateRequest>[] = [];
    network.use(
      http.get(`*${paths.getMyAffiliate}`, () => HttpResponse.json(mine)),
      http.post(`*${paths.postAffiliateRequest}`, async ({ request }) => {
        requests.push((await request.json()) as BodyOf<typeof postAffiliateRequest>);
        mine = {
          affiliate: {
            status: 'requested',
            code: 'ab3de7gh',
            requestedAt: '2026-03-02T09:00:00.000Z',
            decidedAt: null,
            termsAcceptedAt: '2026-03-02T09:00:00.000Z',
          },
          superAdmin: false,
        };
        return HttpResponse.json(mine);
      }),
      // The dashboard shows from the request on: empty until someone referred pays.
      http.get(`*${paths.getAffiliateBalance}`, () =>
        HttpResponse.json({
          currency: 'usd',
          pending: 0,
          available: 0,
          paidOut: 0,
          reversed: 0,
          commissionPercent: PROGRAM.commissionPercent,
          nextPayoutOn: '2026-04-01T00:00:00.000Z',
        }),
      ),
      http.get(`*${paths.getAffiliateArr}`, () => HttpResponse.json({ currency: 'usd', arr: 0, series: [] })),
      http.get(`*${paths.getAffiliateCharges}`, () => HttpResponse.json({ charges: [] })),
      http.get(`*${paths.getAffiliatePayments}`, () => HttpResponse.json({ payments: [] })),
      http.get(`*${paths.getAffiliateAccounts}`, () => HttpResponse.json({ accounts: [] })),
    );
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderPage(makeStore(SIGNED_IN));

    await user.click(await screen.findByTestId('affiliate-join-open'));
    const modal = within(await screen.findByTestId('modal-affiliate'));
    const form = await modal.findByTestId('affiliate-join');
    await user.click(within(form).getByTestId('affiliate-request'));
    expect(within(form).getByText(/^Accept the affiliate terms to ask to join\./)).toBeTruthy();
    expect(requests).toEqual([]);

    await user.click(within(form).getByRole('checkbox', { name: 'I accept the affiliate terms' }));
    expect(within(form).queryByText(/^Accept the affiliate terms/)).toBeNull();
    await user.click(within(form).getByTestId('affiliate-request'));
    await waitFor(() => expect(modal.getByTestId('affiliate-status').dataset.status).toBe('requested'));
    expect(requests).toEqual([{ affiliateTermsOfServiceAccepted: true }]);
    expect(modal.getByTestId('affiliate-status').textContent).toBe(REQUEST_STATUS_WORDS.requested);

    // Behind the modal, the page says the same and shows the empty dashboard.
    const membership = within(screen.getByTestId('affiliate-membership'));
    await waitFor(() => expect(membership.getByTestId('affiliate-status').textContent).toBe('Waiting for approval'));
    expect(membership.getByTestId('affiliate-status-note').textContent).toBe(REQUEST_STATUS_NOTES.requested);
    expect((await screen.findByTestId('affiliate-commissions-empty')).textContent).toContain('No commissions yet');
  });
});
