import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import {
  Button,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
  Typography,
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

/** The price and cost columns give way on phones: value, gain and day change matter more there. */
const PHONE_HIDDEN = { display: { xs: 'none', sm: 'table-cell' } } as const;

const SORT_COLUMNS: { key: SortKey; label: string; numeric: boolean; phone: boolean }[] = [
  { key: 'symbol', label: 'Symbol', numeric: false, phone: true },
  { key: 'quantity', label: 'Shares', numeric: true, phone: true },
  { key: 'price', label: 'Price', numeric: true, phone: false },
  { key: 'value', label: 'Value', numeric: true, phone: true },
  { key: 'cost', label: 'Cost basis', numeric: true, phone: false },
  { key: 'gain', label: 'Unrealised gain', numeric: true, phone: true },
  { key: 'dayChange', label: 'Day change', numeric: true, phone: true },
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

/** The holdings, sortable (the order kept), with shares editable in place and a trade, lists and remove action. */
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
  const dispatch = useAppDispatch();
  const [sort, setSort] = useState<SortState>(() => preferences.get('holdingsSort'));
  const amount = (text: string) => (detailsHidden ? MASK : text);
  const rows = sortHoldings(holdings, sort);

  const chooseSort = (key: SortKey) => {
    const next: SortState = { key, direction: sort.key === key && sort.direction === 'desc' ? 'asc' : 'desc' };
    setSort(next);
    preferences.set('holdingsSort', next);
  };

  return (
    <TableScroll label={`Holdings of ${list.name}`}>
      <Table size="small" aria-label={`Holdings of ${list.name}`}>
        <TableHead>
          <TableRow>
            {SORT_COLUMNS.map((column) => (
              <TableCell
                key={column.key}
                align={column.numeric ? 'right' : 'left'}
                sx={column.phone ? undefined : PHONE_HIDDEN}
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
                  <HoldingSharesField listId={list.id} symbol={row.symbol} quantity={row.quantity} />
                )}
              </TableCell>
              <TableCell align="right" sx={PHONE_HIDDEN} data-testid="holding-price">
                {row.price === null ? '—' : formatPrice(row.price)}
              </TableCell>
              <TableCell align="right" data-testid="holding-value">
                {detailsHidden ? MASK : row.value === null ? '—' : formatPrice(row.value)}
              </TableCell>
              <TableCell align="right" sx={PHONE_HIDDEN} data-testid="holding-cost">
                {row.basis ? amount(formatPrice(row.basis.cost)) : '—'}
              </TableCell>
              <TableCell align="right" sx={{ color: changeColor(row.basis?.gain) }} data-testid="holding-gain">
                {row.basis === null
                  ? '—'
                  : detailsHidden
                    ? formatPercent(row.basis.gainPercent)
                    : `${formatMoneyChange(row.basis.gain)} (${formatPercent(row.basis.gainPercent)})`}
              </TableCell>
              <TableCell align="right" sx={{ color: changeColor(row.dayChange) }}>
                {row.dayChange === null
                  ? '—'
                  : detailsHidden
                    ? formatPercent(row.dayChangePercent)
                    : `${formatMoneyChange(row.dayChange)} (${formatPercent(row.dayChangePercent)})`}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => onTrade(row.symbol)} data-testid="trade">
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
                <Tooltip title={`Alerts for ${row.symbol}`}>
                  <IconButton
                    size="small"
                    aria-label={`Alerts for ${row.symbol}`}
                    data-testid="holding-alerts"
                    onClick={() => dispatch(modalOpened({ kind: 'alerts', props: { symbol: row.symbol } }))}
                  >
                    <NotificationsNoneIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <RemoveHoldingButton listId={list.id} symbol={row.symbol} />
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
