import { Box } from '@mui/material';
import { useId } from 'react';

/** The sparkline's usual height (its loading placeholder takes the same). */
export const SPARKLINE_HEIGHT = 72;

/** A small price line (SVG, no chart library): the overview's last months at a glance. */
export function Sparkline({
  values,
  label,
  height = SPARKLINE_HEIGHT,
  color,
}: {
  values: readonly number[];
  label: string;
  height?: number;
  color: string;
}) {
  const gradientId = useId();
  if (values.length < 2) return null;
  const width = 300;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const x = (i: number) => (i / (values.length - 1)) * width;
  const y = (v: number) => height - 4 - ((v - min) / span) * (height - 8);
  const line = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      sx={{ display: 'block', width: '100%', height, color }}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="currentColor" stopOpacity={0.25} />
          <stop offset="100%" stopColor="currentColor" stopOpacity={0} />
        </linearGradient>
      </defs>
      <path d={`${line} L${width},${height} L0,${height} Z`} fill={`url(#${gradientId})`} stroke="none" />
      <path d={line} fill="none" stroke="currentColor" strokeWidth={2} vectorEffect="non-scaling-stroke" />
    </Box>
  );
}
