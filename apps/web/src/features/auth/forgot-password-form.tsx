import { Alert, Box, Button, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES } from '../../shared/auth-config.ts';
import { CodeField } from './code-field.tsx';
import { EmailField } from './email-field.tsx';
import { FormAlerts } from './form-alerts.tsx';
import { MailboxLink } from './mailbox-link.tsx';
import { PasswordField } from './password-field.tsx';
import { useIdentityAction } from './use-identity-action.ts';

const loadClient = () => import('./cognito.ts');

interface Props {
  /** The email typed at sign-in, if any. */
  initialEmail?: string;
  /** After the new password is set: where to sign in. */
  onDone: () => void;
}

/** ForgotPassword (a code by email), then ConfirmForgotPassword with the code and a new password. */
export function ForgotPasswordForm({ initialEmail = '', onDone }: Props) {
  const [step, setStep] = useState<'email' | 'reset' | 'done'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [destination, setDestination] = useState<string | null>(null);
  const { busy, error, setError, notice, setNotice, run } = useIdentityAction();

  const sendCode = () =>
    run(async () => {
      const sent = await (await loadClient()).forgotPassword(email);
      setDestination(sent.destination);
      setStep('reset');
    });

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(AUTH_MESSAGES.emailRequired);
    void sendCode();
  };

  const submitReset = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(AUTH_MESSAGES.codeRequired);
    if (!password) return setError(AUTH_MESSAGES.newPasswordRequired);
    void run(async () => {
      await (await loadClient()).confirmForgotPassword(email, code, password);
      setStep('done');
    });
  };

  const alerts = <FormAlerts error={error} notice={notice} />;

  if (step === 'done') {
    return (
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
        <Alert severity="success">Your password has been reset. Sign in with your new password.</Alert>
        <Button variant="contained" onClick={onDone}>
          Go to sign in
        </Button>
      </Box>
    );
  }

  if (step === 'email') {
    return (
      <Box component="form" noValidate onSubmit={submitEmail} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
        {alerts}
        <Typography>
          Enter the email address of your account and we’ll send you a code to set a new password.
        </Typography>
        <EmailField autoComplete="username" value={email} onChange={setEmail} />
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Sending…' : 'Send code'}
        </Button>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submitReset} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      {alerts}
      <Typography>
        If an account exists for {email}, we emailed a code{destination ? ` to ${destination}` : ''}. Enter it with your
        new password.
      </Typography>
      <MailboxLink />
      <CodeField label="Code" value={code} onChange={setCode} />
      <PasswordField label="New password" purpose="new" value={password} onChange={setPassword} />
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Saving…' : 'Set new password'}
      </Button>
      <Button
        type="button"
        disabled={busy}
        onClick={() => void sendCode().then(() => setNotice('We sent a new code.'))}
      >
        Send a new code
      </Button>
    </Box>
  );
}
