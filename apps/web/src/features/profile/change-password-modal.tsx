import { Box, Button, DialogContent } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { AUTH_MESSAGES } from '../auth/auth-config.ts';
import { FormAlerts } from '../auth/form-alerts.tsx';
import { PasswordField } from '../auth/password-field.tsx';
import { useIdentityAction } from '../auth/use-identity-action.ts';
import type { ModalContentProps } from '../modals/modal-content.ts';
import { toastShown } from '../toasts/toasts-slice.ts';

/** ChangePassword: the current password, then the new one (SPEC §6: signed-in users only). */
export default function ChangePasswordModal({ onClose }: ModalContentProps) {
  const dispatch = useAppDispatch();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { busy, error, setError, run } = useIdentityAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setError(AUTH_MESSAGES.passwordRequired);
    if (!next) return setError(AUTH_MESSAGES.newPasswordRequired);
    void run(async () => {
      await (await import('../auth/cognito.ts')).changePassword(current, next);
      dispatch(toastShown({ message: 'Your password was changed.', severity: 'success' }));
      onClose();
    });
  };

  return (
    <DialogContent dividers>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }}>
        <FormAlerts error={error} />
        <PasswordField label="Current password" purpose="current" value={current} onChange={setCurrent} />
        <PasswordField label="New password" purpose="new" value={next} onChange={setNext} />
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </Button>
      </Box>
    </DialogContent>
  );
}
