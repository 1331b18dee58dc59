import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router/dom';
import { selectMaintenance } from '../features/flags/flags.ts';
import { useFlags } from '../features/flags/flags-api.ts';
import { flagPlatform } from '../platform/platform.ts';
import type { AppRouter } from './router.tsx';

// Shown only while a maintenance flag is on: its code stays out of every other first load.
const MaintenancePage = lazy(() =>
  import('../features/flags/maintenance-page.tsx').then((m) => ({ default: m.MaintenancePage })),
);

/**
 * The flags poller sits here, above the router: it polls every 60 s, and while this platform's maintenance flag
 * is on the maintenance page replaces the whole app (SPEC §1).
 */
export function App({ router }: { router: AppRouter }) {
  const { data } = useFlags();
  const maintenance = selectMaintenance(data?.flags, flagPlatform());
  if (maintenance.active)
    return (
      <Suspense fallback={null}>
        <MaintenancePage message={maintenance.message} />
      </Suspense>
    );
  return <RouterProvider router={router} />;
}
