import { Alert, Box, Button, DialogContent, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { AUTH_MESSAGES } from '../auth/auth-config.ts';
import { identityErrorMessage } from '../auth/identity-errors.ts';
import { PASSWORD_HINT } from '../auth/password-hint.ts';
import type { ModalContentProps } from '../modals/modal-content.ts';
import { toastShown } from '../toasts/toasts-slice.ts';

/** ChangePassword: the current password, then the new one (SPEC §6: signed-in users only). */
export default function ChangePasswordModal({ onClose }: ModalContentProps) {
  const dispatch = useAppDispatch();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setError(AUTH_MESSAGES.passwordRequired);
    if (!next) return setError(AUTH_MESSAGES.newPasswordRequired);
    setBusy(true);
    setError(null);
    try {
      await (await import('../auth/cognito.ts')).changePassword(current, next);
      dispatch(toastShown({ message: 'Your password was changed.', severity: 'success' }));
      onClose();
    } catch (failure) {
      setError(identityErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogContent dividers>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          required
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          helperText={PASSWORD_HINT}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          required
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </Button>
      </Box>
    </DialogContent>
  );
}
