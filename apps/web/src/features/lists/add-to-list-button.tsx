import { listForAdd } from '@eh/domain';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { Button } from '@mui/material';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { type AssetList, LISTS_ARGS, useAddListItemMutation, useGetListsQuery } from './lists-api.ts';

/** Adds a symbol to a list, saying so in a toast (or that it failed and was undone). */
export function useAddToList(): { addTo: (list: AssetList, symbol: string) => Promise<void>; adding: boolean } {
  const dispatch = useAppDispatch();
  const [add, { isLoading }] = useAddListItemMutation();
  const addTo = async (list: AssetList, symbol: string) => {
    const display = symbol.toUpperCase();
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
  return { addTo, adding: isLoading };
}

/**
 * Adds the symbol to a list by the SPEC §5 rule: the user's only list at once, otherwise the choose-list modal
 * (which points to My Stocks when there is no list yet). Once a list holds the symbol, the button says in how
 * many and opens the list-select modal, where the symbol is added to or removed from each list.
 */
export function AddToListButton({ symbol }: { symbol: string }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelectorInTransition((state) => state.auth.status === 'signedIn');
  const authKnown = useAppSelectorInTransition((state) => state.auth.status !== 'unknown');
  const { data, isFetching } = useGetListsQuery(LISTS_ARGS, { skip: !signedIn });
  const { addTo, adding } = useAddToList();
  const display = symbol.toUpperCase();
  const lists = data?.lists ?? [];
  const holding = lists.filter((list) => list.items?.some((item) => item.symbol === display)).length;

  const onClick = () => {
    if (!signedIn) {
      dispatch(toastShown({ message: 'Please sign in to keep stock lists.', severity: 'error' }));
      return;
    }
    if (holding > 0) {
      dispatch(modalOpened({ kind: 'listSelect', props: { symbol: display } }));
      return;
    }
    const target = listForAdd(lists);
    const list = target.kind === 'list' ? lists.find((candidate) => candidate.id === target.listId) : undefined;
    if (list) void addTo(list, display);
    else if (target.kind === 'choose') dispatch(modalOpened({ kind: 'chooseList', props: { symbol: display } }));
  };

  return (
    <Button
      data-testid="add-to-list"
      size="small"
      variant="outlined"
      startIcon={holding > 0 ? <PlaylistAddCheckIcon /> : <PlaylistAddIcon />}
      aria-haspopup={holding > 0 ? 'dialog' : undefined}
      // The SPEC §5 rule needs the lists: until they are known a click could not tell one list from several.
      // Until the stored session is restored, a click would wrongly ask a signed-in reader to sign in.
      disabled={!authKnown || adding || (signedIn && (isFetching || !data))}
      onClick={onClick}
    >
      {holding > 0 ? `In ${holding} list${holding === 1 ? '' : 's'}` : 'Add to list'}
    </Button>
  );
}
