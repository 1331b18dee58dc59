import { releaseNotesPlatform } from '../../platform/platform.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { selectLastSeenReleaseNoteDate } from '../../shared/release-notes-slice.ts';
import { isReleaseNotesHighlighted, newestNoteDate } from './highlight.ts';
import { useGetReleaseNotesQuery } from './release-notes-api.ts';

/** New releases are picked up without a reload: the watcher asks again every 15 minutes. */
export const RELEASE_NOTES_POLL_MS = 15 * 60_000;

/** This platform's release notes (web or native, SPEC §4), newest first. */
export function useReleaseNotes() {
  return useGetReleaseNotesQuery({ platform: releaseNotesPlatform() }, { pollingInterval: RELEASE_NOTES_POLL_MS });
}

/** SPEC §4: true when there is a note the user has not seen. */
export function useReleaseNotesHighlight(): boolean {
  const { data } = useReleaseNotes();
  const lastSeen = useAppSelector(selectLastSeenReleaseNoteDate);
  return isReleaseNotesHighlighted(lastSeen, newestNoteDate(data?.notes));
}
