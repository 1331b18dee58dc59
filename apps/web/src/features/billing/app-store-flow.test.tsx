/**
 * The subscribe modal per platform, on one screen, the API answered by the test: in the iOS app plans are bought
 * from the App Store (decisions 0022, 0034), never by card; on Android and on the web the same modal is card checkout.
 * The shell is played at its bridge as @capacitor/ios and @capacitor/android set it up before any script, so the
 * app's own code runs through @capacitor/core's plugin proxies; only the App Store's answer is the test's. The journey
 * from the pricing page to a purchase against the real server is e2e/native-purchase.test.ts.
 */
import type { getMySubscription, getPlans, getPrices, postPaymentsSetup, ResponseOf } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import {
  type BillingInterval,
  DEFAULT_APP,
  DEFAULT_PRICE_TYPE,
  FREE_PLAN,
  isPlan,
  PLUS_PLAN,
  type Plan,
  PRO_PLAN,
  quotePrice,
  TEST_BILLING_LABEL,
} from '@eh/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import type { PurchaseResult } from '../../platform/host.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { answerMe, SIGNED_IN } from '../../test/accounts.ts';
import { network } from '../../test/network.ts';
import { OFFERS } from '../../test/plan-offers.ts';
import { notInAppWords, outcomeWords } from './app-store-model.ts';

/** The server's App Store products (its APPLE_PRODUCT_IDS): Pro only, so Plus cannot be bought in the app. */
const APPLE_PRODUCTS = [
  { productId: 'dev.earningshub.test.pro.monthly', plan: PRO_PLAN, priceType: 'monthly' },
  { productId: 'dev.earningshub.test.pro.yearly', plan: PRO_PLAN, priceType: 'yearly' },
] as const satisfies ResponseOf<typeof getPlans>['appleProducts'];
/** The reader's own UUID for App Store purchases (GET /core/users/me/subscription). */
const APP_ACCOUNT_TOKEN = '3f0c8a52-6d1e-4b7a-9c44-2e5b1d7a9f10';

/** What the shell's bridge was asked, and what the App Store's sheet answers next. */
const bridge = {
  purchases: [] as unknown[],
  answer: { outcome: 'cancelled' } as PurchaseResult,
};

type Shell = 'ios' | 'android' | 'web';

/** The globals the shell's bridge sets up before any script (none in a browser). */
function runIn(shell: Shell) {
  const w = globalThis as Record<string, unknown>;
  for (const key of ['Capacitor', 'webkit', 'androidBridge']) delete w[key];
  if (shell === 'web') return;
  const methods = (promises: string[]) => [
    ...promises.map((name) => ({ name, rtype: 'promise' })),
    { name: 'addListener', rtype: 'callback' },
    { name: 'removeListener', rtype: 'callback' },
  ];
  if (shell === 'ios') w.webkit = { messageHandlers: { bridge: { postMessage: () => undefined } } };
  else w.androidBridge = { postMessage: () => undefined };
  w.Capacitor = {
    isNativePlatform: () => true,
    getPlatform: () => shell,
    PluginHeaders: [{ name: 'EarningsHubStore', methods: methods(['purchase']) }],
    nativePromise: async (plugin: string, method: string, options: unknown) => {
      if (`${plugin}.${method}` !== 'EarningsHubStore.purchase')
        throw new Error(`${plugin}.${method} is not in this shell`);
      bridge.purchases.push(options);
      return bridge.answer;
    },
    nativeCallback: () => '1',
  };
}

/** The price list with test billing on and the App Store's products. */
function answerPriceList() {
  network.use(
    http.get(`*${paths.getPlans}`, () =>
      HttpResponse.json({
        app: DEFAULT_APP,
        defaultPriceType: DEFAULT_PRICE_TYPE,
        plans: [...OFFERS],
        billing: { provider: 'test', testMode: true, label: TEST_BILLING_LABEL },
        appleProducts: [...APPLE_PRODUCTS],
      } satisfies ResponseOf<typeof getPlans>),
    ),
  );
}

/** A free reader signed in, never subscribed, with their App Store account token. */
function answerFreeReader() {
  answerMe(FREE_PLAN);
  network.use(
    http.get(`*${paths.getMySubscription}`, () =>
      HttpResponse.json({
        provider: 'test',
        testMode: true,
        label: TEST_BILLING_LABEL,
        publishableKey: null,
        subscription: null,
        appAccountToken: APP_ACCOUNT_TOKEN,
      } satisfies ResponseOf<typeof getMySubscription>),
    ),
  );
}

/** What card checkout asks besides: the quote (the domain's own arithmetic), no saved card, a test SetupIntent. */
function answerCardCheckout() {
  const quote = (plan: Plan, interval: BillingInterval) => {
    const price = OFFERS.find((offer) => offer.plan === plan)?.[interval];
    return price
      ? quotePrice({ interval, price, licenseCount: 1, coupon: null, upgradeFrom: null, now: new Date() })
      : null;
  };
  network.use(
    http.get(`*${paths.getPrices}`, ({ request }) => {
      const plan = new URL(request.url).searchParams.get('plan');
      if (!isPlan(plan)) return HttpResponse.json({ message: 'plan is required' }, { status: 400 });
      return HttpResponse.json({
        plan,
        coupon: null,
        monthly: quote(plan, 'monthly'),
        yearly: quote(plan, 'yearly'),
        proration: null,
      } satisfies ResponseOf<typeof getPrices>);
    }),
    http.get(`*${paths.getPaymentMethods}`, () => HttpResponse.json({ paymentMethods: [] })),
    http.post(`*${paths.postPaymentsSetup}`, () =>
      HttpResponse.json({
        provider: 'test',
        testMode: true,
        label: TEST_BILLING_LABEL,
        publishableKey: null,
        setupIntentId: 'seti_test_0001',
        clientSecret: 'seti_test_0001_secret_test',
      } satisfies ResponseOf<typeof postPaymentsSetup>),
    ),
  );
}

/** The subscribe modal for Pro billed yearly, as the pricing page's "Choose Pro" opens it. */
async function openSubscribe() {
  const store = makeStore(SIGNED_IN);
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/pricing']}>
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
  act(() => {
    store.dispatch(modalOpened({ kind: 'subscribe', props: { plan: PRO_PLAN, priceType: 'yearly' } }));
  });
  return within(await screen.findByRole('dialog'));
}

// The modal's code loads lazily, compiled on first use: loaded before the tests, a busy machine's compile time is
// not counted against what a test waits for.
beforeAll(() =>
  Promise.all([
    import('../../app/modals/modal-stack-view.tsx'),
    import('./subscribe-modal.tsx'),
    import('./app-store-flow.tsx'),
    import('./card-fields.tsx'),
  ]),
);
afterEach(() => {
  runIn('web');
  bridge.purchases = [];
});

describe('the subscribe modal in the iOS app', () => {
  it('sells Pro from the App Store with no card form, and says Plus, which has no App Store product, can’t be bought', async () => {
    runIn('ios');
    answerPriceList();
    answerFreeReader();
    const user = userEvent.setup();
    const modal = await openSubscribe();
    const buy = await modal.findByRole('button', { name: 'Subscribe with the App Store' });
    const flow = modal.getByTestId('subscribe-flow');
    expect([flow.dataset.store, flow.dataset.plan, flow.dataset.interval]).toEqual(['app-store', PRO_PLAN, 'yearly']);
    expect(modal.getByTestId('app-store-note').textContent).toContain(
      `You buy ${PLAN_LABELS[PRO_PLAN]}, billed yearly, from the App Store with your Apple account.`,
    );
    expect(modal.queryByTestId('card-fields')).toBeNull();
    expect(modal.queryByTestId('card-number')).toBeNull();
    expect(modal.queryByTestId('subscribe-pay')).toBeNull();
    // Enabled once the account and its subscription are in.
    await waitFor(() => expect(buy.hasAttribute('disabled')).toBe(false));

    // Plus: no App Store product here, said so, and still no card form.
    await user.click(modal.getByTestId(`subscribe-plan-${PLUS_PLAN}`));
    expect((await modal.findByTestId('app-store-unavailable')).textContent).toBe(
      notInAppWords(PLAN_LABELS[PLUS_PLAN], 'yearly'),
    );
    expect(modal.getByTestId('app-store-unavailable').textContent).toBe(
      'Plus billed yearly can’t be bought in the app yet.',
    );
    expect(modal.queryByTestId('subscribe-app-store')).toBeNull();
    expect(modal.queryByTestId('card-number')).toBeNull();

    // Pro again, monthly: the server names a product for it too.
    await user.click(modal.getByTestId(`subscribe-plan-${PRO_PLAN}`));
    await user.click(modal.getByTestId('interval-monthly'));
    expect([flow.dataset.plan, flow.dataset.interval]).toEqual([PRO_PLAN, 'monthly']);
    expect(modal.queryByTestId('app-store-unavailable')).toBeNull();
    expect(modal.getByTestId('subscribe-app-store').hasAttribute('disabled')).toBe(false);
  });

  it('asks the App Store for the product with the account’s token; Ask to Buy is said, and nothing is bought here', async () => {
    runIn('ios');
    answerPriceList();
    answerFreeReader();
    const user = userEvent.setup();
    const modal = await openSubscribe();
    const buy = await modal.findByRole('button', { name: 'Subscribe with the App Store' });
    await waitFor(() => expect(buy.hasAttribute('disabled')).toBe(false));
    bridge.answer = { outcome: 'pending' };
    await user.click(buy);
    // No POST of a subscription goes out: an unanswered request would fail the test.
    expect((await modal.findByTestId('app-store-outcome')).textContent).toBe(
      outcomeWords('pending', PLAN_LABELS[PRO_PLAN]).text,
    );
    expect(modal.getByTestId('app-store-outcome').textContent).toContain('waiting for approval');
    expect(bridge.purchases).toEqual([{ productId: APPLE_PRODUCTS[1].productId, appAccountToken: APP_ACCOUNT_TOKEN }]);
    // Not bought: the reader may try again.
    await waitFor(() => expect(buy.hasAttribute('disabled')).toBe(false));
  });
});

describe('the subscribe modal on Android and on the web', () => {
  it.each(['android', 'web'] as const)('on %s is card checkout, with no App Store', async (shell) => {
    runIn(shell);
    answerPriceList();
    answerFreeReader();
    answerCardCheckout();
    const modal = await openSubscribe();
    await modal.findByTestId('card-number');
    // The card checkout's own frame: not the App Store's.
    expect(modal.getByTestId('subscribe-flow').dataset.store).toBeUndefined();
    expect(modal.getByTestId('subscribe-pay')).toBeTruthy();
    expect(modal.queryByTestId('subscribe-app-store')).toBeNull();
    expect(modal.queryByText('Subscribe with the App Store')).toBeNull();
  });
});
