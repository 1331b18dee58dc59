import { Box } from '@mui/material';
import { formatChange, formatPercent, TONE_COLOR, toneOf } from './market/format.ts';

/** A change with its percentage, green up and red down, the sign always written (never colour alone). */
export function ChangeText({
  change,
  percent,
  digits,
  fontSize,
}: {
  change?: number | null;
  percent: number | null | undefined;
  digits?: number;
  fontSize?: string | number;
}) {
  const tone = toneOf(percent ?? change);
  return (
    <Box
      component="span"
      sx={{
        color: TONE_COLOR[tone],
        fontWeight: 600,
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        fontSize,
      }}
    >
      {change !== undefined ? `${formatChange(change, digits)} ` : ''}({formatPercent(percent)})
    </Box>
  );
}
