/**
 * SPEC §4's push prompt in the native app, on its own: what it says and what each button answers the login check
 * (app-host-start.ts, whose rules app-host-start.test.ts covers). That it shows at a login in the shell and OK
 * registers the device is e2e/native.test.ts.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { makeStore } from '../app/store.ts';
import { PushPromptDialog } from './push-prompt-dialog.tsx';
import { askPushPrompt, isPushPromptOpen, type PushPromptAnswer } from './push-prompt-state.ts';

/** The dialog in the app's providers, then a question asked as the login check asks it. */
async function ask() {
  render(
    <AppProviders store={makeStore()}>
      <PushPromptDialog />
    </AppProviders>,
  );
  expect(screen.queryByRole('dialog')).toBeNull();
  let answer: Promise<PushPromptAnswer> | undefined;
  act(() => {
    answer = askPushPrompt();
  });
  const dialog = await screen.findByRole('dialog', { name: 'Please turn on notifications' });
  if (!answer) throw new Error('the prompt was not asked');
  return { dialog, answer };
}

describe('the native push prompt', () => {
  it('says SPEC §4’s words, and Not now answers so and closes it', async () => {
    const user = userEvent.setup();
    const { dialog, answer } = await ask();
    expect(within(dialog).getByText('Get alerts for earnings directly in the app.')).toBeTruthy();
    expect(dialog.getAttribute('aria-describedby')).toBe('push-prompt-text');
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Not now', 'OK']);
    // OK is where the focus starts: the answer the prompt asks for.
    expect(document.activeElement?.textContent).toBe('OK');
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(await answer).toBe('notNow');
    expect(isPushPromptOpen()).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('OK answers ok (the system’s dialog comes next) and closes it', async () => {
    const user = userEvent.setup();
    const { dialog, answer } = await ask();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await answer).toBe('ok');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Escape is Not now', async () => {
    const user = userEvent.setup();
    const { answer } = await ask();
    await user.keyboard('{Escape}');
    expect(await answer).toBe('notNow');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
