import { useEffect, useState } from 'react';
import type { ApiError } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { paymentsApi, type SetupResponse } from './payments-api.ts';

export interface CardSetup {
  /** The provider, its label and (Stripe) the SetupIntent's client secret and the publishable key. */
  setup: SetupResponse | undefined;
  error: ApiError | undefined;
  /** Asks for a new SetupIntent (after an error, or once one was used). */
  renew(): void;
}

/**
 * A SetupIntent to collect a card with (POST /core/portfolios/payments/setup), asked for while `enabled`. Kept in
 * the component (not the mutation's cache entry) so each card form confirms its own intent.
 */
export function useCardSetup(enabled: boolean): CardSetup {
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ setup?: SetupResponse; error?: ApiError }>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is what asks again
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const request = dispatch(paymentsApi.endpoints.setupPayment.initiate(undefined, { track: false }));
    request.unwrap().then(
      (setup) => live && setState({ setup }),
      (error: ApiError) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [enabled, attempt, dispatch]);
  return {
    setup: state.setup,
    error: state.error,
    renew: () => {
      setState({});
      setAttempt((n) => n + 1);
    },
  };
}
