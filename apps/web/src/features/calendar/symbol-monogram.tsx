import { Box } from '@mui/material';
import { memo } from 'react';

/** Hues that keep white text above 4.5:1. */
const HUES = [145, 200, 220, 260, 290, 330, 10, 30, 170, 240];

function hueOf(symbol: string): number {
  let hash = 0;
  for (const char of symbol) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return HUES[hash % HUES.length] ?? 145;
}

/**
 * A symbol's badge: its first letters on a colour of its own, so a busy column scans by shape as well as by text.
 * Decorative (the symbol is written beside it).
 */
export const SymbolMonogram = memo(function SymbolMonogram({ symbol, size = 32 }: { symbol: string; size?: number }) {
  const letters = symbol.replace(/[^A-Za-z0-9]/g, '').slice(0, symbol.length > 4 ? 2 : 3);
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        borderRadius: 1,
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
        color: '#fff',
        bgcolor: `hsl(${hueOf(symbol)} 45% 36%)`,
        fontSize: letters.length > 2 ? size * 0.3 : size * 0.36,
        fontWeight: 800,
        letterSpacing: '-0.02em',
      }}
    >
      {letters}
    </Box>
  );
});
