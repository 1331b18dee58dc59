import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme, warningTextColor } from './theme.ts';

describe(warningTextColor.name, () => {
  it.each(['light', 'dark'] as const)('keeps warning text above 4.5:1 on the page and on paper (%s)', (mode) => {
    const theme = createAppTheme(mode);
    const colour = warningTextColor(theme);
    expect(getContrastRatio(colour, theme.palette.background.default)).toBeGreaterThanOrEqual(4.5);
    expect(getContrastRatio(colour, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
  });
});
