import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface ArrivesWithProps {
  /** The issue that brings this content, e.g. "the earnings calendar". */
  feature: string;
  /** Heading level of the notice inside the page. */
  headingLevel?: 'h2' | 'h3';
  children?: ReactNode;
}

/** The honest empty state of a page or section whose content comes with a later issue. */
export function ArrivesWith({ feature, headingLevel = 'h2', children }: ArrivesWithProps) {
  return (
    <Box
      role="status"
      sx={{
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 2,
        p: { xs: 2, sm: 3 },
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="h4" component={headingLevel} sx={{ mb: 0.5 }}>
        Arrives with {feature}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {children ?? 'Nothing to show here yet: this part of the product is being built.'}
      </Typography>
    </Box>
  );
}
