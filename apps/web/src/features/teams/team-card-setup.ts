import { useEffect, useState } from 'react';
import type { ApiError } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import type { CardSetup } from '../billing/card-setup.ts';
import { teamsApi } from './teams-api.ts';

/**
 * A SetupIntent to collect the team's card with (POST /core/organizations/{orgId}/payments/setup, the owner only),
 * asked for while `orgId` is known and `enabled`: the team's twin of billing's useCardSetup, so the same card fields
 * serve both.
 */
export function useTeamCardSetup(orgId: string | null, enabled: boolean): CardSetup {
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Pick<CardSetup, 'setup' | 'error'>>({ setup: undefined, error: undefined });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is what asks again
  useEffect(() => {
    if (!enabled || !orgId) return;
    let live = true;
    const request = dispatch(teamsApi.endpoints.setupTeamPayment.initiate({ orgId }, { track: false }));
    request.unwrap().then(
      (setup) => live && setState({ setup, error: undefined }),
      (error: ApiError) => live && setState({ setup: undefined, error }),
    );
    return () => {
      live = false;
    };
  }, [enabled, orgId, attempt, dispatch]);
  return {
    setup: state.setup,
    error: state.error,
    renew: () => {
      setState({ setup: undefined, error: undefined });
      setAttempt((n) => n + 1);
    },
  };
}
