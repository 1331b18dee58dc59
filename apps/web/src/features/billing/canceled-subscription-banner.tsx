import { lazy, Suspense } from 'react';
import { useAppSelectorInTransition } from '../../shared/hooks.ts';

const CanceledBannerContent = lazy(() => import('./canceled-banner-content.tsx'));

/**
 * SPEC §2's canceled-subscription banner, across the top of every page for a signed-in reader whose subscription
 * is set to cancel at its period end or has been canceled. Its code (and the subscription call) loads only for a
 * signed-in reader, after the first paint.
 */
export function CanceledSubscriptionBanner() {
  const status = useAppSelectorInTransition((state) => state.auth.status);
  if (status !== 'signedIn') return null;
  return (
    <Suspense fallback={null}>
      <CanceledBannerContent />
    </Suspense>
  );
}
