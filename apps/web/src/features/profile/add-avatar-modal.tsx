import { Alert, Avatar, Box, Button, DialogContent, Typography } from '@mui/material';
import { type ChangeEvent, useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { usePostAvatarMutation } from '../../shared/users-api.ts';
import { AVATAR_TYPES, checkAvatarFile } from './avatar-file.ts';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** POST /core/users/me/avatar with a PNG, JPEG or WebP image as a data URL. */
export default function AddAvatarModal({ onClose }: ModalContentProps<'addAvatar'>) {
  const dispatch = useAppDispatch();
  const [upload, { isLoading, error: uploadError }] = usePostAvatarMutation();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const check = checkAvatarFile(file);
    if (!check.ok) {
      setPreview(null);
      return setError(check.message);
    }
    setError(null);
    setPreview(await readAsDataUrl(file));
  };

  const save = async () => {
    if (!preview) return;
    const result = await upload({ avatar: preview });
    if ('error' in result) return;
    dispatch(toastShown({ message: 'Your avatar was updated.', severity: 'success' }));
    onClose();
  };

  const shown = error ?? (uploadError ? errorMessage(uploadError, 'The image could not be saved.') : null);
  return (
    <DialogContent dividers>
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        {shown && (
          <Alert severity="error" role="alert" sx={{ justifySelf: 'stretch' }}>
            {shown}
          </Alert>
        )}
        <Typography>A square PNG, JPEG or WebP image of at most 512 KB.</Typography>
        <Avatar src={preview ?? undefined} alt="New avatar" sx={{ width: 96, height: 96 }} />
        <Button component="label" variant="outlined">
          Choose image
          <input
            hidden
            type="file"
            accept={AVATAR_TYPES.join(',')}
            onChange={(event) => void choose(event)}
            data-testid="avatar-file"
          />
        </Button>
        <Button variant="contained" disabled={!preview || isLoading} onClick={save} sx={{ justifySelf: 'stretch' }}>
          {isLoading ? 'Saving…' : 'Save avatar'}
        </Button>
      </Box>
    </DialogContent>
  );
}
