import { type MarketAssetType, quoteMovesAt } from '@eh/domain';
import { Box } from '@mui/material';
import { useLiveStatus } from './live-follows.ts';
import { LIVE_WORDS } from './live-words.ts';

/**
 * Beside a live price: "Live" while quotes stream and the asset's market is open (crypto always), "Reconnecting…"
 * while the socket is lost, "Live updates stopped" once it gave up; nothing while it first connects.  A polite status region, so a screen reader
 * hears the change of state, never each price.
 */
export function LiveIndicator({ type }: { type: MarketAssetType }) {
  const status = useLiveStatus();
  const word =
    status === 'open'
      ? quoteMovesAt(type, new Date())
        ? LIVE_WORDS.live
        : null
      : status === 'reconnecting'
        ? LIVE_WORDS.reconnecting
        : status === 'stopped'
          ? LIVE_WORDS.stopped
          : null;
  const dot =
    word === LIVE_WORDS.live ? 'success.main' : word === LIVE_WORDS.reconnecting ? 'warning.main' : 'text.disabled';
  return (
    <Box
      component="span"
      role="status"
      data-testid="live-status"
      data-status={status}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        fontSize: '0.8125rem',
        fontWeight: 600,
        color: 'text.secondary',
        whiteSpace: 'nowrap',
      }}
    >
      {word ? (
        <>
          <Box
            component="span"
            aria-hidden
            sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: dot, flexShrink: 0 }}
          />
          {word}
        </>
      ) : null}
    </Box>
  );
}
