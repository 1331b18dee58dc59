import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import AddAvatarModal from './add-avatar-modal.tsx';
import ChangeEmailModal from './change-email-modal.tsx';
import ChangePasswordModal from './change-password-modal.tsx';
import DeleteAccountModal from './delete-account-modal.tsx';

/** The profile's modals behind one lazy import (every lazy import costs the first page a list of its chunks). */
export default function AccountModal({
  entry,
  onClose,
}: ModalContentProps<'addAvatar' | 'changeEmail' | 'changePassword' | 'deleteAccount'>) {
  switch (entry.kind) {
    case 'changeEmail':
      return <ChangeEmailModal entry={entry} onClose={onClose} />;
    case 'changePassword':
      return <ChangePasswordModal entry={entry} onClose={onClose} />;
    case 'deleteAccount':
      return <DeleteAccountModal entry={entry} onClose={onClose} />;
    default:
      return <AddAvatarModal entry={entry} onClose={onClose} />;
  }
}
