import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { APP_NAME } from '../../shared/constants.ts';

/** Logo and display name, linking home; with a partner name on partner-branded pages. */
export function Brand({ partner }: { partner?: string | undefined }) {
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={partner ? `${APP_NAME} with ${partner}, home` : `${APP_NAME} home`}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'text.primary',
        textDecoration: 'none',
        borderRadius: 1,
        minWidth: 0,
      }}
    >
      <Logo size={32} />
      <Typography component="span" sx={{ fontWeight: 800, fontSize: '1.15rem', letterSpacing: '-0.01em' }} noWrap>
        {APP_NAME}
      </Typography>
      {partner ? (
        <Typography
          component="span"
          data-testid="partner-brand"
          sx={{
            fontWeight: 700,
            fontSize: '0.8rem',
            px: 1,
            py: 0.25,
            borderRadius: 1,
            border: 1,
            borderColor: 'primary.main',
            color: 'primary.main',
            whiteSpace: 'nowrap',
          }}
        >
          × {partner}
        </Typography>
      ) : null}
    </Box>
  );
}
