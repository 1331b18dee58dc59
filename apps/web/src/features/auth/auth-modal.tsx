import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import CreateAccountModal from './create-account-modal.tsx';
import ForgotPasswordModal from './forgot-password-modal.tsx';
import SignInModal from './sign-in-modal.tsx';

/**
 * The sign-in, create-account and forgot-password modals behind one lazy import: they lead to one another, and
 * every lazy import costs the first page a list of its chunks.
 */
export default function AuthModal({
  entry,
  onClose,
}: ModalContentProps<'signIn' | 'createAccount' | 'forgotPassword'>) {
  switch (entry.kind) {
    case 'createAccount':
      return <CreateAccountModal entry={entry} onClose={onClose} />;
    case 'forgotPassword':
      return <ForgotPasswordModal entry={entry} onClose={onClose} />;
    default:
      return <SignInModal entry={entry} onClose={onClose} />;
  }
}
