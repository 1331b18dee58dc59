import { DialogContent, Link, Typography } from '@mui/material';
import { useAppDispatch } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { SignInForm } from './sign-in-form.tsx';

export default function SignInModal({ onClose }: ModalContentProps<'signIn'>) {
  const dispatch = useAppDispatch();
  return (
    <DialogContent dividers>
      <SignInForm
        onSignedIn={onClose}
        onForgotPassword={(email) => dispatch(modalOpened({ kind: 'forgotPassword', props: { email } }))}
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
