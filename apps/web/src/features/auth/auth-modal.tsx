import type { ModalContentProps } from '../modals/modal-content.ts';
import CreateAccountModal from './create-account-modal.tsx';
import ForgotPasswordModal from './forgot-password-modal.tsx';
import SignInModal from './sign-in-modal.tsx';

/**
 * The sign-in, create-account and forgot-password modals behind one lazy import: they lead to one another, and
 * every lazy import costs the first page a list of its chunks.
 */
export default function AuthModal(props: ModalContentProps) {
  switch (props.entry.kind) {
    case 'createAccount':
      return <CreateAccountModal {...props} />;
    case 'forgotPassword':
      return <ForgotPasswordModal {...props} />;
    default:
      return <SignInModal {...props} />;
  }
}
