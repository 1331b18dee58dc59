import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { MODALS, type ModalDef } from '../../shared/modals/modal-registry.ts';
import type { ModalEntry } from '../../shared/modals/modal-stack.ts';
import { pageModalsClosed, selectModalStack } from '../../shared/modals/modals-slice.ts';
import { keepTypingAhead, takeTypedAhead } from '../../shared/modals/typed-ahead.ts';

const ModalStackView = lazy(() => import('./modal-stack-view.tsx'));

const typesAhead = (def: ModalDef) => def.typesAhead === true;

/**
 * A modal belongs to the page it opened on: when the reader goes to another page (a link, Back, Forward), the modals
 * of other pages close. Those opened on the new page stay, even while its code was still loading (they opened on
 * its address), and so do all while a page only rewrites its own address (a replace: the calendar recording the
 * day whose modal it opened).
 */
function useModalsFollowThePage(stack: readonly ModalEntry[]) {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  const drawn = useRef(pathname);
  useEffect(() => {
    if (drawn.current === pathname) return;
    drawn.current = pathname;
    if (navigation === 'REPLACE') return;
    const left = stack.filter((entry) => entry.openedOn !== undefined && entry.openedOn !== pathname);
    if (left.length > 0) dispatch(pageModalsClosed(left.map((entry) => entry.id)));
  }, [dispatch, pathname, navigation, stack]);
}

/** Renders the modal stack (SPEC §2); the dialog code loads with the first modal. */
export function ModalHost() {
  const stack = useAppSelector(selectModalStack);
  const keepsTyping = stack.some((entry) => typesAhead(MODALS[entry.kind]));
  // From the moment such a dialog opens, before its code has loaded; its field takes the keys when it mounts, and
  // what a closed dialog never took is dropped.
  useLayoutEffect(() => {
    if (!keepsTyping) return;
    keepTypingAhead();
    return () => void takeTypedAhead();
  }, [keepsTyping]);
  useModalsFollowThePage(stack);
  if (stack.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ModalStackView stack={stack} />
    </Suspense>
  );
}
