import { useReleaseNotes } from './use-release-notes.ts';

/**
 * Keeps this platform's release notes loaded for the whole session, so the "What's new" dot appears as soon as a
 * release ships (SPEC §4 highlight rule) wherever the user is.
 */
export function ReleaseNotesWatcher() {
  useReleaseNotes();
  return null;
}
