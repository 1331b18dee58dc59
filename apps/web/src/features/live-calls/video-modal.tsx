import { Box, Button, DialogActions, DialogContent, Link, Typography } from '@mui/material';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { useGetYoutubeStreamQuery } from './live-calls-api.ts';
import { youtubeEmbedUrl, youtubeVideoId } from './youtube.ts';

/** A YouTube video in the page (the privacy-enhanced player), with the address to open it on YouTube itself. */
function Player({ title, address }: { title: string; address: string }) {
  const id = youtubeVideoId(address);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography sx={{ fontWeight: 700 }} data-testid="video-title">
        {title}
      </Typography>
      {id ? (
        <Box sx={{ position: 'relative', pt: '56.25%', borderRadius: 1, overflow: 'hidden', bgcolor: 'black' }}>
          <Box
            component="iframe"
            src={youtubeEmbedUrl(id)}
            title={`${title} on YouTube`}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            data-testid="video-frame"
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          />
        </Box>
      ) : null}
      <Link href={address} target="_blank" rel="noopener noreferrer">
        Open on YouTube
      </Link>
    </Box>
  );
}

/** The event streamed on YouTube now (GET /events/youtube-stream), or what is true when none is. */
function LiveStream() {
  const stream = useGetYoutubeStreamQuery();
  if (stream.isLoading) return <LoadingRows rows={3} />;
  if (stream.error) return <LoadError error={stream.error} onRetry={stream.refetch} />;
  const live = stream.data?.stream;
  if (!live)
    return (
      <Typography color="text.secondary" data-testid="video-none">
        No event is streaming on YouTube right now.
      </Typography>
    );
  return <Player title={live.title} address={live.youtubeUrl} />;
}

/**
 * SPEC §2 video modal: a call's YouTube video when the call page opens it (`title`, `youtubeUrl`), else the event
 * streaming on YouTube now.
 */
export default function VideoModal({ entry, onClose }: ModalContentProps<'video'>) {
  const address = typeof entry.props.youtubeUrl === 'string' ? entry.props.youtubeUrl : null;
  const title = typeof entry.props.title === 'string' ? entry.props.title : 'Video';
  return (
    <>
      <DialogContent dividers data-testid="video-modal">
        {address ? <Player title={title} address={address} /> : <LiveStream />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}
