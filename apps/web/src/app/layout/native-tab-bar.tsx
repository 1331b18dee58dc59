import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import NewspaperOutlined from '@mui/icons-material/NewspaperOutlined';
import PodcastsOutlined from '@mui/icons-material/PodcastsOutlined';
import ShowChartOutlined from '@mui/icons-material/ShowChartOutlined';
import { BottomNavigation, BottomNavigationAction, Paper } from '@mui/material';
import type { ReactElement } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { NATIVE_BOTTOM_BAR } from '../../platform/platform.ts';
import { TAB_BAR_LABEL } from '../../platform/words.ts';
import { isLinkActive, NAV_LINKS } from '../../shared/routes.ts';

type NavLabel = (typeof NAV_LINKS)[number]['label'];
const ICONS: Partial<Record<NavLabel, ReactElement>> = {
  Calendar: <CalendarMonthOutlined />,
  News: <NewspaperOutlined />,
  Calls: <PodcastsOutlined />,
  'My Stocks': <ShowChartOutlined />,
};

/** Home, then the navigation bar's links that have a tab (the others stay in the menu). */
const TABS = [
  { label: 'Home', to: '/', match: ['/home'], icon: <HomeOutlined /> },
  ...NAV_LINKS.flatMap((link) => {
    const icon = ICONS[link.label];
    return icon ? [{ label: link.label, to: link.to, match: link.match as readonly string[], icon }] : [];
  }),
];

function activeTab(pathname: string): string | null {
  if (pathname === '/') return '/';
  return TABS.find((tab) => isLinkActive(pathname, tab.match))?.to ?? null;
}

/**
 * The native app's bottom tab bar: 78 units high (SPEC §9) above the device's bottom safe area. The layout keeps
 * the same height free below the page (platform.ts `aboveBottomBar`), so nothing hides behind it.
 */
export function NativeTabBar() {
  const { pathname } = useLocation();
  return (
    <Paper
      component="nav"
      aria-label={TAB_BAR_LABEL}
      data-testid="native-tab-bar"
      square
      elevation={0}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        // A line drawn inside the bar, not a border: the bar stays exactly 78 units high.
        boxShadow: (theme) => `inset 0 1px 0 ${theme.palette.divider}`,
        pb: 'env(safe-area-inset-bottom, 0px)',
      }}
    >
      <BottomNavigation
        value={activeTab(pathname)}
        showLabels
        sx={{ height: NATIVE_BOTTOM_BAR, bgcolor: 'transparent' }}
      >
        {TABS.map((tab) => (
          <BottomNavigationAction
            key={tab.to}
            component={RouterLink}
            to={tab.to}
            value={tab.to}
            label={tab.label}
            icon={tab.icon}
            aria-current={activeTab(pathname) === tab.to ? 'page' : undefined}
            sx={{ minWidth: 0, px: 0.5, '& .MuiBottomNavigationAction-label': { fontSize: '0.72rem' } }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}
