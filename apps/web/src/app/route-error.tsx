import { Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { plainButtonSx } from '../components/icon-action.tsx';
import { documentTitle, ROUTER_ERROR_HEADING } from '../shared/constants.ts';

/** The error's text: status and status text of a route error response, or the message of an Error. */
export function routeErrorText(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' ? error.data : '';
    return [`${error.status} ${error.statusText}`.trim(), detail].filter(Boolean).join(': ');
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

const buttonSx = {
  ...plainButtonSx,
  px: 2,
  py: 1,
  mr: 1.5,
  borderRadius: 1,
  fontWeight: 600,
  bgcolor: 'transparent',
} as const;

function RouteErrorContent() {
  const error = useRouteError();
  useEffect(() => {
    document.title = documentTitle('Error');
  }, []);
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 4, md: 6 } }} data-testid="route-error">
      <Typography variant="h1" sx={{ mb: 2 }}>
        {ROUTER_ERROR_HEADING}
      </Typography>
      <Box
        component="pre"
        sx={{
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          p: 2,
          borderRadius: 2,
          bgcolor: 'action.hover',
          fontSize: '0.9rem',
          mb: 3,
        }}
      >
        {routeErrorText(error)}
      </Box>
      <Box
        component="button"
        type="button"
        onClick={() => window.location.reload()}
        sx={{ ...buttonSx, bgcolor: 'primary.main', color: 'primary.contrastText' }}
      >
        Reload
      </Box>
      <Box component="a" href="/" sx={{ ...buttonSx, color: 'primary.main' }}>
        Go to the home page
      </Box>
    </Box>
  );
}

/** SPEC §2: the router's default error page, inside the site chrome. */
export function PageErrorBoundary() {
  return <RouteErrorContent />;
}

/** The same page when the layout itself failed: it brings its own main landmark. */
export function RootErrorBoundary() {
  return (
    <Box component="main">
      <RouteErrorContent />
    </Box>
  );
}
