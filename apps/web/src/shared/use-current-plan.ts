import type { AccountFeatures, Plan } from '@eh/domain';
import { useAppSelectorInTransition } from './hooks.ts';
import { useGetMeQuery } from './users-api.ts';

export interface CurrentPlan {
  /** Null while the session is being read. */
  signedIn: boolean | null;
  /** The plan the reader's account shows (the display override applied); null signed out or not loaded yet. */
  plan: Plan | null;
  /** What the account may use (a delinquent paid plan has the free features); null signed out or not loaded. */
  features: AccountFeatures | null;
}

/** The reader's plan as the account shows it (SPEC §4 display override), for marking it among the plans. */
export function useCurrentPlan(): CurrentPlan {
  const status = useAppSelectorInTransition((state) => state.auth.status);
  const signedIn = status === 'signedIn';
  const { data: me } = useGetMeQuery(undefined, { skip: !signedIn });
  return {
    signedIn: status === 'unknown' ? null : signedIn,
    plan: signedIn ? (me?.displayPlan ?? null) : null,
    features: signedIn ? (me?.accountFeatures ?? null) : null,
  };
}
