import {
  BILLING_INTERVALS,
  type BillingInterval,
  formatCents,
  PLAN_NAMES,
  PLUS_PLAN,
  type Plan,
  PRO_PLAN,
} from '@eh/domain';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useAppDispatch } from '../../shared/hooks.ts';
import { INTERVAL_WORDS } from '../../shared/manage-words.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { useGetPlansQuery } from '../pricing/index.ts';
import type { Subscription } from './canceled-banner-model.ts';

/** The plans a subscriber moves between here (Team comes with organizations; Partner Pro through a partner). */
const CHANGE_PLANS: readonly Plan[] = [PLUS_PLAN, PRO_PLAN];

const PER: Readonly<Record<BillingInterval, string>> = { yearly: '/ year', monthly: '/ month' };

/**
 * Picks another plan or interval and hands over to the subscribe modal (`{ plan, priceType }`), which takes the
 * payment; the current plan and interval together are not a change.
 */
export function ManageChangePlan({ subscription, onCancel }: { subscription: Subscription; onCancel: () => void }) {
  const dispatch = useAppDispatch();
  const labelId = useId();
  const { data, isLoading, error } = useGetPlansQuery();
  const [plan, setPlan] = useState<Plan>(subscription.plan);
  const [interval, setBillingInterval] = useState<BillingInterval>(subscription.priceType);
  const plans = CHANGE_PLANS.includes(subscription.plan) ? CHANGE_PLANS : [subscription.plan, ...CHANGE_PLANS];
  const offerOf = (p: Plan) => data?.plans.find((offer) => offer.plan === p)?.[interval] ?? null;
  const same = plan === subscription.plan && interval === subscription.priceType;
  const sold = offerOf(plan) !== null;

  return (
    <Box
      sx={{ display: 'grid', gap: 1.5, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
      data-testid="manage-change-plan"
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={interval}
        onChange={(_event, next: BillingInterval | null) => next && setBillingInterval(next)}
        aria-label="Billing interval"
        sx={{ justifySelf: 'start' }}
      >
        {BILLING_INTERVALS.map((option) => (
          <ToggleButton key={option} value={option} data-testid={`manage-interval-${option}`}>
            {INTERVAL_WORDS[option]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FormControl>
        <FormLabel id={labelId}>Plan</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={plan} onChange={(event) => setPlan(event.target.value as Plan)}>
          {plans.map((option) => {
            const offer = offerOf(option);
            const current = option === subscription.plan && interval === subscription.priceType;
            return (
              <FormControlLabel
                key={option}
                value={option}
                control={<Radio size="small" />}
                disabled={!isLoading && !offer}
                data-testid={`manage-plan-${option}`}
                label={
                  <Typography component="span">
                    {PLAN_NAMES[option]}
                    <Typography component="span" color="text.secondary">
                      {offer
                        ? ` · ${formatCents(offer.amount, offer.currency)} ${PER[interval]}`
                        : isLoading
                          ? ''
                          : ' · not sold this way'}
                      {current ? ' · your plan now' : ''}
                    </Typography>
                  </Typography>
                }
              />
            );
          })}
        </RadioGroup>
      </FormControl>
      {error && <Alert severity="error">The prices could not be loaded.</Alert>}
      <Typography variant="body2" color="text.secondary">
        The next step shows the price to pay now and takes the payment; your current subscription ends when the new one
        starts.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          disabled={same || !sold}
          onClick={() => dispatch(modalOpened({ kind: 'subscribe', props: { plan, priceType: interval } }))}
          data-testid="manage-change-continue"
        >
          {same ? 'This is your plan' : `Continue with ${PLAN_NAMES[plan]}, ${INTERVAL_WORDS[interval].toLowerCase()}`}
        </Button>
        <Button onClick={onCancel}>Back</Button>
      </Box>
    </Box>
  );
}
