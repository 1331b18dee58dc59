import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { AUTH_MESSAGES } from './auth-config.ts';
import { signInWithPassword } from './session.ts';

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
      const { code: type, message } = failure as { code?: string; message?: string };
      setError(type === 'NetworkError' ? AUTH_MESSAGES.networkError : (message ?? 'Something went wrong'));
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
    if (!code.trim()) return setError('Enter the code from the email');
    void run(async () => {
      await (await loadClient()).confirmSignUp(email, code);
      await signInWithPassword(dispatch, email, password);
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
        helperText="At least 8 characters with upper and lower case, a number and a symbol"
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
