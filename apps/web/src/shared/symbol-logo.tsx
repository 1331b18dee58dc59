import { Box } from '@mui/material';
import { memo, useState } from 'react';

/**
 * Where company logos live, as `<base>/<SYMBOL>.webp`. Empty by default: no logo host is reachable offline, so the
 * badge shows the symbol's initials without asking the network; set VITE_LOGO_BASE_URL to use a logo host.
 */
export const LOGO_BASE_URL: string = (import.meta.env.VITE_LOGO_BASE_URL ?? '').replace(/\/+$/, '');

export function logoUrl(symbol: string, base: string = LOGO_BASE_URL): string | null {
  return base ? `${base}/${encodeURIComponent(symbol.toUpperCase())}.webp` : null;
}

/** Hues of the initials badges, each at a lightness that keeps their small white letters above 4.5:1. */
const HUES = [145, 200, 220, 260, 290, 330, 10, 30, 170, 240];

export function initialsOf(symbol: string): string {
  const letters = symbol.replace(/[^A-Za-z0-9]/g, '');
  return letters.slice(0, letters.length > 4 ? 2 : 3).toUpperCase();
}

/** The badge's colour: a hue of the symbol's own, so a busy column scans by colour as well as by text. */
export function initialsBackground(symbol: string): string {
  let hash = 0;
  for (const char of symbol) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `hsl(${HUES[hash % HUES.length] ?? 145}, 45%, 30%)`;
}

/**
 * The initials badge (decorative: the symbol is written beside it). Its colour and letter size go in its own style
 * attribute: as styles they made a class per colour, each compiled and inserted as a list of symbols first drew.
 */
export const SymbolInitials = memo(function SymbolInitials({ symbol, size = 32 }: { symbol: string; size?: number }) {
  const letters = initialsOf(symbol);
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
        fontWeight: 800,
        letterSpacing: '-0.02em',
      }}
      style={{
        backgroundColor: initialsBackground(symbol),
        fontSize: letters.length > 2 ? size * 0.3 : size * 0.36,
      }}
    >
      {letters}
    </Box>
  );
});

/** A symbol's logo, falling back silently to its initials when there is no logo host or the image fails. */
export const SymbolLogo = memo(function SymbolLogo({ symbol, size = 32 }: { symbol: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const url = logoUrl(symbol);
  if (!url || failed) return <SymbolInitials symbol={symbol} size={size} />;
  return (
    <Box
      component="img"
      src={url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      sx={{ width: size, height: size, borderRadius: 1, objectFit: 'contain', flexShrink: 0, bgcolor: '#fff' }}
    />
  );
});
