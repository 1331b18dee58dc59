import { Box, type SxProps, type Theme } from '@mui/material';
import type { ButtonHTMLAttributes } from 'react';

export type IconActionProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'color'> & {
  /** Icon-only buttons always need an accessible name. */
  'aria-label': string;
  edge?: 'start' | 'end';
  sx?: SxProps<Theme>;
};

/** Styles shared by the shell's plain buttons (focus ring from the theme's global :focus-visible). */
export const plainButtonSx = {
  appearance: 'none',
  border: 0,
  m: 0,
  font: 'inherit',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  textDecoration: 'none',
  transition: 'background-color 150ms',
} as const;

/**
 * A round icon button for the always-loaded shell (navigation bar, menu): MUI's IconButton look on a plain
 * button, without ButtonBase's ripple code, which keeps the first load smaller. Pages use IconButton.
 */
export function IconAction({ edge, sx, children, type = 'button', ...props }: IconActionProps) {
  return (
    <Box
      component="button"
      type={type}
      {...props}
      sx={[
        plainButtonSx,
        {
          width: 40,
          height: 40,
          flexShrink: 0,
          p: 0,
          borderRadius: '50%',
          bgcolor: 'transparent',
          color: 'text.secondary',
          position: 'relative',
          '&:hover': { bgcolor: 'action.hover', color: 'text.primary' },
          '& svg': { fontSize: 24 },
        },
        edge === 'end' ? { mr: -1 } : edge === 'start' ? { ml: -1 } : {},
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}
