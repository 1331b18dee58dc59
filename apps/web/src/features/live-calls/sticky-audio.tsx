/**
 * The sticky audio player (SPEC §3 sticky audio): once a call's audio plays, a bar at the foot of the window keeps
 * it playing and in reach on every other page, and leads back to the call. It lives in a small React root of its
 * own beside the app's, made the first time audio plays (this chunk loads with the call page, so the first load
 * carries none of it), and outlives the page that started it; it hides on the call's own page, whose player shows
 * the same audio.
 */
import { Box, Paper } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import type { DataRouter as Router } from 'react-router';
import { useAppSelector } from '../../shared/hooks.ts';
import type { AppStore } from '../../shared/store.ts';
import { createAppTheme } from '../../shared/theme.ts';
import { AudioControls } from './audio-controls.tsx';
import { useAudio } from './audio-engine.ts';

type DataRouter = Pick<Router, 'navigate' | 'subscribe' | 'state'>;

/** The bar's height: the page gets as much room at its foot while it shows. */
const BAR_HEIGHT_PX = 76;

function StickyAudioBar({ router }: { router: DataRouter }) {
  const audio = useAudio();
  const path = useSyncExternalStore(
    (listener) => router.subscribe(listener),
    () => router.state.location.pathname,
  );
  const track = audio.track;
  const shown = track !== null && track.path !== path;
  useEffect(() => {
    if (!shown) return;
    const before = document.body.style.paddingBottom;
    document.body.style.paddingBottom = `${BAR_HEIGHT_PX}px`;
    return () => {
      document.body.style.paddingBottom = before;
    };
  }, [shown]);
  if (!shown || !track) return null;
  return (
    <Paper
      component="section"
      aria-label="Audio player"
      data-testid="sticky-audio"
      elevation={8}
      square
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar + 1,
        px: { xs: 1.5, sm: 3 },
        py: 1,
        minHeight: BAR_HEIGHT_PX,
        display: 'flex',
        alignItems: 'center',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 1200, mx: 'auto' }}>
        <AudioControls
          audio={audio}
          track={track}
          sticky
          onOpenCall={track.path ? () => void router.navigate(track.path as string) : undefined}
        />
      </Box>
    </Paper>
  );
}

function StickyTheme({ router }: { router: DataRouter }) {
  const mode = useAppSelector((state) => state.ui.themeMode);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ThemeProvider theme={theme}>
      <StickyAudioBar router={router} />
    </ThemeProvider>
  );
}

let mounted = false;

/** Makes the sticky bar's root once (with the app's store, for the theme, and its router, for the way back). */
export function ensureStickyAudio(store: AppStore, router: DataRouter) {
  if (mounted || typeof document === 'undefined') return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'sticky-audio-root';
  document.body.append(host);
  createRoot(host).render(
    <Provider store={store}>
      <StickyTheme router={router} />
    </Provider>,
  );
}
