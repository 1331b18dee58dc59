import { Box, Tooltip, Typography } from '@mui/material';
import type { Theme } from '@mui/material/styles';
import {
  CONSENSUS_KEYS,
  CONSENSUS_PALETTE,
  type ConsensusCounts,
  type ConsensusKey,
  trendBars,
} from './analysts-view.ts';

/** Height of the tallest bar (the month most analysts rated), in px. */
const BAR_HEIGHT = 88;

/** A consensus colour for the current theme (light or dark). */
export const consensusColor = (key: ConsensusKey) => (theme: Theme) => CONSENSUS_PALETTE[theme.palette.mode][key];

/**
 * The monthly consensus as stacked bars, oldest first: strong buy at the foot to strong sell on top, each bar as
 * tall as its month's analyst count. Each bar names its month and counts to assistive technology.
 */
export function ConsensusTrend({ trend }: { trend: readonly (ConsensusCounts & { month: string })[] }) {
  const bars = trendBars(trend);
  if (bars.length < 2) return null;
  return (
    <Box sx={{ mt: 2.5 }} data-testid="consensus-trend">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Last {bars.length} months
      </Typography>
      <Box
        role="group"
        aria-label="Consensus by month, oldest first"
        sx={{ display: 'flex', gap: { xs: 1, sm: 1.5 }, alignItems: 'stretch', maxWidth: 440 }}
      >
        {bars.map((bar) => (
          <Box key={bar.month} sx={{ flex: '1 1 0', minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <Box
              sx={{
                height: BAR_HEIGHT + 20,
                display: 'flex',
                flexDirection: 'column',
                justifyContent: 'flex-end',
                alignItems: 'center',
              }}
            >
              <Typography variant="caption" color="text.secondary" aria-hidden sx={{ lineHeight: 1.6 }}>
                {bar.total}
              </Typography>
              <Tooltip title={bar.description} placement="top" arrow>
                <Box
                  role="img"
                  aria-label={bar.description}
                  data-testid="consensus-trend-bar"
                  sx={{
                    width: '100%',
                    maxWidth: 40,
                    height: Math.max(2, Math.round(bar.scale * BAR_HEIGHT)),
                    display: 'flex',
                    flexDirection: 'column-reverse',
                    gap: '2px',
                    borderRadius: 0.5,
                    overflow: 'hidden',
                    bgcolor: bar.total === 0 ? 'divider' : undefined,
                  }}
                >
                  {CONSENSUS_KEYS.map((key) =>
                    bar.counts[key] > 0 ? (
                      <Box
                        key={key}
                        sx={{ flex: `${bar.counts[key]} 1 0`, minHeight: 0, bgcolor: consensusColor(key) }}
                      />
                    ) : null,
                  )}
                </Box>
              </Tooltip>
            </Box>
            <Typography
              variant="caption"
              aria-hidden
              sx={{ textAlign: 'center', mt: 0.5, lineHeight: 1.3, whiteSpace: 'nowrap' }}
            >
              {bar.label.month}
              <Box component="span" sx={{ display: 'block', color: 'text.secondary', minHeight: '1.3em' }}>
                {bar.label.year}
              </Box>
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
