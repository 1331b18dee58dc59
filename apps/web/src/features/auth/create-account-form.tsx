import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { AUTH_MESSAGES } from './auth-config.ts';
import { FederatedButtons } from './federated-buttons.tsx';
import { identityErrorMessage } from './identity-errors.ts';
import { MailboxLink } from './mailbox-link.tsx';
import { PASSWORD_HINT } from './password-hint.ts';

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
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (failure) {
      setError(identityErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

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
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <FederatedButtons onError={setError} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        helperText={PASSWORD_HINT}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Creating…' : 'Create account'}
      </Button>
    </Box>
  ) : (
    <Box component="form" noValidate onSubmit={submitCode} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      <Typography>We emailed a 6-digit code{destination ? ` to ${destination}` : ''}.</Typography>
      <MailboxLink />
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {notice && <Alert severity="success">{notice}</Alert>}
      <TextField
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
      />
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Confirming…' : 'Confirm and sign in'}
      </Button>
      <Button type="button" onClick={resend} disabled={busy}>
        Send a new code
      </Button>
    </Box>
  );
}
