import { EH500_NAME, EH500_NOT_RANKED, EH500_SIZE } from '@eh/domain';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch } from '../../shared/hooks.ts';
import { useEh500Index } from '../../shared/market/eh500.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { UpgradePrompt } from '../../shared/upgrade-prompt.tsx';

/** The score's band, in words and colour. */
export function scoreBand(score: number): { label: string; color: 'success' | 'warning' | 'error' } {
  if (score >= 70) return { label: 'Strong', color: 'success' };
  if (score >= 40) return { label: 'Middle of the pack', color: 'warning' };
  return { label: 'Weak', color: 'error' };
}

/** The EHS as a ring with the number in the middle. */
export function ScoreRing({ score, size = 84 }: { score: number; size?: number }) {
  const band = scoreBand(score);
  return (
    <Box
      sx={{ position: 'relative', width: size, height: size, flexShrink: 0 }}
      role="img"
      aria-label={`EHS ${Math.round(score)} of 100`}
    >
      <CircularProgress
        variant="determinate"
        value={100}
        size={size}
        thickness={4}
        sx={{ color: 'action.hover', position: 'absolute' }}
        aria-hidden
      />
      <CircularProgress
        variant="determinate"
        value={score}
        size={size}
        thickness={4}
        color={band.color}
        sx={{ position: 'absolute' }}
        aria-hidden
      />
      <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
        <Typography sx={{ fontWeight: 800, fontSize: size / 3.2, lineHeight: 1 }} data-testid="ehs-score">
          {Math.round(score)}
        </Typography>
      </Box>
    </Box>
  );
}

/** SPEC §2 Overall Score Widget: the company's EHS and EH500 rank, or why it has none. */
export function EhsWidget({ symbol, compact }: { symbol: string; compact?: boolean }) {
  const dispatch = useAppDispatch();
  const index = useEh500Index();
  if (index.isLoading) return <LoadingRows rows={2} />;
  if (index.notRanked) return <EmptyState>{EH500_NOT_RANKED}</EmptyState>;
  if (index.error) return <LoadError error={index.error} onRetry={index.refetch} />;
  const member = index.data?.constituents.find((c) => c.symbol.toUpperCase() === symbol.toUpperCase());
  if (!member) {
    return (
      <Box data-testid="ehs-widget">
        <Typography sx={{ fontWeight: 600 }}>Not in the {EH500_NAME}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          EHS ranks US stocks worth at least $1 billion with a recent report; the {EH500_SIZE} best among the largest
          make the {EH500_NAME}.
        </Typography>
        <Button component={RouterLink} to="/ehs/learn-more" size="small" sx={{ mt: 1, ml: -1 }}>
          How EHS works
        </Button>
      </Box>
    );
  }
  if (member.score === null) {
    const gate = index.data?.gated ?? { feature: 'ehs', hidden: 0 };
    return (
      <Box data-testid="ehs-widget">
        <Typography sx={{ mb: 1 }}>
          <strong>#{member.rank}</strong> in the {EH500_NAME}
        </Typography>
        <UpgradePrompt
          gate={{ feature: gate.feature, hidden: 0 }}
          compact
          note="The rank is free; the score itself is part of Pro."
        />
      </Box>
    );
  }
  const band = scoreBand(member.score);
  return (
    <Box data-testid="ehs-widget">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <ScoreRing score={member.score} size={compact ? 64 : 84} />
        <Box>
          <Typography sx={{ fontWeight: 700 }}>{band.label}</Typography>
          <Typography variant="body2" color="text.secondary">
            Rank #{member.rank} of {index.data?.constituents.length ?? EH500_SIZE} in the {EH500_NAME}
          </Typography>
          {member.sector ? (
            <Typography variant="body2" color="text.secondary">
              {member.sector}
            </Typography>
          ) : null}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          onClick={() => dispatch(modalOpened({ kind: 'histogramEhs', props: { symbol, score: member.score } }))}
        >
          Distribution
        </Button>
        <Button component={RouterLink} to="/ehs/learn-more" size="small">
          How EHS works
        </Button>
      </Box>
    </Box>
  );
}
