import { lazy, Suspense } from 'react';
import { useAppSelector } from '../hooks.ts';
import { selectToast } from './toasts-slice.ts';

const ToastSnackbar = lazy(() => import('./toast-snackbar.tsx'));

/** Shows the one current toast (SPEC §2); its component loads with the first toast. */
export function ToastHost() {
  const toast = useAppSelector(selectToast);
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastSnackbar toast={toast} />
    </Suspense>
  );
}
