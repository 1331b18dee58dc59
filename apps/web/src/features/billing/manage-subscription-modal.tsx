import { PLAN_NAMES, type Plan } from '@eh/domain';
import { Alert, Box, Button, CircularProgress, DialogActions, DialogContent, Divider, Typography } from '@mui/material';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { periodLine } from '../../shared/manage-words.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { useGetMeQuery } from '../../shared/users-api.ts';
import type { Subscription } from './canceled-banner-model.ts';
import { ManageActions } from './manage-actions.tsx';
import { ManageCards } from './manage-cards.tsx';
import { ManageRefund } from './manage-refund.tsx';
import { ManageSummary } from './manage-summary.tsx';
import { useGetMySubscriptionQuery } from './payments-api.ts';

/**
 * No running subscription: what ended, if anything, and the way to the plans. A paid plan with no subscription
 * behind it (given by an operator, as the demo accounts' are) is said to be so: nothing bills it.
 */
function NoSubscription({ ended, unbilledPlan }: { ended: Subscription | null; unbilledPlan: Plan | null }) {
  const dispatch = useAppDispatch();
  const line = ended ? periodLine(ended) : null;
  const ending = line ? `${line.charAt(0).toLowerCase()}${line.slice(1)}` : 'ended';
  const what = ended ? `Your ${PLAN_NAMES[ended.plan]} subscription ${ending}. ` : '';
  return (
    <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }} data-testid="manage-no-subscription">
      {unbilledPlan ? (
        <>
          <Typography component="h3" sx={{ fontSize: '1.5rem', fontWeight: 700 }} data-testid="manage-plan">
            {PLAN_NAMES[unbilledPlan]}
          </Typography>
          <Typography>
            {what}
            Your account has the {PLAN_NAMES[unbilledPlan]} plan without a subscription: nothing is billed, so there is
            nothing to cancel or renew.
          </Typography>
        </>
      ) : (
        <Typography>{what}You have no paid subscription: your account is on the Free plan.</Typography>
      )}
      <Button variant="contained" onClick={() => dispatch(modalOpened({ kind: 'choosePlan' }))}>
        See plans
      </Button>
    </Box>
  );
}

/**
 * SPEC §2 manage subscription: the plan, interval, price and status in words, the next charge or the end date,
 * who bills it (test billing says nothing is charged), and the actions the provider allows: change plan or
 * interval, cancel at period end, reactivate, pay an overdue payment, cards, refund eligibility, charge history.
 * An App Store subscription is managed in the App Store: no card actions here.
 */
export default function ManageSubscriptionModal({ onClose }: ModalContentProps<'manageSubscription'>) {
  const dispatch = useAppDispatch();
  const { data, isLoading, error, refetch } = useGetMySubscriptionQuery();
  const { data: me } = useGetMeQuery();

  if (isLoading) {
    return (
      <DialogContent dividers sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
        <CircularProgress aria-label="Loading your subscription" />
      </DialogContent>
    );
  }
  if (!data) {
    return (
      <DialogContent dividers>
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error, 'Your subscription could not be loaded.')}
        </Alert>
      </DialogContent>
    );
  }

  const subscription = data.subscription;
  const live = subscription !== null && subscription.status !== 'canceled' ? subscription : null;
  const apple = live?.provider === 'apple';
  const label = data.testMode ? data.label : null;

  return (
    <>
      <DialogContent dividers sx={{ display: 'grid', gap: 2.5 }} data-testid="manage-subscription">
        {live ? (
          <ManageSummary subscription={live} label={live.provider === 'test' ? label : null} />
        ) : (
          <NoSubscription
            ended={subscription}
            unbilledPlan={me?.accountSubscription.subscriptionType === 'paid' ? me.accountSubscription.plan : null}
          />
        )}
        {live && apple && (
          <Alert severity="info" role="status" data-testid="manage-apple">
            This subscription was bought in the App Store and is managed there: change, cancel or renew it in the App
            Store’s subscription settings on your iPhone or iPad.
          </Alert>
        )}
        {live && !apple && <ManageActions subscription={live} />}
        {!apple && (
          <>
            <Divider />
            <ManageCards needsCard={live !== null} />
          </>
        )}
        <Divider />
        <ManageRefund apple={apple} />
        {!live && label && (
          <Typography variant="body2" color="text.secondary" data-testid="test-billing-label">
            {label}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => dispatch(modalOpened({ kind: 'chargeHistory' }))} data-testid="manage-charge-history">
          Charge history
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}
