import { DialogContent } from '@mui/material';
import { useAppDispatch } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

export default function ForgotPasswordModal({ entry }: ModalContentProps<'forgotPassword'>) {
  const dispatch = useAppDispatch();
  return (
    <DialogContent dividers>
      <ForgotPasswordForm initialEmail={entry.props.email} onDone={() => dispatch(modalOpened({ kind: 'signIn' }))} />
    </DialogContent>
  );
}
