import { MARKET_ASSET_TYPES, type MarketAssetType, type SearchAsset } from '@eh/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { Pager, usePaged } from '../../components/pager.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { formatCompact, formatNumber } from '../../shared/market/format.ts';
import { pageById } from '../../shared/page-content.ts';
import { LoadingRows } from '../../shared/query-state.tsx';
import { ASSET_TYPE_LABELS, useAssetCatalog } from '../search/index.ts';

const PAGE_SIZE = 100;

/** Assets A to Z by symbol, of one type or all. */
export function assetsAtoZ(assets: readonly SearchAsset[], type: MarketAssetType | 'all'): SearchAsset[] {
  return assets
    .filter((asset) => type === 'all' || asset.type === type)
    .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : a.type < b.type ? -1 : 1));
}

/** /all: every asset of the static list, A to Z, a hundred a page, by type. */
export default function AllAssetsPage() {
  const page = pageById('all');
  useDocumentMeta(page.title, page.description);
  const catalog = useAssetCatalog();
  const [type, setType] = useState<MarketAssetType | 'all'>('all');
  const rows = useMemo(
    () => (catalog.status === 'ready' ? assetsAtoZ(catalog.catalog.index.ranked, type) : []),
    [catalog, type],
  );
  const { page: pageNumber, setPage: setPageNumber, pages, shown } = usePaged(rows, PAGE_SIZE);
  return (
    <PageFrame title={page.title} description={page.description}>
      <Box role="group" aria-label="Asset type" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {(['all', ...MARKET_ASSET_TYPES] as const).map((item) => (
          <Chip
            key={item}
            label={item === 'all' ? 'All' : ASSET_TYPE_LABELS[item]}
            color={type === item ? 'primary' : 'default'}
            variant={type === item ? 'filled' : 'outlined'}
            aria-pressed={type === item}
            onClick={() => {
              setType(item);
              setPageNumber(1);
            }}
          />
        ))}
      </Box>
      {catalog.status === 'error' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={catalog.retry}>
              Retry
            </Button>
          }
        >
          {catalog.message}
        </Alert>
      ) : catalog.status === 'loading' ? (
        <LoadingRows rows={12} />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }} data-testid="all-count">
            {formatNumber(rows.length)} assets · page {pageNumber} of {pages}
          </Typography>
          <TableScroll label="All assets">
            <Table size="small" aria-label="All assets" data-testid="all-table">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }}>Symbol</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>Name</TableCell>
                  <TableCell sx={{ fontWeight: 700, display: { xs: 'none', sm: 'table-cell' } }}>Type</TableCell>
                  <TableCell sx={{ fontWeight: 700, display: { xs: 'none', md: 'table-cell' } }}>Exchange</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    Market cap
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((asset) => (
                  <TableRow key={`${asset.type}:${asset.symbol}`} hover data-testid="all-row">
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={`/quote/${encodeURIComponent(asset.symbol)}`}
                        sx={{ fontWeight: 700 }}
                      >
                        {asset.symbol}
                      </Link>
                    </TableCell>
                    <TableCell
                      sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      {asset.name}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {ASSET_TYPE_LABELS[asset.type]}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{asset.exchange ?? '—'}</TableCell>
                    <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatCompact(asset.marketCap ?? null, { currency: true })}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
          <Pager pages={pages} page={pageNumber} onChange={setPageNumber} siblingCount={1} />
        </Paper>
      )}
    </PageFrame>
  );
}
