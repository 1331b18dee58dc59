import { type BillingInterval, FREE_PLAN, formatCents, type Plan, UPGRADE_FROM_PLAN } from '@eh/domain';
import {
  Alert,
  Box,
  Button,
  Divider,
  Link,
  Skeleton,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { lazy, type ReactNode, type Ref, Suspense, useCallback, useRef, useState } from 'react';
import { type ApiError, errorMessage } from '../../app/api.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { preferences } from '../../app/preferences.ts';
import { FlowFrame, type FlowLayout } from '../../components/flow-frame.tsx';
import { sellsPlansInApp } from '../../platform/platform.ts';
import { CreateAccountForm } from '../auth/create-account-form.tsx';
import { SignInForm } from '../auth/sign-in-form.tsx';
import { modalOpened } from '../modals/modals-slice.ts';
import { useGetCouponQuery, useGetPricesQuery } from '../pricing/billing-api.ts';
import { CouponField } from '../pricing/coupon-field.tsx';
import { IntervalSwitch } from '../pricing/interval-switch.tsx';
import { couponFits, priceLine, type Quote, withoutField } from '../pricing/price-lines.ts';
import { NOT_FOR_SALE_YET } from '../pricing/pricing-model.ts';
import { useCurrentPlan } from '../pricing/use-current-plan.ts';
import { usePlanPrices } from '../pricing/use-plan-prices.ts';
import { PLAN_LABELS } from '../profile/plan-labels.ts';
import { useGetMeQuery, usersApi } from '../profile/users-api.ts';
import { BillingModeNote } from './card-billing-note.tsx';
import { CardChoice, type CardChoiceValue, chosenCard, NEW_CARD } from './card-choice.tsx';
import type { CardFieldsHandle } from './card-fields.tsx';
import { useCardSetup } from './card-setup.ts';
import { useGetPaymentMethodsQuery, useSubscribeMutation } from './payments-api.ts';
import { isPayingNow, isProUpgrade, offeredPlans, payLabel, renewalLine, withUpgrade } from './subscribe-model.ts';

export interface SubscribeResult {
  plan: Plan;
  priceType: BillingInterval;
  /** The plan before (free for a first purchase). */
  from: Plan;
  /** No paid plan before: the welcome is a first one. */
  first: boolean;
}

export interface SubscribeFlowProps {
  plan: Plan;
  priceType: BillingInterval;
  coupon: string | null;
  /** In the subscribe modal (its content and actions) or on the /stripe/checkout page. */
  layout: FlowLayout;
  onCancel?: () => void;
  onSubscribed(result: SubscribeResult): void;
}

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
  const [choice, setChoice] = useState<CardChoiceValue | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const card = useRef<CardFieldsHandle>(null);
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

  const cards = useGetPaymentMethodsQuery(undefined, { skip: !signedIn || !billingOn });
  const saved = cards.data?.paymentMethods ?? [];
  const selected = chosenCard(choice, saved);
  const wantsCard = signedIn === true && billingOn && !cards.isLoading && selected === NEW_CARD;
  const { setup, error: setupError, renew } = useCardSetup(wantsCard);
  const [subscribe] = useSubscribeMutation();

  const current = me?.accountSubscription;
  const already =
    isPayingNow(me) && current?.plan === plan && current.priceType === interval ? PLAN_LABELS[plan] : null;
  const canPay = signedIn === true && billingOn && !!quote && !already && !busy && (selected !== NEW_CARD || !!setup);

  const pay = async () => {
    if (!canPay || !quote) return;
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
      const from = current && isPayingNow(me) ? current.plan : FREE_PLAN;
      await subscribe({
        plan,
        priceType: interval,
        ...(couponOk ? { coupon: couponOk.name } : {}),
        ...(method ? { stripePaymentMethodId: method } : {}),
        ...(affiliateId ? { affiliateId } : {}),
      }).unwrap();
      // SPEC §4 at once; the refetch the mutation started (Me, plan-gated data) brings the server's state after.
      dispatch(
        usersApi.util.updateQueryData('getMe', undefined, (draft) =>
          withUpgrade(draft, plan, quote.dueNow, interval, new Date()),
        ),
      );
      onSubscribed({ plan, priceType: interval, from, first: from === FREE_PLAN });
    } catch (error) {
      setProblem(
        error instanceof Error ? error.message : errorMessage(error as ApiError, 'The payment could not be made.'),
      );
      if (setup?.provider === 'stripe') renew();
    } finally {
      setBusy(false);
    }
  };

  const offer = prices.offerOf(plan);
  const saving = offer ? priceLine(offer, interval)?.note : null;
  const body = (
    <Box data-testid="subscribe-flow" data-plan={plan} data-interval={interval}>
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
      <Section title="Plan">
        <ToggleButtonGroup
          exclusive
          fullWidth
          color="primary"
          size="small"
          value={plan}
          onChange={(_event, next: Plan | null) => {
            if (next) setPlan(next);
          }}
          aria-label="Plan"
          sx={{ mb: 1.5 }}
        >
          {offeredPlans(props.plan).map((option) => {
            const price = prices.offerOf(option)?.[interval];
            return (
              <ToggleButton
                key={option}
                value={option}
                data-testid={`subscribe-plan-${option}`}
                sx={{ textTransform: 'none', flexDirection: 'column', py: 0.75, lineHeight: 1.3 }}
              >
                <Box component="span" sx={{ fontWeight: 700 }}>
                  {PLAN_LABELS[option]}
                </Box>
                <Box component="span" sx={{ fontSize: '0.8rem' }}>
                  {price
                    ? `${formatCents(price.amount, price.currency)} / ${interval === 'yearly' ? 'year' : 'month'}`
                    : ' '}
                </Box>
              </ToggleButton>
            );
          })}
        </ToggleButtonGroup>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <IntervalSwitch
            size="small"
            value={interval}
            onChange={setBillingInterval}
            bestSaving={offer?.yearlySaving.percent ?? 0}
            exact
          />
          {saving ? (
            <Typography variant="body2" color="text.secondary" data-testid="subscribe-saving">
              {saving}
            </Typography>
          ) : null}
        </Box>
      </Section>

      <Section title="Coupon">
        <CouponField
          code={code}
          coupon={coupon}
          problem={
            code && couponQuery.isError
              ? withoutField(errorMessage(couponQuery.error as ApiError, 'The coupon could not be checked.'))
              : null
          }
          checking={couponQuery.isFetching}
          onApply={setCode}
          onClear={() => setCode(null)}
        />
      </Section>

      <Section title="To pay">
        <PriceSummary
          quote={quote}
          planLabel={PLAN_LABELS[plan]}
          couponName={couponOk && quote && quote.discount > 0 ? couponOk.name : null}
          creditDays={upgrade ? (priced?.proration?.daysLeft ?? null) : null}
          error={priceQuery.isError ? errorMessage(priceQuery.error as ApiError, 'The price could not be read.') : null}
        />
      </Section>

      {billing === null ? null : signedIn === false ? (
        <SignInFirst ref={signIn} />
      ) : signedIn ? (
        <Section title="Pay with">
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
        </Section>
      ) : (
        <Skeleton variant="rounded" height={120} />
      )}

      {already ? (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="subscribe-already">
          {`You already have ${already}, billed ${interval}. Choose another plan or interval to change it.`}
        </Alert>
      ) : null}
      {problem ? (
        <Alert
          ref={(node) => node?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })}
          severity="error"
          sx={{ mt: 2 }}
          role="alert"
          data-testid="subscribe-error"
        >
          {problem}
        </Alert>
      ) : null}
      {quote && billingOn && signedIn ? (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 2 }}>
          Cancel any time from Manage subscription: the plan stays until the end of the period paid for.
        </Typography>
      ) : null}
    </Box>
  );

  const actions = (
    <>
      {onCancel ? (
        <Button onClick={onCancel} color="inherit">
          Not now
        </Button>
      ) : null}
      {billingOn && signedIn === false ? (
        <Button
          variant="contained"
          onClick={() => {
            const form = signIn.current;
            form?.scrollIntoView({ block: 'start', behavior: 'smooth' });
            form?.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
          }}
        >
          Sign in to continue
        </Button>
      ) : null}
      {billingOn && signedIn ? (
        <Button
          variant="contained"
          loading={busy}
          disabled={!canPay}
          onClick={() => void pay()}
          data-testid="subscribe-pay"
        >
          {payLabel(quote, PLAN_LABELS[plan])}
        </Button>
      ) : null}
    </>
  );

  // No form around the flow: the coupon field and the sign-in form are forms of their own.
  return <FlowFrame layout={layout} body={body} actions={actions} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Line({ label, amount, strong, testId }: { label: string; amount: string; strong?: boolean; testId?: string }) {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25, fontWeight: strong ? 800 : 400 }}
      data-testid={testId}
    >
      <Typography component="span" sx={{ fontWeight: 'inherit', fontSize: strong ? '1.05rem' : undefined }}>
        {label}
      </Typography>
      <Typography
        component="span"
        data-testid={testId ? `${testId}-amount` : undefined}
        sx={{ fontWeight: 'inherit', fontVariantNumeric: 'tabular-nums', fontSize: strong ? '1.05rem' : undefined }}
      >
        {amount}
      </Typography>
    </Box>
  );
}

/** The server's quote line by line: the plan, the coupon, the credit of an upgrade, what is due today and after. */
function PriceSummary({
  quote,
  planLabel,
  couponName,
  creditDays,
  error,
}: {
  quote: Quote | null;
  planLabel: string;
  couponName: string | null;
  creditDays: number | null;
  error: string | null;
}) {
  if (error)
    return (
      <Alert severity="warning" data-testid="prices-error">
        {error}
      </Alert>
    );
  if (!quote) return <Skeleton variant="rounded" height={96} aria-label="Loading the price" />;
  const money = (cents: number) => formatCents(cents, quote.currency);
  return (
    <Box data-testid="subscribe-summary" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1.5 }}>
      <Line
        label={`${planLabel}, billed ${quote.interval}`}
        amount={money(quote.subtotal)}
        testId="subscribe-subtotal"
      />
      {quote.discount > 0 ? (
        <Line
          label={couponName ? `Coupon ${couponName}` : 'Discount'}
          amount={`−${money(quote.discount)}`}
          testId="subscribe-discount"
        />
      ) : null}
      {quote.prorationCredit > 0 ? (
        <Line
          label={`Unused ${PLAN_LABELS[UPGRADE_FROM_PLAN]} days${creditDays ? ` (${creditDays})` : ''}`}
          amount={`−${money(quote.prorationCredit)}`}
          testId="subscribe-credit"
        />
      ) : null}
      <Divider sx={{ my: 1 }} />
      <Line label="Due today" amount={money(quote.dueNow)} strong testId="subscribe-due-now" />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="subscribe-renewal">
        {renewalLine(quote)}
      </Typography>
    </Box>
  );
}

/** Signed out: an account comes first, in place; once signed in the flow goes on where it was. */
export function SignInFirst({ ref }: { ref: Ref<HTMLElement> }) {
  const dispatch = useAppDispatch();
  const [creating, setCreating] = useState(false);
  const nothing = useCallback(() => {}, []);
  return (
    <Box component="section" ref={ref} data-testid="subscribe-sign-in" sx={{ mb: 1, scrollMarginTop: 8 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {creating ? 'Create an account to subscribe' : 'Sign in to subscribe'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Your plan belongs to your account. This window stays open: you pay right after.
      </Typography>
      {creating ? (
        <>
          <CreateAccountForm onSignedIn={nothing} />
          <Typography variant="body2" sx={{ mt: 1 }}>
            Already have an account?{' '}
            <Link component="button" type="button" onClick={() => setCreating(false)}>
              Sign in
            </Link>
          </Typography>
        </>
      ) : (
        <SignInForm
          onSignedIn={nothing}
          onForgotPassword={() => dispatch(modalOpened({ kind: 'forgotPassword' }))}
          footer={
            <Typography variant="body2" sx={{ mt: 1 }}>
              New here?{' '}
              <Link component="button" type="button" onClick={() => setCreating(true)} data-testid="subscribe-create">
                Create an account
              </Link>
            </Typography>
          }
        />
      )}
    </Box>
  );
}
