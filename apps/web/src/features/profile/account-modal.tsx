import type { ModalContentProps } from '../modals/modal-content.ts';
import AddAvatarModal from './add-avatar-modal.tsx';
import ChangeEmailModal from './change-email-modal.tsx';
import ChangePasswordModal from './change-password-modal.tsx';
import DeleteAccountModal from './delete-account-modal.tsx';

/** The profile's modals behind one lazy import (every lazy import costs the first page a list of its chunks). */
export default function AccountModal(props: ModalContentProps) {
  switch (props.entry.kind) {
    case 'changeEmail':
      return <ChangeEmailModal {...props} />;
    case 'changePassword':
      return <ChangePasswordModal {...props} />;
    case 'deleteAccount':
      return <DeleteAccountModal {...props} />;
    default:
      return <AddAvatarModal {...props} />;
  }
}
