import type { ReleaseNote } from '@eh/contracts';

/**
 * SPEC §4: release notes are highlighted when none was ever seen or when the newest note's date differs from the
 * last seen date. With no notes at all there is nothing new to point at.
 */
export function isReleaseNotesHighlighted(lastSeenDate: string | null, newestNoteDate: string | null): boolean {
  if (newestNoteDate === null) return false;
  return lastSeenDate === null || lastSeenDate !== newestNoteDate;
}

/** The newest note's date (YYYY-MM-DD compares as text), or null without notes. */
export function newestNoteDate(notes: readonly Pick<ReleaseNote, 'date'>[] | undefined): string | null {
  let newest: string | null = null;
  for (const note of notes ?? []) if (newest === null || note.date > newest) newest = note.date;
  return newest;
}
