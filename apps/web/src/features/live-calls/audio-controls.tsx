import CloseIcon from '@mui/icons-material/Close';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Chip, IconButton, Link, Slider, Typography } from '@mui/material';
import { type AudioSnapshot, type AudioTrack, pause, play, seek, stop } from './audio-engine.ts';

/** m:ss or h:mm:ss. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * Play / pause, the time (or Live), a seek bar for recordings, and what went wrong, in words. The call page's
 * player and the sticky bar are both this, over the one audio element.
 */
export function AudioControls({
  audio,
  track,
  sticky = false,
  onOpenCall,
}: {
  audio: AudioSnapshot;
  track: AudioTrack;
  sticky?: boolean;
  onOpenCall?: (() => void) | undefined;
}) {
  const current = audio.track?.url === track.url;
  const playing = current && (audio.status === 'playing' || audio.status === 'loading');
  const toggle = () => (playing ? pause() : void play(track));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <IconButton
        onClick={toggle}
        color="primary"
        aria-label={playing ? `Pause ${track.title}` : `Play ${track.title}`}
        data-testid={sticky ? 'sticky-audio-toggle' : 'audio-toggle'}
        sx={{ border: 1, borderColor: 'primary.main', flex: 'none' }}
      >
        {playing ? <PauseIcon /> : <PlayArrowIcon />}
      </IconButton>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          {onOpenCall ? (
            <Link
              component="button"
              type="button"
              onClick={onOpenCall}
              underline="hover"
              color="text.primary"
              sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}
              data-testid="sticky-audio-title"
            >
              {track.title}
            </Link>
          ) : (
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {track.title}
            </Typography>
          )}
          {track.live ? <Chip size="small" color="error" label="Live" sx={{ flex: 'none' }} /> : null}
        </Box>
        {current && audio.status === 'error' ? (
          <Typography variant="body2" color="error" role="alert" data-testid="audio-error">
            {audio.error}
          </Typography>
        ) : track.live ? (
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {current && audio.status === 'loading'
              ? 'Connecting…'
              : current && playing
                ? 'Listening live'
                : 'Live audio'}
          </Typography>
        ) : (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <Slider
              size="small"
              aria-label={`Position in ${track.title}`}
              value={current ? audio.currentTime : 0}
              max={current && audio.duration > 0 ? audio.duration : 1}
              disabled={!current || audio.duration === 0}
              onChange={(_, value) => seek(value as number)}
              sx={{ flex: 1 }}
            />
            <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {current ? `${clock(audio.currentTime)} / ${clock(audio.duration)}` : '0:00'}
            </Typography>
          </Box>
        )}
      </Box>
      {sticky ? (
        <IconButton onClick={stop} aria-label="Stop and close the player" data-testid="sticky-audio-close">
          <CloseIcon />
        </IconButton>
      ) : null}
    </Box>
  );
}
