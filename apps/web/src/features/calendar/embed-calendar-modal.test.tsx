import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import type { ModalEntry } from '../../shared/modals/modal-stack.ts';
import { ToastHost } from '../../shared/toasts/toast-host.tsx';
import EmbedCalendarModal from './embed-calendar-modal.tsx';

const ENTRY = { id: 'm1', kind: 'embedCalendar', props: { view: 'week' } } as ModalEntry<'embedCalendar'>;

function renderModal() {
  render(
    <AppProviders store={makeStore({ auth: { status: 'signedOut', email: null, viaLink: false } })}>
      <MemoryRouter>
        <EmbedCalendarModal entry={ENTRY} onClose={() => {}} />
        <ToastHost />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the embed snippet', () => {
  it('gives a visitor the iframe of the chosen view and theme, and copies it', async () => {
    const user = userEvent.setup();
    renderModal();
    expect(screen.getByText(/No account needed\.$/)).toBeTruthy();
    const snippet = screen.getByRole('textbox', { name: 'Embed code' }) as HTMLTextAreaElement;
    const origin = window.location.origin;
    expect(origin).toMatch(/^https?:\/\//);
    // The week view in the visitor's own theme, unless chosen otherwise.
    expect(snippet.value).toBe(
      `<iframe src="${origin}/embed/calendar" title="Earnings calendar by EarningsHub" width="100%" height="800" style="border:0;max-width:100%" loading="lazy"></iframe>`,
    );

    await user.click(screen.getByRole('button', { name: 'List' }));
    await user.click(screen.getByRole('button', { name: 'Dark' }));
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    expect(snippet.value).toBe(
      `<iframe src="${origin}/embed/calendar?view=list&amp;theme=dark" title="Earnings calendar by EarningsHub" width="100%" height="800" style="border:0;max-width:100%" loading="lazy"></iframe>`,
    );
    expect(screen.getByRole('link', { name: 'Preview the embed in a new tab' }).getAttribute('href')).toBe(
      `${origin}/embed/calendar?view=list&theme=dark`,
    );

    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Embed code copied');
    expect(await navigator.clipboard.readText()).toBe(snippet.value);
  });
});
