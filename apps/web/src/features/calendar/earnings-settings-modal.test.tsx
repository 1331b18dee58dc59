import { PRO_PLAN } from '@eh/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import type { ModalEntry } from '../../shared/modals/modal-stack.ts';
import { answerMe } from '../../test/accounts.ts';
import { freshPreferences, storedPreference } from './calendar.fixture.ts';
import EarningsSettingsModal from './earnings-settings-modal.tsx';

const ENTRY = { id: 'm1', kind: 'earningsSettings', props: {} } as ModalEntry<'earningsSettings'>;

function renderModal(signedIn: boolean, onClose: () => void = () => {}) {
  const store = makeStore({
    auth: signedIn
      ? { status: 'signedIn', email: 'reader@example.com', viaLink: false }
      : { status: 'signedOut', email: null, viaLink: false },
  });
  render(
    <AppProviders store={store}>
      <MemoryRouter>
        <EarningsSettingsModal entry={ENTRY} onClose={onClose} />
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

describe('settings saved before the custom filter was named so', () => {
  it('read the legacy alerts filter as My list, fill what is missing with the defaults, and save whole', async () => {
    freshPreferences({ earningsSettings: { calendarView: 'month', filter: 'earningshub_alerts' } });
    answerMe(PRO_PLAN);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderModal(true, onClose);

    const save = await screen.findByRole('button', { name: 'Save' });
    expect((screen.getByRole('radio', { name: 'Month view' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /^My list/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /^Popular/ }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('switch', { name: /^Always show hidden symbols/ }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(screen.getByRole('combobox', { name: 'Sort by' }).textContent).toBe('Popularity');

    await user.click(save);
    expect(onClose).toHaveBeenCalledOnce();
    expect(storedPreference('earningsSettings')).toEqual({
      calendarView: 'month',
      filter: 'earningshub_custom',
      newsTypes: ['earnings_results'],
      sort: 'popularity',
      autoExpandHiddenSymbols: false,
    });
  });
});
