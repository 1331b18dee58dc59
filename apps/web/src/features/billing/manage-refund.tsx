import { formatCents } from '@eh/domain';
import { Box, Link, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { billingDate } from './manage-words.ts';
import { useGetRefundEligibilityQuery } from './payments-api.ts';

/**
 * Refund eligibility as the server states it (GET …/subscription/refund): until when the last payment can be
 * refunded, or why it cannot. Refunds are not requested in the app: the feedback page is the way to ask.
 */
export function ManageRefund({ apple, onLeave }: { apple: boolean; onLeave: () => void }) {
  const { data, isLoading, isError } = useGetRefundEligibilityQuery(undefined, { skip: apple });
  let text: string | null = null;
  if (apple) text = 'App Store purchases are refunded by Apple: ask for one at reportaproblem.apple.com.';
  else if (isError) text = 'Whether your last payment can be refunded could not be loaded.';
  else if (data?.eligible && data.refundableUntil)
    text = `Your last payment${data.amount !== null ? ` of ${formatCents(data.amount)}` : ''} can be refunded until ${billingDate(data.refundableUntil)}.`;
  else if (data) text = data.reason ?? 'Your last payment cannot be refunded.';
  return (
    <Box component="section" aria-labelledby="manage-refund-heading" sx={{ display: 'grid', gap: 0.5 }}>
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
      {!apple && data?.eligible && (
        <Typography variant="body2" color="text.secondary">
          Refunds are not requested in the app yet: ask for one through the{' '}
          <Link component={RouterLink} to="/feedback" onClick={onLeave}>
            feedback page
          </Link>
          .
        </Typography>
      )}
    </Box>
  );
}
