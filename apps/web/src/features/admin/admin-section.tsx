import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled block of /admin (h2 under the page's h1). */
export function AdminSection({
  title,
  aside,
  testId,
  children,
}: {
  title: string;
  aside?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={title}
      data-testid={testId}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
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

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A stored instant as the admin reads it; 'never' for none. */
export function when(iso: string | null | undefined): string {
  if (!iso || iso.startsWith('1970-')) return 'never';
  return dateTime.format(new Date(iso));
}
