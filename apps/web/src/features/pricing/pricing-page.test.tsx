import {
  type BillingInterval,
  FREE_PLAN,
  formatCents,
  PLUS_PLAN,
  type Plan,
  PRO_PLAN,
  TEAM_PLAN,
  TEST_BILLING_LABEL,
} from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import type { AppStore } from '../../shared/store.ts';
import { answerMe, SIGNED_IN } from '../../test/accounts.ts';
import { answerSignInOptions } from '../../test/auth.ts';
import { answerCoupons, answerPrices, answersIn, CNBC, listPrice, quoteOf } from '../../test/billing.ts';
import { answerPlansOnSale, OFFERS } from '../../test/plan-offers.ts';
import { PartnerHero } from '../partners/partner-hero.tsx';
import { couponSummary, promoLine, type Quote } from './price-lines.ts';
import PricingPage from './pricing-page.tsx';

// The dialog's code loads lazily, compiled on first use: loaded before the tests, a busy machine's compile time
// is not counted against what a test waits for.
beforeAll(() =>
  Promise.all([import('../../app/modals/modal-stack-view.tsx'), import('../billing/subscribe-modal.tsx')]),
);

/** The store of the test's render: its calls are all answered before the test's answers go. */
let rendered: AppStore | null = null;
afterEach(async () => {
  if (rendered) await answersIn(rendered);
  rendered = null;
});

const VISITOR = { auth: { status: 'signedOut', email: null, viaLink: false } } as const;
/** The server's words for the demo's expired code (the day it expired as the server writes one). */
const EXPIRED = { SPRING2025: 'Coupon SPRING2025 expired on Mar 1, 2026.' };

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`${pathname}${search}`}</output>;
}
const address = () => screen.getByTestId('address').textContent;

/** /pricing (and the CNBC partner's home, whose banner leads to it) with the modals over them, at `path`. */
function renderPricing(path = '/pricing', store = makeStore(VISITOR)) {
  rendered = store;
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/pricing" element={<PricingPage />} />
          <Route path="/CNBC" element={<PartnerHero partner="CNBC" />} />
        </Routes>
        <Address />
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
}

const card = (plan: Plan) => screen.getByTestId(`plan-${plan}`);
const priceOf = (plan: Plan) => within(card(plan)).getByTestId(`price-${plan}`);
const amountOf = (plan: Plan) => within(priceOf(plan)).getByTestId('price-amount').textContent;
const promoOf = (plan: Plan) => within(card(plan)).queryByTestId('price-promo')?.textContent ?? null;
const offer = (plan: Plan) => OFFERS.find((o) => o.plan === plan) as (typeof OFFERS)[number];
const SOLD: readonly Plan[] = [PLUS_PLAN, PRO_PLAN, TEAM_PLAN];

/** A plan's price line with a coupon, as the card says it: the code's name, then the quote in words. */
const withCoupon = (quote: Quote | null) => `With ${CNBC.name}: ${quote ? promoLine(quote) : ''}`;

describe('/pricing', () => {
  it('shows a visitor the price list’s prices, yearly first with the saving, monthly on the switch, and buys there', async () => {
    answerPlansOnSale();
    answerPrices();
    answerSignInOptions();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderPricing();
    await within(card(PRO_PLAN)).findByTestId(`price-${PRO_PLAN}`);

    expect(
      [...document.querySelectorAll<HTMLElement>('section[data-testid^="plan-"]')].map((c) => c.dataset.testid),
    ).toEqual([FREE_PLAN, PLUS_PLAN, PRO_PLAN, TEAM_PLAN].map((plan) => `plan-${plan}`));
    for (const plan of SOLD) {
      expect(priceOf(plan).dataset.interval).toBe('yearly');
      expect(amountOf(plan)).toBe(formatCents(listPrice(plan, 'yearly')));
      expect(within(priceOf(plan)).getByTestId('price-note').textContent).toContain(
        formatCents(offer(plan).yearlySaving.amount),
      );
    }
    expect(amountOf(FREE_PLAN)).toBe(formatCents(0));
    // A signed-out visitor has no plan of their own marked.
    expect(screen.queryByTestId('current-plan')).toBeNull();
    // Test billing sells the plans, labelled as such: no "can't be bought" words.
    expect(screen.queryByTestId('not-for-sale')).toBeNull();
    expect(screen.getByTestId('test-billing-label').textContent).toBe(TEST_BILLING_LABEL);
    expect(screen.getByTestId(`choose-${PRO_PLAN}`).textContent).toBe(`Choose ${PLAN_LABELS[PRO_PLAN]}`);
    expect(screen.getByTestId(`choose-${TEAM_PLAN}`).textContent).toBe('Set up a team');
    expect(screen.queryByTestId(`choose-${FREE_PLAN}`)).toBeNull();

    await user.click(screen.getByTestId('interval-monthly'));
    for (const plan of SOLD) {
      expect(priceOf(plan).dataset.interval).toBe('monthly');
      expect(amountOf(plan)).toBe(formatCents(listPrice(plan, 'monthly')));
    }
    expect(within(priceOf(TEAM_PLAN)).getByText('per member / month')).toBeTruthy();

    // A plan's button opens the subscribe modal with that plan and the interval chosen on the page.
    await user.click(screen.getByTestId(`choose-${PRO_PLAN}`));
    const flow = await screen.findByTestId('subscribe-flow');
    expect([flow.dataset.plan, flow.dataset.interval]).toEqual<[Plan, BillingInterval]>([PRO_PLAN, 'monthly']);
    expect((await within(flow).findByTestId('subscribe-due-now-amount')).textContent).toBe(
      formatCents(listPrice(PRO_PLAN, 'monthly')),
    );
  });

  it('marks a paying member’s plan, to manage, and offers the others to choose', async () => {
    answerMe(PRO_PLAN);
    answerPlansOnSale();
    renderPricing('/pricing', makeStore(SIGNED_IN));
    const manage = await screen.findByTestId(`manage-${PRO_PLAN}`);
    expect(manage.textContent).toBe('Manage subscription');
    expect(card(PRO_PLAN).dataset.current).toBe('true');
    expect(within(card(PRO_PLAN)).getByTestId('current-plan').textContent).toBe('Your plan');
    expect(screen.getAllByTestId('current-plan')).toHaveLength(1);
    expect(screen.getByTestId(`choose-${PLUS_PLAN}`).textContent).toBe(`Choose ${PLAN_LABELS[PLUS_PLAN]}`);
    expect(screen.queryByTestId(`choose-${PRO_PLAN}`)).toBeNull();
    expect(amountOf(PRO_PLAN)).toBe(formatCents(listPrice(PRO_PLAN, 'yearly')));
  });
});

describe('a coupon code on /pricing', () => {
  it('lowers the prices of the plans it is for, and names why one cannot be used', async () => {
    answerPlansOnSale();
    const asked = answerCoupons([CNBC], EXPIRED);
    const quotes = answerPrices({ coupons: [CNBC] });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderPricing();
    await within(card(PRO_PLAN)).findByTestId(`price-${PRO_PLAN}`);
    const input = screen.getByTestId('coupon-input');

    await user.type(input, 'cnbc');
    await user.click(screen.getByTestId('coupon-apply'));
    expect((await screen.findByTestId('coupon-applied')).textContent).toBe(
      `${CNBC.name}: ${couponSummary(CNBC, PLAN_LABELS)}.`,
    );
    expect(address()).toBe('/pricing?coupon=cnbc');
    await waitFor(() => expect(promoOf(PRO_PLAN)).toBe(withCoupon(quoteOf(PRO_PLAN, 'yearly', { coupon: CNBC }))));
    // Pro's list price stays beside the lower one; Plus and Team are not in the offer, their prices untouched.
    expect(amountOf(PRO_PLAN)).toBe(formatCents(listPrice(PRO_PLAN, 'yearly')));
    expect(promoOf(PLUS_PLAN)).toBeNull();
    expect(promoOf(TEAM_PLAN)).toBeNull();
    expect(quotes).toEqual([{ plan: PRO_PLAN, couponId: String(CNBC.id) }]);
    await user.click(screen.getByTestId('interval-monthly'));
    expect(promoOf(PRO_PLAN)).toBe(withCoupon(quoteOf(PRO_PLAN, 'monthly', { coupon: CNBC })));

    await user.clear(input);
    await user.type(input, 'SPRING2025');
    await user.click(screen.getByTestId('coupon-apply'));
    // The server's words, without the name of the field they were about.
    expect((await screen.findByTestId('coupon-problem')).textContent).toBe(EXPIRED.SPRING2025);
    expect(screen.queryByTestId('coupon-applied')).toBeNull();
    expect(promoOf(PRO_PLAN)).toBeNull();

    // A code that cannot be one is caught here, before anything is asked.
    await user.clear(input);
    await user.type(input, 'no such code!');
    await user.click(screen.getByTestId('coupon-apply'));
    expect(screen.getByText('A coupon code is up to 64 letters, digits, - or _.')).toBeTruthy();
    expect(asked).toEqual(['cnbc', 'SPRING2025']);
    expect(address()).toBe('/pricing?coupon=SPRING2025');
  });

  it('comes from the partner’s home: its “See plans” carries the code, and the page prices with it', async () => {
    answerPlansOnSale();
    answerCoupons([CNBC]);
    answerPrices({ coupons: [CNBC] });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderPricing('/CNBC');
    expect((await screen.findByTestId('partner-offer')).textContent).toBe(
      `CNBC offer, code ${CNBC.name}: ${couponSummary(CNBC, PLAN_LABELS)}.`,
    );
    await user.click(screen.getByTestId('partner-see-plans'));
    expect(address()).toBe(`/pricing?coupon=${CNBC.name}`);
    expect((await screen.findByTestId('coupon-applied')).textContent).toBe(
      `${CNBC.name}: ${couponSummary(CNBC, PLAN_LABELS)}.`,
    );
    await waitFor(() => expect(promoOf(PRO_PLAN)).toBe(withCoupon(quoteOf(PRO_PLAN, 'yearly', { coupon: CNBC }))));
    expect(screen.getByTestId('coupon-input')).toHaveProperty('value', CNBC.name);
  });
});
