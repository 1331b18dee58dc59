import { ButtonBase, type ButtonBaseProps } from '@mui/material';

export type IconActionProps = Omit<ButtonBaseProps, 'aria-label'> & {
  /** Icon-only buttons always need an accessible name. */
  'aria-label': string;
  edge?: 'start' | 'end';
};

/**
 * A round icon button for the always-loaded shell (navigation bar): MUI's IconButton look on ButtonBase, without
 * IconButton's loading indicator code, which keeps the first load smaller. Pages use IconButton.
 */
export function IconAction({ edge, sx, children, ...props }: IconActionProps) {
  return (
    <ButtonBase
      {...props}
      sx={[
        {
          width: 40,
          height: 40,
          flexShrink: 0,
          borderRadius: '50%',
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
    </ButtonBase>
  );
}
