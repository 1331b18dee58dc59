import { formatCents, PLAN_NAMES, PRO_PLAN, REFUND_WINDOW_DAYS, TEST_BILLING_LABEL, TEST_CARDS } from '@eh/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { billingDate } from '../../shared/manage-words.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import type { AppStore } from '../../shared/store.ts';
import { SIGNED_IN } from '../../test/accounts.ts';
import { answerBillingAccount, answerPrices, answersIn, runningSubscription } from '../../test/billing.ts';
import { answerPlansOnSale } from '../../test/plan-offers.ts';
import { CanceledSubscriptionBanner } from './canceled-subscription-banner.tsx';
import { paymentsApi } from './payments-api.ts';

// The dialogs' code loads lazily, compiled on first use: loaded before the tests, a busy machine's compile time
// is not counted against what a test waits for.
beforeAll(() =>
  Promise.all([
    import('../../app/modals/modal-stack-view.tsx'),
    import('./manage-subscription-modal.tsx'),
    import('./charge-history-modal.tsx'),
    import('./credit-card-modal.tsx'),
    import('./subscribe-modal.tsx'),
    import('./canceled-banner-content.tsx'),
  ]),
);

/** The store of the test's render: its calls are all answered before the test's answers go. */
let rendered: AppStore | null = null;
afterEach(async () => {
  if (rendered) await answersIn(rendered);
  rendered = null;
});

const BANNER_CLOSED_KEY = 'earningshub.canceledSubscriptionBannerClosed';
const DAY_MS = 86_400_000;

beforeEach(() => localStorage.clear());

/** The frame's canceled-subscription banner and the modals, signed in; `open` a modal as its button would. */
function renderManage() {
  const store = makeStore(SIGNED_IN);
  rendered = store;
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/profile']}>
        <CanceledSubscriptionBanner />
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
  const open = async (kind: 'manageSubscription' | 'chargeHistory') => {
    act(() => {
      store.dispatch(modalOpened({ kind }));
    });
    return screen.findByTestId(kind === 'manageSubscription' ? 'manage-subscription' : 'charge-history');
  };
  return {
    store,
    open,
    kinds: () => store.getState().modals.stack.map((entry) => entry.kind),
    toast: () => store.getState().toasts.current?.message ?? null,
  };
}

const user = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const text = (testId: string) => screen.getByTestId(testId).textContent;
const bannerClosed = () => localStorage.getItem(BANNER_CLOSED_KEY);
const proYearly = () => runningSubscription(PRO_PLAN, 'yearly');
const ending = (iso: string | null) => billingDate(iso as string);

describe('the manage-subscription modal', () => {
  it('says what runs: plan, status, next charge, price, interval, who bills it, the card and the refund window', async () => {
    const subscription = proYearly();
    answerBillingAccount({ subscription, cards: ['4242424242424242'] });
    const { open } = renderManage();
    await open('manageSubscription');
    await screen.findByTestId('manage-summary');
    expect(text('manage-plan')).toBe(PLAN_NAMES[PRO_PLAN]);
    expect(text('manage-status')).toBe('Active');
    expect(text('manage-period')).toBe(`Next charge on ${ending(subscription.currentPeriodEnd)}`);
    expect(text('manage-price')).toBe(`${formatCents(subscription.amount)} a year`);
    expect(text('manage-interval')).toBe('Yearly');
    expect(text('manage-provider')).toBe('Test billing');
    expect(text('test-billing-label')).toBe(TEST_BILLING_LABEL);
    expect((await screen.findByTestId('manage-card')).textContent).toContain('Visa ending in 4242');
    const until = new Date(new Date(subscription.createdAt).getTime() + REFUND_WINDOW_DAYS * DAY_MS).toISOString();
    await waitFor(() =>
      expect(text('manage-refund')).toBe(
        `Your last payment of ${formatCents(subscription.amount)} can be refunded until ${billingDate(until)}.`,
      ),
    );
    expect(screen.queryByTestId('manage-reactivate')).toBeNull();
    expect(screen.queryByTestId('canceled-subscription-banner')).toBeNull();
  });

  it('cancels at the period end after a confirmation; the banner says when, stays closed once closed, and reactivating resets it', async () => {
    const subscription = proYearly();
    const account = answerBillingAccount({ subscription, cards: ['4242424242424242'] });
    const { open, toast } = renderManage();
    const end = ending(subscription.currentPeriodEnd);
    const u = user();
    await open('manageSubscription');
    await u.click(await screen.findByTestId('manage-cancel'));
    expect(text('manage-cancel-confirm')).toContain(`You keep ${PLAN_NAMES[PRO_PLAN]} until ${end}`);
    // A confirmation first: nothing is sent before it.
    expect(account.writes()).toEqual([]);
    await u.click(screen.getByTestId('manage-cancel-confirm-button'));
    await waitFor(() => expect(text('manage-period')).toBe(`Ends on ${end}`));
    expect(account.writes().map((call) => [call.path, call.body])).toEqual([
      ['/api/core/users/me/subscription', { cancelAtPeriodEnd: true }],
    ]);
    expect(toast()).toBe(`Your ${PLAN_NAMES[PRO_PLAN]} subscription ends on ${end}.`);
    expect(screen.getByTestId('manage-reactivate')).toBeTruthy();
    expect(screen.queryByTestId('manage-cancel')).toBeNull();

    const banner = await screen.findByTestId('canceled-subscription-banner');
    expect(banner.dataset.kind).toBe('ending');
    expect(banner.textContent).toContain(`ends on ${end}`);
    // Closing the banner is remembered (the preference a later visit reads).
    await u.click(screen.getByTestId('canceled-banner-close'));
    expect(screen.queryByTestId('canceled-subscription-banner')).toBeNull();
    expect(bannerClosed()).toBe('true');

    await u.click(screen.getByTestId('manage-reactivate'));
    await waitFor(() => expect(text('manage-period')).toBe(`Next charge on ${end}`));
    expect(account.writes().at(-1)?.path).toBe('/api/core/users/me/subscription/reactivate');
    expect(toast()).toBe(`Your ${PLAN_NAMES[PRO_PLAN]} subscription is reactivated.`);
    // Reactivated, the closed state is reset so a later cancellation shows the banner again.
    await waitFor(() => expect(bannerClosed()).toBe('false'));
    expect(screen.queryByTestId('canceled-subscription-banner')).toBeNull();
  });

  it('opens the charge history over itself: the paid charge in words', async () => {
    const subscription = proYearly();
    answerBillingAccount({ subscription, cards: ['4242424242424242'] });
    const { open, kinds } = renderManage();
    const u = user();
    await open('manageSubscription');
    await u.click(await screen.findByTestId('manage-charge-history'));
    const history = await screen.findByTestId('charge-history');
    const rows = await within(history).findAllByTestId('charge-row');
    expect(rows).toHaveLength(1);
    const [row] = rows as [HTMLElement];
    expect(row.dataset.status).toBe('paid');
    expect(within(row).getByTestId('charge-amount').textContent).toBe(formatCents(subscription.amount));
    expect(within(row).getByTestId('charge-description').textContent).toBe(`${PLAN_NAMES[PRO_PLAN]} plan, yearly`);
    expect(within(row).getByTestId('charge-status').textContent).toBe('Paid');
    expect(row.textContent).toContain(`${billingDate(subscription.createdAt)} · Test billing`);
    expect(within(history).getByTestId('test-billing-label').textContent).toBe(TEST_BILLING_LABEL);
    expect(kinds()).toEqual(['manageSubscription', 'chargeHistory']);
    expect(screen.getByTestId('manage-subscription')).toBeTruthy();
  });

  it('hands a change of plan or interval over to the subscribe modal, with the choice', async () => {
    answerBillingAccount({ subscription: proYearly(), cards: ['4242424242424242'] });
    answerPlansOnSale();
    answerPrices();
    const { open, kinds } = renderManage();
    const u = user();
    await open('manageSubscription');
    await u.click(await screen.findByTestId('manage-change'));
    await screen.findByTestId('manage-change-plan');
    const proceed = screen.getByTestId('manage-change-continue');
    // The plan and interval paid for now are not a change.
    expect(proceed).toHaveProperty('disabled', true);
    expect(proceed.textContent).toBe('This is your plan');
    await u.click(screen.getByTestId('manage-interval-monthly'));
    await waitFor(() => expect(proceed.textContent).toBe(`Continue with ${PLAN_NAMES[PRO_PLAN]}, monthly`));
    await u.click(proceed);
    const flow = await screen.findByTestId('subscribe-flow');
    expect([flow.dataset.plan, flow.dataset.interval]).toEqual([PRO_PLAN, 'monthly']);
    expect(kinds()).toEqual(['subscribe']);
    // The saved card pays, so no card form is asked for; every answer is in before the test ends.
    await within(flow).findByTestId('saved-cards');
    await within(flow).findByTestId('subscribe-due-now-amount');
  });

  it('refunds the last payment after a confirmation: the plan ends, and the charge shows refunded', async () => {
    const subscription = proYearly();
    const account = answerBillingAccount({ subscription, cards: ['4242424242424242'] });
    const { open, toast } = renderManage();
    const u = user();
    await open('manageSubscription');
    await u.click(await screen.findByTestId('manage-refund-start'));
    expect(text('manage-refund-confirm')).toContain('your plan ends now');
    await u.click(screen.getByRole('button', { name: 'Keep my plan' }));
    expect(screen.queryByTestId('manage-refund-confirm')).toBeNull();
    expect(account.writes()).toEqual([]);

    await u.click(screen.getByTestId('manage-refund-start'));
    await u.click(screen.getByRole('button', { name: 'Refund and end my plan' }));
    await waitFor(() => expect(toast()).toBe(`Refunded ${formatCents(subscription.amount)}: your plan has ended.`));
    expect(account.writes().map((call) => call.path)).toEqual(['/api/core/users/me/subscription/refund']);
    // The ended subscription: its words, and the way back to the plans.
    expect((await screen.findByTestId('manage-no-subscription')).textContent).toContain('Free plan');
    await waitFor(() => expect(text('manage-refund')).toBe('Your last payment has been refunded.'));
    expect(screen.getByRole('button', { name: 'See plans' })).toBeTruthy();
    await u.click(screen.getByTestId('manage-charge-history'));
    const row = await within(await screen.findByTestId('charge-history')).findByTestId('charge-row');
    expect(row.dataset.status).toBe('refunded');
    expect(within(row).getByTestId('charge-status').textContent).toBe('Refunded');
  });

  it('tells a member who never subscribed there is nothing to manage, no card, and no charge yet', async () => {
    answerBillingAccount();
    const { open } = renderManage();
    await open('manageSubscription');
    expect((await screen.findByTestId('manage-no-subscription')).textContent).toContain(
      'You have no paid subscription: your account is on the Free plan.',
    );
    expect((await screen.findByTestId('manage-no-cards')).textContent).toBe('No card saved.');
    await waitFor(() => expect(text('manage-refund')).toBe('There is no payment to refund.'));
    expect(screen.queryByTestId('manage-actions')).toBeNull();
    const history = await open('chargeHistory');
    expect((await within(history).findByTestId('charge-history-empty')).textContent).toBe(
      'No charges yet. Payments for your plan show here once they are made.',
    );
    expect(within(history).queryByTestId('charge-row')).toBeNull();
    expect(screen.queryByTestId('canceled-subscription-banner')).toBeNull();
  });
});

describe('the card modal', () => {
  it('shows a refused card in the provider’s words and saves nothing; another card is saved and pays next', async () => {
    const account = answerBillingAccount({ subscription: proYearly(), cards: ['4242424242424242'] });
    const { open, toast } = renderManage();
    const u = user();
    await open('manageSubscription');
    await u.click(await screen.findByTestId('manage-update-card'));
    const modal = await screen.findByTestId('credit-card-modal');
    expect((await within(modal).findByTestId('test-billing-label')).textContent).toBe(TEST_BILLING_LABEL);
    const refused = '4000 0000 0000 9995';
    await u.type(within(modal).getByTestId('card-number'), refused);
    await u.type(within(modal).getByTestId('card-expiry'), '1230');
    await u.type(within(modal).getByTestId('card-cvc'), '123');
    await u.click(within(modal).getByTestId('card-save'));
    expect((await within(modal).findByTestId('card-error')).textContent).toBe(
      TEST_CARDS[refused.replaceAll(' ', '')]?.decline,
    );
    expect(account.cards().map((card) => card.last4)).toEqual(['4242']);

    await u.clear(within(modal).getByTestId('card-number'));
    await u.type(within(modal).getByTestId('card-number'), '5555 5555 5555 4444');
    await u.click(within(modal).getByTestId('card-save'));
    await waitFor(() => expect(screen.queryByTestId('credit-card-modal')).toBeNull());
    expect(toast()).toBe('Saved Mastercard ending in 4444.');
    // The newest card pays next: first in the list.
    await waitFor(() =>
      expect(screen.getAllByTestId('manage-card').map((card) => card.textContent)).toEqual([
        expect.stringContaining('Mastercard ending in 4444'),
        expect.stringContaining('Visa ending in 4242'),
      ]),
    );
    expect(screen.getAllByTestId('manage-card')[0]?.textContent).toContain('pays next');
    expect(
      account
        .writes()
        .filter((call) => call.path.endsWith('/payment-methods'))
        .map((call) => call.body),
    ).toEqual([{ stripePaymentMethodId: '4000000000009995' }, { stripePaymentMethodId: '5555555555554444' }]);
  });
});

describe('the canceled-subscription banner', () => {
  it('shows for a cancellation unless closed; its Reactivate ends the cancellation', async () => {
    const subscription = { ...proYearly(), cancelAtPeriodEnd: true };
    localStorage.setItem(BANNER_CLOSED_KEY, 'false');
    const account = answerBillingAccount({ subscription, cards: ['4242424242424242'] });
    const { toast } = renderManage();
    const u = user();
    const banner = await screen.findByTestId('canceled-subscription-banner');
    expect(banner.textContent).toContain(
      `Your ${PLAN_NAMES[PRO_PLAN]} subscription is canceled and ends on ${ending(subscription.currentPeriodEnd)}. Its features stay on until then.`,
    );
    await u.click(screen.getByTestId('banner-reactivate'));
    await waitFor(() => expect(screen.queryByTestId('canceled-subscription-banner')).toBeNull());
    expect(account.writes().map((call) => call.path)).toEqual(['/api/core/users/me/subscription/reactivate']);
    expect(account.subscription()?.cancelAtPeriodEnd).toBe(false);
    expect(toast()).toBe('Your subscription is reactivated.');
  });

  it('stays closed, once closed, for the same cancellation', async () => {
    localStorage.setItem(BANNER_CLOSED_KEY, 'true');
    answerBillingAccount({ subscription: { ...proYearly(), cancelAtPeriodEnd: true } });
    const { store } = renderManage();
    // The subscription read (the banner's answer is in), and still no banner.
    const read = paymentsApi.endpoints.getMySubscription.select();
    const state = () => store.getState() as Parameters<typeof read>[0];
    await waitFor(() => expect(read(state()).data?.subscription?.cancelAtPeriodEnd).toBe(true));
    expect(screen.queryByTestId('canceled-subscription-banner')).toBeNull();
    expect(bannerClosed()).toBe('true');
  });
});
