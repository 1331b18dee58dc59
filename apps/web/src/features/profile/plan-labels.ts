import type { Plan } from '@eh/domain';

/** How each plan of SPEC §1 is named on screen. */
export const PLAN_LABELS: Record<Plan, string> = {
  free: 'Free',
  earningshub_plus: 'Plus',
  earningshub_pro: 'Pro',
  savvy_trader_pro: 'Partner Pro',
  earningshub_team: 'Team',
};
