import type {
  getCalendarFeed,
  getDeliveries,
  getNotificationPreferences,
  getPushTokenCount,
  ResponseOf,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { PLAN_NAMES, PRO_PLAN } from '@eh/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { billingDate } from '../../shared/manage-words.ts';
import type { AppStore } from '../../shared/store.ts';
import { SIGNED_IN } from '../../test/accounts.ts';
import { answerBillingAccount, answersIn, runningSubscription } from '../../test/billing.ts';
import { network } from '../../test/network.ts';
import { answerSettings } from '../../test/onboarding.ts';
import { answerPlansOnSale } from '../../test/plan-offers.ts';
import ProfilePage from '../profile/profile-page.tsx';

// The dialogs' code loads lazily, compiled on first use: loaded before the tests, a busy machine's compile time
// is not counted against what a test waits for.
beforeAll(() =>
  Promise.all([
    import('../../app/modals/modal-stack-view.tsx'),
    import('./charge-history-modal.tsx'),
    import('../pricing/choose-plan-modal.tsx'),
  ]),
);

/** The store of the test's render: its calls are all answered before the test's answers go. */
let rendered: AppStore | null = null;
afterEach(async () => {
  if (rendered) await answersIn(rendered);
  rendered = null;
});

beforeEach(() => localStorage.clear());

/** What the profile's other sections read: no calendar feed, no delivery, the default quiet hours, no device. */
function answerProfileSections() {
  answerSettings();
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

/** /profile signed in by a link (`?token=`: no identity session, so the security settings are not read). */
function renderProfile() {
  const store = makeStore({ auth: { ...SIGNED_IN.auth, viaLink: true } });
  rendered = store;
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/profile']}>
        <ProfilePage />
        <ModalHost />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the profile’s plan', () => {
  it('offers a member who never subscribed the plans, not a subscription to manage', async () => {
    answerProfileSections();
    answerBillingAccount();
    answerPlansOnSale();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderProfile();
    await user.click(await screen.findByTestId('profile-see-plans'));
    expect(screen.queryByTestId('profile-manage-subscription')).toBeNull();
    expect(screen.queryByTestId('profile-plan-billing')).toBeNull();
    await within(await screen.findByTestId('choose-plan')).findByTestId(`price-${PRO_PLAN}`);
  });

  it('opens a never-charged member’s charge history empty', async () => {
    answerProfileSections();
    answerBillingAccount();
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    renderProfile();
    await user.click(await screen.findByTestId('profile-charge-history'));
    const history = await screen.findByTestId('charge-history');
    await within(history).findByTestId('charge-history-empty');
    expect(within(history).queryByTestId('charge-row')).toBeNull();
  });

  it('says when a subscription set to cancel ends, and offers to manage it', async () => {
    answerProfileSections();
    const subscription = { ...runningSubscription(PRO_PLAN, 'yearly'), cancelAtPeriodEnd: true };
    answerBillingAccount({ subscription });
    renderProfile();
    await screen.findByTestId('profile-manage-subscription');
    expect(screen.getByTestId('profile-plan-name').textContent).toBe(PLAN_NAMES[PRO_PLAN]);
    await waitFor(() =>
      expect(screen.getByTestId('profile-plan-billing').textContent).toContain(
        `ends on ${billingDate(subscription.currentPeriodEnd as string)}`,
      ),
    );
    expect(screen.queryByTestId('profile-see-plans')).toBeNull();
    // A link's visit has no identity session: the security settings say how to reach them, not an error.
    expect(screen.getByTestId('profile-security-via-link').textContent).toContain('sign-in link');
  });
});
