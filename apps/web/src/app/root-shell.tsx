import { Outlet } from 'react-router';
import { NavigationLoadingBar, TopLoadingBar } from './layout/loading-bar.tsx';
import { ThemeSync } from './theme-sync.tsx';

/** Above every route, chrome or not: the theme follows the URL and the loading bar shows while pages load. */
export function RootShell() {
  return (
    <>
      <ThemeSync />
      <NavigationLoadingBar />
      <Outlet />
    </>
  );
}

/** While the first page's code loads. */
export function BootFallback() {
  return <TopLoadingBar />;
}
