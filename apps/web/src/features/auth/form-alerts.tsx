import { Alert } from '@mui/material';

/** What the last identity call said: a failure (announced to screen readers) and, after a resend, a notice. */
export function FormAlerts({ error, notice = null }: { error: string | null; notice?: string | null }) {
  return (
    <>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {notice && <Alert severity="success">{notice}</Alert>}
    </>
  );
}
