import {
  Box,
  Button,
  DialogActions,
  DialogContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useAppDispatch } from '../../shared/hooks.ts';
import { formatPrice } from '../../shared/market/format.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { symbolPath } from '../../shared/routes.ts';
import {
  AddHoldingForm,
  HoldingSharesField,
  NoHoldingsRow,
  QuantityField,
  RemoveHoldingButton,
  useFailureToast,
} from './holding-fields.tsx';
import { MissingList, useModalList } from './list-modals.tsx';
import { type AssetList, useUpdateListMutation } from './lists-api.ts';

/**
 * The manage-asset-list modal (SPEC §2): one list's symbols with their shares, adding and removing symbols, and
 * its cash. Every change is applied at once and undone, with a toast, if the server refuses (SPEC §4).
 */
export default function ManageAssetListModal({ entry, onClose }: ModalContentProps<'manageAssetList'>) {
  const { list, loading } = useModalList(entry);
  const seen = useRef(false);
  if (list) seen.current = true;
  // Deleted from its own delete button: the manage modal goes with the list.
  useEffect(() => {
    if (seen.current && !list) onClose();
  }, [list, onClose]);
  if (!list) return <MissingList onClose={onClose} loading={loading} />;
  return <ManageList list={list} onClose={onClose} />;
}

function ManageList({ list, onClose }: { list: AssetList; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const failed = useFailureToast();
  const [updateList] = useUpdateListMutation();
  const items = [...(list.items ?? [])].sort((a, b) => a.symbol.localeCompare(b.symbol));

  return (
    <>
      <DialogContent dividers data-testid="manage-asset-list" data-list={list.name}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h6" component="h3" sx={{ flex: '1 1 auto' }}>
            {list.name}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" color="text.secondary">
              Cash
            </Typography>
            <QuantityField
              key={list.cash}
              value={list.cash}
              label="Cash"
              onCommit={async (cash) => failed((await updateList({ id: list.id, cash })).error, 'Changing the cash')}
            />
          </Box>
        </Box>
        <AddHoldingForm listId={list.id} />
        <TableScroll label={`Symbols of ${list.name}`}>
          <Table size="small" aria-label={`Symbols of ${list.name}`}>
            <TableHead>
              <TableRow>
                <TableCell>Symbol</TableCell>
                <TableCell align="right">Shares</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.symbol} data-testid="manage-row" data-symbol={item.symbol}>
                  <TableCell>
                    <RouterLink to={symbolPath(item.symbol)} onClick={onClose}>
                      {item.symbol}
                    </RouterLink>
                  </TableCell>
                  <TableCell align="right">
                    <HoldingSharesField
                      listId={list.id}
                      symbol={item.symbol}
                      quantity={item.quantity}
                      label={`Shares of ${item.symbol}`}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ width: 48 }}>
                    <RemoveHoldingButton listId={list.id} symbol={item.symbol} />
                  </TableCell>
                </TableRow>
              ))}
              {items.length === 0 ? <NoHoldingsRow colSpan={3}>No symbols yet: add one above.</NoHoldingsRow> : null}
            </TableBody>
          </Table>
        </TableScroll>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {items.length} symbol{items.length === 1 ? '' : 's'} · cash {formatPrice(list.cash)}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button
          color="error"
          onClick={() => dispatch(modalOpened({ kind: 'deleteList', props: { listId: list.id } }))}
          sx={{ mr: 'auto' }}
        >
          Delete list
        </Button>
        <Button onClick={() => dispatch(modalOpened({ kind: 'editList', props: { listId: list.id } }))}>Rename</Button>
        <Button variant="contained" onClick={onClose} data-testid="manage-done">
          Done
        </Button>
      </DialogActions>
    </>
  );
}
