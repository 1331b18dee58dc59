import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled part of a team modal (the subscribe flow's sections, in the team's words). */
export function TeamSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box component="section" sx={{ mb: 2.5 }} data-testid={testId}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
