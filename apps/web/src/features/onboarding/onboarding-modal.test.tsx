import type {
  getCalendarFeed,
  getDeliveries,
  getMe,
  getNotificationPreferences,
  getPushTokenCount,
  ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { FREE_PLAN } from '@eh/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { signedOut } from '../../shared/auth-slice.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import type { AppStore } from '../../shared/store.ts';
import { accountOn, SIGNED_IN } from '../../test/accounts.ts';
import { answerLists } from '../../test/lists.ts';
import { network } from '../../test/network.ts';
import { answerSettings, onboardingSaves } from '../../test/onboarding.ts';
import ProfilePage from '../profile/profile-page.tsx';
import { ONBOARDING_STEP_LABELS, ONBOARDING_STEPS, type OnboardingRecord } from './onboarding-model.ts';
import OnboardingWatcher from './onboarding-watcher.tsx';

// The dialogs' code loads lazily, compiled on first use: loaded before the tests, a busy machine's compile time is
// not counted against what a test waits for.
beforeAll(() => Promise.all([import('../../app/modals/modal-stack-view.tsx'), import('./onboarding-modal.tsx')]));

/** The store of the test's render. */
let rendered: AppStore | null = null;

beforeEach(() => {
  rendered = null;
  sessionStorage.clear();
  localStorage.clear();
  delete document.documentElement.dataset.onboarding;
});

// An onboarding still open when the test ends saves itself paused as it unmounts (while signed in): signed out
// first, that save is not sent into the next test's answers.
afterEach(() => {
  rendered?.dispatch(signedOut());
});

/** The stocks the first step can find, priced so the lists' answers know them. */
const PRICES = { AAPL: 230, MSFT: 410, NVDA: 180 };

/** The modal host (with the watcher when asked), signed in, at `path`. */
function renderApp({ store = makeStore(SIGNED_IN), watcher = false, path = '/', page = null as ReactNode } = {}) {
  rendered = store;
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[path]}>
        {page}
        {watcher ? <OnboardingWatcher /> : null}
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
  return { store, kinds: () => store.getState().modals.stack.map((entry) => entry.kind) };
}

function openOnboarding(store: AppStore) {
  act(() => {
    store.dispatch(modalOpened({ kind: 'onboarding' }));
  });
}

/** The modal's body once it shows `step`. */
async function atStep(step: number) {
  const body = await within(await screen.findByTestId('modal-onboarding')).findByTestId('onboarding');
  await waitFor(() => expect(body.dataset.step).toBe(String(step)));
  const name = ONBOARDING_STEPS[step] ?? 'stocks';
  expect(body.textContent).toContain(`Step ${step + 1} of ${ONBOARDING_STEPS.length}: ${ONBOARDING_STEP_LABELS[name]}`);
  return body;
}

const fresh: OnboardingRecord = { status: 'started', step: 0, symbols: [] };

describe('the onboarding modal', () => {
  it('skipped at its first step, records that and closes, making no list and no alert', async () => {
    const lists = answerLists(FREE_PLAN, [], { prices: PRICES });
    const settings = answerSettings();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { store, kinds } = renderApp();
    openOnboarding(store);
    const body = await atStep(0);
    expect(within(body).getByRole('heading', { name: 'Which stocks do you follow?' })).toBeTruthy();
    expect(screen.getByTestId('onboarding-next')).toHaveProperty('disabled', true);
    await waitFor(() => expect(onboardingSaves(settings)).toEqual([fresh]));

    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(kinds()).toEqual([]));
    await waitFor(() => expect(onboardingSaves(settings)).toEqual([fresh, { ...fresh, status: 'skipped' }]));
    expect(settings.settings.onboarding).toEqual({ ...fresh, status: 'skipped' });
    expect(lists.received).toEqual([]);
  });

  it.each(['done', 'skipped'] as const)(
    'opened again once %s (Set up again), starts over at the first step',
    async (status) => {
      answerLists(FREE_PLAN, [], { prices: PRICES });
      const settings = answerSettings({ onboarding: { status, step: 3, symbols: ['AAPL'], listId: 'old' } });
      const { store } = renderApp();
      openOnboarding(store);
      await atStep(0);
      expect(screen.queryAllByTestId('onboarding-pick')).toEqual([]);
      await waitFor(() => expect(onboardingSaves(settings)).toEqual([fresh]));
    },
  );

  it('opened while under way, goes on at its step with its picks, and pauses when closed before the end', async () => {
    answerLists(FREE_PLAN, [], { prices: PRICES });
    const underWay: OnboardingRecord = { status: 'paused', step: 2, symbols: ['AAPL', 'MSFT'] };
    const settings = answerSettings({ onboarding: underWay });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    const { store, kinds } = renderApp();
    openOnboarding(store);
    const body = await atStep(2);
    expect(within(body).getByText('AAPL')).toBeTruthy();
    expect(within(body).getByText('MSFT')).toBeTruthy();
    expect(within(body).getByRole('button', { name: 'Turn on default alerts' })).toBeTruthy();
    await waitFor(() => expect(onboardingSaves(settings)).toEqual([{ ...underWay, status: 'started' }]));
    // This tab has it on screen: a reload brings it back (open-here.ts).
    expect(sessionStorage.getItem('eh.onboardingOpen')).toBe('1');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(kinds()).toEqual([]));
    await waitFor(() => expect(settings.settings.onboarding).toEqual(underWay));
    expect(sessionStorage.getItem('eh.onboardingOpen')).toBeNull();
  });
});

/** GET /core/users/me of an account made `ageMs` ago. */
function answerAccountMade(ageMs: number) {
  const me = { ...accountOn(FREE_PLAN), createdAt: new Date(Date.now() - ageMs).toISOString() };
  network.use(http.get(`*${paths.getMe}`, () => HttpResponse.json(me satisfies ResponseOf<typeof getMe>)));
}

describe('onboarding opening by itself', () => {
  it('opens for a new account at its first sign-in, and records it started', async () => {
    answerLists(FREE_PLAN, [], { prices: PRICES });
    answerAccountMade(60_000);
    const settings = answerSettings();
    renderApp({ watcher: true });
    await atStep(0);
    expect(document.documentElement.dataset.onboarding).toBe('open');
    await waitFor(() => expect(settings.settings.onboarding).toEqual(fresh));
  });

  it.each(['done', 'skipped'] as const)('never opens again once %s', async (status) => {
    answerAccountMade(60_000);
    const record: OnboardingRecord = { status, step: 0, symbols: [] };
    const settings = answerSettings({ onboarding: record });
    const { kinds } = renderApp({ watcher: true, path: '/my-stocks' });
    await waitFor(() => expect(document.documentElement.dataset.onboarding).toBe('none'));
    expect(kinds()).toEqual([]);
    expect(screen.queryByTestId('modal-onboarding')).toBeNull();
    expect(settings.saved).toEqual([]);
  });

  it('is deferred, not opened, when the first visit is a sign-in link', async () => {
    answerAccountMade(60_000);
    const settings = answerSettings();
    const store = makeStore({ auth: { ...SIGNED_IN.auth, viaLink: true } });
    const { kinds } = renderApp({ store, watcher: true, path: '/welcome' });
    await waitFor(() => expect(document.documentElement.dataset.onboarding).toBe('defer'));
    await waitFor(() => expect(settings.settings.onboarding).toEqual({ ...fresh, status: 'deferred' }));
    expect(kinds()).toEqual([]);
  });
});

/** What the profile's other sections read: no calendar feed, no delivery, the default quiet hours, no device. */
function answerProfileSections() {
  network.use(
    http.get(`*${paths.getCalendarFeed}`, () =>
      HttpResponse.json({ feed: null } satisfies ResponseOf<typeof getCalendarFeed>),
    ),
    http.get(`*${paths.getSavedCallSearches}`, () => HttpResponse.json({ searches: [] })),
    http.get(`*${paths.getDeliveries}`, () =>
      HttpResponse.json({ deliveries: [], next: null } satisfies ResponseOf<typeof getDeliveries>),
    ),
    http.get(`*${paths.getNotificationPreferences}`, () =>
      HttpResponse.json({
        timeZone: 'America/New_York',
        quietStart: null,
        quietEnd: null,
        dailyCap: 10,
      } satisfies ResponseOf<typeof getNotificationPreferences>),
    ),
    http.get(`*${paths.getPushTokenCount}`, () =>
      HttpResponse.json({ count: 0 } satisfies ResponseOf<typeof getPushTokenCount>),
    ),
  );
}

describe('onboarding from the profile', () => {
  it('is offered again once skipped, and opens at its first step', async () => {
    answerLists(FREE_PLAN, [], { prices: PRICES });
    answerProfileSections();
    const settings = answerSettings({ onboarding: { ...fresh, status: 'skipped' } });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderApp({ path: '/profile', page: <ProfilePage /> });
    const again = await screen.findByRole('button', { name: 'Set up again' });
    await user.click(again);
    await atStep(0);
    await waitFor(() => expect(onboardingSaves(settings)).toEqual([fresh]));
  });

  it('offers to continue one left part way, at its step', async () => {
    answerLists(FREE_PLAN, [], { prices: PRICES });
    answerProfileSections();
    answerSettings({ onboarding: { status: 'paused', step: 1, symbols: ['AAPL'] } });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderApp({ path: '/profile', page: <ProfilePage /> });
    await user.click(
      await screen.findByRole('button', { name: `Continue setting up (step 2 of ${ONBOARDING_STEPS.length})` }),
    );
    const body = await atStep(1);
    expect(within(body).getByText('AAPL')).toBeTruthy();
  });
});
