import { Box, Button, Link } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES } from '../../shared/auth-config.ts';
import type { SignInFlowType } from './auth-machine.ts';
import { EmailField } from './email-field.tsx';
import { PasswordField } from './password-field.tsx';

interface Props {
  initialEmail: string;
  busy: boolean;
  onSubmit: (email: string, password: string, flowType: SignInFlowType) => void;
  /** With the email typed so far, for the reset form to start from. */
  onForgotPassword: (email: string) => void;
}

/** Email and password (SRP: the password never leaves the browser), or a code emailed instead of a password. */
export function CredentialsStep({ initialEmail, busy, onSubmit, onForgotPassword }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<{ email?: string; password?: string }>({});

  const submit = (flowType: SignInFlowType) => {
    const errors = {
      ...(email.trim() ? {} : { email: AUTH_MESSAGES.emailRequired }),
      ...(password || flowType === 'CUSTOM_AUTH' ? {} : { password: AUTH_MESSAGES.passwordRequired }),
    };
    setFieldError(errors);
    if (errors.email || errors.password) return;
    onSubmit(email, password, flowType);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit('USER_SRP_AUTH');
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      <EmailField autoComplete="username" value={email} onChange={setEmail} error={fieldError.email} />
      <PasswordField
        label="Password"
        purpose="current"
        value={password}
        onChange={setPassword}
        error={fieldError.password}
      />
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => onForgotPassword(email.trim())}
        sx={{ justifySelf: 'start' }}
      >
        Forgot password?
      </Link>
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
      <Button type="button" disabled={busy} onClick={() => submit('CUSTOM_AUTH')}>
        Email me a sign-in code instead
      </Button>
    </Box>
  );
}
