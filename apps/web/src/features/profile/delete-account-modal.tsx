import { Alert, Box, Button, Checkbox, DialogContent, FormControlLabel, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { useDeleteMeMutation } from '../../shared/users-api.ts';
import { loadSession } from '../auth/index.ts';

/** DELETE /core/users/me removes the account, its data and its identity; then this browser signs out. */
export default function DeleteAccountModal({ onClose }: ModalContentProps<'deleteAccount'>) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteMe, { isLoading, error }] = useDeleteMeMutation();
  const [understood, setUnderstood] = useState(false);

  const confirm = async () => {
    const result = await deleteMe();
    if ('error' in result) return;
    // The identity is gone with its tokens: only this browser's copy is left to clear.
    (await loadSession()).endLocally(dispatch);
    onClose();
    dispatch(toastShown({ message: 'Your account was deleted.', severity: 'success' }));
    navigate('/');
  };

  return (
    <DialogContent dividers>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {error && (
          <Alert severity="error" role="alert">
            {errorMessage(error, 'Your account could not be deleted.')}
          </Alert>
        )}
        <Typography>
          This permanently deletes your account: your lists, alerts, settings and sign-in. This cannot be undone.
        </Typography>
        <FormControlLabel
          control={<Checkbox checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />}
          label="I understand that my account and its data will be deleted"
        />
        <Button variant="contained" color="error" disabled={!understood || isLoading} onClick={confirm}>
          {isLoading ? 'Deleting…' : 'Delete my account'}
        </Button>
        <Button onClick={onClose} disabled={isLoading}>
          Keep my account
        </Button>
      </Box>
    </DialogContent>
  );
}
