import type { ModalContentProps } from '../modals/modal-content.ts';

/** PLACEHOLDER written by the lead so the build links; the helper who owns this file replaces it whole. */
export default function Placeholder(_props: ModalContentProps) {
  return null;
}
