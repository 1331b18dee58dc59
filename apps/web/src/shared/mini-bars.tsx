import { Box, Typography } from '@mui/material';

export interface MiniBar {
  /** Shown under the bar; a line break splits it in two lines where many bars share a narrow width. */
  label: string;
  value: number | null;
  /** A second, lighter bar behind (an estimate). */
  compare?: number | null;
}

/**
 * Small quarterly bars around a zero line (green above, red below), each labelled. The figures are also
 * readable as text through the accessible label.
 */
export function MiniBars({
  bars,
  label,
  format,
  height = 96,
}: {
  bars: readonly MiniBar[];
  label: string;
  format: (value: number | null) => string;
  height?: number;
}) {
  const values = bars
    .flatMap((bar) => [bar.value, bar.compare])
    .filter((v): v is number => v !== null && v !== undefined);
  if (values.length === 0) return null;
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const zero = (max / span) * height;
  const spoken = (bar: MiniBar) => bar.label.replace('\n', ' ');
  const summary = bars.map((bar) => `${spoken(bar)}: ${format(bar.value)}`).join(', ');
  return (
    <Box role="img" aria-label={`${label}. ${summary}`}>
      <Box sx={{ display: 'flex', alignItems: 'stretch', gap: 0.75, height, position: 'relative' }}>
        <Box
          aria-hidden
          sx={{ position: 'absolute', left: 0, right: 0, top: zero, borderTop: 1, borderColor: 'divider' }}
        />
        {bars.map((bar) => {
          const v = bar.value ?? 0;
          const h = (Math.abs(v) / span) * height;
          const c = bar.compare ?? null;
          const ch = c === null ? 0 : (Math.abs(c) / span) * height;
          return (
            <Box
              key={bar.label}
              sx={{ flex: '1 1 0', maxWidth: 72, position: 'relative', minWidth: 0 }}
              title={`${spoken(bar)}: ${format(bar.value)}`}
            >
              {c !== null ? (
                <Box
                  sx={{
                    position: 'absolute',
                    left: '10%',
                    right: '10%',
                    top: c >= 0 ? zero - ch : zero,
                    height: `${ch}px`,
                    borderRadius: 0.5,
                    border: 1,
                    borderStyle: 'dashed',
                    borderColor: 'text.disabled',
                  }}
                />
              ) : null}
              {bar.value !== null ? (
                <Box
                  sx={{
                    position: 'absolute',
                    left: '22%',
                    right: '22%',
                    top: v >= 0 ? zero - h : zero,
                    // In px: the sx height reads a number up to 1 as a fraction of the box (1 would be 100 %).
                    height: `${Math.max(h, 1)}px`,
                    borderRadius: 0.5,
                    bgcolor: v >= 0 ? 'success.main' : 'error.main',
                  }}
                />
              ) : null}
            </Box>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', gap: 0.75, mt: 0.5 }} aria-hidden>
        {bars.map((bar) => (
          <Typography
            key={bar.label}
            variant="caption"
            color="text.secondary"
            sx={{
              flex: '1 1 0',
              maxWidth: 72,
              textAlign: 'center',
              minWidth: 0,
              overflow: 'hidden',
              whiteSpace: 'pre',
              lineHeight: 1.3,
              fontSize: '0.68rem',
            }}
          >
            {bar.label}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
