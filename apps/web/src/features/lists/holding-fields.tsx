import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type ApiError, errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { resolveSymbol, SymbolLookupField, useAssetCatalog } from '../search/index.ts';
import { useAddListItemMutation, useRemoveListItemMutation, useUpdateListItemMutation } from './lists-api.ts';

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

/** A holding's shares in a list, changed in place; a refused change is undone with a toast. */
export function HoldingSharesField({
  listId,
  symbol,
  quantity,
  label,
}: {
  listId: string;
  symbol: string;
  quantity: number;
  label?: string;
}) {
  const failed = useFailureToast();
  const [updateItem] = useUpdateListItemMutation();
  return (
    <QuantityField
      // A new quantity from the server (a trade, an undo) resets what the field shows.
      key={quantity}
      value={quantity}
      {...(label ? { label } : {})}
      onCommit={async (next) =>
        failed((await updateItem({ listId, symbol, quantity: next })).error, 'Changing the shares')
      }
    />
  );
}

/** Removes a symbol from a list at once; a refused removal puts it back with a toast. */
export function RemoveHoldingButton({ listId, symbol }: { listId: string; symbol: string }) {
  const failed = useFailureToast();
  const [removeItem] = useRemoveListItemMutation();
  return (
    <IconButton
      size="small"
      aria-label={`Remove ${symbol}`}
      onClick={async () => failed((await removeItem({ listId, symbol })).error, 'Removing the stock')}
    >
      <DeleteOutlinedIcon fontSize="small" />
    </IconButton>
  );
}

/** The one row of a list's table while it holds nothing. */
export function NoHoldingsRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan}>
        <Typography color="text.secondary">{children}</Typography>
      </TableCell>
    </TableRow>
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
