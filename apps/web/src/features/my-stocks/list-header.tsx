import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import type { AssetList } from '../lists/index.ts';

/** The list's name with its pin, manage, edit and delete actions. */
export function ListHeader({
  list,
  pinned,
  onPin,
}: {
  list: AssetList;
  pinned: boolean;
  onPin: (id: string | null) => void;
}) {
  const dispatch = useAppDispatch();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h5" component="h2" sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}>
        {list.name}
      </Typography>
      <Tooltip title={pinned ? 'Unpin this list' : 'Pin this list first'}>
        <IconButton aria-label={pinned ? 'Unpin list' : 'Pin list'} onClick={() => onPin(pinned ? null : list.id)}>
          {pinned ? <PushPinIcon /> : <PushPinOutlinedIcon />}
        </IconButton>
      </Tooltip>
      <Button
        size="small"
        onClick={() => dispatch(modalOpened({ kind: 'manageAssetList', props: { listId: list.id } }))}
        data-testid="manage-list"
      >
        Manage
      </Button>
      <Button
        size="small"
        onClick={() => dispatch(modalOpened({ kind: 'editList', props: { listId: list.id } }))}
        data-testid="edit-list"
      >
        Edit list
      </Button>
      <Button
        size="small"
        color="error"
        onClick={() => dispatch(modalOpened({ kind: 'deleteList', props: { listId: list.id } }))}
        data-testid="delete-list"
      >
        Delete list
      </Button>
    </Box>
  );
}
