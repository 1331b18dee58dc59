import { Box, Typography } from '@mui/material';

export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

/**
 * A metric's spread as bars (one per bin, as tall as its count, the range and count in its title) over the lowest
 * and highest values. With `highlight`, the bin it picks is drawn in the accent colour and the others muted.
 */
export function MetricHistogram({
  bins,
  height,
  label,
  format,
  highlight,
}: {
  bins: readonly HistogramBin[];
  height: number;
  /** What a screen reader hears for the whole chart. */
  label: string;
  format: (value: number | null) => string;
  highlight?: (bin: HistogramBin) => boolean;
}) {
  const max = Math.max(1, ...bins.map((bin) => bin.count));
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, height }} role="img" aria-label={label}>
        {bins.map((bin) => (
          <Box
            key={`${bin.from}-${bin.to}`}
            title={`${format(bin.from)} – ${format(bin.to)}: ${bin.count}`}
            sx={{
              flex: 1,
              height: `${(bin.count / max) * 100}%`,
              minHeight: 2,
              borderRadius: '4px 4px 0 0',
              ...(highlight
                ? { bgcolor: highlight(bin) ? 'primary.main' : 'action.selected' }
                : { bgcolor: 'primary.main', opacity: 0.8 }),
            }}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {format(bins[0]?.from ?? null)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {format(bins.at(-1)?.to ?? null)}
        </Typography>
      </Box>
    </>
  );
}
