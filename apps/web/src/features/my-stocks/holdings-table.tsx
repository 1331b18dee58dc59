import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import {
  Box,
  Button,
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useAppDispatch } from '../../shared/hooks.ts';
import { formatMoneyChange, formatPercent, formatPrice } from '../../shared/market/format.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { preferences } from '../../shared/preferences.ts';
import { symbolPath } from '../../shared/routes.ts';
import type { AssetList } from '../lists/index.ts';
import { HoldingSharesField, NoHoldingsRow, RemoveHoldingButton } from '../lists/index.ts';
import { changeColor, MASK } from './hidden-details.ts';
import type { HoldingRow } from './use-list-figures.ts';

type SortKey = 'symbol' | 'quantity' | 'price' | 'value' | 'dayChange' | 'cost' | 'gain';
interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

const SORT_COLUMNS: { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'symbol', label: 'Symbol', numeric: false },
  { key: 'quantity', label: 'Shares', numeric: true },
  { key: 'price', label: 'Price', numeric: true },
  { key: 'value', label: 'Value', numeric: true },
  { key: 'cost', label: 'Cost basis', numeric: true },
  { key: 'gain', label: 'Unrealised gain', numeric: true },
  { key: 'dayChange', label: 'Day change', numeric: true },
];

function sortValue(row: HoldingRow, key: Exclude<SortKey, 'symbol'>): number | null {
  if (key === 'cost') return row.basis?.cost ?? null;
  if (key === 'gain') return row.basis?.gain ?? null;
  return row[key];
}

/** Holdings in the chosen order; rows without the figure (no quote, no cost) go last whatever the direction. */
function sortHoldings(rows: HoldingRow[], sort: SortState): HoldingRow[] {
  const key = SORT_COLUMNS.find((column) => column.key === sort.key)?.key ?? 'value';
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (key === 'symbol') return sign * a.symbol.localeCompare(b.symbol);
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === null && y === null) return a.symbol.localeCompare(b.symbol);
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (x - y) || a.symbol.localeCompare(b.symbol);
  });
}

/** A holding's trade, lists, alerts and remove buttons. */
function HoldingActions({
  listId,
  symbol,
  onTrade,
}: {
  listId: string;
  symbol: string;
  onTrade: (symbol: string) => void;
}) {
  const dispatch = useAppDispatch();
  return (
    <>
      <Button size="small" onClick={() => onTrade(symbol)} data-testid="trade">
        Trade
      </Button>
      <Tooltip title="Lists holding this symbol">
        <IconButton
          size="small"
          aria-label={`Lists of ${symbol}`}
          data-testid="holding-lists"
          onClick={() => dispatch(modalOpened({ kind: 'listSelect', props: { symbol } }))}
        >
          <PlaylistAddCheckIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={`Alerts for ${symbol}`}>
        <IconButton
          size="small"
          aria-label={`Alerts for ${symbol}`}
          data-testid="holding-alerts"
          onClick={() => dispatch(modalOpened({ kind: 'alerts', props: { symbol } }))}
        >
          <NotificationsNoneIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <RemoveHoldingButton listId={listId} symbol={symbol} />
    </>
  );
}

/** A figure with its change in money and percent, or only the percent while the details are hidden. */
function changeText(change: number | null, percent: number | null, detailsHidden: boolean): string {
  if (change === null) return '—';
  return detailsHidden ? formatPercent(percent) : `${formatMoneyChange(change)} (${formatPercent(percent)})`;
}

/**
 * A phone's holdings: one card each, every figure the table has in two lines under the symbol and its value, the
 * order chosen from a menu (a table of seven figures shows two at this width).
 */
function HoldingCards({
  list,
  rows,
  detailsHidden,
  sort,
  onSort,
  onTrade,
}: {
  list: AssetList;
  rows: HoldingRow[];
  detailsHidden: boolean;
  sort: SortState;
  onSort: (next: SortState) => void;
  onTrade: (symbol: string) => void;
}) {
  const amount = (text: string) => (detailsHidden ? MASK : text);
  const sortKey = SORT_COLUMNS.some((column) => column.key === sort.key) ? sort.key : 'value';
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
        <TextField
          select
          size="small"
          label="Order by"
          value={sortKey}
          onChange={(event) => onSort({ key: event.target.value, direction: sort.direction })}
          sx={{ flex: '1 1 auto' }}
          data-testid="holdings-sort"
        >
          {SORT_COLUMNS.map((column) => (
            <MenuItem key={column.key} value={column.key}>
              {column.label}
            </MenuItem>
          ))}
        </TextField>
        <Button
          size="small"
          onClick={() => onSort({ key: sortKey, direction: sort.direction === 'desc' ? 'asc' : 'desc' })}
          aria-label={
            sort.direction === 'desc' ? 'Highest first: show lowest first' : 'Lowest first: show highest first'
          }
        >
          {sort.direction === 'desc' ? 'Highest first' : 'Lowest first'}
        </Button>
      </Box>
      <Box component="ul" aria-label={`Holdings of ${list.name}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <Box
            component="li"
            key={row.symbol}
            data-testid="holding-row"
            data-symbol={row.symbol}
            sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.5 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
              <Box sx={{ flex: '1 1 auto', fontWeight: 600 }}>
                <RouterLink to={symbolPath(row.symbol)}>{row.symbol}</RouterLink>
              </Box>
              <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }} data-testid="holding-value">
                {detailsHidden ? MASK : row.value === null ? '—' : formatPrice(row.value)}
              </Typography>
            </Box>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: '1fr 1fr',
                columnGap: 2,
                fontSize: '0.875rem',
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              <Typography variant="body2" color="text.secondary" data-testid="holding-price">
                Price {row.price === null ? '—' : formatPrice(row.price)}
              </Typography>
              <Typography variant="body2" sx={{ textAlign: 'right', color: changeColor(row.dayChange) }}>
                Day {changeText(row.dayChange, row.dayChangePercent, detailsHidden)}
              </Typography>
              <Typography variant="body2" color="text.secondary" data-testid="holding-cost">
                Cost {row.basis ? amount(formatPrice(row.basis.cost)) : '—'}
              </Typography>
              <Typography
                variant="body2"
                sx={{ textAlign: 'right', color: changeColor(row.basis?.gain) }}
                data-testid="holding-gain"
              >
                Gain {row.basis ? changeText(row.basis.gain, row.basis.gainPercent, detailsHidden) : '—'}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
              {detailsHidden ? (
                <Typography variant="body2" data-testid="holding-shares-hidden" sx={{ flex: '1 1 auto' }}>
                  {MASK} shares
                </Typography>
              ) : (
                <Box sx={{ flex: '1 1 auto', maxWidth: 140 }}>
                  <HoldingSharesField listId={list.id} symbol={row.symbol} quantity={row.quantity} label="Shares" />
                </Box>
              )}
              <HoldingActions listId={list.id} symbol={row.symbol} onTrade={onTrade} />
            </Box>
          </Box>
        ))}
      </Box>
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No stocks in this list yet: add one above.
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The holdings, sortable (the order kept), with shares editable in place and a trade, lists and remove action: a
 * table on wide screens, a card per holding on a phone.
 */
export function HoldingsTable({
  list,
  holdings,
  detailsHidden,
  onTrade,
}: {
  list: AssetList;
  holdings: HoldingRow[];
  detailsHidden: boolean;
  onTrade: (symbol: string) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [sort, setSort] = useState<SortState>(() => preferences.get('holdingsSort'));
  const amount = (text: string) => (detailsHidden ? MASK : text);
  const rows = sortHoldings(holdings, sort);

  const keepSort = (next: SortState) => {
    setSort(next);
    preferences.set('holdingsSort', next);
  };
  const chooseSort = (key: SortKey) =>
    keepSort({ key, direction: sort.key === key && sort.direction === 'desc' ? 'asc' : 'desc' });

  if (phone)
    return (
      <HoldingCards
        list={list}
        rows={rows}
        detailsHidden={detailsHidden}
        sort={sort}
        onSort={keepSort}
        onTrade={onTrade}
      />
    );
  return (
    <TableScroll label={`Holdings of ${list.name}`}>
      <Table size="small" aria-label={`Holdings of ${list.name}`}>
        <TableHead>
          <TableRow>
            {SORT_COLUMNS.map((column) => (
              <TableCell key={column.key} align={column.numeric ? 'right' : 'left'}>
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
                  <HoldingSharesField listId={list.id} symbol={row.symbol} quantity={row.quantity} />
                )}
              </TableCell>
              <TableCell align="right" data-testid="holding-price">
                {row.price === null ? '—' : formatPrice(row.price)}
              </TableCell>
              <TableCell align="right" data-testid="holding-value">
                {detailsHidden ? MASK : row.value === null ? '—' : formatPrice(row.value)}
              </TableCell>
              <TableCell align="right" data-testid="holding-cost">
                {row.basis ? amount(formatPrice(row.basis.cost)) : '—'}
              </TableCell>
              <TableCell align="right" sx={{ color: changeColor(row.basis?.gain) }} data-testid="holding-gain">
                {row.basis === null ? '—' : changeText(row.basis.gain, row.basis.gainPercent, detailsHidden)}
              </TableCell>
              <TableCell align="right" sx={{ color: changeColor(row.dayChange) }}>
                {changeText(row.dayChange, row.dayChangePercent, detailsHidden)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <HoldingActions listId={list.id} symbol={row.symbol} onTrade={onTrade} />
              </TableCell>
            </TableRow>
          ))}
          {rows.length === 0 ? (
            <NoHoldingsRow colSpan={SORT_COLUMNS.length + 1}>No stocks in this list yet: add one above.</NoHoldingsRow>
          ) : null}
        </TableBody>
      </Table>
    </TableScroll>
  );
}
