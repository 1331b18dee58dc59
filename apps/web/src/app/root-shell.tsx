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

/**
 * The boot shell index.html paints before any script runs (the navigation bar's frame), read before React's first
 * commit replaces it. Our own markup from the page itself, not user content.
 */
const bootShell = globalThis.document?.getElementById('root')?.innerHTML ?? '';

/** While the first page's code loads: the boot shell stays on screen (it used to blink out until the page came). */
export function BootFallback() {
  return (
    <>
      <TopLoadingBar />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: index.html's own boot markup, captured above */}
      <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: bootShell }} />
    </>
  );
}
