import { type MarketAssetType, sectionApplies } from '@eh/domain';
import { Box, Container, useMediaQuery } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { memo } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { TabBar } from '../../components/tab-bar.tsx';
import { errorStatus } from '../../shared/api.ts';
import { useGetAssetInfoQuery } from '../../shared/market/market-api.ts';
import { LoadError, LoadingRows } from '../../shared/query-state.tsx';
import {
  formatRouteParam,
  paramsAreValid,
  SYMBOL_TABS,
  type SymbolTabKey,
  symbolPath,
  symbolTabFromPath,
} from '../../shared/routes.ts';
import { HEADER_HEIGHT, useStickyHeader } from '../../shared/sticky-header.ts';
import type { SymbolContext } from '../../shared/symbol-context.ts';
import { NotFoundPage } from '../info/index.ts';
import { QuoteHeader } from './quote-header.tsx';
import { SymbolNotFound } from './symbol-not-found.tsx';

/**
 * Symbol pages (SPEC §2): the quote header and the scrollable tab bar. The selected tab follows the path;
 * choosing a tab navigates to its sub-path. The bar sticks below the header on narrow screens or with the
 * sticky header, over a 12px backdrop blur. An unknown symbol gets its own page, not an error. Only the sections
 * that apply to the asset's type have tabs (packages/domain asset-sections.ts).
 */
export default function SymbolLayout() {
  const { symbol = '' } = useParams();
  const { pathname } = useLocation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const stickyHeader = useStickyHeader();
  const valid = paramsAreValid({ symbol });
  const info = useGetAssetInfoQuery({ symbol }, { skip: !valid });
  if (!valid) return <NotFoundPage />;
  if (errorStatus(info.error) === 404) return <SymbolNotFound symbol={symbol} />;
  const display = formatRouteParam('symbol', symbol);
  const current = symbolTabFromPath(pathname);
  const sticky = narrow || stickyHeader;
  const context: SymbolContext | null = info.data ? { symbol, asset: info.data } : null;
  const assetType = info.data?.type ?? null;
  // A section that does not apply to this kind of asset (a coin's earnings) opens the overview instead.
  if (assetType && !sectionApplies(assetType, current.key)) return <Navigate to={symbolPath(symbol)} replace />;
  return (
    <>
      <QuoteHeader symbol={symbol} asset={info.data} />
      <Box
        data-testid="symbol-tabs"
        component="nav"
        aria-label={`${display} sections`}
        sx={{
          position: sticky ? 'sticky' : 'relative',
          top: sticky ? { xs: HEADER_HEIGHT.xs, sm: HEADER_HEIGHT.sm } : undefined,
          zIndex: theme.zIndex.appBar - 1,
          backdropFilter: sticky ? 'blur(12px)' : undefined,
          bgcolor: sticky ? alpha(theme.palette.background.default, 0.8) : 'transparent',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Container maxWidth="lg" disableGutters={narrow}>
          <SymbolTabs symbol={symbol} current={current.key} narrow={narrow} assetType={assetType} />
        </Container>
      </Box>
      {context ? (
        <Outlet context={context} />
      ) : (
        <Container maxWidth="lg" sx={{ py: 3 }}>
          {info.error ? <LoadError error={info.error} onRetry={info.refetch} /> : <LoadingRows rows={6} height={40} />}
        </Container>
      )}
    </>
  );
}

/**
 * The tab bar, drawn again only when its symbol, tab or width changes (not as the header's quote refreshes). It
 * holds the tabs that apply to the asset's type; all of them (a stock's) until the asset is known.
 */
const SymbolTabs = memo(function SymbolTabs({
  symbol,
  current,
  narrow,
  assetType,
}: {
  symbol: string;
  current: SymbolTabKey;
  narrow: boolean;
  assetType: MarketAssetType | null;
}) {
  const tabs = assetType ? SYMBOL_TABS.filter((tab) => sectionApplies(assetType, tab.key)) : SYMBOL_TABS;
  return (
    <TabBar
      items={tabs.map((tab) => ({
        key: tab.key,
        label: narrow && 'shortLabel' in tab ? tab.shortLabel : tab.label,
        to: symbolPath(symbol, tab),
        testId: `symbol-tab-${tab.key}`,
      }))}
      value={current}
      aria-label={`${formatRouteParam('symbol', symbol)} sections`}
      scrollButtons
    />
  );
});
