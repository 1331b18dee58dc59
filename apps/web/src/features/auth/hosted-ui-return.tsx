import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useAppDispatch } from '../../shared/hooks.ts';
import type { HostedUiReturn } from './hosted-ui.ts';

interface Props {
  returned: HostedUiReturn;
  onSignedIn: () => void;
  onFailed: (message: string) => void;
}

/** Back from Google or Apple: trades the code for a session, or retries / explains a refusal. */
export function HostedUiReturnView({ returned, onSignedIn, onFailed }: Props) {
  const dispatch = useAppDispatch();
  const started = useRef(false);
  useEffect(() => {
    // Once per return, even under StrictMode's double effects: a code can be traded only once.
    if (started.current) return;
    started.current = true;
    void import('./session.ts')
      .then((session) => session.finishFederatedSignIn(dispatch, returned))
      .then((result) => {
        if (result.kind === 'signedIn') onSignedIn();
        else if (result.kind === 'failed') onFailed(result.message);
      });
  }, [dispatch, returned, onSignedIn, onFailed]);
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 2 }} role="status">
      <CircularProgress size={24} aria-label="Finishing sign-in" />
      <Typography>Finishing sign-in…</Typography>
    </Box>
  );
}
