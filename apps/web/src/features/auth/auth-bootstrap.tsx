import { useEffect } from 'react';
import { useAppDispatch } from '../../shared/hooks.ts';

/** Runs SPEC §4's startup once: a stored session signs the visitor back in. */
export function AuthBootstrap() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    // Loaded after the first render: nothing on screen waits for it.
    void import('./session.ts').then((session) => session.startSession(dispatch));
  }, [dispatch]);
  return null;
}
