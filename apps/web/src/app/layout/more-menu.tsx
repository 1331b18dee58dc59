import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppSelector } from '../../shared/hooks.ts';

const MoreMenuDrawer = lazy(() => import('./more-menu-drawer.tsx'));

/** The more-menu (SPEC §2 layout): loaded the first time it opens, then kept for its closing animation. */
export function MoreMenu() {
  const open = useAppSelector((state) => state.ui.menuOpen);
  const [loaded, setLoaded] = useState(open);
  useEffect(() => {
    if (open) setLoaded(true);
  }, [open]);
  if (!loaded && !open) return null;
  return (
    <Suspense fallback={null}>
      <MoreMenuDrawer open={open} />
    </Suspense>
  );
}
