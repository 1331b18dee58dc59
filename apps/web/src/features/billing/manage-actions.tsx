import { PLAN_NAMES } from '@eh/domain';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { billingDate } from '../../shared/manage-words.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import type { Subscription } from './canceled-banner-model.ts';
import { ManageChangePlan } from './manage-change-plan.tsx';
import { usePayNowMutation, useReactivateMutation, useSubscribeMutation } from './payments-api.ts';

type Step = 'idle' | 'confirmCancel' | 'changePlan';

/**
 * What a subscriber billed by card (Stripe or test billing) can do: pay an overdue payment now, change plan or
 * interval, cancel at the period end (after a confirmation) and reactivate before it ends. Each shows the
 * server's words when it fails (a declined card says so).
 */
export function ManageActions({ subscription }: { subscription: Subscription }) {
  const dispatch = useAppDispatch();
  const [step, setStep] = useState<Step>('idle');
  const [subscribe, cancelState] = useSubscribeMutation();
  const [reactivate, reactivateState] = useReactivateMutation();
  const [payNow, payState] = usePayNowMutation();
  const plan = PLAN_NAMES[subscription.plan];
  const end = subscription.currentPeriodEnd ? billingDate(subscription.currentPeriodEnd) : null;
  const busy = cancelState.isLoading || reactivateState.isLoading || payState.isLoading;
  const failure = cancelState.error ?? reactivateState.error ?? payState.error;
  const failureFallback = payState.error
    ? 'The payment did not go through.'
    : cancelState.error
      ? 'Your subscription could not be canceled.'
      : 'Your subscription could not be reactivated.';

  const cancel = async () => {
    reactivateState.reset();
    payState.reset();
    const result = await subscribe({ cancelAtPeriodEnd: true });
    if ('error' in result) return;
    setStep('idle');
    dispatch(
      toastShown({
        message: end ? `Your ${plan} subscription ends on ${end}.` : `Your ${plan} subscription ends with this period.`,
        severity: 'success',
      }),
    );
  };

  const onReactivate = async () => {
    cancelState.reset();
    payState.reset();
    const result = await reactivate();
    if ('error' in result) return;
    dispatch(toastShown({ message: `Your ${plan} subscription is reactivated.`, severity: 'success' }));
  };

  const onPayNow = async () => {
    cancelState.reset();
    reactivateState.reset();
    const result = await payNow({});
    if ('error' in result) return;
    dispatch(toastShown({ message: `Paid: your ${plan} features are back on.`, severity: 'success' }));
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="manage-actions">
      {failure && (
        <Alert severity="error" role="alert" data-testid="manage-error">
          {errorMessage(failure, failureFallback)}
        </Alert>
      )}
      {subscription.status === 'delinquent' && (
        <Alert
          severity="warning"
          data-testid="manage-overdue"
          action={
            <Button color="inherit" size="small" disabled={busy} onClick={onPayNow} data-testid="manage-pay-now">
              {payState.isLoading ? 'Paying…' : 'Pay now'}
            </Button>
          }
        >
          The last payment failed. Pay now with your newest card, or update your card first.
        </Alert>
      )}
      {step === 'changePlan' ? (
        <ManageChangePlan subscription={subscription} onCancel={() => setStep('idle')} />
      ) : step === 'confirmCancel' ? (
        <Box
          sx={{ display: 'grid', gap: 1.5, p: 2, border: 1, borderColor: 'warning.main', borderRadius: 1 }}
          data-testid="manage-cancel-confirm"
        >
          <Typography sx={{ fontWeight: 600 }}>Cancel at the end of the period?</Typography>
          <Typography variant="body2">
            {end ? `You keep ${plan} until ${end}` : `You keep ${plan} until the end of the period you paid for`}, and
            nothing more is charged. Until then you can reactivate it here.
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              color="error"
              disabled={busy}
              onClick={cancel}
              data-testid="manage-cancel-confirm-button"
            >
              {cancelState.isLoading ? 'Canceling…' : 'Cancel at period end'}
            </Button>
            <Button disabled={busy} onClick={() => setStep('idle')}>
              Keep my subscription
            </Button>
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {subscription.cancelAtPeriodEnd ? (
            <Button variant="contained" disabled={busy} onClick={onReactivate} data-testid="manage-reactivate">
              {reactivateState.isLoading ? 'Reactivating…' : 'Reactivate'}
            </Button>
          ) : null}
          <Button variant="outlined" disabled={busy} onClick={() => setStep('changePlan')} data-testid="manage-change">
            Change plan or interval
          </Button>
          {!subscription.cancelAtPeriodEnd && (
            <Button
              color="error"
              disabled={busy}
              onClick={() => {
                cancelState.reset();
                setStep('confirmCancel');
              }}
              data-testid="manage-cancel"
            >
              Cancel subscription
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}
