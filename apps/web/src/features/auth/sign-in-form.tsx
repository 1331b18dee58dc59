import { Alert, Box, Button, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { AUTH_MESSAGES } from './auth-config.ts';
import { signInWithPassword } from './session.ts';

interface Props {
  onSignedIn: () => void;
}

/** Email and password sign-in against the identity provider (SRP: the password never leaves the browser). */
export function SignInForm({ onSignedIn }: Props) {
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      ...(email.trim() ? {} : { email: AUTH_MESSAGES.emailRequired }),
      ...(password ? {} : { password: AUTH_MESSAGES.passwordRequired }),
    };
    setFieldError(errors);
    if (errors.email || errors.password) return;
    setBusy(true);
    setError(null);
    try {
      await signInWithPassword(dispatch, email, password);
      onSignedIn();
    } catch (failure) {
      const { code, message } = failure as { code?: string; message?: string };
      setError(code === 'NetworkError' ? AUTH_MESSAGES.networkError : (message ?? AUTH_MESSAGES.signInFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={Boolean(fieldError.email)}
        helperText={fieldError.email}
        required
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(fieldError.password)}
        helperText={fieldError.password}
        required
      />
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </Box>
  );
}
