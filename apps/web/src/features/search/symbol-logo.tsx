import { Box } from '@mui/material';
import { memo, useState } from 'react';
import { SymbolMonogram } from '../calendar/symbol-monogram.tsx';

/**
 * Where company logos live, as `<base>/<SYMBOL>.webp`. Empty by default: no logo host is reachable offline, so the
 * badge shows the symbol's initials without asking the network; set VITE_LOGO_BASE_URL to use a logo host.
 */
export const LOGO_BASE_URL: string = (import.meta.env.VITE_LOGO_BASE_URL ?? '').replace(/\/+$/, '');

export function logoUrl(symbol: string, base: string = LOGO_BASE_URL): string | null {
  return base ? `${base}/${encodeURIComponent(symbol.toUpperCase())}.webp` : null;
}

/** A symbol's logo, falling back silently to its initials when there is no logo host or the image fails. */
export const SymbolLogo = memo(function SymbolLogo({ symbol, size = 32 }: { symbol: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const url = logoUrl(symbol);
  if (!url || failed) return <SymbolMonogram symbol={symbol} size={size} />;
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
