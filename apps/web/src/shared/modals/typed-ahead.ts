/**
 * What a person types between opening a dialog and its text field appearing (the dialog's code may still be
 * loading): kept here and handed to the field when it mounts, so no key is lost and none reaches the page under
 * the dialog (where a letter could be a keyboard shortcut).
 */
let typed: string | null = null;

function keep(event: KeyboardEvent) {
  if (typed === null || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
  // One character, emoji included; Escape, Tab, Enter and the arrows keep their meaning for the dialog.
  if ([...event.key].length === 1) typed += event.key;
  else if (event.key === 'Backspace') typed = typed.slice(0, -1);
  else return;
  event.preventDefault();
  event.stopPropagation();
}

/** Starts keeping keystrokes (once: a second call while keeping does nothing). */
export function keepTypingAhead(): void {
  if (typed !== null) return;
  typed = '';
  document.addEventListener('keydown', keep, true);
}

/** Stops keeping keystrokes and returns what was typed meanwhile ('' when nothing was being kept). */
export function takeTypedAhead(): string {
  if (typed === null) return '';
  const text = typed;
  typed = null;
  document.removeEventListener('keydown', keep, true);
  return text;
}
