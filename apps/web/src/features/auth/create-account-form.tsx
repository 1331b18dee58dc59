import { Box, Button, Link, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES } from '../../shared/auth-config.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { CodeField } from './code-field.tsx';
import { EmailField } from './email-field.tsx';
import { FederatedButtons } from './federated-buttons.tsx';
import { FormAlerts } from './form-alerts.tsx';
import { MailboxLink } from './mailbox-link.tsx';
import { PasswordField } from './password-field.tsx';
import { useIdentityAction } from './use-identity-action.ts';

interface Props {
  onSignedIn: () => void;
}

const loadClient = () => import('./cognito.ts');

/** Create an account: email and password, then the code we email, then signed in. */
export function CreateAccountForm({ onSignedIn }: Props) {
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [destination, setDestination] = useState<string | null>(null);
  const { busy, error, setError, notice, setNotice, run } = useIdentityAction();

  const submitDetails = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(AUTH_MESSAGES.emailRequired);
    if (!password) return setError(AUTH_MESSAGES.passwordRequired);
    void run(async () => {
      const result = await (await loadClient()).signUp(email, password);
      setDestination(result.destination);
      setStep('code');
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(AUTH_MESSAGES.codeRequired);
    void run(async () => {
      const client = await loadClient();
      await client.confirmSignUp(email, code);
      const outcome = await client.authenticate(client.signInUser(email), password, 'USER_SRP_AUTH');
      // A brand-new account has no second factor yet; anything else is finished on the sign-in page.
      if (outcome.kind !== 'success') throw new Error('Your account is ready. Sign in to continue.');
      const { completeLogin } = await import('./session.ts');
      await dispatch(completeLogin(outcome.session, 'email'));
      onSignedIn();
    });
  };

  const resend = () =>
    void run(async () => {
      await (await loadClient()).resendCode(email);
      setNotice('We sent a new code.');
    });

  return step === 'details' ? (
    <Box component="form" noValidate onSubmit={submitDetails} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      <FormAlerts error={error} />
      <FederatedButtons onError={setError} />
      <EmailField autoComplete="email" value={email} onChange={setEmail} />
      <PasswordField label="Password" purpose="new" value={password} onChange={setPassword} />
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Creating…' : 'Create account'}
      </Button>
      <Typography variant="body2" color="text.secondary" data-testid="sign-up-agreement">
        By creating an account you agree to the{' '}
        <Link component="button" type="button" onClick={() => dispatch(modalOpened({ kind: 'termsOfService' }))}>
          Terms of service
        </Link>{' '}
        and the{' '}
        <Link component="button" type="button" onClick={() => dispatch(modalOpened({ kind: 'privacyPolicy' }))}>
          Privacy policy
        </Link>
        .
      </Typography>
    </Box>
  ) : (
    <Box component="form" noValidate onSubmit={submitCode} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      <Typography>We emailed a 6-digit code{destination ? ` to ${destination}` : ''}.</Typography>
      <MailboxLink />
      <FormAlerts error={error} notice={notice} />
      <CodeField label="Code" value={code} onChange={setCode} />
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Confirming…' : 'Confirm and sign in'}
      </Button>
      <Button type="button" onClick={resend} disabled={busy}>
        Send a new code
      </Button>
    </Box>
  );
}
