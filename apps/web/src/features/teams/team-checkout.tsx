import { type BillingInterval, formatCents, MAX_TEAM_LICENSES, TEAM_PLAN } from '@eh/domain';
import { Alert, Box, Button, DialogActions, DialogContent, Divider, Skeleton, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useRef, useState } from 'react';
import { type ApiError, errorMessage } from '../../app/api.ts';
import { preferences } from '../../app/preferences.ts';
import { BillingModeNote } from '../billing/card-billing-note.tsx';
import { CardChoice, type CardChoiceValue, chosenCard, NEW_CARD } from '../billing/card-choice.tsx';
import type { CardFieldsHandle } from '../billing/card-fields.tsx';
import { IntervalSwitch } from '../pricing/interval-switch.tsx';
import { NOT_FOR_SALE_YET } from '../pricing/pricing-model.ts';
import { usePlanPrices } from '../pricing/use-plan-prices.ts';
import { LicenceCountField } from './licence-count-field.tsx';
import { useTeamCardSetup } from './team-card-setup.ts';
import { licenceCountProblem, licences, perInterval } from './team-model.ts';
import { TeamSection } from './team-section.tsx';
import {
  type Organization,
  useGetLicensePriceQuery,
  useGetTeamPaymentMethodsQuery,
  useSubscribeTeamMutation,
} from './teams-api.ts';

export interface TeamCheckoutProps {
  organization: Organization;
  priceType: BillingInterval;
  /** Licences to start with (at least the seats used). */
  licenseCount: number;
  onCancel(): void;
  onSubscribed(): void;
}

/**
 * Buying the Team plan for an organization (its owner): how many licences, monthly or yearly, the price of that
 * many from the licences price call, the team's card (a saved one, or a new one in the same card fields as a
 * person's, under the test billing label), then POST …/subscription with plan team. A refused card shows the
 * provider's words and changes nothing.
 */
export function TeamCheckout({ organization, onCancel, onSubscribed, ...initial }: TeamCheckoutProps) {
  const orgId = organization.id;
  const minimum = Math.max(1, organization.seats.seatsUsed);
  const prices = usePlanPrices();
  const billing = prices.billing;
  const [count, setCount] = useState(String(Math.max(minimum, initial.licenseCount)));
  const [interval, setBillingInterval] = useState<BillingInterval>(initial.priceType);
  const [choice, setChoice] = useState<CardChoiceValue | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const card = useRef<CardFieldsHandle>(null);

  const countProblem = licenceCountProblem(count, minimum);
  const licenseCount = countProblem ? null : Number(count);
  const priceQuery = useGetLicensePriceQuery(licenseCount && billing ? { orgId, licenseCount } : skipToken);
  const quote = licenseCount ? (priceQuery.currentData?.[interval] ?? null) : null;
  const cards = useGetTeamPaymentMethodsQuery(billing ? { orgId } : skipToken);
  const saved = cards.data?.paymentMethods ?? [];
  const selected = chosenCard(choice, saved);
  const wantsCard = !!billing && !cards.isLoading && selected === NEW_CARD;
  const { setup, error: setupError, renew } = useTeamCardSetup(orgId, wantsCard);
  const [subscribe] = useSubscribeTeamMutation();
  const canPay = !!billing && !!quote && !busy && (selected !== NEW_CARD || !!setup);

  const pay = async () => {
    if (!canPay || !quote || !licenseCount) return;
    setProblem(null);
    setBusy(true);
    try {
      let method: string | undefined;
      if (selected === NEW_CARD) {
        const collected = await card.current?.collect();
        if (!collected) return;
        method = collected;
      } else {
        method = saved.find((row) => row.id === selected)?.stripePaymentMethodId;
      }
      const affiliateId = preferences.get('affiliateId');
      await subscribe({
        orgId,
        plan: TEAM_PLAN,
        priceType: interval,
        licenseCount,
        ...(method ? { stripePaymentMethodId: method } : {}),
        ...(affiliateId ? { affiliateId } : {}),
      }).unwrap();
      onSubscribed();
    } catch (error) {
      setProblem(
        error instanceof Error ? error.message : errorMessage(error as ApiError, 'The payment could not be made.'),
      );
      if (setup?.provider === 'stripe') renew();
    } finally {
      setBusy(false);
    }
  };

  const offer = prices.offerOf(TEAM_PLAN);
  return (
    <>
      <DialogContent data-testid="team-checkout" data-interval={interval}>
        {billing?.label ? (
          <Box sx={{ mb: 2 }}>
            <BillingModeNote label={billing.label} dense />
          </Box>
        ) : null}
        {billing === null ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="not-for-sale">
            {NOT_FOR_SALE_YET}
          </Alert>
        ) : null}
        <TeamSection title="Licences">
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
              disabled={busy}
            />
            <IntervalSwitch
              size="small"
              value={interval}
              onChange={setBillingInterval}
              bestSaving={offer?.yearlySaving.percent ?? 0}
              exact
            />
          </Box>
        </TeamSection>

        <TeamSection title="To pay">
          {priceQuery.isError ? (
            <Alert severity="warning" data-testid="team-price-error">
              {errorMessage(priceQuery.error as ApiError, 'The price could not be read.')}
            </Alert>
          ) : !quote ? (
            countProblem ? (
              <Typography variant="body2" color="text.secondary">
                Choose how many licences to see the price.
              </Typography>
            ) : (
              <Skeleton variant="rounded" height={96} aria-label="Loading the price" />
            )
          ) : (
            <Box
              data-testid="team-price"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1.5, display: 'grid', gap: 0.5 }}
            >
              <Row
                label={`${licences(quote.licenseCount)} × ${perInterval(quote.unitAmount, quote.currency, interval)}`}
                amount={formatCents(quote.subtotal, quote.currency)}
                testId="team-subtotal"
              />
              <Divider sx={{ my: 0.5 }} />
              <Row label="Due today" amount={formatCents(quote.dueNow, quote.currency)} strong testId="team-due-now" />
              <Typography variant="body2" color="text.secondary">
                {`Renews every ${interval === 'yearly' ? 'year' : 'month'} at ${formatCents(quote.afterPromo, quote.currency)} until you cancel. Adding licences later is prorated.`}
              </Typography>
            </Box>
          )}
        </TeamSection>

        {billing ? (
          <TeamSection title="Pay with">
            <CardChoice
              loading={cards.isLoading}
              saved={saved}
              selected={selected}
              onChoose={setChoice}
              setup={setup}
              error={setupError}
              renew={renew}
              cardRef={card}
              busy={busy}
            />
            <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }}>
              {`The team’s card; receipts go to ${organization.billingEmail}.`}
            </Typography>
          </TeamSection>
        ) : null}

        {problem ? (
          <Alert
            ref={(node) => node?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })}
            severity="error"
            role="alert"
            data-testid="team-checkout-error"
          >
            {problem}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit">
          Not now
        </Button>
        {billing ? (
          <Button
            variant="contained"
            loading={busy}
            disabled={!canPay}
            onClick={() => void pay()}
            data-testid="team-pay"
          >
            {quote ? `Pay ${formatCents(quote.dueNow, quote.currency)}` : 'Pay'}
          </Button>
        ) : null}
      </DialogActions>
    </>
  );
}

function Row({ label, amount, strong, testId }: { label: string; amount: string; strong?: boolean; testId: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontWeight: strong ? 800 : 400 }}>
      <Typography component="span" sx={{ fontWeight: 'inherit' }}>
        {label}
      </Typography>
      <Typography
        component="span"
        data-testid={`${testId}-amount`}
        sx={{ fontWeight: 'inherit', fontVariantNumeric: 'tabular-nums' }}
      >
        {amount}
      </Typography>
    </Box>
  );
}
