import { type BillingInterval, formatCents, PLUS_PLAN, type Plan, PRO_PLAN, prorationCredit } from '@eh/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { signedIn } from '../../shared/auth-slice.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import type { AppStore } from '../../shared/store.ts';
import { UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { SIGNED_IN } from '../../test/accounts.ts';
import { answerSignInOptions } from '../../test/auth.ts';
import {
  answerBillingAccount,
  answerCoupons,
  answerPrices,
  answersIn,
  CNBC,
  listPrice,
  plusMember,
  plusPeriod,
  quoteOf,
} from '../../test/billing.ts';
import { answerPlansOnSale } from '../../test/plan-offers.ts';
import { PartnerHero } from '../partners/partner-hero.tsx';
import { couponSummary, promoLine } from '../pricing/price-lines.ts';
import SubscribeCheckoutPage from './subscribe-checkout-page.tsx';

// The dialogs' code loads lazily, compiled on first use: loaded before the tests, a busy machine's compile time
// is not counted against what a test waits for.
beforeAll(() =>
  Promise.all([
    import('../../app/modals/modal-stack-view.tsx'),
    import('../pricing/upgrade-modal.tsx'),
    import('./promotion-modal.tsx'),
    import('./subscribe-modal.tsx'),
    import('./welcome-modal.tsx'),
    import('./manage-subscription-modal.tsx'),
  ]),
);

/** The store of the test's render: its calls are all answered before the test's answers go. */
let rendered: AppStore | null = null;
afterEach(async () => {
  if (rendered) await answersIn(rendered);
  rendered = null;
});

const VISITOR = { auth: { status: 'signedOut', email: null, viaLink: false } } as const;

function renderAt(path: string, routes: ReactNode, store = makeStore(VISITOR)) {
  rendered = store;
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>{routes}</Routes>
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
  return store;
}

/** Test billing's card form, filled with `number`, an expiry to come and a CVC. */
async function fillCard(user: ReturnType<typeof userEvent.setup>, within_: HTMLElement, number: string) {
  await user.type(await within(within_).findByTestId('card-number'), number);
  await user.type(within(within_).getByTestId('card-expiry'), '1230');
  await user.type(within(within_).getByTestId('card-cvc'), '123');
}

const flowOf = (flow: HTMLElement) => [flow.dataset.plan, flow.dataset.interval] as [Plan, BillingInterval];

describe('a Plus member moving to Pro', () => {
  it('sees the unused Plus days credited, in the upgrade modal and in the price the subscribe modal asks', async () => {
    const period = plusPeriod();
    answerBillingAccount({ me: plusMember(period) });
    answerPlansOnSale();
    const asked = answerPrices({ plusFrom: period });
    const credit = prorationCredit(period, new Date());
    const quote = quoteOf(PRO_PLAN, 'yearly', { upgradeFrom: period });
    if (!quote) throw new Error('Pro has no yearly price');
    expect(credit.credit).toBeGreaterThan(0);
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAt(
      '/quote/AAPL',
      <Route path="/quote/AAPL" element={<UpgradePrompt gate={{ feature: 'ehs', hidden: 1 }} />} />,
      makeStore(SIGNED_IN),
    );

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    const upgrade = await screen.findByTestId('upgrade-modal');
    expect(upgrade.dataset.plan).toBe(PRO_PLAN);
    await waitFor(() =>
      expect(within(upgrade).getByTestId('upgrade-current-plan').textContent).toBe(
        `Your plan: ${PLAN_LABELS[PLUS_PLAN]}. ${PLAN_LABELS[PRO_PLAN]} is the first plan that includes it.`,
      ),
    );
    expect((await within(upgrade).findByTestId('price-amount')).textContent).toBe(
      formatCents(listPrice(PRO_PLAN, 'yearly')),
    );
    expect((await within(upgrade).findByTestId('upgrade-proration')).textContent).toBe(
      `Moving to Pro now would cost ${formatCents(quote.dueNow)} today, with the ${credit.daysLeft} unused days of your Plus period (${formatCents(credit.credit)}) credited.`,
    );
    expect(screen.queryByTestId('not-for-sale')).toBeNull();
    expect(screen.getByTestId('upgrade-buy').textContent).toBe('Upgrade to Pro');

    await user.click(screen.getByTestId('upgrade-buy'));
    const flow = await screen.findByTestId('subscribe-flow');
    expect(flowOf(flow)).toEqual([PRO_PLAN, 'yearly']);
    const credited = await within(flow).findByTestId('subscribe-credit');
    expect(credited.textContent).toContain(`Unused ${PLAN_LABELS[PLUS_PLAN]} days (${credit.daysLeft})`);
    expect(within(flow).getByTestId('subscribe-credit-amount').textContent).toBe(`−${formatCents(credit.credit)}`);
    expect(within(flow).getByTestId('subscribe-subtotal-amount').textContent).toBe(formatCents(quote.subtotal));
    expect(within(flow).getByTestId('subscribe-due-now-amount').textContent).toBe(formatCents(quote.dueNow));
    expect(asked).toContainEqual({ plan: PRO_PLAN, upgradePro: 'true' });
    expect(asked.every((query) => query.upgradePro === 'true')).toBe(true);
    // No card saved: the card form, once its setup is answered.
    await within(flow).findByTestId('card-number');
  });
});

describe('a partner’s coupon', () => {
  it('carries its code from the offer into the subscribe modal at the lowered price; signed in there, it pays with it', async () => {
    answerPlansOnSale();
    answerCoupons([CNBC]);
    answerPrices({ coupons: [CNBC] });
    answerSignInOptions();
    const quote = quoteOf(PRO_PLAN, 'yearly', { coupon: CNBC });
    if (!quote) throw new Error('Pro has no yearly price');
    expect(quote.dueNow).toBeLessThan(listPrice(PRO_PLAN, 'yearly'));
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const store = renderAt('/CNBC', <Route path="/CNBC" element={<PartnerHero partner="CNBC" />} />);

    await user.click(await screen.findByTestId('partner-claim'));
    const offer = await screen.findByTestId('promotion-modal');
    expect(offer.dataset.coupon).toBe(CNBC.name);
    expect((await within(offer).findByTestId('promotion-offer')).textContent).toBe(couponSummary(CNBC, PLAN_LABELS));
    expect((await within(offer).findByTestId('price-promo')).textContent).toBe(
      `With ${CNBC.name}: ${promoLine(quote)}`,
    );
    await user.click(screen.getByTestId('promotion-claim'));

    const modal = await screen.findByTestId('modal-subscribe');
    expect(flowOf(await within(modal).findByTestId('subscribe-flow'))).toEqual([PRO_PLAN, 'yearly']);
    await within(modal).findByTestId('coupon-applied');
    const discount = await within(modal).findByTestId('subscribe-discount');
    expect(discount.textContent).toContain(`Coupon ${CNBC.name}`);
    expect(within(modal).getByTestId('subscribe-discount-amount').textContent).toBe(`−${formatCents(quote.discount)}`);
    expect(within(modal).getByTestId('subscribe-due-now-amount').textContent).toBe(formatCents(quote.dueNow));

    // Signed out: an account first, in the modal; its button leads to the sign-in form, the email field focused.
    const signIn = within(modal).getByTestId('subscribe-sign-in');
    expect(within(modal).queryByTestId('card-number')).toBeNull();
    expect(within(modal).queryByTestId('subscribe-pay')).toBeNull();
    await user.click(within(modal).getByRole('button', { name: 'Sign in to continue' }));
    expect(document.activeElement).toBe(within(signIn).getByLabelText(/^Email/));

    // Signed in (as the form's success signs in), the same modal goes on: the card, at the coupon's price.
    const account = answerBillingAccount({ coupons: [CNBC] });
    act(() => {
      store.dispatch(signedIn({ email: account.me().email }));
    });
    await fillCard(user, modal, '4242 4242 4242 4242');
    expect(within(modal).queryByTestId('subscribe-sign-in')).toBeNull();
    expect(within(modal).getByTestId('subscribe-due-now-amount').textContent).toBe(formatCents(quote.dueNow));
    expect(within(modal).getByTestId('subscribe-pay').textContent).toBe(`Pay ${formatCents(quote.dueNow)}`);
    await user.click(within(modal).getByTestId('subscribe-pay'));

    expect((await screen.findByTestId('welcome-modal')).dataset.plan).toBe(PRO_PLAN);
    expect(account.writes().find((call) => call.path.endsWith('/core/users/me/subscription'))?.body).toEqual({
      plan: PRO_PLAN,
      priceType: 'yearly',
      coupon: CNBC.name,
      stripePaymentMethodId: '4242424242424242',
    });
    expect(screen.queryByTestId('modal-subscribe')).toBeNull();
  });
});

describe('/stripe/checkout', () => {
  it('is the subscribe flow as a page, with the plan and interval of its address; paid, it says so and welcomes', async () => {
    const account = answerBillingAccount();
    answerPlansOnSale();
    answerPrices();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderAt(
      `/stripe/checkout?plan=${PLUS_PLAN}&priceType=monthly`,
      <Route path="/stripe/checkout" element={<SubscribeCheckoutPage />} />,
      makeStore(SIGNED_IN),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Checkout');
    const flow = await screen.findByTestId('subscribe-flow');
    expect(flowOf(flow)).toEqual([PLUS_PLAN, 'monthly']);
    const price = formatCents(listPrice(PLUS_PLAN, 'monthly'));
    expect((await within(flow).findByTestId('subscribe-due-now-amount')).textContent).toBe(price);
    await fillCard(user, flow, '4242 4242 4242 4242');
    expect(screen.getByTestId('subscribe-pay').textContent).toBe(`Pay ${price}`);
    await user.click(screen.getByTestId('subscribe-pay'));

    expect((await screen.findByTestId('checkout-done')).textContent).toContain(
      `Your ${PLAN_LABELS[PLUS_PLAN]} plan is active, billed monthly.`,
    );
    expect(account.writes().find((call) => call.path.endsWith('/core/users/me/subscription'))?.body).toEqual({
      plan: PLUS_PLAN,
      priceType: 'monthly',
      stripePaymentMethodId: '4242424242424242',
    });
    const welcome = await screen.findByTestId('welcome-modal');
    expect(within(welcome).getByTestId('welcome-heading').textContent).toBe(`Welcome to ${PLAN_LABELS[PLUS_PLAN]}`);
    await waitFor(() =>
      expect(within(welcome).getByTestId('welcome-billing').textContent).toMatch(
        /^Your Plus plan is active, billed monthly\. The next payment is due on .+\.$/,
      ),
    );

    // The welcome leads to the subscription just bought.
    await user.click(screen.getByTestId('welcome-manage'));
    const manage = await screen.findByTestId('manage-summary');
    expect(within(manage).getByTestId('manage-plan').textContent).toBe(PLAN_LABELS[PLUS_PLAN]);
    expect(within(manage).getByTestId('manage-interval').textContent).toBe('Monthly');
    // The card paid with is the one saved, and the payment can be refunded (every answer in before the test ends).
    expect((await screen.findByTestId('manage-card')).textContent).toContain('Visa ending in 4242');
    expect((await screen.findByTestId('manage-refund')).dataset.eligible).toBe('true');
  });
});
