import { lazy, Suspense, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router/dom';
import { selectMaintenance } from '../features/flags/flags.ts';
import { useFlags } from '../features/flags/flags-api.ts';
import { flagPlatform } from '../platform/platform.ts';
import type { AppRouter } from './router.tsx';

// Shown only while a maintenance flag is on: its code stays out of every other first load.
const MaintenancePage = lazy(() =>
  import('../features/flags/maintenance-page.tsx').then((m) => ({ default: m.MaintenancePage })),
);

/** The super-admin tools stay usable during maintenance, so the admin who turned it on can turn it off. */
const MAINTENANCE_EXEMPT_PATH = '/admin';

/**
 * The flags poller sits here, above the router: it polls every 60 s, and while this platform's maintenance flag
 * is on the maintenance page replaces the whole app (SPEC §1), except /admin.
 */
export function App({ router }: { router: AppRouter }) {
  const { data } = useFlags();
  const maintenance = selectMaintenance(data?.flags, flagPlatform());
  const pathname = useSyncExternalStore(router.subscribe, () => router.state.location.pathname);
  if (maintenance.active && pathname !== MAINTENANCE_EXEMPT_PATH)
    return (
      <Suspense fallback={null}>
        <MaintenancePage message={maintenance.message} />
      </Suspense>
    );
  return <RouterProvider router={router} />;
}
