import { Box, Typography } from '@mui/material';
import { programSteps } from './affiliate-words.ts';
import type { AffiliateProgram } from './affiliates-api.ts';

/** The program in three numbered steps, with the server's rate and settling days. */
export function ProgramSteps({ program, dense = false }: { program: AffiliateProgram; dense?: boolean }) {
  return (
    <Box
      component="ol"
      data-testid="affiliate-program-steps"
      sx={{ m: 0, pl: 0, display: 'grid', gap: dense ? 1 : 1.5, listStyle: 'none', counterReset: 'step' }}
    >
      {programSteps(program).map((step) => (
        <Box
          component="li"
          key={step}
          sx={{
            display: 'grid',
            gridTemplateColumns: '2rem 1fr',
            gap: 1,
            alignItems: 'start',
            counterIncrement: 'step',
            '&::before': {
              content: 'counter(step)',
              display: 'grid',
              placeItems: 'center',
              width: '1.75rem',
              height: '1.75rem',
              borderRadius: '50%',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontWeight: 700,
              fontSize: '0.9rem',
            },
          }}
        >
          <Typography variant={dense ? 'body2' : 'body1'}>{step}</Typography>
        </Box>
      ))}
    </Box>
  );
}
