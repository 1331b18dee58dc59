import { FREE_PLAN, isPlan, type Plan } from '@eh/domain';
import CelebrationOutlinedIcon from '@mui/icons-material/CelebrationOutlined';
import { Box, Button, DialogActions, DialogContent, Typography } from '@mui/material';
import { BillingModeNote } from '../../shared/card-billing-note.tsx';
import { useAppDispatch } from '../../shared/hooks.ts';
import { billingDate } from '../../shared/manage-words.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { useGetMeQuery } from '../../shared/users-api.ts';
import { PlanFeatureList, planDifference, usePlanPrices } from '../pricing/index.ts';
import { requestedPriceType } from './subscribe-model.ts';

/**
 * The welcome after a purchase (props `plan`, `priceType`, `from`, `first`): the plan is on, what it brings over
 * the plan before, when the next payment falls, and the way to manage the subscription.
 */
export default function WelcomeModal({ entry, onClose }: ModalContentProps<'welcome'>) {
  const dispatch = useAppDispatch();
  const plan: Plan = isPlan(entry.props.plan) ? entry.props.plan : FREE_PLAN;
  const from: Plan = isPlan(entry.props.from) ? entry.props.from : FREE_PLAN;
  const priceType = requestedPriceType(entry.props.priceType);
  const first = entry.props.first !== false;
  const { data: me } = useGetMeQuery();
  const { billing } = usePlanPrices();
  const label = PLAN_LABELS[plan];
  const gained = planDifference(from, plan);
  // A move down (pro → plus) adds nothing: what the plan includes instead.
  const shown = gained.added.length > 0 || gained.listLimit !== null ? gained : planDifference(FREE_PLAN, plan);
  const nextCharge = me?.accountSubscription.plan === plan ? me.accountSubscription.nextChargeDate : null;
  return (
    <>
      <DialogContent data-testid="welcome-modal" data-plan={plan}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
          <CelebrationOutlinedIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
          <Box>
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.2rem' }} data-testid="welcome-heading">
              {first ? `Welcome to ${label}` : `You are now on ${label}`}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="welcome-billing">
              {`Your ${label} plan is active, billed ${priceType}.`}
              {nextCharge ? ` The next payment is due on ${billingDate(nextCharge)}.` : ''}
            </Typography>
          </Box>
        </Box>
        <Typography variant="subtitle2" component="h4">
          {shown === gained && from !== FREE_PLAN
            ? `What ${label} adds to ${PLAN_LABELS[from]}`
            : `What ${label} includes`}
        </Typography>
        <Box sx={{ '& ul': { columns: { sm: 2 }, columnGap: 3 }, '& li': { breakInside: 'avoid' } }}>
          <PlanFeatureList listLimit={shown.listLimit} added={shown.added} data-testid="welcome-features" />
        </Box>
        {billing?.label ? (
          <Box sx={{ mt: 2 }}>
            <BillingModeNote label={billing.label} dense />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => dispatch(modalOpened({ kind: 'manageSubscription' }))} data-testid="welcome-manage">
          Manage subscription
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="welcome-done">
          Start exploring
        </Button>
      </DialogActions>
    </>
  );
}
