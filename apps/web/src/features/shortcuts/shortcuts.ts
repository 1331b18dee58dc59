/** Keyboard shortcuts of the web app, listed in the shortcuts modal. */
export const SHORTCUTS = [
  { key: '/', action: 'search', description: 'Search symbols' },
  { key: 'Ctrl K', action: 'search', description: 'Search symbols, even while typing (⌘ K on a Mac)' },
  { key: 'c', action: 'calendar', description: 'Open the earnings calendar' },
  { key: 't', action: 'theme', description: 'Switch between light and dark theme' },
  { key: '?', action: 'help', description: 'Show these shortcuts' },
] as const;

export type ShortcutAction = (typeof SHORTCUTS)[number]['action'];

export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The element the key went to: shortcuts never fire while typing. */
  targetTag: string | undefined;
  targetEditable: boolean;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** The shortcut a key press means, or null. */
export function shortcutFor(input: KeyInput): ShortcutAction | null {
  // Ctrl/⌘+K is the one chord: it opens search from anywhere, a text box included.
  if ((input.ctrlKey || input.metaKey) && !input.altKey && input.key.toLowerCase() === 'k') return 'search';
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  if (input.targetEditable || (input.targetTag && TYPING_TAGS.has(input.targetTag.toUpperCase()))) return null;
  return SHORTCUTS.find((shortcut) => shortcut.key === input.key)?.action ?? null;
}
