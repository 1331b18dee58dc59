/** The release-notes feature's public face: what other features use of it. */
export { useGetReleaseNotesQuery } from './release-notes-api.ts';
export { ReleaseNotesList } from './release-notes-list.tsx';
