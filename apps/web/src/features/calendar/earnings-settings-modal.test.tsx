import type { Me } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { accountFeaturesFor, type Plan } from '@eh/domain';
import { render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import type { ModalEntry } from '../../shared/modals/modal-stack.ts';
import { network } from '../../test/network.ts';
import EarningsSettingsModal from './earnings-settings-modal.tsx';

const ENTRY = { id: 'm1', kind: 'earningsSettings', props: {} } as ModalEntry<'earningsSettings'>;

/** The signed-in reader's account on `plan`, paying for it unless free. */
function answerMe(plan: Plan) {
  const subscription = {
    plan,
    subscriptionType: plan === 'free' ? ('free' as const) : ('paid' as const),
    status: 'active' as const,
  };
  const me: Me = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'reader@example.com',
    name: null,
    avatarUrl: null,
    displayPlan: plan,
    accountSubscription: { ...subscription, price: 0, priceType: 'yearly', nextChargeDate: null },
    accountFeatures: accountFeaturesFor(subscription),
    team: null,
    superAdmin: false,
    externalProviderData: [],
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  network.use(http.get(`*${paths.getMe}`, () => HttpResponse.json(me)));
}

function renderModal(signedIn: boolean) {
  const store = makeStore({
    auth: signedIn
      ? { status: 'signedIn', email: 'reader@example.com', viaLink: false }
      : { status: 'signedOut', email: null, viaLink: false },
  });
  render(
    <AppProviders store={store}>
      <MemoryRouter>
        <EarningsSettingsModal entry={ENTRY} onClose={() => {}} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the calendar settings (a paid feature)', () => {
  it('offers the upgrade to a visitor, with no settings to save', async () => {
    renderModal(false);
    expect((await screen.findByTestId('upgrade-prompt')).dataset.feature).toBe('calendarSettings');
    expect(screen.queryByTestId('settings-save')).toBeNull();
  });

  it('offers the upgrade on the free plan', async () => {
    answerMe('free');
    renderModal(true);
    expect((await screen.findByTestId('upgrade-prompt')).dataset.feature).toBe('calendarSettings');
    expect(screen.queryByTestId('settings-save')).toBeNull();
  });

  it('saves the settings on a paid plan', async () => {
    answerMe('earningshub_plus');
    renderModal(true);
    expect(await screen.findByTestId('settings-save')).toBeTruthy();
    expect(screen.queryByTestId('upgrade-prompt')).toBeNull();
  });
});
