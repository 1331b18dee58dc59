import {
  CHART_RANGES,
  type ChartRange,
  canCreateList,
  type HoldingFigures,
  listFigures,
  listPerformance,
  nyDate,
  portfolioRangeStart,
} from '@eh/domain';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  MenuItem,
  Skeleton,
  Switch,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  Tabs,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { type FormEvent, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type ApiError, errorMessage, errorStatus } from '../../app/api.ts';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { type PerformanceType, preferences } from '../../app/preferences.ts';
import { symbolPath } from '../../app/routes.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { AlertsPanel } from '../alerts/alerts-panel.tsx';
import {
  type AssetList,
  LISTS_ARGS,
  useAddListItemMutation,
  useCreateListMutation,
  useDeleteListMutation,
  useGetListsQuery,
  useGetListTransactionsQuery,
  useGetOhlcOnQuery,
  useRemoveListItemMutation,
  useUpdateListItemMutation,
  useUpdateListMutation,
} from '../lists/lists-api.ts';
import { formatChange, formatPercent, formatPrice } from '../market/format.ts';
import { useGetQuotesQuery } from '../market/market-api.ts';
import { useGetMeQuery } from '../profile/users-api.ts';
import { UpgradePrompt } from '../quote/upgrade-prompt.tsx';
import { toastShown } from '../toasts/toasts-slice.ts';
import { TradeDialog } from './trade-dialog.tsx';

type SortKey = 'symbol' | 'quantity' | 'price' | 'value' | 'dayChange';
interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

const SORT_COLUMNS: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'symbol', label: 'Symbol', numeric: false },
  { key: 'quantity', label: 'Shares', numeric: true },
  { key: 'price', label: 'Price', numeric: true },
  { key: 'value', label: 'Value', numeric: true },
  { key: 'dayChange', label: 'Day change', numeric: true },
];

/** Holdings in the chosen order; rows without the figure (no quote) go last whatever the direction. */
function sortHoldings(rows: HoldingFigures[], sort: SortState): HoldingFigures[] {
  const key = (SORT_COLUMNS.find((column) => column.key === sort.key)?.key ?? 'value') as SortKey;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (key === 'symbol') return sign * a.symbol.localeCompare(b.symbol);
    const x = a[key];
    const y = b[key];
    if (x === null && y === null) return a.symbol.localeCompare(b.symbol);
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (x - y) || a.symbol.localeCompare(b.symbol);
  });
}

/** The price column gives way on phones: value and day change matter more there. */
const PHONE_HIDDEN = { display: { xs: 'none', sm: 'table-cell' } } as const;

function changeColor(value: number | null | undefined) {
  if (!value) return 'text.secondary';
  return value > 0 ? 'success.main' : 'error.main';
}

/** The pinned list first, then the others in creation order. */
function orderLists(lists: AssetList[], pinnedId: string | null): AssetList[] {
  const pinned = lists.find((list) => list.id === pinnedId || list.pinned);
  return pinned ? [pinned, ...lists.filter((list) => list !== pinned)] : lists;
}

function useFailureToast() {
  const dispatch = useAppDispatch();
  return (error: ApiError | undefined, what: string) => {
    if (!error) return false;
    // SPEC §8: the optimistic change was undone; say so.
    dispatch(toastShown({ message: `${what} failed and was undone: ${errorMessage(error)}`, severity: 'error' }));
    return true;
  };
}

export default function MyStocksPage() {
  useDocumentMeta('My Stocks', 'Your stock lists, holdings and how they do.');
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const authKnown = useAppSelector((state) => state.auth.status !== 'unknown');
  if (!authKnown) return <PageFrame title="My Stocks">{<Skeleton height={200} />}</PageFrame>;
  if (!signedIn) {
    return (
      <PageFrame
        title="My Stocks"
        description="Keep lists of the stocks you follow and hold, with their value and performance."
      >
        <Button component={RouterLink} to="/signin" variant="contained">
          Sign in to see your lists
        </Button>
      </PageFrame>
    );
  }
  return <SignedInMyStocks />;
}

function SignedInMyStocks() {
  const { data, isLoading, error } = useGetListsQuery(LISTS_ARGS);
  const { data: me } = useGetMeQuery();
  const [selected, setSelected] = useState<string | null>(() => preferences.get('selectedListId'));
  const [pinnedId, setPinnedId] = useState<string | null>(() => preferences.get('pinnedPortfolio'));
  const [creating, setCreating] = useState(false);
  const lists = orderLists(data?.lists ?? [], pinnedId);
  const current = lists.find((list) => list.id === selected) ?? lists[0];
  const listLimit = data?.listLimit ?? me?.accountFeatures.listLimit ?? 1;
  const mayCreate = canCreateList({ listLimit }, lists.length);

  const choose = (id: string) => {
    setSelected(id);
    preferences.set('selectedListId', id);
  };
  const pin = (id: string | null) => {
    setPinnedId(id);
    preferences.set('pinnedPortfolio', id);
  };

  return (
    <PageFrame
      title="My Stocks"
      aside={
        <Button variant="contained" data-testid="new-list" onClick={() => setCreating(true)}>
          New list
        </Button>
      }
    >
      {error ? <Alert severity="error">{errorMessage(error as ApiError)}</Alert> : null}
      {isLoading ? <Skeleton height={240} /> : null}
      {creating ? (
        <CreateListDialog
          mayCreate={mayCreate}
          onClose={(id) => {
            setCreating(false);
            if (id) choose(id);
          }}
        />
      ) : null}
      {data && lists.length === 0 ? (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6">No lists yet</Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Create a list for the stocks you follow or hold.
            </Typography>
            <Button variant="outlined" onClick={() => setCreating(true)}>
              Create a list
            </Button>
          </CardContent>
        </Card>
      ) : null}
      {lists.length > 0 && current ? (
        <>
          <Tabs
            value={current.id}
            onChange={(_event, id: string) => choose(id)}
            variant="scrollable"
            sx={{ mb: 2 }}
            aria-label="Your lists"
          >
            {lists.map((list) => (
              <Tab key={list.id} value={list.id} label={list.name} data-testid="list-tab" />
            ))}
          </Tabs>
          <ListPanel list={current} pinned={current.id === pinnedId} onPin={pin} />
        </>
      ) : null}
      {data ? <AlertsPanel /> : null}
    </PageFrame>
  );
}

function CreateListDialog({ mayCreate, onClose }: { mayCreate: boolean; onClose: (id?: string) => void }) {
  const [name, setName] = useState('');
  const [cash, setCash] = useState('');
  const [create, { isLoading, error }] = useCreateListMutation();
  const refusedByPlan = errorStatus(error) === 403;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ name, ...(cash ? { cash: Number(cash) } : {}) });
    if (result.data) onClose(result.data.id);
  };
  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle>New list</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {!mayCreate || refusedByPlan ? (
            <UpgradePrompt
              gate={{ feature: 'multipleAssetLists', hidden: 0 }}
              note={error ? errorMessage(error) : 'Your plan includes one list.'}
            />
          ) : null}
          {error && !refusedByPlan ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
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
          <Button onClick={() => onClose()}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isLoading || !name.trim()} data-testid="create-list">
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ListPanel({ list, pinned, onPin }: { list: AssetList; pinned: boolean; onPin: (id: string | null) => void }) {
  const failed = useFailureToast();
  const [showCash, setShowCash] = useState(() => preferences.get('showCash'));
  const [range, setRange] = useState<ChartRange>(() => preferences.get('portfolioRange'));
  const [performanceType, setPerformanceType] = useState<PerformanceType>(() => preferences.get('performanceType'));
  const [sort, setSort] = useState<SortState>(() => preferences.get('holdingsSort'));
  const [editing, setEditing] = useState(false);
  const [trading, setTrading] = useState<string | null>(null);
  const [updateItem] = useUpdateListItemMutation();
  const [removeItem] = useRemoveListItemMutation();
  const [deleteList] = useDeleteListMutation();
  const items = list.items ?? [];

  const stocks = items.filter((item) => item.assetType === 'stock').map((item) => item.symbol);
  const cryptos = items.filter((item) => item.assetType === 'crypto').map((item) => item.symbol);
  const otcs = items.filter((item) => item.assetType === 'otc').map((item) => item.symbol);
  const assetArgs = {
    ...(stocks.length ? { stocks: stocks.join(',') } : {}),
    ...(cryptos.length ? { cryptos: cryptos.join(',') } : {}),
    ...(otcs.length ? { otcs: otcs.join(',') } : {}),
  };
  const none = items.length === 0;
  const { data: quotes } = useGetQuotesQuery(assetArgs, { skip: none, pollingInterval: 60_000 });
  const today = nyDate(Date.now());
  const start = portfolioRangeStart(range, today, list.createdAt.slice(0, 10));
  const { data: startBars } = useGetOhlcOnQuery({ ...assetArgs, date: start }, { skip: none });
  const { data: history } = useGetListTransactionsQuery({ listId: list.id });

  const prices = useMemo(
    () =>
      new Map(
        (quotes?.quotes ?? []).map((quote) => [quote.symbol, { price: quote.price, prevClose: quote.prevClose }]),
      ),
    [quotes],
  );
  const figures = listFigures(items, prices, list.cash, showCash);
  const performance = useMemo(
    () =>
      history
        ? listPerformance({
            items,
            cash: list.cash,
            transactions: history.transactions,
            start: `${start}T23:59:59Z`,
            startCloses: new Map((startBars?.bars ?? []).map((bar) => [bar.symbol, bar.close])),
            prices: new Map([...prices].map(([symbol, quote]) => [symbol, quote.price])),
          })
        : null,
    [history, items, list.cash, start, startBars, prices],
  );
  const rows = sortHoldings(figures.holdings, sort);

  const chooseSort = (key: SortKey) => {
    const next: SortState = { key, direction: sort.key === key && sort.direction === 'desc' ? 'asc' : 'desc' };
    setSort(next);
    preferences.set('holdingsSort', next);
  };

  return (
    <Box data-testid="list-panel">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h2" sx={{ flex: '1 1 auto' }}>
          {list.name}
        </Typography>
        <Tooltip title={pinned ? 'Unpin this list' : 'Pin this list first'}>
          <IconButton aria-label={pinned ? 'Unpin list' : 'Pin list'} onClick={() => onPin(pinned ? null : list.id)}>
            {pinned ? <PushPinIcon /> : <PushPinOutlinedIcon />}
          </IconButton>
        </Tooltip>
        <Button size="small" onClick={() => setEditing(true)} data-testid="edit-list">
          Edit list
        </Button>
        <Button
          size="small"
          color="error"
          onClick={async () => {
            if (!window.confirm(`Delete the list ${list.name}?`)) return;
            failed((await deleteList({ id: list.id })).error, 'Deleting the list');
          }}
        >
          Delete list
        </Button>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          gap: 2,
          mb: 3,
        }}
      >
        <Figure label="Value" testId="list-value" value={formatPrice(figures.value)} />
        <Figure
          label="Day change"
          testId="list-day-change"
          value={`${formatChange(figures.dayChange)} (${formatPercent(figures.dayChangePercent)})`}
          color={changeColor(figures.dayChange)}
        />
        <Figure
          label={`Performance (${range})`}
          testId="list-performance"
          value={
            performance
              ? performanceType === 'dollar'
                ? formatChange(performance.dollars)
                : formatPercent(performance.percent)
              : '—'
          }
          color={changeColor(performance?.dollars)}
        />
        <Figure label="Cash" testId="list-cash-value" value={formatPrice(list.cash)} />
      </Box>

      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          select
          size="small"
          label="Range"
          value={range}
          onChange={(event) => {
            const next = event.target.value as ChartRange;
            setRange(next);
            preferences.set('portfolioRange', next);
          }}
        >
          {CHART_RANGES.map((value) => (
            <MenuItem key={value} value={value}>
              {value.toUpperCase()}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={performanceType}
          onChange={(_event, next: PerformanceType | null) => {
            if (!next) return;
            setPerformanceType(next);
            preferences.set('performanceType', next);
          }}
          aria-label="Performance in"
        >
          <ToggleButton value="dollar">$</ToggleButton>
          <ToggleButton value="percent">%</ToggleButton>
        </ToggleButtonGroup>
        <FormControlLabel
          control={
            <Switch
              checked={showCash}
              onChange={(event) => {
                setShowCash(event.target.checked);
                preferences.set('showCash', event.target.checked);
              }}
            />
          }
          label="Include cash"
        />
      </Box>

      <AddHoldingForm listId={list.id} />

      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={`Holdings of ${list.name}`}>
          <TableHead>
            <TableRow>
              {SORT_COLUMNS.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.numeric ? 'right' : 'left'}
                  sx={column.key === 'price' ? PHONE_HIDDEN : undefined}
                >
                  <TableSortLabel
                    active={sort.key === column.key}
                    direction={sort.key === column.key ? sort.direction : 'desc'}
                    onClick={() => chooseSort(column.key)}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.symbol} data-testid="holding-row" data-symbol={row.symbol}>
                <TableCell>
                  <RouterLink to={symbolPath(row.symbol)}>{row.symbol}</RouterLink>
                </TableCell>
                <TableCell align="right">
                  <QuantityField
                    // A new quantity from the server (a trade, an undo) resets what the field shows.
                    key={row.quantity}
                    value={row.quantity}
                    onCommit={async (quantity) =>
                      failed(
                        (await updateItem({ listId: list.id, symbol: row.symbol, quantity })).error,
                        'Changing the shares',
                      )
                    }
                  />
                </TableCell>
                <TableCell align="right" sx={PHONE_HIDDEN}>
                  {row.price === null ? '—' : formatPrice(row.price)}
                </TableCell>
                <TableCell align="right" data-testid="holding-value">
                  {row.value === null ? '—' : formatPrice(row.value)}
                </TableCell>
                <TableCell align="right" sx={{ color: changeColor(row.dayChange) }}>
                  {row.dayChange === null
                    ? '—'
                    : `${formatChange(row.dayChange)} (${formatPercent(row.dayChangePercent)})`}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => setTrading(row.symbol)} data-testid="trade">
                    Trade
                  </Button>
                  <IconButton
                    size="small"
                    aria-label={`Remove ${row.symbol}`}
                    onClick={async () =>
                      failed((await removeItem({ listId: list.id, symbol: row.symbol })).error, 'Removing the stock')
                    }
                  >
                    <DeleteOutlinedIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>
                  <Typography color="text.secondary">No stocks in this list yet: add one above.</Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Box>
      {editing ? <EditListDialog list={list} onClose={() => setEditing(false)} /> : null}
      {trading ? <TradeDialog listId={list.id} symbol={trading} onClose={() => setTrading(null)} /> : null}
    </Box>
  );
}

function Figure({ label, value, color, testId }: { label: string; value: string; color?: string; testId: string }) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" data-testid={testId} sx={{ color, fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function QuantityField({ value, onCommit }: { value: number; onCommit: (quantity: number) => unknown }) {
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
      slotProps={{ htmlInput: { min: 0, step: 'any', 'aria-label': 'Shares', style: { textAlign: 'right' } } }}
      sx={{ width: 110 }}
    />
  );
}

function AddHoldingForm({ listId }: { listId: string }) {
  const [symbol, setSymbol] = useState('');
  const [quantity, setQuantity] = useState('');
  const [add, { isLoading }] = useAddListItemMutation();
  const failed = useFailureToast();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await add({
      listId,
      symbol: symbol.trim(),
      ...(quantity ? { quantity: Number(quantity) } : {}),
    });
    if (!failed(result.error, `Adding ${symbol.trim().toUpperCase()}`)) {
      setSymbol('');
      setQuantity('');
    }
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
      <TextField
        size="small"
        label="Symbol"
        value={symbol}
        onChange={(event) => setSymbol(event.target.value)}
        required
        slotProps={{ htmlInput: { 'data-testid': 'holding-symbol', maxLength: 20 } }}
      />
      <TextField
        size="small"
        label="Shares"
        type="number"
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        slotProps={{ htmlInput: { min: 0, step: 'any', 'data-testid': 'holding-quantity' } }}
      />
      <Button type="submit" variant="outlined" disabled={isLoading || !symbol.trim()} data-testid="add-holding">
        Add
      </Button>
    </Box>
  );
}

/** SPEC §5: the name is sent only when set, cash only when given. */
function EditListDialog({ list, onClose }: { list: AssetList; onClose: () => void }) {
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
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle>Edit list</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 80, 'data-testid': 'edit-list-name' } }}
          />
          <TextField
            label="Cash"
            type="number"
            value={cash}
            onChange={(event) => setCash(event.target.value)}
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
    </Dialog>
  );
}
