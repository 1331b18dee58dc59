import { PLAN_NAMES } from '@eh/domain';
import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, IconButton } from '@mui/material';
import { useEffect } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { billingDate } from '../../shared/manage-words.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { canceledBannerClosed, useCanceledBannerClosed } from './canceled-banner-closed.ts';
import { canceledBannerOf, type Subscription } from './canceled-banner-model.ts';
import { useGetMySubscriptionQuery, useReactivateMutation } from './payments-api.ts';

function endingText(subscription: Subscription): string {
  const plan = PLAN_NAMES[subscription.plan];
  const end = subscription.currentPeriodEnd;
  return end
    ? `Your ${plan} subscription is canceled and ends on ${billingDate(end)}. Its features stay on until then.`
    : `Your ${plan} subscription is canceled and ends at the end of the period you paid for.`;
}

function endedText(subscription: Subscription): string {
  return `Your ${PLAN_NAMES[subscription.plan]} subscription has ended: your account is on the Free plan.`;
}

/** The banner itself: what ends when, reactivate (or subscribe again once it ended), and close (remembered). */
export default function CanceledBannerContent() {
  const dispatch = useAppDispatch();
  const closed = useCanceledBannerClosed();
  const { data } = useGetMySubscriptionQuery();
  const [reactivate, { isLoading: reactivating }] = useReactivateMutation();
  const banner = canceledBannerOf(data?.subscription);

  // The one place the closed state resets: once the subscription as refetched runs uncanceled. Resetting it when a
  // reactivation answers would show the banner for the stale subscription until the refetch lands.
  useEffect(() => {
    if (banner.resetClosed) canceledBannerClosed.set(false);
  }, [banner.resetClosed]);

  if (banner.kind === 'none' || closed) return null;
  const { subscription } = banner;
  const apple = subscription.provider === 'apple';

  const onReactivate = async () => {
    const result = await reactivate();
    if ('error' in result) {
      dispatch(
        toastShown({
          message: errorMessage(result.error, 'Your subscription could not be reactivated.'),
          severity: 'error',
        }),
      );
      return;
    }
    dispatch(toastShown({ message: 'Your subscription is reactivated.', severity: 'success' }));
  };

  const action =
    banner.kind === 'ended' ? (
      <Button
        color="inherit"
        size="small"
        onClick={() =>
          dispatch(
            modalOpened({ kind: 'subscribe', props: { plan: subscription.plan, priceType: subscription.priceType } }),
          )
        }
      >
        Subscribe again
      </Button>
    ) : apple ? (
      <Button color="inherit" size="small" onClick={() => dispatch(modalOpened({ kind: 'manageSubscription' }))}>
        Manage
      </Button>
    ) : (
      <Button
        color="inherit"
        size="small"
        disabled={reactivating}
        onClick={onReactivate}
        data-testid="banner-reactivate"
      >
        {reactivating ? 'Reactivating…' : 'Reactivate'}
      </Button>
    );

  return (
    <Box role="region" aria-label="Subscription notice">
      <Alert
        data-testid="canceled-subscription-banner"
        data-kind={banner.kind}
        severity="warning"
        role="status"
        action={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {action}
            <IconButton
              color="inherit"
              size="small"
              aria-label="Close the subscription notice"
              onClick={() => canceledBannerClosed.set(true)}
              data-testid="canceled-banner-close"
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        }
        sx={{ borderRadius: 0, justifyContent: 'center', alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
      >
        {banner.kind === 'ending' ? endingText(subscription) : endedText(subscription)}
        {banner.kind === 'ending' && apple && ' It is managed in the App Store.'}
      </Alert>
    </Box>
  );
}
