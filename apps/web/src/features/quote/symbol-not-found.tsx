import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';

/** A symbol we do not cover: a clear page with a way on, not an error. */
export function SymbolNotFound({ symbol }: { symbol: string }) {
  const display = symbol.toUpperCase();
  useDocumentMeta(`${display}: symbol not found`, `We have no stock, crypto or OTC asset with the symbol ${display}.`);
  return (
    <PageFrame title={`No symbol “${display}”`} maxWidth="md">
      <Box data-testid="symbol-not-found">
        <Typography sx={{ mb: 1 }}>
          We have no stock, crypto or over-the-counter asset with the symbol <strong>{display}</strong>.
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          The ticker may be mistyped, delisted, or renamed after a merger. Search by company name instead.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/search" variant="contained">
            Search symbols
          </Button>
          <Button component={RouterLink} to="/earnings-calendar/this-week">
            This week’s earnings
          </Button>
        </Box>
      </Box>
    </PageFrame>
  );
}
