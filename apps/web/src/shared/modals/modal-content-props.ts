import type { ModalKind } from './modal-registry.ts';
import type { ModalEntry } from './modal-stack.ts';

/** What a modal's content receives: its entry (kind and typed props) and how to close it. */
export interface ModalContentProps<K extends ModalKind = ModalKind> {
  entry: ModalEntry<K>;
  onClose: () => void;
}
