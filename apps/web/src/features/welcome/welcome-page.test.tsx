import { FREE_PLAN, PLUS_PLAN } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { SIGNED_IN } from '../../test/accounts.ts';
import { alertOn, answerLists, listOf } from '../../test/lists.ts';
import { answerSettings } from '../../test/onboarding.ts';
import { TOUR_PAGE_PATH } from '../demo/index.ts';
import WelcomePage from './welcome-page.tsx';

function Address() {
  const { pathname } = useLocation();
  return <output data-testid="address">{pathname}</output>;
}

/** /welcome, with the tour page as a stand-in to follow its links to. */
function openWelcome(store = makeStore()) {
  const router = createMemoryRouter(
    [
      { path: '/welcome', element: <WelcomePage /> },
      { path: TOUR_PAGE_PATH, element: <Address /> },
    ],
    { initialEntries: ['/welcome'] },
  );
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { kinds: () => store.getState().modals.stack.map((entry) => entry.kind) };
}

/** A step of the checklist once the account's data has been read into it. */
async function step(id: string, done: boolean) {
  const element = screen.getByTestId(`welcome-step-${id}`);
  await waitFor(() => expect(element.dataset.done).toBe(String(done)));
  return element;
}

beforeEach(() => localStorage.clear());

describe('/welcome signed out', () => {
  it('offers an account, and the tour', async () => {
    const user = userEvent.setup();
    const { kinds } = openWelcome(makeStore({ auth: { status: 'signedOut', email: null, viaLink: false } }));
    const account = screen.getByTestId('welcome-account');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome');
    expect(document.body.textContent).not.toMatch(/arrives with/i);
    await user.click(within(account).getByRole('button', { name: 'Create account' }));
    expect(kinds()).toEqual(['createAccount']);
    await user.click(within(screen.getByTestId('welcome-browse')).getByRole('link', { name: 'Take the tour' }));
    expect((await screen.findByTestId('address')).textContent).toBe(TOUR_PAGE_PATH);
  });
});

describe('/welcome signed in', () => {
  it('reads a new account’s first steps: one alert, no list, the device’s theme, the free plan', async () => {
    answerLists(FREE_PLAN, [], { alerts: [alertOn('KO')] });
    answerSettings();
    const user = userEvent.setup();
    const { kinds } = openWelcome(makeStore(SIGNED_IN));
    expect((await step('alerts', true)).textContent).toContain('On for 1 stock.');
    expect((await step('list', false)).textContent).toContain('No list yet.');
    expect((await step('plan', false)).textContent).toContain(`${PLAN_LABELS[FREE_PLAN]}:`);
    expect((await step('theme', false)).textContent).toContain('Light, as this device is set.');
    const setup = screen.getByTestId('welcome-setup');
    expect(within(setup).getByTestId('welcome-setup-status').textContent).toBe(
      'Pick the stocks you follow, make your first list of them, turn on their alerts and choose a theme.',
    );
    // The set-up is the onboarding modal.
    await user.click(within(setup).getByRole('button', { name: 'Start' }));
    expect(kinds()).toEqual(['onboarding']);
  });

  it('counts the stocks of every list, the alerts, the chosen theme and the paid plan', async () => {
    const lists = [
      listOf(1, 'Tech', 0, [
        ['AAPL', 0],
        ['MSFT', 2],
      ]),
      listOf(2, 'Income', 100, [
        ['KO', 5],
        ['AAPL', 1],
      ]),
    ];
    answerLists(PLUS_PLAN, lists, { alerts: ['AAPL', 'MSFT', 'KO'].map(alertOn) });
    answerSettings({ onboarding: { status: 'done', step: 3, symbols: ['AAPL', 'MSFT'] } });
    localStorage.setItem('earningshub.theme', '"dark"');
    const user = userEvent.setup();
    const { kinds } = openWelcome(makeStore(SIGNED_IN));
    // Three distinct symbols across the two lists.
    expect((await step('list', true)).textContent).toContain('3 stocks in 2 lists.');
    expect((await step('alerts', true)).textContent).toContain('On for 3 stocks.');
    expect((await step('plan', true)).textContent).toContain(`You are on ${PLAN_LABELS[PLUS_PLAN]}.`);
    expect((await step('theme', true)).textContent).toContain('Dark, your choice.');
    await waitFor(() =>
      expect(screen.getByTestId('welcome-setup-status').textContent).toBe(
        'You have been through the set-up. Run it again any time to add stocks or change your alerts.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Set up again' }));
    expect(kinds()).toEqual(['onboarding']);
  });

  it('offers to go on with a set-up left part way', async () => {
    answerLists(FREE_PLAN, [listOf(1, 'Tech', 0, [['AAPL', 0]])]);
    answerSettings({ onboarding: { status: 'paused', step: 2, symbols: ['AAPL'] } });
    openWelcome(makeStore(SIGNED_IN));
    await waitFor(() =>
      expect(screen.getByTestId('welcome-setup-status').textContent).toBe(
        'Your set-up stopped at step 3 of 4; it goes on from there.',
      ),
    );
    expect(screen.getByTestId('welcome-onboarding').textContent).toBe('Go on');
    expect((await step('list', true)).textContent).toContain('1 stock in 1 list.');
  });
});
