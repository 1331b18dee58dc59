import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { AUTH_MESSAGES } from '../../shared/auth-config.ts';
import { answerIdp, answerSignInOptions, refusal } from '../../test/auth.ts';
import { CreateAccountForm } from './create-account-form.tsx';

const EMAIL = 'new.trader@example.com';
const STRONG = 'Earnings-2026!';

/** Where the identity provider says it mailed the code: the address masked, as it answers SignUp. */
const masked = (email: string) => {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
};

function renderForm() {
  const onSignedIn = vi.fn();
  render(
    <AppProviders store={makeStore()}>
      <CreateAccountForm onSignedIn={onSignedIn} />
    </AppProviders>,
  );
  return { onSignedIn };
}

describe('creating an account', () => {
  it('shows the provider’s password policy refusal, then asks for the code it mailed', async () => {
    answerSignInOptions(['google']);
    const policy = 'Password did not conform with policy: Password not long enough';
    const calls = answerIdp({
      SignUp: (body) =>
        body.Password === STRONG
          ? HttpResponse.json({
              UserConfirmed: false,
              UserSub: '0f9e7a10-0000-4000-8000-000000000001',
              CodeDeliveryDetails: { Destination: masked(EMAIL), DeliveryMedium: 'EMAIL', AttributeName: 'email' },
            })
          : refusal('InvalidPasswordException', policy),
    });
    const user = userEvent.setup();
    const { onSignedIn } = renderForm();
    const create = screen.getByRole('button', { name: 'Create account' });

    // Nothing typed: the SPEC words, and no call to the provider.
    await user.click(create);
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.emailRequired);
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText(/^Email/), EMAIL);
    await user.type(screen.getByLabelText(/^Password/), 'weak');
    await user.click(create);
    await screen.findByText(policy);
    expect(screen.getByRole('alert').textContent).toBe(policy);
    expect(screen.queryByLabelText(/^Code/)).toBeNull();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), STRONG);
    await user.click(create);
    await screen.findByLabelText(/^Code/);
    expect(screen.getByText(`We emailed a 6-digit code to ${masked(EMAIL)}.`)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.map((call) => [call.target, call.body.Username, call.body.UserAttributes])).toEqual([
      ['SignUp', EMAIL, [{ Name: 'email', Value: EMAIL }]],
      ['SignUp', EMAIL, [{ Name: 'email', Value: EMAIL }]],
    ]);
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
