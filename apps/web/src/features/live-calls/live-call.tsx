import type { CalendarEvent, CommunityPost, LiveTranscriptSegment } from '@eh/contracts';
import { Box, Paper, Tab, Tabs, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { type ApiError, errorMessage } from '../../shared/api.ts';
import { CallAudio } from './call-audio.tsx';
import { CommentsPanel } from './comments-panel.tsx';
import {
  useGetCommunityPostsQuery,
  useGetLiveTranscriptQuery,
  useLazyGetCommunityPostsQuery,
} from './live-calls-api.ts';
import { applyComments, emptyComments, hasLiveTranscript, mergeSegments } from './live-calls-model.ts';
import { LiveTranscriptPanel } from './live-transcript-panel.tsx';
import { useEventLive } from './use-event-live.ts';

/** SPEC §2 live panels, in their order. */
const PANELS = [
  { key: 'liveTranscript', label: 'Live transcript' },
  { key: 'comments', label: 'Comments' },
] as const;
type PanelKey = (typeof PANELS)[number]['key'];

function PanelFrame({ id, title, children }: { id: PanelKey; title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`panel-${id}-h`} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h3" component="h2" id={`panel-${id}-h`} sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * A call's live page below its details (the call page of SPEC §2 /{symbol}/events/{eventId}): the audio, and the
 * live panels: the live transcript streaming in as it is spoken and the comments as they are written, both over
 * the live socket (use-event-live.ts). Side by side on wide screens, as tabs on narrow ones. Loaded with the page
 * that shows it, never with the first load.
 */
export default function LiveCall({ event, path }: { event: CalendarEvent; path: string | null }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [panel, setPanel] = useState<PanelKey>('liveTranscript');
  const streams = hasLiveTranscript(event);

  // The transcript so far, then each new sentence from the socket.
  const transcript = useGetLiveTranscriptQuery({ id: event.id }, { skip: !streams });
  const [segments, setSegments] = useState<readonly LiveTranscriptSegment[]>([]);
  const soFar = transcript.data;
  useEffect(() => {
    if (soFar) setSegments((held) => mergeSegments(held, soFar.segments));
  }, [soFar]);

  // The comments: the first page, older pages on demand, and every change from the socket or the reader.
  const firstPage = useGetCommunityPostsQuery({ eventId: event.id });
  const [loadOlder, older] = useLazyGetCommunityPostsQuery();
  const [comments, change] = useReducer(applyComments, emptyComments);
  useEffect(() => {
    if (firstPage.data) change({ type: 'page', posts: firstPage.data.posts, lastKey: firstPage.data.lastKey });
  }, [firstPage.data]);
  const onOlder = useCallback(async () => {
    if (!comments.lastKey) return;
    const page = await loadOlder({ eventId: event.id, lastKey: comments.lastKey })
      .unwrap()
      .catch(() => null);
    if (page) change({ type: 'page', posts: page.posts, lastKey: page.lastKey });
  }, [comments.lastKey, event.id, loadOlder]);

  useEventLive(event.id, (message) => {
    if (message.type === 'event') {
      if (message.segments.length > 0) setSegments((held) => mergeSegments(held, message.segments));
      return;
    }
    if (message.action === 'deleted') change({ type: 'deleted', id: message.data.id });
    else change({ type: message.action, post: message.data });
  });

  const transcriptPanel = (
    <LiveTranscriptPanel
      event={event}
      view={{
        segments,
        available: streams,
        gated: transcript.data?.gated != null,
        loading: streams && transcript.isLoading,
        error: transcript.error
          ? errorMessage(transcript.error as ApiError, 'The transcript could not be read.')
          : null,
      }}
    />
  );
  const commentsPanel = (
    <CommentsPanel
      eventId={event.id}
      view={{
        state: comments,
        viewer: firstPage.data?.viewer ?? { userId: null, superAdmin: false },
        loading: firstPage.isLoading,
        loadingOlder: older.isFetching,
        error: firstPage.error ? errorMessage(firstPage.error as ApiError, 'The comments could not be read.') : null,
      }}
      onPosted={(post: CommunityPost) => change({ type: 'created', post })}
      onChanged={(post: CommunityPost) => change({ type: 'updated', post })}
      onDeleted={(id: string) => change({ type: 'deleted', id })}
      onOlder={() => void onOlder()}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2 }} data-testid="live-call">
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <CallAudio event={event} path={path} />
      </Paper>
      {wide ? (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: 2, alignItems: 'start' }}
        >
          <PanelFrame id="liveTranscript" title="Live transcript">
            {transcriptPanel}
          </PanelFrame>
          <PanelFrame id="comments" title="Comments">
            {commentsPanel}
          </PanelFrame>
        </Box>
      ) : (
        <Paper variant="outlined">
          <Tabs
            value={panel}
            onChange={(_, value: PanelKey) => setPanel(value)}
            variant="fullWidth"
            aria-label="Live panels"
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {PANELS.map((item) => (
              <Tab
                key={item.key}
                value={item.key}
                label={
                  item.key === 'comments' && comments.posts.length > 0
                    ? `${item.label} (${comments.posts.length})`
                    : item.label
                }
                id={`live-tab-${item.key}`}
                aria-controls={`live-panel-${item.key}`}
                data-testid={`live-tab-${item.key}`}
              />
            ))}
          </Tabs>
          {PANELS.map((item) => (
            <Box
              key={item.key}
              role="tabpanel"
              id={`live-panel-${item.key}`}
              aria-labelledby={`live-tab-${item.key}`}
              hidden={panel !== item.key}
              sx={{ p: 1.5 }}
            >
              {item.key === 'liveTranscript' ? transcriptPanel : commentsPanel}
            </Box>
          ))}
        </Paper>
      )}
    </Box>
  );
}
