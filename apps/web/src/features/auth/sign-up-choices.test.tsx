import type { SignInOptions } from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { makeStore } from '../../app/store.ts';
import { answerIdp, refusal } from '../../test/auth.ts';
import { network } from '../../test/network.ts';
import { renderApp } from '../../test/quote-app.tsx';
import { answerShell } from '../../test/shell.ts';
import { CreateAccountForm } from './create-account-form.tsx';

/**
 * What a newcomer meets on the way in: the sign-in and create-account pages offering the providers the server
 * federates with (and naming no setting), an email that signs in with Google sent back to Google, and the code step
 * pointing to the local mailbox on a server that keeps one. The whole way in, with the mailed code, is
 * sign-up-mailbox.test.ts; the form's other refusals are create-account-form.test.tsx's.
 */

// The pages' code loads lazily: loaded before the tests, its compile time is not counted against their waits.
beforeAll(async () => {
  await Promise.all([import('./sign-in-page.tsx'), import('./create-account-page.tsx'), import('./cognito.ts')]);
});

const EMAIL = 'someone@example.com';
const PASSWORD = 'Earnings-2026!';

/** GET /core/sign-in-options as a server federating with Google alone answers it. */
function answerOptions(localMailbox: boolean) {
  network.use(
    http.get(`*${paths.getSignInOptions}`, () =>
      HttpResponse.json({ federatedProviders: ['google'], localMailbox } satisfies SignInOptions),
    ),
  );
}

function renderForm() {
  render(
    <AppProviders store={makeStore()}>
      <CreateAccountForm onSignedIn={vi.fn()} />
    </AppProviders>,
  );
}

async function submitDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Email/), EMAIL);
  await user.type(screen.getByLabelText(/^Password/), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('the ways in', () => {
  it('offer Google, which the server federates with, and not Apple, naming no setting on either page', async () => {
    for (const path of ['/signin', '/create-account']) {
      answerShell();
      answerOptions(false);
      renderApp(path);
      await screen.findByTestId('continue-with-google');
      expect(screen.queryByTestId('continue-with-apple'), path).toBeNull();
      expect(screen.getAllByText('or with email'), path).toHaveLength(1);
      const text = document.body.textContent ?? '';
      expect(text, path).not.toContain('GOOGLE_CLIENT_ID');
      expect(text, path).not.toContain('APPLE_');
      // Not federated, so not promised anywhere on the page either.
      expect(text, path).not.toContain('Apple');
      cleanup();
    }
  });

  it('send someone whose email signs in with Google back to Google instead of making a second account', async () => {
    answerOptions(false);
    // The identity provider's refusal for an address whose account has no password (server idp-federation.test.ts).
    const message =
      'An account with the given email already exists. It signs in with Google: use Continue with Google, or add a password through Forgot password.';
    answerIdp({ SignUp: () => refusal('UsernameExistsException', message) });
    const user = userEvent.setup();
    renderForm();
    await submitDetails(user);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    // Still the first step, Google offered above it.
    expect(screen.queryByLabelText(/^Code/)).toBeNull();
    expect(screen.getByTestId('continue-with-google')).toBeTruthy();
  });
});

describe('the code step', () => {
  const signedUp = () =>
    answerIdp({
      SignUp: () =>
        HttpResponse.json({
          UserConfirmed: false,
          UserSub: '0f9e7a10-0000-4000-8000-000000000002',
          CodeDeliveryDetails: { Destination: 's***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
        }),
    });

  it('points to the local mailbox, in a new tab, on a server that keeps one', async () => {
    answerOptions(true);
    signedUp();
    const user = userEvent.setup();
    renderForm();
    await submitDetails(user);
    await screen.findByLabelText(/^Code/);
    const notice = await screen.findByTestId('local-mailbox-link');
    expect(notice.textContent).toBe('Running locally? Open the mailbox to read the code.');
    const link = within(notice).getByRole('link', { name: 'Open the mailbox' });
    expect([link.getAttribute('href'), link.getAttribute('target')]).toEqual(['/dev/mail', '_blank']);
  });

  it('says nothing of a mailbox on a server that sends real mail', async () => {
    answerOptions(false);
    signedUp();
    const user = userEvent.setup();
    renderForm();
    await submitDetails(user);
    await screen.findByLabelText(/^Code/);
    expect(screen.getByText('We emailed a 6-digit code to s***@e***.')).toBeTruthy();
    expect(screen.queryByTestId('local-mailbox-link')).toBeNull();
  });
});
