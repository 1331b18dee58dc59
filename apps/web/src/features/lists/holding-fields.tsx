import { Box, Button, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { type ApiError, errorMessage } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { useAssetCatalog } from '../search/asset-index.ts';
import { resolveSymbol, SymbolLookupField } from '../search/symbol-lookup-field.tsx';
import { toastShown } from '../toasts/toasts-slice.ts';
import { useAddListItemMutation } from './lists-api.ts';

/** Says in a toast that an optimistic list change failed and was undone (SPEC §8); true when it failed. */
export function useFailureToast() {
  const dispatch = useAppDispatch();
  return (error: ApiError | undefined, what: string) => {
    if (!error) return false;
    dispatch(toastShown({ message: `${what} failed and was undone: ${errorMessage(error)}`, severity: 'error' }));
    return true;
  };
}

/** A holding's shares, saved on Enter or when the field loses focus; a bad number puts the saved one back. */
export function QuantityField({
  value,
  onCommit,
  label = 'Shares',
}: {
  value: number;
  onCommit: (quantity: number) => unknown;
  label?: string;
}) {
  const [text, setText] = useState(String(value));
  const commit = () => {
    const quantity = Number(text);
    if (text.trim() === '' || !Number.isFinite(quantity) || quantity < 0) {
      setText(String(value));
      return;
    }
    if (quantity !== value) onCommit(quantity);
  };
  return (
    <TextField
      size="small"
      type="number"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      slotProps={{ htmlInput: { min: 0, step: 'any', 'aria-label': label, style: { textAlign: 'right' } } }}
      sx={{ width: 110 }}
    />
  );
}

/**
 * Adds a symbol (with optional shares and the price paid for them) to a list; the symbol box looks names up with
 * the app's symbol search ("microsoft" → MSFT). The row appears at once and goes if the server refuses.
 */
export function AddHoldingForm({ listId }: { listId: string }) {
  const [text, setText] = useState('');
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [add, { isLoading }] = useAddListItemMutation();
  const catalog = useAssetCatalog();
  const failed = useFailureToast();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const symbol = resolveSymbol(catalog.status === 'ready' ? catalog.catalog : null, text);
    const result = await add({
      listId,
      symbol,
      ...(quantity ? { quantity: Number(quantity) } : {}),
      ...(quantity && price ? { price: Number(price) } : {}),
    });
    if (!failed(result.error, `Adding ${symbol.toUpperCase()}`)) {
      setText('');
      setQuantity('');
      setPrice('');
    }
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
      <SymbolLookupField value={text} onChange={setText} testId="holding-symbol" />
      <TextField
        size="small"
        label="Shares"
        type="number"
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        slotProps={{ htmlInput: { min: 0, step: 'any', 'data-testid': 'holding-quantity' } }}
        sx={{ width: 120 }}
      />
      <TextField
        size="small"
        label="Price paid"
        type="number"
        value={price}
        disabled={!quantity}
        onChange={(event) => setPrice(event.target.value)}
        slotProps={{ htmlInput: { min: 0, step: 'any', 'data-testid': 'holding-paid' } }}
        sx={{ width: 130 }}
      />
      <Button type="submit" variant="outlined" disabled={isLoading || !text.trim()} data-testid="add-holding">
        Add
      </Button>
    </Box>
  );
}
