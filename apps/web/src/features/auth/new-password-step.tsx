import { Box, Button, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES } from '../../shared/auth-config.ts';
import { PasswordField } from './password-field.tsx';

interface Props {
  busy: boolean;
  onSubmit: (password: string) => void;
  onCancel: () => void;
}

/** NEW_PASSWORD_REQUIRED: an invited user replaces the temporary password before signing in. */
export function NewPasswordStep({ busy, onSubmit, onCancel }: Props) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(AUTH_MESSAGES.newPasswordRequired);
    setError(null);
    onSubmit(password);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
      <Typography>Choose a new password to finish signing in.</Typography>
      <PasswordField
        label="New password"
        purpose="new"
        value={password}
        onChange={setPassword}
        error={error}
        autoFocus
      />
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Saving…' : 'Set password and sign in'}
      </Button>
      <Button type="button" onClick={onCancel} disabled={busy}>
        Start over
      </Button>
    </Box>
  );
}
