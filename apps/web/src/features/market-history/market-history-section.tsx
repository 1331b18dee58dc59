import { LinearProgress, Skeleton, Typography } from '@mui/material';
import { useMarketHistory } from './market-history-api.ts';

const STATE_TEXT = {
  none: 'No seeded market on this server: nothing to fill.',
  filling: 'Filling in the background.',
  failed: 'Stopped: a step spent its retries. It resumes at the next start.',
  done: 'Complete.',
} as const;

/** The dev page's view of the server's background history fill (seed/history.ts on the server). */
export function MarketHistorySection() {
  const status = useMarketHistory();
  if (!status) return <Skeleton variant="rounded" height={56} />;
  return (
    <div data-testid="dev-market-history">
      <Typography sx={{ mb: 1 }}>
        {STATE_TEXT[status.state]}{' '}
        {status.state === 'none'
          ? null
          : `${status.percent}% (${status.stepsDone} of ${status.stepsTotal} steps)${status.state === 'filling' && status.current ? `; now: ${status.current}` : ''}.`}
      </Typography>
      {status.state === 'none' ? null : (
        <LinearProgress variant="determinate" value={status.percent} aria-label="Market history loaded" />
      )}
      {status.message ? (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          {status.message}
        </Typography>
      ) : null}
    </div>
  );
}
