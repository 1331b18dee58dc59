import { formatCents, PLAN_NAMES, type SubscriptionStatus } from '@eh/domain';
import { Alert, Box, Chip, Typography } from '@mui/material';
import {
  INTERVAL_WORDS,
  PROVIDER_WORDS,
  periodLine,
  pricePerInterval,
  SUBSCRIPTION_STATUS_NOTES,
  SUBSCRIPTION_STATUS_WORDS,
} from '../../shared/manage-words.ts';
import type { Subscription } from './canceled-banner-model.ts';

const STATUS_COLOR: Readonly<Record<SubscriptionStatus, 'success' | 'error' | 'warning' | 'default'>> = {
  active: 'success',
  delinquent: 'error',
  pending: 'warning',
  canceled: 'default',
};

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }} data-testid={testId}>
        {value}
      </Typography>
    </>
  );
}

/** The subscription as it stands: plan, status in words, price and interval, what happens next, who bills it. */
export function ManageSummary({ subscription, label }: { subscription: Subscription; label: string | null }) {
  const period = periodLine(subscription);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="manage-summary" data-status={subscription.status}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontSize: '1.5rem', fontWeight: 700 }} data-testid="manage-plan">
          {PLAN_NAMES[subscription.plan]}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLOR[subscription.status]}
          label={SUBSCRIPTION_STATUS_WORDS[subscription.status]}
          data-testid="manage-status"
        />
      </Box>
      {period && (
        <Typography sx={{ fontWeight: 600 }} data-testid="manage-period">
          {period}
        </Typography>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        <Fact
          label="Price"
          value={pricePerInterval(
            subscription.nextChargeAmount ?? subscription.amount,
            subscription.currency,
            subscription.priceType,
          )}
          testId="manage-price"
        />
        {subscription.nextChargeAmount !== null && subscription.nextChargeAmount !== subscription.amount ? (
          // A coupon or an upgrade's credit lowered this period's charge: said beside the price that follows it.
          <Fact
            label="This period"
            value={formatCents(subscription.amount, subscription.currency)}
            testId="manage-this-period"
          />
        ) : null}
        <Fact label="Billed" value={INTERVAL_WORDS[subscription.priceType]} testId="manage-interval" />
        <Fact label="Billing" value={PROVIDER_WORDS[subscription.provider]} testId="manage-provider" />
      </Box>
      {label && (
        <Alert severity="info" role="status" sx={{ py: 0 }} data-testid="test-billing-label">
          {label}
        </Alert>
      )}
      {subscription.status !== 'active' && (
        <Typography variant="body2" color="text.secondary">
          {SUBSCRIPTION_STATUS_NOTES[subscription.status]}
        </Typography>
      )}
    </Box>
  );
}
