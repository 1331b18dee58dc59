import { DialogContent } from '@mui/material';
import type { ModalContentProps } from '../modals/modal-content.ts';
import { SignInForm } from './sign-in-form.tsx';

export default function SignInModal({ onClose }: ModalContentProps) {
  return (
    <DialogContent dividers>
      <SignInForm onSignedIn={onClose} />
    </DialogContent>
  );
}
