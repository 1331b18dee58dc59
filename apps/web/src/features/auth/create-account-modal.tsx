import { DialogContent } from '@mui/material';
import type { ModalContentProps } from '../modals/modal-content.ts';
import { CreateAccountForm } from './create-account-form.tsx';

export default function CreateAccountModal({ onClose }: ModalContentProps) {
  return (
    <DialogContent dividers>
      <CreateAccountForm onSignedIn={onClose} />
    </DialogContent>
  );
}
