import { Box, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface PageFrameProps {
  title: ReactNode;
  description?: ReactNode;
  /** Shown beside the heading (actions, badges). */
  aside?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl';
  children?: ReactNode;
}

/** The frame every page shares: one h1, a short description, then the content. */
export function PageFrame({ title, description, aside, maxWidth = 'lg', children }: PageFrameProps) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: description ? 1 : 3 }}>
        <Typography variant="h1" component="h1" sx={{ flex: '1 1 auto', wordBreak: 'break-word' }}>
          {title}
        </Typography>
        {aside}
      </Box>
      {description ? (
        <Typography variant="body1" color="text.secondary" sx={{ mb: 4, maxWidth: '70ch' }}>
          {description}
        </Typography>
      ) : null}
      {children}
    </Container>
  );
}
