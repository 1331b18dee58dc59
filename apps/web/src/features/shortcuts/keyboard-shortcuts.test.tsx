import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ModalHost } from '../../app/modals/modal-host.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import KeyboardShortcuts from './keyboard-shortcuts.tsx';

describe('the keyboard shortcuts', () => {
  it('lists every shortcut, Ctrl K included, in the shortcuts modal that ? opens', async () => {
    const user = userEvent.setup();
    render(
      <AppProviders store={makeStore()}>
        <MemoryRouter initialEntries={['/about']}>
          <KeyboardShortcuts />
          <ModalHost />
        </MemoryRouter>
      </AppProviders>,
    );
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const keys = (await within(dialog).findAllByRole('term')).map((term) => term.textContent);
    const descriptions = within(dialog)
      .getAllByRole('definition')
      .map((definition) => definition.textContent);
    expect(keys.map((key, i) => `${key}: ${descriptions[i]}`)).toEqual([
      '/: Search symbols',
      'Ctrl K: Search symbols, even while typing (⌘ K on a Mac)',
      'c: Open the earnings calendar',
      't: Switch between light and dark theme',
      '?: Show these shortcuts',
    ]);
  });
});
