import { Alert, Button, DialogActions, DialogContent, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { errorMessage, errorStatus } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { preferences } from '../../shared/preferences.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { useFailureToast } from './holding-fields.tsx';
import { upgradeForLists } from './list-limit.ts';
import {
  type AssetList,
  LISTS_ARGS,
  useCreateListMutation,
  useDeleteListMutation,
  useGetListsQuery,
  useUpdateListMutation,
} from './lists-api.ts';

/** The list a modal was opened for (`props.listId`), from the cached lists. */
export function useModalList(entry: ModalContentProps<'editList' | 'deleteList' | 'manageAssetList'>['entry']): {
  list: AssetList | undefined;
  loading: boolean;
} {
  const listId = typeof entry.props.listId === 'string' ? entry.props.listId : '';
  const { data, isLoading } = useGetListsQuery(LISTS_ARGS);
  return { list: data?.lists.find((candidate) => candidate.id === listId), loading: isLoading };
}

/** A list modal whose list is still loading, or has gone. */
export function MissingList({ onClose, loading }: { onClose: () => void; loading: boolean }) {
  return (
    <>
      <DialogContent>
        <Typography color="text.secondary">
          {loading ? 'Loading your lists…' : 'This list no longer exists.'}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}

/**
 * The create-list modal. A refusal by the plan's list limit (403) opens the upgrade modal on top and keeps the
 * server's message in view; a new list becomes the selected one.
 */
function CreateListContent({ onClose }: ModalContentProps<'createList'>) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState('');
  const [cash, setCash] = useState('');
  const [create, { isLoading, error }] = useCreateListMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ name: name.trim(), ...(cash ? { cash: Number(cash) } : {}) });
    if (result.data) {
      preferences.set('selectedListId', result.data.id);
      dispatch(toastShown({ message: `Created ${result.data.name}`, severity: 'success' }));
      onClose();
    } else if (errorStatus(result.error) === 403) {
      dispatch(upgradeForLists());
    }
  };
  return (
    <form onSubmit={submit} data-testid="create-list-form">
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {error ? (
          <Alert severity={errorStatus(error) === 403 ? 'warning' : 'error'}>{errorMessage(error)}</Alert>
        ) : null}
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'list-name' } }}
        />
        <TextField
          label="Cash (optional)"
          type="number"
          value={cash}
          onChange={(event) => setCash(event.target.value)}
          slotProps={{ htmlInput: { min: 0, step: '0.01', 'data-testid': 'list-cash' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={isLoading || !name.trim()} data-testid="create-list">
          Create
        </Button>
      </DialogActions>
    </form>
  );
}

/** The edit-list modal. SPEC §5: the name is sent only when set, cash only when given. */
function EditListContent({ entry, onClose }: ModalContentProps<'editList'>) {
  const { list, loading } = useModalList(entry);
  if (!list) return <MissingList onClose={onClose} loading={loading} />;
  return <EditListForm list={list} onClose={onClose} />;
}

function EditListForm({ list, onClose }: { list: AssetList; onClose: () => void }) {
  const [name, setName] = useState(list.name);
  const [cash, setCash] = useState(String(list.cash));
  const [update] = useUpdateListMutation();
  const failed = useFailureToast();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    onClose();
    const trimmed = name.trim();
    const result = await update({
      id: list.id,
      ...(trimmed && trimmed !== list.name ? { name: trimmed } : {}),
      ...(cash !== '' && Number(cash) !== list.cash ? { cash: Number(cash) } : {}),
    });
    failed(result.error, 'Updating the list');
  };
  return (
    <form onSubmit={submit}>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoFocus
          slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'edit-list-name' } }}
        />
        <TextField
          label="Cash"
          type="number"
          value={cash}
          onChange={(event) => setCash(event.target.value)}
          helperText="A change is recorded as a deposit or a withdrawal."
          slotProps={{ htmlInput: { min: 0, step: '0.01', 'data-testid': 'edit-list-cash' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" data-testid="save-list">
          Save
        </Button>
      </DialogActions>
    </form>
  );
}

/** The delete-list modal: says what goes with the list, then deletes it (undone, and said, if refused). */
function DeleteListContent({ entry, onClose }: ModalContentProps<'deleteList'>) {
  const { list, loading } = useModalList(entry);
  const [remove] = useDeleteListMutation();
  const failed = useFailureToast();
  if (!list) return <MissingList onClose={onClose} loading={loading} />;
  const count = list.items?.length ?? 0;
  const confirm = async () => {
    onClose();
    const result = await remove({ id: list.id });
    if (!failed(result.error, `Deleting ${list.name}`) && preferences.get('selectedListId') === list.id) {
      preferences.set('selectedListId', null);
    }
  };
  return (
    <>
      <DialogContent>
        <Typography>
          Delete <strong>{list.name}</strong>?
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {count === 0
            ? 'The list is empty.'
            : `Its ${count} holding${count === 1 ? '' : 's'} and its cash go with it.`}{' '}
          Your alerts stay.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={confirm} data-testid="confirm-delete-list">
          Delete list
        </Button>
      </DialogActions>
    </>
  );
}

/** The create, edit and delete list modals of SPEC §2, by kind. */
export default function ListModal({ entry, onClose }: ModalContentProps<'createList' | 'editList' | 'deleteList'>) {
  switch (entry.kind) {
    case 'editList':
      return <EditListContent entry={entry} onClose={onClose} />;
    case 'deleteList':
      return <DeleteListContent entry={entry} onClose={onClose} />;
    default:
      return <CreateListContent entry={entry} onClose={onClose} />;
  }
}
