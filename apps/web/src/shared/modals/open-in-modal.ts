import type { MouseEvent } from 'react';

/**
 * A link that has a page of its own but opens its modal on a plain click: the page stays reachable with a new tab,
 * a middle click or a copied address; a plain left click calls `open` instead of navigating.
 */
export function openInModalOnPlainClick(event: MouseEvent, open: () => void) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  open();
}
