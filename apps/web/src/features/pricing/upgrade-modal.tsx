import {
  canUsePremium,
  DEFAULT_PRICE_TYPE,
  FREE_PLAN,
  formatCents,
  PLUS_PLAN,
  UPGRADE_FROM_PLAN,
  UPGRADE_TO_PLAN,
} from '@eh/domain';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Alert, Box, Button, DialogActions, DialogContent, Skeleton, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { BillingModeNote } from '../../shared/card-billing-note.tsx';
import { useAppDispatch } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { GATED_FEATURE_LABELS } from '../../shared/upgrade-prompt.tsx';
import { useCurrentPlan } from '../../shared/use-current-plan.ts';
import { useGetPricesQuery } from './billing-api.ts';
import { PlanIntervalSwitch } from './interval-switch.tsx';
import { PlanFeatureList } from './plan-card.tsx';
import { PlanPrice } from './plan-price.tsx';
import {
  accountFeatureOf,
  cheapestPlanFor,
  isPremiumFeature,
  NOT_FOR_SALE_YET,
  planDifference,
  planNamed,
  SUBSCRIBE_PLANS,
} from './pricing-model.ts';
import { usePlanPrices } from './use-plan-prices.ts';

/**
 * The upgrade modal a gate opens (props `{ feature, plan }`): the feature that stopped the reader, the cheapest
 * plan that unlocks it and what that plan adds over theirs, their plan, and the way to buy it (the subscribe
 * modal, with the interval chosen here; signed out, signing in comes first there), to the plans and to sign in.
 * Where billing is off, it says plans can't be bought online.
 */
export default function UpgradeModal({ entry, onClose }: ModalContentProps<'upgrade'>) {
  const dispatch = useAppDispatch();
  const { signedIn, plan: accountPlan, features } = useCurrentPlan();
  const feature = isPremiumFeature(entry.props.feature) ? entry.props.feature : null;
  const target = (feature && cheapestPlanFor(feature)) ?? planNamed(entry.props.plan, PLAN_LABELS) ?? PLUS_PLAN;
  const current = accountPlan ?? FREE_PLAN;
  const label = feature ? (GATED_FEATURE_LABELS[feature] ?? feature) : null;
  const included = feature !== null && features !== null && canUsePremium(features, feature);
  const difference = planDifference(current, target);
  const loadingPlan = signedIn === null || (signedIn && accountPlan === null);
  const prices = usePlanPrices();
  const [interval, setBillingInterval] = useState(DEFAULT_PRICE_TYPE);
  // A paying Plus subscriber moving to Pro: the server credits the unused Plus days (proration).
  const upgrading = signedIn === true && current === UPGRADE_FROM_PLAN && target === UPGRADE_TO_PLAN;
  const { data: upgradePrices } = useGetPricesQuery(
    upgrading ? { plan: UPGRADE_TO_PLAN, upgradePro: 'true' } : skipToken,
  );
  const proration = upgradePrices?.proration ?? null;
  // Bought here where billing is on and the plan is one a person buys (Team is an organization's).
  const buyable = !!prices.billing && !included && SUBSCRIBE_PLANS.includes(target);
  const upgradeQuote = upgradePrices?.[interval] ?? null;

  return (
    <>
      <DialogContent data-testid="upgrade-modal" data-feature={feature ?? ''} data-plan={target}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
          <LockOutlinedIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
          <Box>
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.15rem' }} data-testid="upgrade-feature">
              {label ? `Unlock ${label} with ${PLAN_LABELS[target]}` : `Get more with ${PLAN_LABELS[target]}`}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="upgrade-current-plan">
              {loadingPlan ? (
                <Skeleton width={200} />
              ) : signedIn ? (
                included ? (
                  `Your plan, ${PLAN_LABELS[current]}, includes this: reload the page to see it.`
                ) : (
                  `Your plan: ${PLAN_LABELS[current]}. ${PLAN_LABELS[target]} is the first plan that includes it.`
                )
              ) : (
                `You are browsing signed out, with the ${PLAN_LABELS[FREE_PLAN]} plan’s features. ${PLAN_LABELS[target]} is the first plan that includes it.`
              )}
            </Typography>
          </Box>
        </Box>
        {included ? null : (
          <>
            <Box
              sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}
              data-testid="upgrade-price"
            >
              <PlanIntervalSwitch value={interval} onChange={setBillingInterval} offer={prices.offerOf(target)} />
            </Box>
            <PlanPrice plan={target} offer={prices.offerOf(target)} interval={interval} loading={prices.loading} />
            {proration && upgradeQuote ? (
              <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="upgrade-proration">
                {`Moving to ${PLAN_LABELS[target]} now would cost ${formatCents(upgradeQuote.dueNow)} today, with the ${proration.daysLeft} unused day${proration.daysLeft === 1 ? '' : 's'} of your ${PLAN_LABELS[current]} period (${formatCents(proration.credit)}) credited.`}
              </Typography>
            ) : null}
            {prices.error ? (
              <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="prices-error">
                {prices.error}
              </Alert>
            ) : null}
            <Typography variant="subtitle2" component="h4">
              {`What ${PLAN_LABELS[target]} adds to ${PLAN_LABELS[current]}`}
            </Typography>
            <PlanFeatureList
              listLimit={difference.listLimit}
              added={difference.added}
              highlight={feature ? accountFeatureOf(feature) : null}
              data-testid="upgrade-adds"
            />
          </>
        )}
        {prices.billing === null ? (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="not-for-sale">
            {NOT_FOR_SALE_YET}
          </Alert>
        ) : prices.billing?.label && !included ? (
          <Box sx={{ mt: 2 }}>
            <BillingModeNote label={prices.billing.label} dense />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        {signedIn === false ? (
          <Button onClick={() => dispatch(modalOpened({ kind: 'signIn' }))} data-testid="upgrade-sign-in">
            Sign in
          </Button>
        ) : null}
        <Button onClick={onClose} color="inherit">
          Not now
        </Button>
        <Button
          component={RouterLink}
          to="/pricing"
          variant={buyable ? 'text' : 'contained'}
          onClick={onClose}
          data-testid="see-plans"
        >
          See plans
        </Button>
        {buyable ? (
          <Button
            variant="contained"
            data-testid="upgrade-buy"
            onClick={() => dispatch(modalOpened({ kind: 'subscribe', props: { plan: target, priceType: interval } }))}
          >
            {`Upgrade to ${PLAN_LABELS[target]}`}
          </Button>
        ) : null}
      </DialogActions>
    </>
  );
}
