import { type BillingInterval, FREE_PLAN, type Plan, PRO_PLAN, TEAM_PLAN } from '@eh/domain';
import { Button } from '@mui/material';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import type { PlansResponse } from './billing-api.ts';

export interface PlanActionProps {
  plan: Plan;
  interval: BillingInterval;
  /** A coupon code that fits (applied on the page), carried into the subscribe modal. */
  coupon?: string | null | undefined;
  /** The reader pays for this plan now. */
  current: boolean;
  /** The price list's billing: undefined until read, null when billing is off (nothing to buy). */
  billing: PlansResponse['billing'] | undefined;
  compact?: boolean;
  /** Called before the subscribe modal opens (a modal closing itself). */
  onChoose?: () => void;
}

/**
 * The button under a plan where plans are sold: choose it (the subscribe modal, with the interval and the coupon),
 * manage it when it is the reader's, set up a team (the upgrade to team modal: an organization, its licences and its
 * card). Nothing when billing is off: the page says plans can't be bought online.
 */
export function PlanAction({ plan, interval, coupon, current, billing, compact, onChoose }: PlanActionProps) {
  const dispatch = useAppDispatch();
  if (!billing || plan === FREE_PLAN) return null;
  const size = compact ? 'small' : 'medium';
  if (current)
    return (
      <Button
        fullWidth
        size={size}
        variant="outlined"
        onClick={() => dispatch(modalOpened({ kind: 'manageSubscription' }))}
        data-testid={`manage-${plan}`}
      >
        Manage subscription
      </Button>
    );
  if (plan === TEAM_PLAN)
    return (
      <Button
        fullWidth
        size={size}
        variant="outlined"
        data-testid={`choose-${plan}`}
        onClick={() => {
          onChoose?.();
          dispatch(modalOpened({ kind: 'upgradeToTeam', props: { priceType: interval } }));
        }}
      >
        Set up a team
      </Button>
    );
  return (
    <Button
      fullWidth
      size={size}
      variant={plan === PRO_PLAN ? 'contained' : 'outlined'}
      data-testid={`choose-${plan}`}
      onClick={() => {
        onChoose?.();
        dispatch(
          modalOpened({ kind: 'subscribe', props: { plan, priceType: interval, ...(coupon ? { coupon } : {}) } }),
        );
      }}
    >
      Choose {PLAN_LABELS[plan]}
    </Button>
  );
}
