import { Box, Button, DialogContent } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES } from '../../shared/auth-config.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { FormAlerts, loadCognito, PasswordField, useIdentityAction } from '../auth/index.ts';

/** ChangePassword: the current password, then the new one (SPEC §6: signed-in users only). */
export default function ChangePasswordModal({ onClose }: ModalContentProps<'changePassword'>) {
  const dispatch = useAppDispatch();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { busy, error, setError, run } = useIdentityAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setError(AUTH_MESSAGES.passwordRequired);
    if (!next) return setError(AUTH_MESSAGES.newPasswordRequired);
    void run(async () => {
      await (await loadCognito()).changePassword(current, next);
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
