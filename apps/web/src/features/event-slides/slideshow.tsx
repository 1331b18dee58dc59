import { clampSlideshowDelay, SLIDESHOW_DELAY_CHOICES_MS, stepSlide } from '@eh/domain';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { usePreference } from '../settings-sync/index.ts';
import { SlideView } from './slide-view.tsx';
import type { Slide } from './slides-model.ts';

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/**
 * An event's slides, one at a time: advances by itself every stored delay (SPEC §9 default 5000 ms, a synced
 * preference), pauses and plays, steps with the buttons or the arrow keys while it has focus, and says which slide
 * of how many is showing.
 */
export function Slideshow({ slides, title }: { slides: readonly Slide[]; title: string }) {
  const [delay, setDelay] = usePreference('slideshowDelay');
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const count = slides.length;
  const current = slides[Math.min(index, count - 1)];

  // biome-ignore lint/correctness/useExhaustiveDependencies: a step by hand (index) starts the wait again
  useEffect(() => {
    if (!playing || count < 2) return;
    const timer = setTimeout(() => setIndex((at) => stepSlide(at, 1, count)), delay);
    return () => clearTimeout(timer);
  }, [playing, delay, count, index]);

  const step = (by: number) => setIndex((at) => stepSlide(at, by, count));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLSelectElement) return;
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else return;
    event.preventDefault();
  };
  const choices = [...new Set([...SLIDESHOW_DELAY_CHOICES_MS, delay])].sort((a, b) => a - b);
  if (!current) return null;
  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={title}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="slideshow"
      data-playing={playing}
      data-delay={delay}
      data-index={index}
      sx={{
        outline: 'none',
        '&:focus-visible': { boxShadow: (t) => `0 0 0 3px ${t.palette.primary.main}` },
        borderRadius: 1,
      }}
    >
      <Box
        aria-live={playing ? 'off' : 'polite'}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
      >
        <SlideView slide={current} label={`Slide ${index + 1} of ${count}`} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 1, flexWrap: 'wrap' }}>
        <Tooltip title="Previous slide (←)">
          <IconButton onClick={() => step(-1)} aria-label="Previous slide" data-testid="slide-previous">
            <ChevronLeftIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={playing ? 'Pause' : 'Play'}>
          <IconButton
            onClick={() => setPlaying((on) => !on)}
            aria-label={playing ? 'Pause the slideshow' : 'Play the slideshow'}
            data-testid="slideshow-toggle"
          >
            {playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
        </Tooltip>
        <Tooltip title="Next slide (→)">
          <IconButton onClick={() => step(1)} aria-label="Next slide" data-testid="slide-next">
            <ChevronRightIcon />
          </IconButton>
        </Tooltip>
        <Typography variant="body2" color="text.secondary" sx={{ mx: 1 }} data-testid="slide-position">
          {index + 1} / {count}
        </Typography>
        <TextField
          select
          size="small"
          label="Every"
          value={String(delay)}
          onChange={(event) => setDelay(clampSlideshowDelay(Number(event.target.value)))}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'slideshow-delay' } }}
          sx={{ ml: 'auto', minWidth: 96 }}
        >
          {choices.map((ms) => (
            <option key={ms} value={ms}>
              {seconds(ms)}
            </option>
          ))}
        </TextField>
      </Box>
    </Box>
  );
}
