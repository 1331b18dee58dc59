import { Alert, Box, Button, CircularProgress, DialogActions, DialogContent } from '@mui/material';
import { useEffect } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { releaseNotesSeen, selectLastSeenReleaseNoteDate } from '../../shared/release-notes-slice.ts';
import { newestNoteDate } from './highlight.ts';
import { ReleaseNotesList } from './release-notes-list.tsx';
import { useReleaseNotes } from './use-release-notes.ts';

/** The release notes of this platform; opening it marks the newest note as seen (SPEC §4). */
export default function ReleaseNotesModal({ onClose }: ModalContentProps<'releaseNotes'>) {
  const dispatch = useAppDispatch();
  const { data, error, isLoading, refetch } = useReleaseNotes();
  const lastSeen = useAppSelector(selectLastSeenReleaseNoteDate);
  const newest = newestNoteDate(data?.notes);

  useEffect(() => {
    if (newest && newest !== lastSeen) dispatch(releaseNotesSeen(newest));
  }, [newest, lastSeen, dispatch]);

  return (
    <>
      <DialogContent dividers>
        {isLoading ? (
          <Box sx={{ display: 'grid', placeItems: 'center', p: 3 }}>
            <CircularProgress aria-label="Loading release notes" />
          </Box>
        ) : error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(error, 'Could not load the release notes.')}
          </Alert>
        ) : (
          <ReleaseNotesList notes={data?.notes ?? []} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}
