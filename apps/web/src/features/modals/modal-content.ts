import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ModalKind } from './modal-registry.ts';
import type { ModalEntry } from './modal-stack.ts';

export interface ModalContentProps {
  entry: ModalEntry;
  onClose: () => void;
}

type ModalContent = LazyExoticComponent<ComponentType<ModalContentProps>>;

/**
 * Modals with their real content. Each later issue adds its kinds here; kinds without an entry show the
 * registry's frame with its "arrives with" text.
 */
export const MODAL_CONTENT: Partial<Record<ModalKind, ModalContent>> = {
  releaseNotes: lazy(() => import('../release-notes/release-notes-modal.tsx')),
  privacyPolicy: lazy(() => import('../info/privacy-modal.tsx')),
  termsOfService: lazy(() => import('../info/terms-modal.tsx')),
  shortcuts: lazy(() => import('../shortcuts/shortcuts-modal.tsx')),
  signIn: lazy(() => import('../auth/sign-in-modal.tsx')),
  createAccount: lazy(() => import('../auth/create-account-modal.tsx')),
};
