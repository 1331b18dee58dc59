import { useEffect } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { startSession } from './session.ts';

/** Runs SPEC §4's startup once: a stored session signs the visitor back in. */
export function AuthBootstrap() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void startSession(dispatch);
  }, [dispatch]);
  return null;
}
