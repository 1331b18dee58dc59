import { RouterProvider } from 'react-router/dom';
import { selectMaintenance } from '../features/flags/flags.ts';
import { useFlags } from '../features/flags/flags-api.ts';
import { MaintenancePage } from '../features/flags/maintenance-page.tsx';
import { flagPlatform } from '../platform/platform.ts';
import type { AppRouter } from './router.tsx';

/**
 * The flags poller sits here, above the router: it polls every 60 s, and while this platform's maintenance flag
 * is on the maintenance page replaces the whole app (SPEC §1).
 */
export function App({ router }: { router: AppRouter }) {
  const { data } = useFlags();
  const maintenance = selectMaintenance(data?.flags, flagPlatform());
  if (maintenance.active) return <MaintenancePage message={maintenance.message} />;
  return <RouterProvider router={router} />;
}
