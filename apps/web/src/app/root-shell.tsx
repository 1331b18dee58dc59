import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { LastUrlKeeper } from './last-url.tsx';
import { NavigationLoadingBar, TopLoadingBar } from './layout/loading-bar.tsx';
import { ThemeSync } from './theme-sync.tsx';

/**
 * Above every route, chrome or not: the theme follows the URL, the last URL is kept, and the loading bar shows
 * while pages load.
 */
/** A new page starts at the top; back and forward leave the browser's position alone. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== 'POP' && pathname) window.scrollTo(0, 0);
  }, [pathname, type]);
  return null;
}

export function RootShell() {
  return (
    <>
      <ThemeSync />
      <LastUrlKeeper />
      <ScrollToTop />
      <NavigationLoadingBar />
      <Outlet />
    </>
  );
}

/** While the first page's code loads. */
export function BootFallback() {
  return <TopLoadingBar />;
}
