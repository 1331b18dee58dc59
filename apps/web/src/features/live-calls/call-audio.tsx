import type { CalendarEvent } from '@eh/contracts';
import { Alert, Box, Typography } from '@mui/material';
import { useContext, useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { UNSAFE_DataRouterContext } from 'react-router';
import { preferences } from '../../shared/preferences.ts';
import type { AppStore } from '../../shared/store.ts';
import { UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { AudioControls } from './audio-controls.tsx';
import { type AudioTrack, getSnapshot, subscribe, useAudio } from './audio-engine.ts';
import { audioOf } from './live-calls-model.ts';
import { ensureStickyAudio } from './sticky-audio.tsx';

/**
 * The call page's audio: its player over the app's one audio element (a live stream or the recording, MP3 or
 * HLS), the plan's gate on a finished call's recording, or what is true when there is nothing to hear. The first
 * time audio plays, the sticky bar is made, so leaving the page keeps it playing; listening to a live call is
 * remembered (SPEC §3 listened-to-live-call flag) and the tip about the sticky player goes.
 */
export function CallAudio({ event, path }: { event: CalendarEvent; path: string | null }) {
  const audio = useAudio();
  const store = useStore() as AppStore;
  const router = useContext(UNSAFE_DataRouterContext)?.router ?? null;
  const [listened, setListened] = useState(() => preferences.get('listenedToLiveCall'));
  const state = audioOf(event);
  useEffect(() => {
    if (!router) return;
    // The sticky bar comes into being with the first sound (a late import would miss it).
    return subscribe(() => {
      const now = getSnapshot();
      if (now.track && now.status !== 'idle') ensureStickyAudio(store, router);
      if (now.track?.live && now.status === 'playing' && !preferences.get('listenedToLiveCall')) {
        preferences.set('listenedToLiveCall', true);
        setListened(true);
      }
    });
  }, [router, store]);

  let body: React.ReactNode;
  if (state.kind === 'playable') {
    const track: AudioTrack = {
      url: state.url,
      title: event.title,
      eventId: event.id,
      path,
      live: state.live,
    };
    body = (
      <>
        <AudioControls audio={audio} track={track} />
        {state.live && !listened ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="audio-tip">
            The call keeps playing in a bar at the foot of the window while you read other pages.
          </Typography>
        ) : null}
      </>
    );
  } else if (state.kind === 'gated') {
    body = (
      <UpgradePrompt
        gate={{ feature: 'historicalAudio', hidden: 1 }}
        note="The call's recording is kept for members."
        compact
      />
    );
  } else if (state.kind === 'demoReplay') {
    body = (
      <Alert severity="info" data-testid="audio-none">
        This demo call has no audio: it replays a recorded transcript at speaking pace. Follow it in the live
        transcript.
      </Alert>
    );
  } else {
    body = (
      <Typography color="text.secondary" data-testid="audio-none">
        {state.message}
      </Typography>
    );
  }
  return (
    <Box component="section" aria-labelledby="call-audio-h" data-testid="call-audio">
      <Typography variant="subtitle2" component="h2" id="call-audio-h" sx={{ mb: 1 }}>
        Audio
      </Typography>
      {body}
    </Box>
  );
}
