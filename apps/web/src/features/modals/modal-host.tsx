import { lazy, Suspense } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { selectModalStack } from './modals-slice.ts';

const ModalStackView = lazy(() => import('./modal-stack-view.tsx'));

/** Renders the modal stack (SPEC §2); the dialog code loads with the first modal. */
export function ModalHost() {
  const stack = useAppSelector(selectModalStack);
  if (stack.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ModalStackView stack={stack} />
    </Suspense>
  );
}
