import { DialogContent, Link, Typography } from '@mui/material';
import { useAppDispatch } from '../../app/hooks.ts';
import type { ModalContentProps } from '../modals/modal-content.ts';
import { modalOpened } from '../modals/modals-slice.ts';
import { SignInForm } from './sign-in-form.tsx';

export default function SignInModal({ onClose }: ModalContentProps) {
  const dispatch = useAppDispatch();
  return (
    <DialogContent dividers>
      <SignInForm
        onSignedIn={onClose}
        onForgotPassword={() => dispatch(modalOpened({ kind: 'forgotPassword' }))}
        footer={
          <Typography variant="body2" sx={{ mt: 1 }}>
            New here?{' '}
            <Link component="button" type="button" onClick={() => dispatch(modalOpened({ kind: 'createAccount' }))}>
              Create an account
            </Link>
          </Typography>
        }
      />
    </DialogContent>
  );
}
