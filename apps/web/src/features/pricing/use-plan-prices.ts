import type { Plan } from '@eh/domain';
import { type ApiError, errorMessage } from '../../shared/api.ts';
import { type PlansResponse, useGetPlansQuery } from './billing-api.ts';
import type { PlanOffer } from './price-lines.ts';

export interface PlanPrices {
  /** A plan's offer from the server's price list; undefined while loading or when the plan has no price. */
  offerOf(plan: Plan): PlanOffer | undefined;
  offers: readonly PlanOffer[];
  loading: boolean;
  /** Why the price list could not be read. */
  error: string | null;
  /**
   * Whether plans can be bought here: the provider and its label ("Test billing — no card is charged"); null when
   * billing is off on this server; undefined until the price list is read.
   */
  billing: PlansResponse['billing'] | undefined;
  /** The App Store products that buy each plan and interval in the iOS app (decision 0034); empty when none. */
  appleProducts: NonNullable<PlansResponse['appleProducts']>;
}

/** The server's price list (configuration, not code), and whether billing is on. */
export function usePlanPrices(): PlanPrices {
  const { data, isLoading, error } = useGetPlansQuery();
  const offers = data?.plans ?? [];
  return {
    offerOf: (plan) => offers.find((offer) => offer.plan === plan),
    offers,
    loading: isLoading,
    error: error ? errorMessage(error as ApiError, 'The prices could not be loaded.') : null,
    billing: data?.billing,
    appleProducts: data?.appleProducts ?? [],
  };
}
