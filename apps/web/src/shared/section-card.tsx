import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface SectionCardProps {
  title: ReactNode;
  /** Heading level inside the page (h2 on pages, h3 inside a modal tab). */
  headingLevel?: 'h2' | 'h3';
  /** Beside the title: settings, links, a count. */
  action?: ReactNode;
  /** Under the title. */
  subtitle?: ReactNode;
  children?: ReactNode;
  /** Content that runs to the card's edges (tables). */
  flush?: boolean;
  'data-testid'?: string;
}

/** A titled card: one section of a symbol page (SPEC §2 sections). */
export function SectionCard({
  title,
  headingLevel = 'h2',
  action,
  subtitle,
  children,
  flush,
  'data-testid': testId,
}: SectionCardProps) {
  return (
    <Paper variant="outlined" component="section" data-testid={testId} sx={{ overflow: 'hidden', minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          px: { xs: 2, sm: 2.5 },
          pt: 2,
          pb: subtitle ? 0.5 : 1.5,
        }}
      >
        <Typography variant="h3" component={headingLevel} sx={{ flex: '1 1 auto', fontSize: '1.05rem' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {subtitle ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: { xs: 2, sm: 2.5 }, pb: 1.5 }}>
          {subtitle}
        </Typography>
      ) : null}
      <Box sx={flush ? { pb: 1 } : { px: { xs: 2, sm: 2.5 }, pb: 2.5 }}>{children}</Box>
    </Paper>
  );
}
