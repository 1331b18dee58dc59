import { Box, Typography } from '@mui/material';
import { formatPrice } from '../../shared/market/format.ts';

/** Low–high with the current price marked: day range, 52-week range. */
export function RangeBar({
  low,
  high,
  value,
  currency,
}: {
  low: number | null;
  high: number | null;
  value: number | null;
  currency?: string;
}) {
  if (low === null || high === null) return <Typography component="span">—</Typography>;
  const span = high - low;
  const at = value === null || span <= 0 ? null : Math.min(1, Math.max(0, (value - low) / span));
  return (
    <Box sx={{ minWidth: 140 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, fontVariantNumeric: 'tabular-nums' }}>
        <Typography component="span" variant="body2">
          {formatPrice(low, currency)}
        </Typography>
        <Typography component="span" variant="body2">
          {formatPrice(high, currency)}
        </Typography>
      </Box>
      <Box sx={{ position: 'relative', height: 4, borderRadius: 2, bgcolor: 'action.selected', mt: 0.5 }} aria-hidden>
        {at !== null ? (
          <Box
            sx={{
              position: 'absolute',
              // Within the bar at both ends: at the day's high (a live price often is) the dot stuck out past the card.
              left: `calc((100% - 10px) * ${at.toFixed(3)})`,
              top: -3,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: 'primary.main',
              border: 2,
              borderColor: 'background.paper',
            }}
          />
        ) : null}
      </Box>
    </Box>
  );
}
