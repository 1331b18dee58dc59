import { isStackable, type ModalKind } from './modal-registry.ts';

/** Serializable props a modal opens with (a symbol, an id, a tab…). */
export type ModalProps = Readonly<Record<string, string | number | boolean | null>>;

export interface ModalRequest {
  kind: ModalKind;
  props?: ModalProps;
}

export interface ModalEntry {
  id: string;
  kind: ModalKind;
  props: ModalProps;
}

/**
 * SPEC §2: only stackable kinds pile up; opening a non-stackable kind, or the same kind as the top one, replaces
 * the stack.
 */
export function openModal(
  stack: readonly ModalEntry[],
  entry: ModalEntry,
  stackable: (kind: ModalKind) => boolean = isStackable,
): ModalEntry[] {
  const top = stack.at(-1);
  if (!top || !stackable(entry.kind) || top.kind === entry.kind) return [entry];
  return [...stack, entry];
}

export function closeTopModal(stack: readonly ModalEntry[]): ModalEntry[] {
  return stack.slice(0, -1);
}

/** Closes one modal and everything stacked above it. */
export function closeModalById(stack: readonly ModalEntry[], id: string): ModalEntry[] {
  const index = stack.findIndex((entry) => entry.id === id);
  return index === -1 ? [...stack] : stack.slice(0, index);
}

export function closeAllModals(): ModalEntry[] {
  return [];
}
