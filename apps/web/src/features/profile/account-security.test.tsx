import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { AUTH_MESSAGES } from '../../shared/auth-config.ts';
import type { ModalEntry } from '../../shared/modals/modal-stack.ts';
import { accountOn, answerMe } from '../../test/accounts.ts';
import { answerIdp, answerSignInOptions, refusal, storeSignedInUser, userData } from '../../test/auth.ts';
import { groupSecret } from '../auth/otpauth.ts';
import { AuthenticatorSetting } from './authenticator-setting.tsx';
import ChangeEmailModal from './change-email-modal.tsx';
import ChangePasswordModal from './change-password-modal.tsx';
import DeleteAccountModal from './delete-account-modal.tsx';

/** The signed-in reader's address (GET /core/users/me's, and the stored identity's). */
const EMAIL = accountOn('free').email ?? '';

afterEach(() => {
  localStorage.clear();
});

function renderSignedIn(content: ReactNode) {
  storeSignedInUser(EMAIL);
  const store = makeStore({ auth: { status: 'signedIn', email: EMAIL, viaLink: false } });
  render(
    <AppProviders store={store}>
      <MemoryRouter>{content}</MemoryRouter>
    </AppProviders>,
  );
}

/** The signed-in user's access token, as the official client sends it with each account call. */
const storedAccessToken = () =>
  localStorage.getItem(Object.keys(localStorage).find((key) => key.endsWith('.accessToken')) ?? '');

describe('the authenticator app on the profile', () => {
  it('shows the key as a QR code and in groups, and keeps the set-up open when the code does not match', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DP';
    const mismatch = 'Code mismatch';
    const calls = answerIdp({
      GetUser: userData(EMAIL, []),
      AssociateSoftwareToken: () => HttpResponse.json({ SecretCode: secret }),
      VerifySoftwareToken: () => refusal('EnableSoftwareTokenMFAException', mismatch),
    });
    const user = userEvent.setup();
    renderSignedIn(<AuthenticatorSetting account={EMAIL} />);
    expect((await screen.findByTestId('mfa-status')).textContent).toBe('Off');

    await user.click(screen.getByRole('button', { name: 'Set up' }));
    const qr = await screen.findByTestId('mfa-qr-code');
    expect(qr.getAttribute('aria-label')).toContain('authenticator app');
    const key = screen.getByTestId('mfa-secret');
    expect(key.getAttribute('data-secret')).toBe(secret);
    expect(key.textContent).toBe(groupSecret(secret));

    await user.type(screen.getByLabelText(/^Code from the app/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect((await screen.findByRole('alert')).textContent).toBe(mismatch);
    // Still set up to try again, and still off.
    expect(screen.getByLabelText(/^Code from the app/)).toBeTruthy();
    expect(screen.getByTestId('mfa-status').textContent).toBe('Off');
    expect(calls.find((call) => call.target === 'VerifySoftwareToken')?.body).toMatchObject({
      AccessToken: storedAccessToken(),
      UserCode: '000000',
      FriendlyDeviceName: 'Authenticator app',
    });
    expect(calls.map((call) => call.target)).not.toContain('SetUserMFAPreference');
  });
});

describe('changing the password', () => {
  const ENTRY = { id: 'm1', kind: 'changePassword', props: {} } as ModalEntry<'changePassword'>;

  it('asks for both passwords in the SPEC words, then shows the provider’s refusal of a wrong current one', async () => {
    const message = 'Incorrect username or password.';
    const calls = answerIdp({ ChangePassword: () => refusal('NotAuthorizedException', message) });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderSignedIn(<ChangePasswordModal entry={ENTRY} onClose={onClose} />);
    const change = screen.getByRole('button', { name: 'Change password' });

    await user.click(change);
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.passwordRequired);
    await user.type(screen.getByLabelText(/^Current password/), 'Not-the-password-1');
    await user.click(change);
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.newPasswordRequired);
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText(/^New password/), 'Changed-Earnings-9#');
    await user.click(change);
    await screen.findByText(message);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(calls.map((call) => call.body)).toEqual([
      {
        PreviousPassword: 'Not-the-password-1',
        ProposedPassword: 'Changed-Earnings-9#',
        AccessToken: storedAccessToken(),
      },
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('changing the email', () => {
  const ENTRY = { id: 'm1', kind: 'changeEmail', props: {} } as ModalEntry<'changeEmail'>;

  it('sends a code to the new address and shows the provider’s refusal of a wrong one', async () => {
    answerMe('free');
    // The code step points to the local mailbox when the server offers one.
    answerSignInOptions();
    const newEmail = `moved.${EMAIL}`;
    const wrongCode = 'Invalid verification code provided, please try again.';
    const calls = answerIdp({
      UpdateUserAttributes: () =>
        HttpResponse.json({
          CodeDeliveryDetailsList: [{ Destination: newEmail, DeliveryMedium: 'EMAIL', AttributeName: 'email' }],
        }),
      GetUser: userData(EMAIL),
      VerifyUserAttribute: () => refusal('CodeMismatchException', wrongCode),
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderSignedIn(<ChangeEmailModal entry={ENTRY} onClose={onClose} />);
    await screen.findByText(`Your email is ${EMAIL}. We’ll send a code to the new address to confirm it.`);

    await user.type(screen.getByLabelText(/^New email/), newEmail);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText(`We emailed a code to ${newEmail}. Enter it to confirm your new address.`);
    await user.type(screen.getByLabelText(/^Code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm new email' }));
    await screen.findByText(wrongCode);
    expect(screen.getByRole('alert').textContent).toBe(wrongCode);
    // Still on the code step: a new try needs no new code.
    expect(screen.getByLabelText(/^Code/)).toBeTruthy();
    expect(calls.find((call) => call.target === 'UpdateUserAttributes')?.body.UserAttributes).toEqual([
      { Name: 'email', Value: newEmail },
    ]);
    expect(calls.find((call) => call.target === 'VerifyUserAttribute')?.body).toMatchObject({
      AttributeName: 'email',
      Code: '000000',
    });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('deleting the account', () => {
  const ENTRY = { id: 'm1', kind: 'deleteAccount', props: {} } as ModalEntry<'deleteAccount'>;

  it('deletes only once the person has said they understand, and can be left without deleting', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    // No answer for DELETE /core/users/me: a deletion here would fail the test.
    renderSignedIn(<DeleteAccountModal entry={ENTRY} onClose={onClose} />);
    const confirm = screen.getByRole('button', { name: 'Delete my account' });
    expect(confirm).toHaveProperty('disabled', true);
    const understood = screen.getByLabelText('I understand that my account and its data will be deleted');
    await user.click(understood);
    expect(confirm).toHaveProperty('disabled', false);
    await user.click(understood);
    expect(confirm).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(within(document.body).queryByRole('alert')).toBeNull();
  });
});
