import type { ItemTransaction } from '@eh/contracts';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { useUpdateListItemMutation } from '../lists/index.ts';

type Kind = ItemTransaction['type'];
const KINDS: { kind: Kind; label: string }[] = [
  { kind: 'buy', label: 'Buy (cash pays)' },
  { kind: 'sell', label: 'Sell (cash receives)' },
  { kind: 'add', label: 'Add shares bought elsewhere' },
  { kind: 'dividend_pay', label: 'Dividend received' },
  { kind: 'comment', label: 'Comment' },
];

/** The transaction a form describes, or the field that is missing. */
export type Trade = { error: string } | { transaction: ItemTransaction };

export function tradeOf(
  kind: Kind,
  fields: { quantity: string; price: string; amount: string; comment: string },
): Trade {
  const quantity = Number(fields.quantity);
  const price = Number(fields.price);
  const amount = Number(fields.amount);
  switch (kind) {
    case 'buy':
    case 'sell':
      if (!(quantity > 0)) return { error: 'Enter how many shares.' };
      if (fields.price === '' || !(price >= 0)) return { error: 'Enter the price per share.' };
      return { transaction: { type: kind, quantity, price } };
    case 'add':
      if (!(quantity > 0)) return { error: 'Enter how many shares.' };
      return { transaction: { type: kind, quantity, ...(fields.price ? { price } : {}) } };
    case 'dividend_pay':
      if (!(amount > 0)) return { error: 'Enter the amount received.' };
      return { transaction: { type: kind, amount } };
    default:
      if (!fields.comment.trim()) return { error: 'Write the comment.' };
      return { transaction: { type: 'comment', comment: fields.comment.trim() } };
  }
}

/** Records a buy, sell, add, dividend or comment on a holding; cash moves on the server (SPEC §3 transactions). */
export function TradeDialog({ listId, symbol, onClose }: { listId: string; symbol: string; onClose: () => void }) {
  const [kind, setKind] = useState<Kind>('buy');
  const [fields, setFields] = useState({ quantity: '', price: '', amount: '', comment: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateListItemMutation();
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trade = tradeOf(kind, fields);
    if ('error' in trade) {
      setProblem(trade.error);
      return;
    }
    const result = await update({ listId, symbol, transaction: trade.transaction });
    if (result.error) setProblem(errorMessage(result.error));
    else onClose();
  };

  const needsShares = kind === 'buy' || kind === 'sell' || kind === 'add';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle>Record a transaction on {symbol}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {problem ? <Alert severity="error">{problem}</Alert> : null}
          <TextField select label="Type" value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
            {KINDS.map((option) => (
              <MenuItem key={option.kind} value={option.kind}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          {needsShares ? (
            <>
              <TextField label="Shares" type="number" value={fields.quantity} onChange={set('quantity')} />
              <TextField
                label={kind === 'add' ? 'Price per share (optional)' : 'Price per share'}
                type="number"
                value={fields.price}
                onChange={set('price')}
                slotProps={{ htmlInput: { min: 0, step: 'any' } }}
              />
            </>
          ) : null}
          {kind === 'dividend_pay' ? (
            <TextField label="Amount" type="number" value={fields.amount} onChange={set('amount')} />
          ) : null}
          {kind === 'comment' ? (
            <TextField label="Comment" multiline minRows={2} value={fields.comment} onChange={set('comment')} />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Record
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
