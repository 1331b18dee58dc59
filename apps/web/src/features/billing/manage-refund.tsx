import { formatCents } from '@eh/domain';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { billingDate } from '../../shared/manage-words.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { useGetRefundEligibilityQuery, useRequestRefundMutation } from './payments-api.ts';

/**
 * Refund eligibility as the server states it (GET …/subscription/refund): until when the last payment can be
 * refunded, or why it cannot; while it can, the refund itself, after a confirmation that the plan ends with it.
 */
export function ManageRefund({ apple }: { apple: boolean }) {
  const dispatch = useAppDispatch();
  const { data, isLoading, isError } = useGetRefundEligibilityQuery(undefined, { skip: apple });
  const [refund, refundState] = useRequestRefundMutation();
  const [confirming, setConfirming] = useState(false);
  const amount = data?.amount !== null && data?.amount !== undefined ? formatCents(data.amount) : null;
  let text: string | null = null;
  if (apple) text = 'App Store purchases are refunded by Apple: ask for one at reportaproblem.apple.com.';
  else if (isError) text = 'Whether your last payment can be refunded could not be loaded.';
  else if (data?.eligible && data.refundableUntil)
    text = `Your last payment${amount ? ` of ${amount}` : ''} can be refunded until ${billingDate(data.refundableUntil)}.`;
  else if (data) text = data.reason ?? 'Your last payment cannot be refunded.';

  const onRefund = async () => {
    const result = await refund();
    if ('error' in result) return;
    setConfirming(false);
    dispatch(
      toastShown({ message: `Refunded${amount ? ` ${amount}` : ''}: your plan has ended.`, severity: 'success' }),
    );
  };

  return (
    <Box component="section" aria-labelledby="manage-refund-heading" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="manage-refund-heading" component="h3" sx={{ fontWeight: 700 }}>
        Refunds
      </Typography>
      {isLoading ? (
        <Skeleton width="80%" />
      ) : (
        <Typography variant="body2" data-testid="manage-refund" data-eligible={data?.eligible ? 'true' : 'false'}>
          {text}
        </Typography>
      )}
      {refundState.error && (
        <Alert severity="error">{errorMessage(refundState.error, 'The refund did not go through.')}</Alert>
      )}
      {!apple && data?.eligible && !confirming && (
        <Box>
          <Button
            variant="outlined"
            color="error"
            onClick={() => setConfirming(true)}
            data-testid="manage-refund-start"
          >
            Refund my last payment
          </Button>
        </Box>
      )}
      {!apple && data?.eligible && confirming && (
        <Box
          role="group"
          aria-label="Confirm the refund"
          data-testid="manage-refund-confirm"
          sx={{ display: 'grid', gap: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
        >
          <Typography variant="body2">
            {amount ? `${amount} goes back to your card` : 'Your last payment goes back to your card'} and your plan
            ends now, with its features.
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" color="error" loading={refundState.isLoading} onClick={() => void onRefund()}>
              Refund and end my plan
            </Button>
            <Button onClick={() => setConfirming(false)} disabled={refundState.isLoading}>
              Keep my plan
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
