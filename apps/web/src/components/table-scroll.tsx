import { Box, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

export interface TableScrollProps {
  /** Names the scrollable region for screen readers and keyboard users (it takes focus to scroll with arrows). */
  label: string;
  /** The colour behind the table, which the sticky first column repeats: a card or dialog, or the page. */
  surface?: 'paper' | 'default';
  /** Reach out to a card's edges through its padding (the card's content padding: 16 px, 20 px from sm). */
  bleed?: boolean;
  sx?: SxProps<Theme>;
  'data-testid'?: string;
  children: ReactNode;
}

/** The card content padding TableScroll bleeds through, by breakpoint. */
const BLEED = { xs: 16, sm: 20 } as const;

/**
 * Every table is drawn in this: it fits its column or scrolls sideways, with the first column (the row's name)
 * kept in place. The box takes no width of its own (width 0, at least its container's): a wide table used to
 * widen its card or dialog instead of scrolling, and the card's hidden overflow then cut the last columns off.
 */
export function TableScroll({ label, surface = 'paper', bleed = false, sx, children, ...rest }: TableScrollProps) {
  const background = surface === 'paper' ? 'background.paper' : 'background.default';
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      data-table-scroll=""
      data-testid={rest['data-testid']}
      sx={[
        {
          width: 0,
          minWidth: '100%',
          overflowX: 'auto',
          overscrollBehaviorX: 'contain',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
          '& tr > :first-child': {
            position: 'sticky',
            left: 0,
            zIndex: 1,
            bgcolor: background,
            // A dialog's or raised card's dark-mode tint (MUI sets it as this variable), so the column matches.
            backgroundImage: surface === 'paper' ? 'var(--Paper-overlay, none)' : 'none',
            boxShadow: (theme) => `inset -1px 0 0 ${theme.palette.divider}`,
          },
          '& thead tr > :first-child': { zIndex: 2 },
        },
        bleed
          ? {
              mx: { xs: `-${BLEED.xs}px`, sm: `-${BLEED.sm}px` },
              minWidth: { xs: `calc(100% + ${2 * BLEED.xs}px)`, sm: `calc(100% + ${2 * BLEED.sm}px)` },
            }
          : {},
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
