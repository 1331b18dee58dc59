import { Box, Container, Tab, Tabs, Typography, useMediaQuery } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { Outlet, Link as RouterLink, useLocation, useParams } from 'react-router';
import { HEADER_HEIGHT } from '../../app/layout/nav-bar.tsx';
import { useStickyHeader } from '../../app/layout/sticky-header.ts';
import { formatRouteParam, paramsAreValid, SYMBOL_TABS, symbolPath, symbolTabFromPath } from '../../app/routes.ts';
import NotFoundPage from '../info/not-found-page.tsx';

/**
 * Symbol pages (SPEC §2): the symbol as the heading and the scrollable tab bar. The selected tab follows the
 * path; choosing a tab navigates to its sub-path. The bar sticks below the header on narrow screens or with the
 * sticky header, over a 12px backdrop blur.
 */
export default function SymbolLayout() {
  const { symbol = '' } = useParams();
  const { pathname } = useLocation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const stickyHeader = useStickyHeader();
  if (!paramsAreValid({ symbol })) return <NotFoundPage />;
  const display = formatRouteParam('symbol', symbol);
  const current = symbolTabFromPath(pathname);
  const sticky = narrow || stickyHeader;
  return (
    <>
      <Container maxWidth="lg" sx={{ pt: { xs: 3, md: 5 }, pb: 1 }}>
        <Typography variant="overline" color="text.secondary" component="p">
          Symbol
        </Typography>
        <Typography variant="h1" component="h1" data-testid="symbol-heading">
          {display}
        </Typography>
      </Container>
      <Box
        data-testid="symbol-tabs"
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
          <Tabs
            value={current.key}
            variant="scrollable"
            scrollButtons="auto"
            allowScrollButtonsMobile
            aria-label={`${display} sections`}
          >
            {SYMBOL_TABS.map((tab) => (
              <Tab
                key={tab.key}
                value={tab.key}
                label={narrow && 'shortLabel' in tab ? tab.shortLabel : tab.label}
                component={RouterLink}
                to={symbolPath(symbol, tab)}
                sx={{ minWidth: 'auto', px: 2 }}
              />
            ))}
          </Tabs>
        </Container>
      </Box>
      <Outlet />
    </>
  );
}
