import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, Paper, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import { aboveBottomBar } from '../../platform/platform.ts';
import { TOUR_LENGTH, TOUR_STEPS, tourStepAt } from './tour-model.ts';
import { setTourStep, TOUR_PAGE_PATH } from './tour-state.ts';
import { useTour } from './use-tour.ts';

/**
 * The tour's bar at the foot of the window, over the page a step opened: which step, what to look at there, Back
 * (the previous stop, or the tour page from the first), Next (the next stop) or Finish, and × to end the tour. It
 * sits in the page's flow (sticky), so at the end of a page it rests above the footer instead of covering it.
 */
export default function TourBarView({ step }: { step: number }) {
  const def = tourStepAt(step);
  const navigate = useNavigate();
  const { open, opening } = useTour();
  if (!def) return null;
  const last = step === TOUR_LENGTH - 1;
  const next = TOUR_STEPS[step + 1];
  return (
    <Box
      sx={{
        position: 'sticky',
        bottom: aboveBottomBar(8),
        zIndex: (theme) => theme.zIndex.speedDial,
        display: 'flex',
        justifyContent: 'center',
        px: 1,
        pointerEvents: 'none',
      }}
    >
      <Paper
        elevation={6}
        component="section"
        aria-label="Demo tour"
        data-testid="tour-bar"
        data-step={step}
        sx={{
          pointerEvents: 'auto',
          width: '100%',
          maxWidth: 960,
          px: { xs: 1.5, sm: 2 },
          py: { xs: 1, sm: 1.25 },
          display: 'flex',
          flexWrap: { xs: 'wrap', md: 'nowrap' },
          alignItems: 'center',
          columnGap: 2,
          rowGap: 0.5,
          border: 1,
          borderColor: 'primary.main',
        }}
      >
        {/* Phones: the words across the bar, the buttons below them. */}
        <Box sx={{ flex: { xs: '1 1 100%', md: '1 1 0' }, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="tour-bar-title">
            <Box component="span" sx={{ color: 'primary.main' }}>
              Tour: step {step + 1} of {TOUR_LENGTH}
            </Box>
            {' · '}
            {def.title}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="tour-bar-look"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: { xs: 2, md: 'none' },
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {def.look}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto', flexShrink: 0 }}>
          <Button
            size="small"
            data-testid="tour-back"
            disabled={opening !== null}
            onClick={() => (step === 0 ? navigate(TOUR_PAGE_PATH) : open(step - 1))}
          >
            {step === 0 ? 'All stops' : 'Back'}
          </Button>
          {last ? (
            <Button size="small" variant="contained" data-testid="tour-finish" onClick={() => setTourStep(null)}>
              Finish
            </Button>
          ) : (
            <Button
              size="small"
              variant="contained"
              data-testid="tour-next"
              loading={opening === step + 1}
              disabled={opening !== null}
              onClick={() => open(step + 1)}
              aria-label={next ? `Next: ${next.title}` : 'Next'}
            >
              Next
            </Button>
          )}
          <IconButton size="small" aria-label="End the tour" data-testid="tour-end" onClick={() => setTourStep(null)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      </Paper>
    </Box>
  );
}
