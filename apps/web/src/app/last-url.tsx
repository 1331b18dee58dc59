import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { preferences } from '../shared/preferences.ts';

/** Keeps the last URL visited (SPEC §3 client preference), so the native shell can reopen where the user was. */
export function LastUrlKeeper() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    preferences.set('lastUrl', `${pathname}${search}`);
  }, [pathname, search]);
  return null;
}
