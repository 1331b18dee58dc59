import { DialogContent } from '@mui/material';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { CreateAccountForm } from './create-account-form.tsx';

export default function CreateAccountModal({ onClose }: ModalContentProps<'createAccount'>) {
  return (
    <DialogContent dividers>
      <CreateAccountForm onSignedIn={onClose} />
    </DialogContent>
  );
}
