import { Box, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { ModalContentProps } from '../modals/modal-content.ts';
import { EventModalBody } from './event-details.tsx';

/**
 * An earnings call: when it starts in the reader's zone, its status, and where to follow it (the call's page;
 * the recording once finished, if the plan includes recorded audio).
 */
export default function CallEventModal(props: ModalContentProps) {
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
              Open the call page
            </Button>
          ) : null}
          {event.audioUrl ? (
            <Button href={event.audioUrl} target="_blank" rel="noopener noreferrer">
              Recording
            </Button>
          ) : null}
          {event.youtubeUrl ? (
            <Button href={event.youtubeUrl} target="_blank" rel="noopener noreferrer">
              Watch on YouTube
            </Button>
          ) : null}
        </Box>
      )}
    />
  );
}
