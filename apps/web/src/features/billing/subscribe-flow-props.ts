import type { BillingInterval, Plan } from '@eh/domain';
import type { FlowLayout } from '../../components/flow-frame.tsx';

export interface SubscribeResult {
  plan: Plan;
  priceType: BillingInterval;
  /** The plan before (free for a first purchase). */
  from: Plan;
  /** No paid plan before: the welcome is a first one. */
  first: boolean;
}

export interface SubscribeFlowProps {
  plan: Plan;
  priceType: BillingInterval;
  coupon: string | null;
  /** In the subscribe modal (its content and actions) or on the /stripe/checkout page. */
  layout: FlowLayout;
  onCancel?: () => void;
  onSubscribed(result: SubscribeResult): void;
}
