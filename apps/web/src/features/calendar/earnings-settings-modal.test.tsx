import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import type { ModalEntry } from '../../shared/modals/modal-stack.ts';
import { answerMe } from '../../test/accounts.ts';
import EarningsSettingsModal from './earnings-settings-modal.tsx';

const ENTRY = { id: 'm1', kind: 'earningsSettings', props: {} } as ModalEntry<'earningsSettings'>;

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
