import { Box } from '@mui/material';
import { AddAlertButton } from '../alerts/index.ts';
import { AddToListButton } from './add-to-list-button.tsx';

/** The symbol header's own actions: alerts and lists. */
export function SymbolActions({ symbol }: { symbol: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <AddAlertButton symbol={symbol} />
      <AddToListButton symbol={symbol} />
    </Box>
  );
}
