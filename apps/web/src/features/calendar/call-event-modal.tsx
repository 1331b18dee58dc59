import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { EventModalBody } from './event-details.tsx';

/**
 * An earnings call: when it starts in the reader's zone, its status, and where to follow it: the call's page (its
 * audio, live transcript and comments; the recording once finished, if the plan includes recorded audio) and its
 * video in the video modal.
 */
export default function CallEventModal(props: ModalContentProps<'callEvent'>) {
  const dispatch = useAppDispatch();
  return (
    <EventModalBody
      {...props}
      extra={(event) => (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {event.symbol ? (
            <Button
              component={RouterLink}
              to={`/${encodeURIComponent(event.symbol)}/events/${event.id}`}
              variant="contained"
              onClick={props.onClose}
              data-testid="call-page-link"
            >
              {event.eventStatus === 'live' ? 'Join the live call' : 'Open the call page'}
            </Button>
          ) : null}
          {event.youtubeUrl ? (
            <Button
              onClick={() =>
                dispatch(modalOpened({ kind: 'video', props: { youtubeUrl: event.youtubeUrl, title: event.title } }))
              }
            >
              Watch the video
            </Button>
          ) : null}
        </Box>
      )}
    />
  );
}
