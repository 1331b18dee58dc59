import { DEFAULT_PRICE_TYPE } from '@eh/domain';
import { Alert, Box } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { BillingModeNote } from '../../shared/card-billing-note.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { useCurrentPlan } from '../../shared/use-current-plan.ts';
import { useGetCouponQuery } from './billing-api.ts';
import { CheckedCouponField } from './coupon-field.tsx';
import { IntervalSwitch } from './interval-switch.tsx';
import { PlanAction } from './plan-action.tsx';
import { PlanCard } from './plan-card.tsx';
import { PlanPrice } from './plan-price.tsx';
import { bestYearlySaving, COUPON_PARAM } from './price-lines.ts';
import { NOT_FOR_SALE_YET, planLadder } from './pricing-model.ts';
import { usePlanPrices } from './use-plan-prices.ts';

/**
 * /pricing: the four plans, their prices from the server's price list (monthly or yearly, with the yearly saving),
 * what each unlocks, and a coupon code's price; the reader's plan marked. Where billing is on, each plan's button
 * opens the subscribe modal with the interval and the coupon; where it is off (the price list says so), the page
 * says plans can't be bought online.
 */
export default function PricingPage() {
  const page = pageById('pricing');
  useDocumentMeta(page.title, page.description);
  const { plan: current, features } = useCurrentPlan();
  const paying = features?.subscriptionType === 'paid';
  const ladder = planLadder();
  const prices = usePlanPrices();
  const [interval, setBillingInterval] = useState(DEFAULT_PRICE_TYPE);
  const [params, setParams] = useSearchParams();
  const code = params.get(COUPON_PARAM)?.trim() || null;
  const couponQuery = useGetCouponQuery(code ? { name: code } : skipToken);
  const coupon = code && !couponQuery.isError ? couponQuery.data : undefined;
  const setCode = (next: string | null) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        if (next) updated.set(COUPON_PARAM, next);
        else updated.delete(COUPON_PARAM);
        return updated;
      },
      { replace: true },
    );

  return (
    <PageFrame title={page.title} description={page.description}>
      {prices.billing === null ? (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="not-for-sale">
          {NOT_FOR_SALE_YET}
        </Alert>
      ) : prices.billing?.label ? (
        <Box sx={{ mb: 3 }}>
          <BillingModeNote label={prices.billing.label} />
        </Box>
      ) : null}
      {prices.error ? (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="prices-error">
          {prices.error}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          mb: 3,
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
        }}
      >
        <IntervalSwitch value={interval} onChange={setBillingInterval} bestSaving={bestYearlySaving(prices.offers)} />
        <CheckedCouponField code={code} coupon={coupon} check={couponQuery} onChange={setCode} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
          alignItems: 'stretch',
        }}
      >
        {ladder.map((step, index) => (
          <PlanCard
            key={step.plan}
            step={step}
            previous={ladder[index - 1]}
            current={step.plan === current}
            price={
              <PlanPrice
                plan={step.plan}
                offer={prices.offerOf(step.plan)}
                interval={interval}
                coupon={coupon}
                loading={prices.loading}
              />
            }
            action={
              <PlanAction
                plan={step.plan}
                interval={interval}
                coupon={coupon?.name}
                current={paying && step.plan === current}
                billing={prices.billing}
              />
            }
          />
        ))}
      </Box>
    </PageFrame>
  );
}
