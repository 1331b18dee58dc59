import type { getAlertCounts, ResponseOf, SignInOptions } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { PRO_PLAN } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AddAlertButton } from '../../features/alerts/add-alert-button.tsx';
import { CreateAccountForm } from '../../features/auth/create-account-form.tsx';
import MyStocksPage from '../../features/my-stocks/my-stocks-page.tsx';
import { EarningsHistory } from '../../features/quote/earnings-tab.tsx';
import { OverviewTab } from '../../features/quote/overview-tab.tsx';
import type { ModalKind } from '../../shared/modals/modal-registry.ts';
import { SIGNED_IN } from '../../test/accounts.ts';
import { alertOn, answerLists, listOf } from '../../test/lists.ts';
import { network } from '../../test/network.ts';
import { APPLE, answerAppChrome, answerSymbolPages, PRO_MEMBER } from '../../test/quote.ts';
import { Footer } from '../layout/footer.tsx';
import { AppProviders } from '../providers.tsx';
import { makeStore } from '../store.ts';
import { ModalHost } from './modal-host.tsx';

/**
 * Modals a reader opens from a page's buttons and links: each opens from where a reader expects it, alone, Escape
 * closes it, and the page under it stays where it was (a link to a modal's own page opens the modal on a plain
 * click).
 */

// The dialogs' code loads lazily, compiled on first use: loaded before the tests, a busy machine's compile time is
// not counted against what a test waits for.
beforeAll(() =>
  Promise.all([
    import('./modal-stack-view.tsx'),
    import('../../features/symbol-modal/analyst-ratings-modal.tsx'),
    import('../../features/ehs/symbol-ehs-modal.tsx'),
    import('../../features/info/terms-modal.tsx'),
    import('../../features/info/privacy-modal.tsx'),
  ]),
);
beforeEach(() => localStorage.clear());

function Address() {
  const { pathname } = useLocation();
  return <output data-testid="address">{pathname}</output>;
}

/** `page` at `path` with the modals over it, signed in unless told. */
function renderAt(path: string, page: ReactNode, store = makeStore(SIGNED_IN)) {
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        {page}
        <Address />
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
  return { kinds: () => store.getState().modals.stack.map((entry) => entry.kind) };
}

const address = () => screen.getByTestId('address').textContent;

/** Clicks `opener`; the `kind` modal shows, alone; Escape closes it, and the page stays where it was. */
async function opensAndCloses(opener: HTMLElement, kind: ModalKind, kinds: () => ModalKind[]) {
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const before = address();
  await user.click(opener);
  const modal = await screen.findByTestId(`modal-${kind}`);
  expect(within(modal).getByRole('dialog')).toBeTruthy();
  expect(kinds()).toEqual([kind]);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByTestId(`modal-${kind}`)).toBeNull());
  expect(kinds()).toEqual([]);
  expect(address()).toBe(before);
}

describe('a symbol page’s modals', () => {
  it('opens the symbol’s alerts from the header’s alert settings', async () => {
    answerLists(PRO_PLAN, [], { alerts: [alertOn('AAPL')] });
    answerSymbolPages(PRO_MEMBER);
    network.use(
      http.get(`*${paths.getAlertCounts}`, () =>
        HttpResponse.json({ total: 1, symbols: { AAPL: 12 } } satisfies ResponseOf<typeof getAlertCounts>),
      ),
    );
    const { kinds } = renderAt('/quote/AAPL', <AddAlertButton symbol="AAPL" />);
    const settings = await screen.findByRole('button', { name: 'Alert settings for AAPL' });
    await opensAndCloses(settings, 'alerts', kinds);
  });

  it('opens the analyst ratings and the score’s details from the overview', async () => {
    answerLists(PRO_PLAN, []);
    answerSymbolPages(PRO_MEMBER);
    const { kinds } = renderAt('/quote/AAPL', <OverviewTab symbol="AAPL" asset={APPLE} />);
    const earnings = within(await screen.findByTestId('overview-earnings'));
    await opensAndCloses(earnings.getByRole('button', { name: 'Analyst ratings' }), 'analystRatings', kinds);
    const score = within(screen.getByTestId('overview-ehs'));
    await opensAndCloses(score.getByRole('button', { name: 'Details' }), 'symbolEhs', kinds);
  });

  it('opens a reported quarter’s transcript over the earnings tab, which stays the page', async () => {
    answerLists(PRO_PLAN, []);
    answerSymbolPages(PRO_MEMBER);
    const { kinds } = renderAt('/quote/AAPL/earnings', <EarningsHistory symbol="AAPL" asset={APPLE} />);
    const [link] = await within(await screen.findByTestId('earnings-table')).findAllByTestId(
      'earnings-transcript-link',
    );
    await opensAndCloses(link as HTMLElement, 'earningsTranscript', kinds);
  });
});

describe('My Stocks’ alerts modals', () => {
  it('opens all the alerts from Manage alerts, and the update of all of them beside the list', async () => {
    answerLists(PRO_PLAN, [listOf(1, 'Income fund', 500, [['AAPL', 7]])], {
      prices: { AAPL: 230 },
      alerts: [alertOn('AAPL'), alertOn('KO')],
    });
    answerAppChrome();
    const { kinds } = renderAt('/my-stocks', <MyStocksPage />);
    await opensAndCloses(await screen.findByRole('button', { name: 'Manage alerts' }), 'manageAlerts', kinds);
    const panel = within(await screen.findByTestId('alerts-panel'));
    await opensAndCloses(await panel.findByRole('button', { name: 'Update all alerts' }), 'updateAllAlerts', kinds);
  });
});

describe('the legal documents', () => {
  it('opens the terms and the privacy policy from the footer over the page being read', async () => {
    answerAppChrome();
    const { kinds } = renderAt('/my-stocks', <Footer />);
    const footer = within(screen.getByRole('contentinfo'));
    await opensAndCloses(footer.getByRole('link', { name: 'Terms' }), 'termsOfService', kinds);
    await opensAndCloses(footer.getByRole('link', { name: 'Privacy' }), 'privacyPolicy', kinds);
  });

  it('opens them from the sign-up form’s agreement, signed out', async () => {
    network.use(
      http.get(`*${paths.getSignInOptions}`, () =>
        HttpResponse.json({ federatedProviders: [], localMailbox: false } satisfies SignInOptions),
      ),
    );
    const { kinds } = renderAt(
      '/create-account',
      <CreateAccountForm onSignedIn={() => undefined} />,
      makeStore({ auth: { status: 'signedOut', email: null, viaLink: false } }),
    );
    const agreement = within(screen.getByTestId('sign-up-agreement'));
    await opensAndCloses(agreement.getByRole('button', { name: 'Terms of service' }), 'termsOfService', kinds);
    await opensAndCloses(agreement.getByRole('button', { name: 'Privacy policy' }), 'privacyPolicy', kinds);
  });
});
