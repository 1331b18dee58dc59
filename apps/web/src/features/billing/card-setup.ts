import { useEffect, useState } from 'react';
import type { ApiError } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { paymentsApi, type SetupResponse } from './payments-api.ts';
import { PERSON, type Subscriber } from './subscriber.ts';
import { teamPaymentsApi } from './team-payments-api.ts';

export interface CardSetup {
  /** The provider, its label and (Stripe) the SetupIntent's client secret and the publishable key. */
  setup: SetupResponse | undefined;
  error: ApiError | undefined;
  /** Asks for a new SetupIntent (after an error, or once one was used). */
  renew(): void;
}

/**
 * A SetupIntent to collect a card with, asked for while `enabled`: a person's (POST /core/portfolios/payments/setup)
 * or an organization's (POST /core/organizations/{orgId}/payments/setup, the owner only), so the same card fields
 * serve both. Kept in the component (not the mutation's cache entry) so each card form confirms its own intent.
 */
export function useCardSetup(enabled: boolean, subscriber: Subscriber = PERSON): CardSetup {
  const dispatch = useAppDispatch();
  const orgId = subscriber.kind === 'team' ? subscriber.orgId : null;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ setup?: SetupResponse; error?: ApiError }>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is what asks again
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const request = orgId
      ? dispatch(teamPaymentsApi.endpoints.setupTeamPayment.initiate({ orgId }, { track: false }))
      : dispatch(paymentsApi.endpoints.setupPayment.initiate(undefined, { track: false }));
    request.unwrap().then(
      (setup) => live && setState({ setup }),
      (error: ApiError) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [enabled, orgId, attempt, dispatch]);
  return {
    setup: state.setup,
    error: state.error,
    renew: () => {
      setState({});
      setAttempt((n) => n + 1);
    },
  };
}
