import { EH500_INDEX_ID, EH500_NAME, EH500_NOT_RANKED } from '@eh/domain';
import {
  Box,
  Button,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { Pager, usePaged } from '../../components/pager.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { useEh500Index } from '../../shared/market/eh500.ts';
import { formatCompact, formatDate, formatPercent } from '../../shared/market/format.ts';
import { type MarketIndexResponse, useGetIndexRebalancesQuery } from '../../shared/market/market-api.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { pageById } from '../../shared/page-content.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { UpgradePrompt } from '../../shared/upgrade-prompt.tsx';

type Constituent = MarketIndexResponse['constituents'][number];
const COLUMNS = [
  { key: 'rank', label: 'Rank', numeric: true },
  { key: 'symbol', label: 'Symbol', numeric: false },
  { key: 'sector', label: 'Sector', numeric: false },
  { key: 'marketCap', label: 'Market cap', numeric: true },
  { key: 'score', label: 'EHS', numeric: true },
  { key: 'weight', label: 'Weight', numeric: true },
  { key: 'addedDate', label: 'Member since', numeric: false },
] as const;
type SortKey = (typeof COLUMNS)[number]['key'];
/** Columns left out on narrow screens: rank, symbol, market cap and score always fit a phone. */
const COLUMN_DISPLAY: Partial<
  Record<SortKey, { xs: 'none'; sm?: 'table-cell'; md?: 'table-cell'; xl?: 'table-cell' }>
> = {
  sector: { xs: 'none', md: 'table-cell' },
  weight: { xs: 'none', sm: 'table-cell' },
  addedDate: { xs: 'none', xl: 'table-cell' },
};
const PAGE_SIZE = 50;

export function sortConstituents(rows: readonly Constituent[], key: SortKey, direction: 'asc' | 'desc'): Constituent[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    // Unknown values sort last whatever the direction.
    if (x === null && y === null) return a.rank - b.rank;
    if (x === null) return 1;
    if (y === null) return -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order * sign || a.rank - b.rank;
  });
}

/** The index's rebalances, asked for once it has been ranked (before that there is no index to ask about). */
function Rebalances({ ranked }: { ranked: boolean }) {
  const dispatch = useAppDispatch();
  const rebalances = useGetIndexRebalancesQuery({ id: EH500_INDEX_ID, limit: 20 }, { skip: !ranked });
  const items = rebalances.data?.rebalances ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="rebalances-h" sx={{ p: 2 }}>
      <Typography variant="h3" component="h2" id="rebalances-h" sx={{ mb: 1 }}>
        Rebalances
      </Typography>
      {rebalances.isLoading ? (
        <LoadingRows rows={4} />
      ) : !ranked ? (
        <EmptyState>No rebalance yet.</EmptyState>
      ) : rebalances.error ? (
        <LoadError error={rebalances.error} onRetry={rebalances.refetch} />
      ) : items.length === 0 ? (
        <EmptyState>No rebalance yet.</EmptyState>
      ) : (
        <List dense disablePadding data-testid="rebalance-list">
          {items.map((item) => (
            <ListItem key={item.date} disablePadding>
              <ListItemButton
                onClick={() => dispatch(modalOpened({ kind: 'indexRebalance', props: { date: item.date } }))}
                sx={{ borderRadius: 1 }}
              >
                <ListItemText
                  primary={formatDate(item.date)}
                  secondary={`${item.added.length} added · ${item.removed.length} removed`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** /eh500: the index's members with rank, sector, market cap, score and weight, sortable; and its rebalances. */
export default function Eh500Page() {
  const page = pageById('eh500');
  useDocumentMeta(page.title, page.description);
  const dispatch = useAppDispatch();
  const index = useEh500Index();
  const [sort, setSort] = useState<{ key: SortKey; direction: 'asc' | 'desc' }>({ key: 'rank', direction: 'asc' });
  const rows = useMemo(
    () => sortConstituents(index.data?.constituents ?? [], sort.key, sort.direction),
    [index.data, sort],
  );
  const { page: pageNumber, setPage: setPageNumber, pages, shown } = usePaged(rows, PAGE_SIZE);
  const sortBy = (key: SortKey, numeric: boolean) => {
    setPageNumber(1);
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: numeric && key !== 'rank' ? 'desc' : 'asc' },
    );
  };
  return (
    <PageFrame
      title={page.title}
      description={index.data?.description ?? page.description}
      aside={
        <Button onClick={() => dispatch(modalOpened({ kind: 'learnMoreEhs' }))} variant="outlined">
          How EHS works
        </Button>
      }
    >
      {index.data?.gated ? (
        <Box sx={{ mb: 2 }}>
          <UpgradePrompt gate={index.data.gated} note="The ranking and weights are free; the scores come with Pro." />
        </Box>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          {index.isLoading ? (
            <Box sx={{ p: 2 }}>
              <LoadingRows rows={10} />
            </Box>
          ) : index.notRanked ? (
            <Box sx={{ px: 2 }}>
              <EmptyState>{EH500_NOT_RANKED}</EmptyState>
            </Box>
          ) : index.error ? (
            <Box sx={{ p: 2 }}>
              <LoadError error={index.error} onRetry={index.refetch} />
            </Box>
          ) : (
            <>
              <TableScroll label={`${EH500_NAME} members`}>
                <Table size="small" aria-label={`${EH500_NAME} members`} data-testid="eh500-table">
                  <TableHead>
                    <TableRow>
                      {COLUMNS.map((column) => (
                        <TableCell
                          key={column.key}
                          align={column.numeric ? 'right' : 'left'}
                          sortDirection={sort.key === column.key ? sort.direction : false}
                          sx={{
                            fontWeight: 700,
                            whiteSpace: 'nowrap',
                            display: COLUMN_DISPLAY[column.key],
                            px: { xs: 1, sm: 2 },
                          }}
                        >
                          <TableSortLabel
                            active={sort.key === column.key}
                            direction={sort.key === column.key ? sort.direction : 'asc'}
                            onClick={() => sortBy(column.key, column.numeric)}
                          >
                            {column.label}
                          </TableSortLabel>
                        </TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {shown.map((row) => (
                      <TableRow
                        key={row.symbol}
                        hover
                        data-testid="eh500-row"
                        sx={{ '& td': { px: { xs: 1, sm: 2 } } }}
                      >
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {row.rank}
                        </TableCell>
                        <TableCell>
                          <Link
                            component={RouterLink}
                            to={`/quote/${encodeURIComponent(row.symbol)}/ehs`}
                            sx={{ fontWeight: 700 }}
                          >
                            {row.symbol}
                          </Link>
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            noWrap
                            sx={{ display: 'block', maxWidth: 220 }}
                          >
                            {row.name}
                          </Typography>
                        </TableCell>
                        <TableCell sx={{ display: COLUMN_DISPLAY.sector }}>{row.sector ?? '—'}</TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {formatCompact(row.marketCap, { currency: true })}
                        </TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}>
                          {row.score !== null ? row.score.toFixed(1) : '—'}
                        </TableCell>
                        <TableCell
                          align="right"
                          sx={{ fontVariantNumeric: 'tabular-nums', display: COLUMN_DISPLAY.weight }}
                        >
                          {row.weight !== null ? formatPercent(row.weight * 100, { signed: false }) : '—'}
                        </TableCell>
                        <TableCell sx={{ display: COLUMN_DISPLAY.addedDate, whiteSpace: 'nowrap' }}>
                          {formatDate(row.addedDate)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableScroll>
              <Pager pages={pages} page={pageNumber} onChange={setPageNumber} siblingCount={0} label="Member pages" />
            </>
          )}
        </Paper>
        <Rebalances ranked={Boolean(index.data)} />
      </Box>
    </PageFrame>
  );
}
