import { DialogContent } from '@mui/material';
import { useAppDispatch } from '../../app/hooks.ts';
import type { ModalContentProps } from '../modals/modal-content.ts';
import { modalOpened } from '../modals/modals-slice.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

export default function ForgotPasswordModal(_props: ModalContentProps) {
  const dispatch = useAppDispatch();
  return (
    <DialogContent dividers>
      <ForgotPasswordForm onDone={() => dispatch(modalOpened({ kind: 'signIn' }))} />
    </DialogContent>
  );
}
