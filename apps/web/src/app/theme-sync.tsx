import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch } from '../shared/hooks.ts';
import { preferences } from '../shared/preferences.ts';
import { resolveTheme } from '../shared/theme-mode.ts';
import { themeModeChanged } from '../shared/ui-slice.ts';

/**
 * Keeps the theme on SPEC §4's order while the app runs: a `?theme=` in a new URL applies at once, and with no
 * query and no stored choice the theme follows the system when it changes.
 */
export function ThemeSync() {
  const dispatch = useAppDispatch();
  const { search } = useLocation();
  const query = new URLSearchParams(search).get('theme');

  useEffect(() => {
    if (query === 'light' || query === 'dark') dispatch(themeModeChanged(query));
  }, [query, dispatch]);

  useEffect(() => {
    const media = globalThis.matchMedia?.('(prefers-color-scheme: dark)');
    if (!media) return;
    const onChange = (event: MediaQueryListEvent) => {
      const current = new URLSearchParams(globalThis.location.search).get('theme');
      dispatch(
        themeModeChanged(
          resolveTheme({ query: current, stored: preferences.get('theme'), systemPrefersDark: event.matches }),
        ),
      );
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [dispatch]);

  return null;
}
