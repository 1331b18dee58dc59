import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, LinearProgress, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { type MarketHistoryStatus, useMarketHistory } from './market-history-api.ts';

/** What the reader is told while the history fills, and once it has (only if they saw it filling). */
export function historyNoticeText(status: MarketHistoryStatus, sawFilling: boolean): string | null {
  switch (status.state) {
    case 'filling':
      return `The market's history is still loading (${status.percent}%): older prices, news, filings, analyst ratings and EHS scores appear as it fills in.`;
    case 'failed':
      return `The market's history stopped loading at ${status.percent}%${status.message ? ` (${status.message})` : ''}; it resumes when the server restarts.`;
    case 'done':
      return sawFilling ? "The market's history is in: reload to see all of it." : null;
    default:
      return null;
  }
}

/**
 * A thin notice at the bottom of the screen while the server fills the market's history in the background (the
 * first start serves before older prices, news, filings and scores are in). Fixed, so it moves nothing on the page.
 */
export default function HistoryNotice() {
  const status = useMarketHistory();
  const [sawFilling, setSawFilling] = useState(false);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (status?.state === 'filling') setSawFilling(true);
  }, [status?.state]);
  const text = status ? historyNoticeText(status, sawFilling || status.state === 'filling') : null;
  if (!status || !text || closed) return null;
  return (
    <Paper
      role="status"
      aria-label="Market history"
      data-testid="history-notice"
      elevation={3}
      sx={{
        position: 'fixed',
        left: { xs: 8, sm: 16 },
        bottom: { xs: 8, sm: 16 },
        maxWidth: { xs: 'calc(100% - 16px)', sm: 420 },
        zIndex: (theme) => theme.zIndex.snackbar,
        px: 2,
        py: 1,
        display: 'flex',
        gap: 1,
        alignItems: 'center',
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2">{text}</Typography>
        {status.state === 'filling' ? (
          <LinearProgress
            variant="determinate"
            value={status.percent}
            aria-label="History loaded"
            sx={{ mt: 0.75, borderRadius: 1 }}
          />
        ) : null}
      </Box>
      {status.state === 'done' ? (
        <Button size="small" onClick={() => window.location.reload()}>
          Reload
        </Button>
      ) : null}
      <IconButton size="small" aria-label="Close the history notice" onClick={() => setClosed(true)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}
