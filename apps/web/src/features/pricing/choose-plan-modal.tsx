import { DEFAULT_PRICE_TYPE, FREE_PLAN } from '@eh/domain';
import { Alert, Box, Button, DialogActions, DialogContent, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BillingModeNote } from '../../shared/card-billing-note.tsx';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { useCurrentPlan } from '../../shared/use-current-plan.ts';
import { IntervalSwitch } from './interval-switch.tsx';
import { PlanAction } from './plan-action.tsx';
import { PlanCard } from './plan-card.tsx';
import { PlanPrice } from './plan-price.tsx';
import { bestYearlySaving } from './price-lines.ts';
import { NOT_FOR_SALE_YET, PRICING_PLANS, planLadder } from './pricing-model.ts';
import { usePlanPrices } from './use-plan-prices.ts';

/**
 * The choose-plan modal: the pricing page's four plans, compact, with their prices (monthly or yearly), the
 * reader's own marked, each with its button into the subscribe modal where billing is on, and the way to /pricing.
 */
export default function ChoosePlanModal({ onClose }: ModalContentProps<'choosePlan'>) {
  const { signedIn, plan, features } = useCurrentPlan();
  const paying = features?.subscriptionType === 'paid';
  const current = signedIn === false ? FREE_PLAN : plan;
  const ladder = planLadder();
  const prices = usePlanPrices();
  const [interval, setBillingInterval] = useState(DEFAULT_PRICE_TYPE);
  return (
    <>
      <DialogContent data-testid="choose-plan">
        {current && !PRICING_PLANS.includes(current) ? (
          <Typography variant="body2" sx={{ mb: 1.5 }}>
            Your plan: {PLAN_LABELS[current]}.
          </Typography>
        ) : signedIn === false ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Signed out you browse with the {PLAN_LABELS[FREE_PLAN]} plan’s features.
          </Typography>
        ) : null}
        <Box sx={{ mb: 1.5 }}>
          <IntervalSwitch
            size="small"
            value={interval}
            onChange={setBillingInterval}
            bestSaving={bestYearlySaving(prices.offers)}
          />
        </Box>
        {prices.error ? (
          <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="prices-error">
            {prices.error}
          </Alert>
        ) : null}
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {ladder.map((step, index) => (
            <PlanCard
              key={step.plan}
              compact
              step={step}
              previous={ladder[index - 1]}
              current={step.plan === current}
              price={
                <PlanPrice
                  compact
                  plan={step.plan}
                  offer={prices.offerOf(step.plan)}
                  interval={interval}
                  loading={prices.loading}
                />
              }
              action={
                <PlanAction
                  compact
                  plan={step.plan}
                  interval={interval}
                  current={paying && step.plan === current}
                  billing={prices.billing}
                  onChoose={onClose}
                />
              }
            />
          ))}
        </Box>
        {prices.billing === null ? (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="not-for-sale">
            {NOT_FOR_SALE_YET}
          </Alert>
        ) : prices.billing?.label ? (
          <Box sx={{ mt: 2 }}>
            <BillingModeNote label={prices.billing.label} dense />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          Close
        </Button>
        <Button component={RouterLink} to="/pricing" variant="contained" onClick={onClose}>
          See plans
        </Button>
      </DialogActions>
    </>
  );
}
