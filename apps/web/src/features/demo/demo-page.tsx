import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Alert, Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppSelectorInTransition } from '../../shared/hooks.ts';
import { pageById } from '../../shared/page-content.ts';
import { provenanceText, useGetAppInfoQuery } from '../app-info/index.ts';
import { CALLS_PAGE_SIZE, splitLive, useGetCallsQuery } from '../calls/index.ts';
import { TOUR_ALERTS_SYMBOL, TOUR_LENGTH, TOUR_STEPS, type TourStep } from './tour-model.ts';
import { useTourStep } from './tour-state.ts';
import { useTour } from './use-tour.ts';

const PAGE = pageById('demo');

/** What the live stop will open, said on its card: the call live now, or that the calls page comes instead. */
function LiveNow() {
  const { data, isError } = useGetCallsQuery({ tab: 'upcoming', limit: CALLS_PAGE_SIZE });
  if (isError) return null;
  if (!data) return <Skeleton width={260} />;
  const live = splitLive(data.events).live.find((call) => call.symbol);
  return (
    <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="tour-live-now">
      {live ? `Live now: ${live.title}` : 'No call is live this minute: the stop opens the calls page.'}
    </Typography>
  );
}

/** Where the lists-and-alerts stop goes: the reader's own lists, or a stock's page. */
function AlertsTarget() {
  const signedIn = useAppSelectorInTransition((state) => state.auth.status === 'signedIn');
  return (
    <Typography variant="body2" color="text.secondary">
      {signedIn ? 'Opens your My Stocks.' : `Opens ${TOUR_ALERTS_SYMBOL}’s page.`}
    </Typography>
  );
}

/** What feeds this server: the words about the demo market are true only where it runs. */
function Provenance() {
  const { data: info } = useGetAppInfoQuery();
  if (!info) return null;
  const sources = info.marketData;
  if (!sources.demo) {
    return (
      <Alert severity="info" data-testid="tour-provenance">
        {provenanceText(sources)}. The stops open the same pages on this data; the demo market’s replayed calls are not
        here.
      </Alert>
    );
  }
  return (
    <Typography color="text.secondary" data-testid="tour-provenance">
      {sources.providers.length === 0
        ? 'Everything here comes from the generated demo market, not real prices or results: real company names with generated prices, reports and calls, marked “Demo data” on the pages.'
        : `${provenanceText(sources)}.`}
    </Typography>
  );
}

function StepCard({
  step,
  index,
  onOpen,
  opening,
}: {
  step: TourStep;
  index: number;
  onOpen: (index: number) => void;
  opening: boolean;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="tour-step"
      data-step={step.key}
      sx={{
        p: { xs: 2, sm: 2.5 },
        display: 'grid',
        gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', sm: 'auto minmax(0, 1fr) auto' },
        gridTemplateAreas: { xs: '"n text" ". action"', sm: '"n text action"' },
        columnGap: 2,
        rowGap: 1.5,
        alignItems: 'start',
      }}
    >
      <Box
        aria-hidden
        sx={{
          gridArea: 'n',
          width: 32,
          height: 32,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontWeight: 700,
        }}
      >
        {index + 1}
      </Box>
      <Box sx={{ gridArea: 'text', minWidth: 0 }}>
        <Typography variant="h3" component="h2" sx={{ mb: 0.5 }}>
          {step.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1, maxWidth: '72ch' }}>
          {step.body}
        </Typography>
        {step.target.kind === 'liveCall' ? <LiveNow /> : null}
        {step.target.kind === 'listsAndAlerts' ? <AlertsTarget /> : null}
      </Box>
      <Box sx={{ gridArea: 'action', alignSelf: 'center' }}>
        <Button
          variant="outlined"
          data-testid={`tour-show-${step.key}`}
          loading={opening}
          onClick={() => onOpen(index)}
          aria-label={`Show me: ${step.title}`}
        >
          Show me
        </Button>
      </Box>
    </Paper>
  );
}

/**
 * /demo (SPEC §2): a tour of the product on the demo market. Each stop says what the reader will see and opens the
 * real page, with the tour bar at its foot to go on; Start opens the first stop.
 */
export default function DemoPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const { open, opening } = useTour();
  const underWay = useTourStep();
  const resume = underWay !== null && underWay > 0 && underWay < TOUR_LENGTH ? underWay : null;
  return (
    <PageFrame title={PAGE.title} description={PAGE.description} maxWidth="md">
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Button
          variant="contained"
          size="large"
          startIcon={<PlayArrowIcon />}
          data-testid="tour-start"
          loading={opening === 0}
          onClick={() => open(0)}
        >
          Start the tour
        </Button>
        {resume !== null ? (
          <Button data-testid="tour-resume" onClick={() => open(resume)}>
            Go on from step {resume + 1}
          </Button>
        ) : null}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        Each stop opens the real page, with a bar at its foot to go on to the next one; × on the bar ends the tour.
      </Typography>
      <Box sx={{ minHeight: 56, mb: 3 }}>
        <Provenance />
      </Box>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }} aria-label="The tour’s stops">
        {TOUR_STEPS.map((step, index) => (
          <StepCard key={step.key} step={step} index={index} onOpen={open} opening={opening === index} />
        ))}
      </Box>
    </PageFrame>
  );
}
