import { Alert, Box } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  error: string | null;
  notice?: string | null;
  /** The way out of the failure, shown under its words (e.g. resetting a locked account's password). */
  action?: ReactNode;
}

/** What the last identity call said: a failure (announced to screen readers) and, after a resend, a notice. */
export function FormAlerts({ error, notice = null, action = null }: Props) {
  return (
    <>
      {error && (
        <Alert severity="error" role="alert">
          {error}
          {action && <Box sx={{ mt: 1 }}>{action}</Box>}
        </Alert>
      )}
      {notice && <Alert severity="success">{notice}</Alert>}
    </>
  );
}
