import type { FederatedProviderName } from '@eh/contracts';
import { PASSWORD_ATTEMPTS_EXCEEDED } from '@eh/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { AUTH_MESSAGES } from '../../shared/auth-config.ts';
import { answerIdp, answerSignInOptions, refusal } from '../../test/auth.ts';
import { network } from '../../test/network.ts';
import { SignInForm } from './sign-in-form.tsx';
import { signInOptionsApi } from './sign-in-options-api.ts';

const EMAIL = 'trader@example.com';

/**
 * USER_SRP_AUTH's first answer, as Cognito documents it: the server's SRP values and the user's id for SRP. The
 * client proves the password from them; no server checks that proof here, so any valid-looking numbers do.
 */
const USER_ID_FOR_SRP = '3f2c1c8e-0000-4000-8000-00000000a11c';
const passwordVerifier = () =>
  HttpResponse.json({
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: '5a'.repeat(16),
      SECRET_BLOCK: btoa('sealed srp state'),
      SRP_B: 'b7'.repeat(384),
      USERNAME: USER_ID_FOR_SRP,
      USER_ID_FOR_SRP,
    },
  });

function renderForm(props: { onForgotPassword?: (email: string) => void } = {}) {
  const onSignedIn = vi.fn();
  const store = makeStore();
  render(
    <AppProviders store={store}>
      <SignInForm onSignedIn={onSignedIn} onForgotPassword={props.onForgotPassword ?? (() => {})} />
    </AppProviders>,
  );
  return { onSignedIn, store };
}

async function signInWith(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  if (email) await user.type(screen.getByLabelText(/^Email/), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in choices', () => {
  it('offers only the providers the server federates with, above the email form', async () => {
    const configured: FederatedProviderName[] = ['google'];
    answerSignInOptions(configured);
    renderForm();
    await screen.findByTestId('continue-with-google');
    for (const provider of ['google', 'apple'] as const) {
      expect(screen.queryByTestId(`continue-with-${provider}`) !== null, provider).toBe(configured.includes(provider));
    }
    expect(screen.getByText('or with email')).toBeTruthy();
  });

  it('shows the email form alone when the server federates with no provider', async () => {
    answerSignInOptions([]);
    const { store } = renderForm();
    // The email form is drawn at once; the providers would come with the server's answer, so it is awaited.
    const options = signInOptionsApi.endpoints.getSignInOptions.select();
    await vi.waitFor(() => expect(options(store.getState()).isSuccess).toBe(true));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByTestId('continue-with-google')).toBeNull();
    expect(screen.queryByTestId('continue-with-apple')).toBeNull();
    expect(screen.queryByText('or with email')).toBeNull();
  });
});

describe('signing in with a password', () => {
  it('says what is missing in the SPEC words without asking the identity provider', async () => {
    answerSignInOptions(['google']);
    const user = userEvent.setup();
    renderForm();
    // No /idp answer in this test: a call to the provider would fail it.
    await signInWith(user, '', '');
    expect(screen.getByText(AUTH_MESSAGES.emailRequired)).toBeTruthy();
    await signInWith(user, EMAIL, '');
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeTruthy();
    expect(screen.queryByText(AUTH_MESSAGES.emailRequired)).toBeNull();
  });

  it('shows the provider’s words for a wrong password and keeps the form', async () => {
    answerSignInOptions();
    const message = 'Incorrect username or password.';
    const calls = answerIdp({
      InitiateAuth: passwordVerifier,
      RespondToAuthChallenge: () => refusal('NotAuthorizedException', message),
    });
    const user = userEvent.setup();
    const { onSignedIn } = renderForm();
    await signInWith(user, EMAIL, 'Not-the-password-1');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(calls.map((call) => [call.target, call.body.AuthFlow ?? call.body.ChallengeName])).toEqual([
      ['InitiateAuth', 'USER_SRP_AUTH'],
      ['RespondToAuthChallenge', 'PASSWORD_VERIFIER'],
    ]);
    // The password never leaves the browser: only its proof does.
    expect(JSON.stringify(calls)).not.toContain('Not-the-password-1');
    expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', EMAIL);
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});

describe('the authenticator-app step', () => {
  it('asks for the app’s code after the password, keeps asking after a wrong one, and starts over', async () => {
    answerSignInOptions(['google']);
    const session = 'sealed-mfa-session';
    const wrongCode = 'Invalid code received for user';
    const calls = answerIdp({
      InitiateAuth: passwordVerifier,
      RespondToAuthChallenge: (body) =>
        body.ChallengeName === 'PASSWORD_VERIFIER'
          ? HttpResponse.json({ ChallengeName: 'SOFTWARE_TOKEN_MFA', ChallengeParameters: {}, Session: session })
          : refusal('CodeMismatchException', wrongCode),
    });
    const user = userEvent.setup();
    const { onSignedIn } = renderForm();
    await signInWith(user, EMAIL, 'Earnings-2026!');

    const code = await screen.findByLabelText(/^Authenticator code/);
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    // The credentials and the providers are gone: this step asks for the code only.
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.queryByTestId('continue-with-google')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText(AUTH_MESSAGES.codeRequired)).toBeTruthy();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(wrongCode);
    expect(screen.getByLabelText(/^Authenticator code/)).toBeTruthy();
    const answered = calls.at(-1);
    expect(answered?.body).toMatchObject({
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      Session: session,
      ChallengeResponses: { USERNAME: USER_ID_FOR_SRP, SOFTWARE_TOKEN_MFA_CODE: '123456' },
    });
    expect(onSignedIn).not.toHaveBeenCalled();

    // Starting over goes back to an empty sign-in, the refusal cleared.
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', '');
    expect(screen.queryByLabelText(/^Authenticator code/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('signing in to a locked account', () => {
  it('says for how long sign-in is paused and offers the reset, with the typed email', async () => {
    answerSignInOptions();
    network.use(http.post('*/idp', () => refusal('NotAuthorizedException', PASSWORD_ATTEMPTS_EXCEEDED)));
    const onForgotPassword = vi.fn();
    const user = userEvent.setup();
    renderForm({ onForgotPassword });
    await signInWith(user, 'locked@example.com', 'Right-password-1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(AUTH_MESSAGES.passwordAttemptsExceeded);
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(onForgotPassword).toHaveBeenCalledWith('locked@example.com');
  });
});
