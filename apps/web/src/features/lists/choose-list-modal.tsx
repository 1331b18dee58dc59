import { Button, DialogActions, DialogContent, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useAppSelectorInTransition } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { useAddToList } from './add-to-list-button.tsx';
import { type AssetList, LISTS_ARGS, useGetListsQuery } from './lists-api.ts';

/**
 * The choose-list modal (SPEC §5): which of the user's lists a symbol goes to, lists already holding it shown
 * but not choosable; with no list yet, a way to My Stocks to create one.
 */
export default function ChooseListModal({ entry, onClose }: ModalContentProps<'chooseList'>) {
  const display = typeof entry.props.symbol === 'string' ? entry.props.symbol.toUpperCase() : '';
  const signedIn = useAppSelectorInTransition((state) => state.auth.status === 'signedIn');
  const { data } = useGetListsQuery(LISTS_ARGS, { skip: !signedIn });
  const { addTo } = useAddToList();
  const lists = data?.lists ?? [];

  const choose = (list: AssetList) => {
    onClose();
    void addTo(list, display);
  };

  return (
    <>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Add {display} to:
        </Typography>
        {lists.length === 0 ? (
          <Typography color="text.secondary">You have no list yet.</Typography>
        ) : (
          <List data-testid="choose-list">
            {lists.map((list) => {
              const holds = list.items?.some((item) => item.symbol === display) ?? false;
              return (
                <ListItemButton key={list.id} disabled={holds || !display} onClick={() => choose(list)}>
                  <ListItemText primary={list.name} secondary={holds ? `Already holds ${display}` : null} />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button component={RouterLink} to="/my-stocks" onClick={onClose}>
          {lists.length === 0 ? 'Create a list' : 'Manage lists'}
        </Button>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </>
  );
}
