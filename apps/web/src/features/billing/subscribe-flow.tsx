import { FREE_PLAN, formatCents, UPGRADE_FROM_PLAN } from '@eh/domain';
import { Box, Divider, Skeleton, Typography } from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { lazy, Suspense, useRef, useState } from 'react';
import { sellsPlansInApp } from '../../platform/platform.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { useCurrentPlan } from '../../shared/use-current-plan.ts';
import { useGetMeQuery, usersApi } from '../../shared/users-api.ts';
import {
  CheckedCouponField,
  couponFits,
  PlanIntervalSwitch,
  priceLine,
  type Quote,
  useGetCouponQuery,
  useGetPricesQuery,
  usePlanPrices,
} from '../pricing/index.ts';
import { CheckoutForm, CheckoutSection, PayWith, PriceRow, QuotePart } from './checkout-form.tsx';
import { AlreadyHave, PlanChoice } from './plan-choice.tsx';
import { SignInButton, SignInFirst } from './sign-in-first.tsx';
import type { SubscribeFlowProps } from './subscribe-flow-props.ts';
import { isPayingNow, isProUpgrade, payLabel, renewalLine, withUpgrade } from './subscribe-model.ts';
import { PERSON } from './subscriber.ts';
import { useCheckout } from './use-checkout.ts';

export type { SubscribeFlowProps, SubscribeResult } from './subscribe-flow-props.ts';

/**
 * Buying a plan: the plan and interval (yearly first, with its saving), a coupon, the price to pay from the
 * server's /prices (a Plus member moving to Pro is credited the unused days), the card (a saved one or a new one),
 * then POST /core/users/me/subscription. Success applies SPEC §4 to the cached user at once; the server's answer
 * (the mutation invalidates the user and every plan-gated answer) then wins. A refused card shows the provider's
 * words and changes nothing. Signed out, signing in comes first, here.
 */
export function SubscribeFlow(props: SubscribeFlowProps) {
  // In the iOS app plans are bought through the App Store, never by card (decision 0034); its flow is a chunk of its own.
  return sellsPlansInApp() ? (
    <Suspense fallback={<Skeleton variant="rounded" height={240} sx={{ m: 3 }} />}>
      <AppStoreSubscribeFlow {...props} />
    </Suspense>
  ) : (
    <CardSubscribeFlow {...props} />
  );
}

const AppStoreSubscribeFlow = lazy(() => import('./app-store-flow.tsx'));

function CardSubscribeFlow(props: SubscribeFlowProps) {
  const { layout, onCancel, onSubscribed } = props;
  const dispatch = useAppDispatch();
  const { signedIn } = useCurrentPlan();
  const prices = usePlanPrices();
  const [plan, setPlan] = useState(props.plan);
  const [interval, setBillingInterval] = useState(props.priceType);
  const [code, setCode] = useState<string | null>(props.coupon);
  const signIn = useRef<HTMLElement>(null);

  const billing = prices.billing;
  const billingOn = !!billing;
  const { data: me } = useGetMeQuery(undefined, { skip: !signedIn });
  const couponQuery = useGetCouponQuery(code ? { name: code, plan } : skipToken);
  const coupon = code ? couponQuery.currentData : undefined;
  const couponOk = coupon && couponFits(coupon, plan) ? coupon : null;
  const upgrade = isProUpgrade(me, plan);
  const priceQuery = useGetPricesQuery({
    plan,
    ...(couponOk ? { couponId: couponOk.id } : {}),
    ...(upgrade ? { upgradePro: 'true' } : {}),
  });
  // While a coupon is being checked, the price without it is not the one to pay.
  const priced = priceQuery.currentData;
  const quote: Quote | null = code && couponQuery.isFetching ? null : (priced?.[interval] ?? null);
  const checkout = useCheckout(PERSON, billing, signedIn);

  const current = me?.accountSubscription;
  const already =
    isPayingNow(me) && current?.plan === plan && current.priceType === interval ? PLAN_LABELS[plan] : null;
  const canPay = checkout.canPay(quote, !!already);

  const pay = () => {
    if (!canPay || !quote) return;
    const from = current && isPayingNow(me) ? current.plan : FREE_PLAN;
    void checkout.pay({ plan, priceType: interval, coupon: couponOk?.name ?? null }, () => {
      // SPEC §4 at once; the refetch the mutation started (Me, plan-gated data) brings the server's state after.
      dispatch(
        usersApi.util.updateQueryData('getMe', undefined, (draft) =>
          withUpgrade(draft, plan, quote.dueNow, interval, new Date()),
        ),
      );
      onSubscribed({ plan, priceType: interval, from, first: from === FREE_PLAN });
    });
  };

  const offer = prices.offerOf(plan);
  const saving = offer ? priceLine(offer, interval)?.note : null;
  const creditDays = upgrade ? (priced?.proration?.daysLeft ?? null) : null;
  const couponName = couponOk && quote && quote.discount > 0 ? couponOk.name : null;
  return (
    <CheckoutForm
      checkout={checkout}
      layout={layout}
      plan={plan}
      interval={interval}
      choose={
        <>
          <CheckoutSection title="Plan">
            <PlanChoice
              requested={props.plan}
              value={plan}
              onChange={setPlan}
              priceOf={(option) => {
                const price = prices.offerOf(option)?.[interval];
                return price
                  ? `${formatCents(price.amount, price.currency)} / ${interval === 'yearly' ? 'year' : 'month'}`
                  : ' ';
              }}
            />
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
              <PlanIntervalSwitch value={interval} onChange={setBillingInterval} offer={offer} />
              {saving ? (
                <Typography variant="body2" color="text.secondary" data-testid="subscribe-saving">
                  {saving}
                </Typography>
              ) : null}
            </Box>
          </CheckoutSection>
          <CheckoutSection title="Coupon">
            <CheckedCouponField code={code} coupon={coupon} check={couponQuery} onChange={setCode} />
          </CheckoutSection>
        </>
      }
      summary={
        <QuotePart query={priceQuery} errorTestId="prices-error" quote={quote} testId="subscribe-summary">
          {(quote) => <PriceLines quote={quote} planLabel={PLAN_LABELS[plan]} {...{ couponName, creditDays }} />}
        </QuotePart>
      }
      payWith={
        billing === null ? null : signedIn === false ? (
          <SignInFirst ref={signIn} />
        ) : signedIn ? (
          <PayWith checkout={checkout} />
        ) : (
          <Skeleton variant="rounded" height={120} />
        )
      }
      above={<AlreadyHave label={already} interval={interval} />}
      below={
        quote && billingOn && signedIn ? (
          <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 2 }}>
            Cancel any time from Manage subscription: the plan stays until the end of the period paid for.
          </Typography>
        ) : null
      }
      onCancel={onCancel}
      action={billingOn && signedIn === false ? <SignInButton signIn={signIn} /> : null}
      canPay={canPay}
      payLabel={payLabel(quote, PLAN_LABELS[plan])}
      onPay={pay}
    />
  );
}

/** The server's quote line by line: the plan, the coupon, the credit of an upgrade, what is due today and after. */
function PriceLines({
  quote,
  planLabel,
  couponName,
  creditDays,
}: {
  quote: Quote;
  planLabel: string;
  couponName: string | null;
  creditDays: number | null;
}) {
  const money = (cents: number) => formatCents(cents, quote.currency);
  return (
    <>
      <PriceRow
        label={`${planLabel}, billed ${quote.interval}`}
        amount={money(quote.subtotal)}
        testId="subscribe-subtotal"
        spaced
      />
      {quote.discount > 0 ? (
        <PriceRow
          label={couponName ? `Coupon ${couponName}` : 'Discount'}
          amount={`−${money(quote.discount)}`}
          testId="subscribe-discount"
          spaced
        />
      ) : null}
      {quote.prorationCredit > 0 ? (
        <PriceRow
          label={`Unused ${PLAN_LABELS[UPGRADE_FROM_PLAN]} days${creditDays ? ` (${creditDays})` : ''}`}
          amount={`−${money(quote.prorationCredit)}`}
          testId="subscribe-credit"
          spaced
        />
      ) : null}
      <Divider sx={{ my: 1 }} />
      <PriceRow label="Due today" amount={money(quote.dueNow)} strong testId="subscribe-due-now" spaced />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="subscribe-renewal">
        {renewalLine(quote)}
      </Typography>
    </>
  );
}
