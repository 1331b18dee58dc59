import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { type ApiError, errorMessage } from './api.ts';

/** Placeholder rows while a section loads (keeps the layout from jumping). */
export function LoadingRows({ rows = 4, height = 28 }: { rows?: number; height?: number }) {
  return (
    <LoadingShape>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} variant="rounded" height={height} sx={{ mb: 1 }} />
      ))}
    </LoadingShape>
  );
}

/**
 * A section's placeholder drawn in the shape of what loads (skeletons in the same type and sizes), so the page
 * does not move when the answer lands. A status region: a label on a plain div is not allowed.
 */
export function LoadingShape({ children }: { children: ReactNode }) {
  return (
    <Box role="status" aria-busy="true" aria-label="Loading">
      {children}
    </Box>
  );
}

/** A failed call: the server's message (SPEC §8) and a retry. */
export function LoadError({ error, onRetry }: { error: ApiError | undefined; onRetry?: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    >
      {errorMessage(error, 'Could not load this section.')}
    </Alert>
  );
}

/** Nothing to show, said plainly. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Typography color="text.secondary" sx={{ py: 2 }} data-testid="empty-state">
      {children}
    </Typography>
  );
}
