import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ModalKind } from './modal-registry.ts';
import type { ModalEntry } from './modal-stack.ts';

export interface ModalContentProps {
  entry: ModalEntry;
  onClose: () => void;
}

type ModalContent = LazyExoticComponent<ComponentType<ModalContentProps>>;

const AuthModal = lazy(() => import('../auth/auth-modal.tsx'));
const AccountModal = lazy(() => import('../profile/account-modal.tsx'));

/**
 * Modals with their real content. Each later issue adds its kinds here; kinds without an entry show the
 * registry's frame with its "arrives with" text.
 */
export const MODAL_CONTENT: Partial<Record<ModalKind, ModalContent>> = {
  releaseNotes: lazy(() => import('../release-notes/release-notes-modal.tsx')),
  privacyPolicy: lazy(() => import('../info/privacy-modal.tsx')),
  termsOfService: lazy(() => import('../info/terms-modal.tsx')),
  shortcuts: lazy(() => import('../shortcuts/shortcuts-modal.tsx')),
  signIn: AuthModal,
  createAccount: AuthModal,
  forgotPassword: AuthModal,
  addAvatar: AccountModal,
  changeEmail: AccountModal,
  changePassword: AccountModal,
  deleteAccount: AccountModal,
};
