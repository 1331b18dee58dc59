import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import type { AppDispatch } from '../../shared/store.ts';
import { CALLS_PAGE_SIZE, type CallTab, callsApi } from '../calls/index.ts';
import {
  CALLS_PATH,
  listsAndAlertsPath,
  liveCallPath,
  RECORDED_CALLS_PATH,
  TOUR_STEPS,
  type TourTarget,
  transcriptPath,
} from './tour-model.ts';
import { setTourStep } from './tour-state.ts';

/**
 * The calls of a /calls tab, as that page asks for them (so the answer is shared with it). Live calls are read
 * afresh: a demo replay lasts about five minutes.
 */
async function calls(dispatch: AppDispatch, tab: CallTab, fresh: boolean) {
  const request = dispatch(
    callsApi.endpoints.getCalls.initiate({ tab, limit: CALLS_PAGE_SIZE }, fresh ? { forceRefetch: true } : {}),
  );
  try {
    return (await request.unwrap()).events;
  } finally {
    request.unsubscribe();
  }
}

/** Where a step leads right now; a call list that cannot be read leads to the calls page itself. */
export async function resolveTarget(target: TourTarget, dispatch: AppDispatch, signedIn: boolean): Promise<string> {
  switch (target.kind) {
    case 'page':
      return target.path;
    case 'listsAndAlerts':
      return listsAndAlertsPath(signedIn);
    case 'liveCall':
      return calls(dispatch, 'upcoming', true).then(liveCallPath, () => CALLS_PATH);
    case 'transcript':
      return calls(dispatch, 'recorded', false).then(transcriptPath, () => RECORDED_CALLS_PATH);
  }
}

/** Opens a step of the tour (its page, with the tour bar over it), or ends the tour. */
export function useTour() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelectorInTransition((state) => state.auth.status === 'signedIn');
  const [opening, setOpening] = useState<number | null>(null);
  const open = useCallback(
    async (step: number) => {
      const def = TOUR_STEPS[step];
      if (!def) return;
      setOpening(step);
      try {
        const path = await resolveTarget(def.target, dispatch, signedIn);
        setTourStep(step);
        await navigate(path);
      } finally {
        setOpening(null);
      }
    },
    [dispatch, navigate, signedIn],
  );
  return { open, opening };
}
