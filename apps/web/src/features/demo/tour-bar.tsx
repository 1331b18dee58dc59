import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { TOUR_PAGE_PATH, useTourStep } from './tour-state.ts';

const TourBarView = lazy(() => import('./tour-bar-view.tsx'));

/**
 * The tour's bar over the pages it opens ("Tour: step n of N", Back, Next, end): loaded after first paint for every
 * visitor (one line of the first load), its view only while a tour is under way in this tab.
 */
export default function TourBar() {
  const step = useTourStep();
  const { pathname } = useLocation();
  if (step === null || pathname === TOUR_PAGE_PATH) return null;
  return (
    <Suspense fallback={null}>
      <TourBarView step={step} />
    </Suspense>
  );
}
