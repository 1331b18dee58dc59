import { type BillingInterval, formatCents, MAX_TEAM_LICENSES, TEAM_PLAN } from '@eh/domain';
import { Box, Divider, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { CheckoutForm, CheckoutSection, PayWith, PriceRow, QuotePart, useCheckout } from '../billing/index.ts';
import { PlanIntervalSwitch, usePlanPrices } from '../pricing/index.ts';
import { LicenceCountField } from './licence-count-field.tsx';
import { licenceCountProblem, licences, perInterval } from './team-model.ts';
import { type Organization, useGetLicensePriceQuery } from './teams-api.ts';

export interface TeamCheckoutProps {
  organization: Organization;
  priceType: BillingInterval;
  /** Licences to start with (at least the seats used). */
  licenseCount: number;
  onCancel(): void;
  onSubscribed(): void;
}

/**
 * Buying the Team plan for an organization (its owner): billing's one checkout with the team as the subscriber —
 * how many licences, monthly or yearly, the price of that many from the licences price call, the team's card (a
 * saved one, or a new one in the same card fields as a person's, under the test billing label), then
 * POST …/subscription with plan team. A refused card shows the provider's words and changes nothing.
 */
export function TeamCheckout({ organization, onCancel, onSubscribed, ...initial }: TeamCheckoutProps) {
  const orgId = organization.id;
  const minimum = Math.max(1, organization.seats.seatsUsed);
  const prices = usePlanPrices();
  const billing = prices.billing;
  const [count, setCount] = useState(String(Math.max(minimum, initial.licenseCount)));
  const [interval, setBillingInterval] = useState<BillingInterval>(initial.priceType);

  const countProblem = licenceCountProblem(count, minimum);
  const licenseCount = countProblem ? null : Number(count);
  const priceQuery = useGetLicensePriceQuery(licenseCount && billing ? { orgId, licenseCount } : skipToken);
  const quote = licenseCount ? (priceQuery.currentData?.[interval] ?? null) : null;
  const checkout = useCheckout({ kind: 'team', orgId, licenseCount }, billing);
  const canPay = checkout.canPay(quote);

  return (
    <CheckoutForm
      checkout={checkout}
      interval={interval}
      choose={
        <CheckoutSection title="Licences">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {`One licence per person in ${organization.name}, you included. Invites take a seat until they are answered.`}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <LicenceCountField
              value={count}
              onChange={setCount}
              minimum={minimum}
              maximum={MAX_TEAM_LICENSES}
              problem={countProblem}
              disabled={checkout.busy}
            />
            <PlanIntervalSwitch value={interval} onChange={setBillingInterval} offer={prices.offerOf(TEAM_PLAN)} />
          </Box>
        </CheckoutSection>
      }
      summary={
        <QuotePart
          query={priceQuery}
          errorTestId="team-price-error"
          quote={quote}
          waiting={
            countProblem ? (
              <Typography variant="body2" color="text.secondary">
                Choose how many licences to see the price.
              </Typography>
            ) : undefined
          }
          testId="team-price"
          grid
        >
          {(quote) => (
            <>
              <PriceRow
                label={`${licences(quote.licenseCount)} × ${perInterval(quote.unitAmount, quote.currency, interval)}`}
                amount={formatCents(quote.subtotal, quote.currency)}
                testId="team-subtotal"
              />
              <Divider sx={{ my: 0.5 }} />
              <PriceRow
                label="Due today"
                amount={formatCents(quote.dueNow, quote.currency)}
                strong
                testId="team-due-now"
              />
              <Typography variant="body2" color="text.secondary">
                {`Renews every ${interval === 'yearly' ? 'year' : 'month'} at ${formatCents(quote.afterPromo, quote.currency)} until you cancel. Adding licences later is prorated.`}
              </Typography>
            </>
          )}
        </QuotePart>
      }
      payWith={
        billing ? (
          <PayWith checkout={checkout}>
            <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
              {`The team’s card; receipts go to ${organization.billingEmail}.`}
            </Typography>
          </PayWith>
        ) : null
      }
      onCancel={onCancel}
      canPay={canPay}
      payLabel={quote ? `Pay ${formatCents(quote.dueNow, quote.currency)}` : 'Pay'}
      onPay={() => {
        if (!canPay || !quote || !licenseCount) return;
        void checkout.pay({ plan: TEAM_PLAN, priceType: interval, coupon: null }, onSubscribed);
      }}
    />
  );
}
