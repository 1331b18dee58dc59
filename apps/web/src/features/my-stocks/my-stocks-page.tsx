import {
  CHART_RANGES,
  type ChartRange,
  type HoldingFigures,
  listFigures,
  listPerformance,
  nyDate,
  portfolioRangeStart,
} from '@eh/domain';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
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
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type ApiError, errorMessage } from '../../app/api.ts';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { useAppDispatch, useAppSelectorInTransition } from '../../app/hooks.ts';
import { type PerformanceType, preferences } from '../../app/preferences.ts';
import { symbolPath } from '../../app/routes.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useGetAlertsQuery } from '../alerts/alerts-api.ts';
import { AlertsPanel } from '../alerts/alerts-panel.tsx';
import { AddHoldingForm, QuantityField, useFailureToast } from '../lists/holding-fields.tsx';
import { useNewList } from '../lists/list-limit.ts';
import {
  type AssetList,
  LISTS_ARGS,
  useGetListsQuery,
  useGetListTransactionsQuery,
  useGetOhlcOnQuery,
  useRemoveListItemMutation,
  useUpdateListItemMutation,
} from '../lists/lists-api.ts';
import { formatMoneyChange, formatPercent, formatPrice } from '../market/format.ts';
import { useGetQuotesQuery } from '../market/market-api.ts';
import { modalOpened } from '../modals/modals-slice.ts';
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

/**
 * SPEC §3 "hidden details by list": the holding details a list can hide (shares, and every dollar amount;
 * percentages stay), stored by list id in the `hiddenDetailsByList` preference.
 */
const HOLDING_DETAILS = ['shares', 'amounts'] as const;
const MASK = '•••';

function useHiddenDetails(listId: string): [boolean, (hidden: boolean) => void] {
  const [byList, setByList] = useState(() => preferences.get('hiddenDetailsByList'));
  const hidden = (byList[listId]?.length ?? 0) > 0;
  const setHidden = (next: boolean) => {
    const { [listId]: _previous, ...others } = byList;
    const updated = next ? { ...others, [listId]: [...HOLDING_DETAILS] } : others;
    setByList(updated);
    preferences.set('hiddenDetailsByList', updated);
  };
  return [hidden, setHidden];
}

/** How many of a list's symbols the user has alerts on, from the user's alerts (one cached query). */
function useAlertedSymbols(): Set<string> {
  const { data } = useGetAlertsQuery();
  return useMemo(() => new Set((data?.alerts ?? []).map((alert) => alert.symbol)), [data]);
}

function alertedIn(list: AssetList, alerted: Set<string>): number {
  return (list.items ?? []).filter((item) => alerted.has(item.symbol)).length;
}

export default function MyStocksPage() {
  useDocumentMeta('My Stocks', 'Your stock lists, holdings and how they do.');
  const signedIn = useAppSelectorInTransition((state) => state.auth.status === 'signedIn');
  const authKnown = useAppSelectorInTransition((state) => state.auth.status !== 'unknown');
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
  const [selected, setSelected] = useState<string | null>(() => preferences.get('selectedListId'));
  const [pinnedId, setPinnedId] = useState<string | null>(() => preferences.get('pinnedPortfolio'));
  const { openNewList } = useNewList();
  const alerted = useAlertedSymbols();
  const lists = orderLists(data?.lists ?? [], pinnedId);
  const current = lists.find((list) => list.id === selected) ?? lists[0];

  // A list created here (the create-list modal) becomes the shown one.
  const knownIds = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!data) return;
    const ids = new Set(data.lists.map((list) => list.id));
    const created = knownIds.current ? data.lists.find((list) => !knownIds.current?.has(list.id)) : undefined;
    knownIds.current = ids;
    if (created && !created.id.startsWith('optimistic')) setSelected(created.id);
  }, [data]);

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
        <Button variant="contained" data-testid="new-list" onClick={openNewList}>
          New list
        </Button>
      }
    >
      {error ? <Alert severity="error">{errorMessage(error as ApiError)}</Alert> : null}
      {isLoading ? <Skeleton height={240} /> : null}
      {data && lists.length === 0 ? (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6">No lists yet</Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Create a list for the stocks you follow or hold.
            </Typography>
            <Button variant="outlined" onClick={openNewList}>
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
            {lists.map((list) => {
              const withAlerts = alertedIn(list, alerted);
              return (
                <Tab
                  key={list.id}
                  value={list.id}
                  data-testid="list-tab"
                  aria-label={list.name}
                  iconPosition="end"
                  icon={
                    withAlerts ? (
                      <Chip
                        size="small"
                        data-testid="list-alert-count"
                        data-count={withAlerts}
                        icon={<NotificationsActiveOutlinedIcon />}
                        label={withAlerts}
                        title={`${withAlerts} of its symbols on alerts`}
                        sx={{ height: 20, '& .MuiChip-label': { px: 0.75 } }}
                      />
                    ) : undefined
                  }
                  label={list.name}
                  sx={{ minHeight: 48 }}
                />
              );
            })}
          </Tabs>
          <ListPanel
            key={current.id}
            list={current}
            pinned={current.id === pinnedId}
            onPin={pin}
            withAlerts={alertedIn(current, alerted)}
          />
        </>
      ) : null}
      {data ? <AlertsPanel /> : null}
    </PageFrame>
  );
}

function ListPanel({
  list,
  pinned,
  onPin,
  withAlerts,
}: {
  list: AssetList;
  pinned: boolean;
  onPin: (id: string | null) => void;
  withAlerts: number;
}) {
  const dispatch = useAppDispatch();
  const failed = useFailureToast();
  const [detailsHidden, setDetailsHidden] = useHiddenDetails(list.id);
  const amount = (text: string) => (detailsHidden ? MASK : text);
  const [showCash, setShowCash] = useState(() => preferences.get('showCash'));
  const [range, setRange] = useState<ChartRange>(() => preferences.get('portfolioRange'));
  const [performanceType, setPerformanceType] = useState<PerformanceType>(() => preferences.get('performanceType'));
  const [sort, setSort] = useState<SortState>(() => preferences.get('holdingsSort'));
  const [trading, setTrading] = useState<string | null>(null);
  const [updateItem] = useUpdateListItemMutation();
  const [removeItem] = useRemoveListItemMutation();
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

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          gap: 2,
          mb: 3,
        }}
      >
        <Figure label="Value" testId="list-value" value={amount(formatPrice(figures.value))} />
        <Figure
          label="Day change"
          testId="list-day-change"
          value={
            detailsHidden
              ? formatPercent(figures.dayChangePercent)
              : `${formatMoneyChange(figures.dayChange)} (${formatPercent(figures.dayChangePercent)})`
          }
          color={changeColor(figures.dayChange)}
        />
        <Figure
          label={`Performance (${range})`}
          testId="list-performance"
          value={
            performance
              ? performanceType === 'dollar' && !detailsHidden
                ? formatMoneyChange(performance.dollars)
                : formatPercent(performance.percent)
              : '—'
          }
          color={changeColor(performance?.dollars)}
        />
        <Figure label="Cash" testId="list-cash-value" value={amount(formatPrice(list.cash))} />
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
        <FormControlLabel
          control={
            <Switch
              checked={detailsHidden}
              onChange={(event) => setDetailsHidden(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'hide-details' } as object }}
            />
          }
          label="Hide amounts"
        />
        {items.length > 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="list-alerts" sx={{ ml: { sm: 'auto' } }}>
            {withAlerts} of {items.length} on alerts
          </Typography>
        ) : null}
      </Box>

      <AddHoldingForm listId={list.id} />

      <TableScroll label={`Holdings of ${list.name}`}>
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
                  {detailsHidden ? (
                    <Typography variant="body2" data-testid="holding-shares-hidden">
                      {MASK}
                    </Typography>
                  ) : (
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
                  )}
                </TableCell>
                <TableCell align="right" sx={PHONE_HIDDEN}>
                  {row.price === null ? '—' : formatPrice(row.price)}
                </TableCell>
                <TableCell align="right" data-testid="holding-value">
                  {row.value === null ? '—' : amount(formatPrice(row.value))}
                </TableCell>
                <TableCell align="right" sx={{ color: changeColor(row.dayChange) }}>
                  {row.dayChange === null
                    ? '—'
                    : detailsHidden
                      ? formatPercent(row.dayChangePercent)
                      : `${formatMoneyChange(row.dayChange)} (${formatPercent(row.dayChangePercent)})`}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => setTrading(row.symbol)} data-testid="trade">
                    Trade
                  </Button>
                  <Tooltip title="Lists holding this symbol">
                    <IconButton
                      size="small"
                      aria-label={`Lists of ${row.symbol}`}
                      data-testid="holding-lists"
                      onClick={() => dispatch(modalOpened({ kind: 'listSelect', props: { symbol: row.symbol } }))}
                    >
                      <PlaylistAddCheckIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
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
      </TableScroll>
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
