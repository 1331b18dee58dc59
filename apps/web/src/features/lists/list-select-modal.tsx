import {
  Button,
  Checkbox,
  DialogActions,
  DialogContent,
  FormControlLabel,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import { useAppDispatch } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { useFailureToast } from './holding-fields.tsx';
import { useNewList } from './list-limit.ts';
import {
  type AssetList,
  LISTS_ARGS,
  useAddListItemMutation,
  useGetListsQuery,
  useRemoveListItemMutation,
} from './lists-api.ts';

/**
 * The list-select modal (SPEC §2): which of the user's lists hold a symbol. Each checkbox adds or removes the
 * symbol's item in that list at once (SPEC §4: undone, and said, on failure), so moving a symbol is one
 * uncheck and one check. A removed item takes its shares with it; the toast says so.
 */
export default function ListSelectModal({ entry, onClose }: ModalContentProps<'listSelect'>) {
  const dispatch = useAppDispatch();
  const symbol = typeof entry.props.symbol === 'string' ? entry.props.symbol.toUpperCase() : '';
  const { data, isLoading } = useGetListsQuery(LISTS_ARGS);
  const [add] = useAddListItemMutation();
  const [remove] = useRemoveListItemMutation();
  const failed = useFailureToast();
  const { openNewList } = useNewList();
  const lists = data?.lists ?? [];

  const toggle = async (list: AssetList, holds: boolean) => {
    if (holds) {
      const shares = list.items?.find((item) => item.symbol === symbol)?.quantity ?? 0;
      const result = await remove({ listId: list.id, symbol });
      if (!failed(result.error, `Removing ${symbol} from ${list.name}`)) {
        dispatch(
          toastShown({
            message: `Removed ${symbol} from ${list.name}${shares ? ` (${shares} shares)` : ''}`,
            severity: 'success',
          }),
        );
      }
      return;
    }
    const result = await add({ listId: list.id, symbol });
    if (!failed(result.error, `Adding ${symbol} to ${list.name}`)) {
      dispatch(toastShown({ message: `Added ${symbol} to ${list.name}`, severity: 'success' }));
    }
  };

  return (
    <>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Lists that hold {symbol}:
        </Typography>
        {isLoading ? <Typography color="text.secondary">Loading your lists…</Typography> : null}
        {data && lists.length === 0 ? <Typography color="text.secondary">You have no list yet.</Typography> : null}
        <List data-testid="list-select" dense>
          {lists.map((list) => {
            const holds = list.items?.some((item) => item.symbol === symbol) ?? false;
            const count = list.items?.length ?? 0;
            return (
              <ListItem
                key={list.id}
                disablePadding
                secondaryAction={
                  <Typography variant="body2" color="text.secondary">
                    {count} symbol{count === 1 ? '' : 's'}
                  </Typography>
                }
              >
                <FormControlLabel
                  sx={{ flex: '1 1 auto', mx: 0, pr: 10 }}
                  control={<Checkbox checked={holds} disabled={!symbol} onChange={() => void toggle(list, holds)} />}
                  label={list.name}
                />
              </ListItem>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={openNewList} sx={{ mr: 'auto' }}>
          New list
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="list-select-done">
          Done
        </Button>
      </DialogActions>
    </>
  );
}
