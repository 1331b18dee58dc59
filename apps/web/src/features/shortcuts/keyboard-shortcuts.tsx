import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { CALENDAR_HOME } from '../../shared/routes.ts';
import { themeToggled } from '../../shared/ui-slice.ts';
import { shortcutFor } from './shortcuts.ts';

/** Listens for the shortcuts of SHORTCUTS on the whole page. */
export default function KeyboardShortcuts() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        targetTag: target?.tagName,
        targetEditable: target?.isContentEditable ?? false,
      });
      if (!action) return;
      // A shortcut never acts behind an open dialog.
      if (document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      if (action === 'search') dispatch(modalOpened({ kind: 'symbolSearch' }));
      else if (action === 'calendar') navigate(CALENDAR_HOME);
      else if (action === 'theme') dispatch(themeToggled());
      else dispatch(modalOpened({ kind: 'shortcuts' }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch, navigate]);
  return null;
}
