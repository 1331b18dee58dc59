import { Alert, Box, Button, Checkbox, DialogContent, FormControlLabel, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import type { ModalContentProps } from '../modals/modal-content.ts';
import { toastShown } from '../toasts/toasts-slice.ts';
import { useDeleteMeMutation } from './users-api.ts';

/** DELETE /core/users/me removes the account, its data and its identity; then this browser signs out. */
export default function DeleteAccountModal({ onClose }: ModalContentProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [deleteMe, { isLoading, error }] = useDeleteMeMutation();
  const [understood, setUnderstood] = useState(false);

  const confirm = async () => {
    const result = await deleteMe();
    if ('error' in result) return;
    // The identity is gone with its tokens: only this browser's copy is left to clear.
    (await import('../auth/session.ts')).endLocally(dispatch);
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
