import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  /** Beside the title (a status chip). */
  aside?: ReactNode;
  testId?: string;
  children: ReactNode;
}

/** A titled block of the affiliate page (h2 under the page's h1). */
export function Section({ title, aside, testId, children }: Props) {
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
      data-testid={testId}
      aria-label={title}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, flex: '1 1 auto' }}>
          {title}
        </Typography>
        {aside}
      </Box>
      {children}
    </Paper>
  );
}
