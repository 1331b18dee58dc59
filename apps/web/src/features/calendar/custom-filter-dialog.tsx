import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { useGetEarningsFilterSymbolsQuery, useSetCustomFilterMutation } from './calendar-api.ts';
import { editedCustomList } from './calendar-model.ts';

/**
 * Edits the reader's own filter list ("My list"): add a symbol, remove one. Each change replaces the list on the
 * server (POST /earnings/filters), which refuses unknown symbols; the calendar reads the list again.
 */
export default function CustomFilterDialog({ onClose }: { onClose: () => void }) {
  const current = useGetEarningsFilterSymbolsQuery({ filter: 'earningshub_custom' });
  const [save, saving] = useSetCustomFilterMutation();
  const [draft, setDraft] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const symbols = current.data?.symbols ?? [];

  const change = async (symbol: string, kind: 'add' | 'remove') => {
    setFailure(null);
    const result = await save({ symbols: editedCustomList(symbols, symbol, kind) });
    if (result.error) setFailure(errorMessage(result.error));
    else if (kind === 'add') setDraft('');
  };
  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) void change(draft, 'add');
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="custom-filter-title">
      <DialogTitle id="custom-filter-title">My list</DialogTitle>
      <DialogContent dividers data-testid="custom-filter-dialog">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          The calendar’s “My list” filter shows these companies’ reports.
        </Typography>
        {current.error ? <Alert severity="error">{errorMessage(current.error)}</Alert> : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 2 }} data-testid="custom-filter-symbols">
          {symbols.length === 0 && !current.isLoading ? (
            <Typography variant="body2">No symbols yet.</Typography>
          ) : (
            symbols.map((symbol) => (
              <Chip
                key={symbol}
                label={symbol}
                onDelete={saving.isLoading ? undefined : () => void change(symbol, 'remove')}
                data-testid={`custom-symbol-${symbol}`}
              />
            ))
          )}
        </Box>
        <Box component="form" onSubmit={onAdd} sx={{ display: 'flex', gap: 1 }}>
          <TextField
            size="small"
            label="Symbol"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'custom-filter-input', autoCapitalize: 'characters' } }}
            sx={{ flex: 1 }}
          />
          <Button type="submit" variant="contained" disabled={saving.isLoading || !draft.trim()}>
            Add
          </Button>
        </Box>
        {failure ? (
          <Alert severity="error" sx={{ mt: 1.5 }} data-testid="custom-filter-error">
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
