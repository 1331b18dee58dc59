import type { SignInOptions } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { PASSWORD_ATTEMPTS_EXCEEDED } from '@eh/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { AUTH_MESSAGES } from '../../shared/auth-config.ts';
import { network } from '../../test/network.ts';
import { SignInForm } from './sign-in-form.tsx';

const EMAIL = 'locked@example.com';

/** Cognito's answer to any sign-in while wrong passwords hold the account locked (its JSON protocol). */
function answerLocked() {
  network.use(
    http.get(`*${paths.getSignInOptions}`, () =>
      HttpResponse.json({ federatedProviders: [], localMailbox: false } satisfies SignInOptions),
    ),
    http.post('*/idp', () =>
      HttpResponse.json(
        { __type: 'NotAuthorizedException', message: PASSWORD_ATTEMPTS_EXCEEDED },
        { status: 400, headers: { 'x-amzn-errortype': 'NotAuthorizedException:' } },
      ),
    ),
  );
}

describe('signing in to a locked account', () => {
  it('says for how long sign-in is paused and offers the reset, with the typed email', async () => {
    answerLocked();
    const onForgotPassword = vi.fn();
    const user = userEvent.setup();
    render(
      <AppProviders store={makeStore()}>
        <SignInForm onSignedIn={() => {}} onForgotPassword={onForgotPassword} />
      </AppProviders>,
    );
    await user.type(screen.getByLabelText(/^Email/), EMAIL);
    await user.type(screen.getByLabelText(/^Password/), 'Right-password-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(AUTH_MESSAGES.passwordAttemptsExceeded);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(onForgotPassword).toHaveBeenCalledWith(EMAIL);
  });
});
