import { listForAdd } from '@eh/domain';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../app/api.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { toastShown } from '../toasts/toasts-slice.ts';
import { type AssetList, LISTS_ARGS, useAddListItemMutation, useGetListsQuery } from './lists-api.ts';

/**
 * Adds the symbol to a list by the SPEC §5 rule: the user's only list at once, otherwise the choose-list dialog
 * (which points to My Stocks when there is no list yet).
 */
export function AddToListButton({ symbol }: { symbol: string }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const { data, isFetching } = useGetListsQuery(LISTS_ARGS, { skip: !signedIn });
  const [add, { isLoading }] = useAddListItemMutation();
  const [choosing, setChoosing] = useState(false);
  const display = symbol.toUpperCase();
  const lists = data?.lists ?? [];

  const addTo = async (list: AssetList) => {
    setChoosing(false);
    const result = await add({ listId: list.id, symbol: display });
    dispatch(
      result.error
        ? toastShown({
            message: `Adding ${display} failed and was undone: ${errorMessage(result.error)}`,
            severity: 'error',
          })
        : toastShown({ message: `Added ${display} to ${list.name}`, severity: 'success' }),
    );
  };

  const onClick = () => {
    if (!signedIn) {
      dispatch(toastShown({ message: 'Please sign in to keep stock lists.', severity: 'error' }));
      return;
    }
    const target = listForAdd(lists);
    const list = target.kind === 'list' ? lists.find((candidate) => candidate.id === target.listId) : undefined;
    if (list) void addTo(list);
    else if (target.kind === 'choose') setChoosing(true);
  };

  return (
    <>
      <Button
        data-testid="add-to-list"
        size="small"
        variant="outlined"
        startIcon={<PlaylistAddIcon />}
        // The SPEC §5 rule needs the lists: until they are known a click could not tell one list from several.
        disabled={isLoading || (signedIn && (isFetching || !data))}
        onClick={onClick}
      >
        Add to list
      </Button>
      <Dialog open={choosing} onClose={() => setChoosing(false)} fullWidth maxWidth="xs">
        <DialogTitle>Add {display} to a list</DialogTitle>
        <DialogContent>
          {lists.length === 0 ? (
            <Typography color="text.secondary">You have no list yet.</Typography>
          ) : (
            <List data-testid="choose-list">
              {lists.map((list) => {
                const holds = list.items?.some((item) => item.symbol === display) ?? false;
                return (
                  <ListItemButton key={list.id} disabled={holds} onClick={() => addTo(list)}>
                    <ListItemText primary={list.name} secondary={holds ? `Already holds ${display}` : null} />
                  </ListItemButton>
                );
              })}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button component={RouterLink} to="/my-stocks" onClick={() => setChoosing(false)}>
            {lists.length === 0 ? 'Create a list' : 'Manage lists'}
          </Button>
          <Button onClick={() => setChoosing(false)}>Cancel</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
