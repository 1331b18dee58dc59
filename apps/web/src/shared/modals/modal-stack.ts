import type { ModalProps } from './modal-props.ts';
import { isStackable, type ModalKind } from './modal-registry.ts';

export type { ModalProps } from './modal-props.ts';

/** What opens a modal: its kind and that kind's props (optional when the kind needs none). */
export type ModalRequest<K extends ModalKind = ModalKind> = {
  [P in K]: Record<never, never> extends ModalProps[P]
    ? { kind: P; props?: ModalProps[P] }
    : { kind: P; props: ModalProps[P] };
}[K];

/** An open modal of the stack: one of kind `K`, with that kind's props. */
export type ModalEntry<K extends ModalKind = ModalKind> = {
  [P in K]: {
    id: string;
    kind: P;
    props: ModalProps[P];
    /** The address's path when it opened: the page it belongs to (a modal closes when the reader leaves it). */
    openedOn?: string;
  };
}[K];

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

/** Closes exactly these modals; the others keep their order (those stacked above a closed one stay). */
export function closeModalsByIds(stack: readonly ModalEntry[], ids: readonly string[]): ModalEntry[] {
  return stack.filter((entry) => !ids.includes(entry.id));
}

export function closeAllModals(): ModalEntry[] {
  return [];
}
