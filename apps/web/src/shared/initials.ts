/**
 * Up to two letters for an account's avatar: the first letters of the name's first and last words, or of the
 * email's local part when there is no name ("free@…" → "F", "ada.lovelace@…" → "AL").
 */
export function initialsOf(name: string | null | undefined, email: string | null | undefined): string {
  const words = (name?.trim() || (email ?? '').split('@')[0] || '')
    .split(/[\s._-]+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word));
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string) => (word.match(/\p{L}|\p{N}/u)?.[0] ?? '').toUpperCase();
  return `${letter(first)}${last ? letter(last) : ''}`;
}
