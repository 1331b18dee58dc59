import { type BillingInterval, FREE_PLAN, type Plan } from '@eh/domain';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { FlowFrame } from '../../components/flow-frame.tsx';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import type { AppStore } from '../../shared/store.ts';
import { useCurrentPlan } from '../../shared/use-current-plan.ts';
import { useGetMeQuery } from '../../shared/users-api.ts';
import { IntervalSwitch, usePlanPrices } from '../pricing/index.ts';
import {
  type AppStoreOutcome,
  appStoreProduct,
  billedElsewhere,
  CONFIRM_POLL_MS,
  CONFIRM_POLL_TIMES,
  isConfirmed,
  notInAppWords,
  outcomeWords,
  stillWaitingWords,
} from './app-store-model.ts';
import { buyInApp } from './in-app-purchase.ts';
import { useGetMySubscriptionQuery } from './payments-api.ts';
import { AlreadyHave, NotForSale, PlanChoice } from './plan-choice.tsx';
import { SignInButton, SignInFirst } from './sign-in-first.tsx';
import type { SubscribeFlowProps } from './subscribe-flow-props.ts';
import { isPayingNow } from './subscribe-model.ts';

/**
 * Buying a plan in the iOS app (decisions 0022, 0034): the plan and interval, then the App Store's own sheet for the
 * product the server's price list names for them (`appleProducts`), tagged with the account's appAccountToken. No
 * card form and no coupon: Apple sells digital plans bought in an iOS app, and shows the price in the person's
 * currency. The plan changes only when the App Store's notification reaches the server, so after a purchase the
 * user is fetched again a few times and the welcome follows once the server says the plan is paid.
 */
export default function AppStoreSubscribeFlow(props: SubscribeFlowProps) {
  const { layout, onCancel, onSubscribed } = props;
  const store = useStore() as AppStore;
  const { signedIn } = useCurrentPlan();
  const prices = usePlanPrices();
  const [plan, setPlan] = useState(props.plan);
  const [interval, setBillingInterval] = useState(props.priceType);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ outcome: AppStoreOutcome; plan: Plan; priceType: BillingInterval } | null>(
    null,
  );
  const [waitedOut, setWaitedOut] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const signIn = useRef<HTMLElement>(null);
  const fromRef = useRef<Plan>(FREE_PLAN);

  const { data: me, refetch: refetchMe } = useGetMeQuery(undefined, { skip: !signedIn });
  const billingOn = !!prices.billing;
  const subscription = useGetMySubscriptionQuery(undefined, { skip: !signedIn || !billingOn });
  const productId = appStoreProduct(prices.appleProducts, plan, interval);
  const label = PLAN_LABELS[plan];
  const paying = isPayingNow(me);
  const current = me?.accountSubscription;
  const already = paying && current?.plan === plan && current.priceType === interval ? label : null;
  const elsewhere = billedElsewhere(paying, subscription.data?.subscription);
  const waiting = outcome?.outcome === 'purchased';
  const canBuy =
    signedIn === true &&
    billingOn &&
    !!productId &&
    !already &&
    !elsewhere &&
    !busy &&
    !waiting &&
    !!me &&
    !subscription.isLoading;

  // After 'purchased': the App Store's notification changes the plan on the server (0022); fetch the user again a
  // few times and welcome them once it has.
  const confirmed = waiting && outcome ? isConfirmed(current, outcome.plan, outcome.priceType) : false;
  useEffect(() => {
    if (!waiting || confirmed) return;
    let times = 0;
    const timer = setInterval(() => {
      times += 1;
      void refetchMe();
      if (times >= CONFIRM_POLL_TIMES) {
        clearInterval(timer);
        setWaitedOut(true);
      }
    }, CONFIRM_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, confirmed, refetchMe]);
  const welcomed = useRef(false);
  useEffect(() => {
    if (!confirmed || !outcome || welcomed.current) return;
    welcomed.current = true;
    const from = fromRef.current;
    onSubscribed({ plan: outcome.plan, priceType: outcome.priceType, from, first: from === FREE_PLAN });
  }, [confirmed, outcome, onSubscribed]);

  const buy = async () => {
    if (!canBuy || !productId) return;
    setProblem(null);
    setOutcome(null);
    setWaitedOut(false);
    setBusy(true);
    fromRef.current = current && paying ? current.plan : FREE_PLAN;
    try {
      const result = await buyInApp(store, productId);
      setOutcome({ outcome: result.outcome, plan, priceType: interval });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The App Store could not take the purchase.');
    } finally {
      setBusy(false);
    }
  };

  const said = outcome ? outcomeWords(outcome.outcome, PLAN_LABELS[outcome.plan]) : null;
  const body = (
    <Box data-testid="subscribe-flow" data-store="app-store" data-plan={plan} data-interval={interval}>
      <NotForSale billing={prices.billing} />
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Plan
      </Typography>
      <PlanChoice requested={props.plan} value={plan} onChange={setPlan} disabled={busy || waiting} />
      <Box sx={{ mb: 2.5 }}>
        <IntervalSwitch size="small" value={interval} onChange={setBillingInterval} bestSaving={0} />
      </Box>

      {prices.loading ? (
        <Skeleton variant="rounded" height={72} />
      ) : billingOn && !productId ? (
        <Alert severity="info" data-testid="app-store-unavailable">
          {notInAppWords(label, interval)}
        </Alert>
      ) : billingOn ? (
        <Typography variant="body2" color="text.secondary" data-testid="app-store-note">
          {`You buy ${label}, billed ${interval}, from the App Store with your Apple account. The App Store shows the price before you confirm; cancel any time in your Apple account settings.`}
        </Typography>
      ) : null}
      {props.coupon && billingOn ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="app-store-coupon">
          {`Coupon ${props.coupon} can’t be used with an App Store purchase.`}
        </Typography>
      ) : null}

      {billingOn && signedIn === false ? (
        <Box sx={{ mt: 2.5 }}>
          <SignInFirst ref={signIn} />
        </Box>
      ) : null}

      <AlreadyHave label={already} interval={interval} />
      {elsewhere && !already ? (
        <Alert
          severity="info"
          sx={{ mt: 2 }}
          data-testid="app-store-billed-elsewhere"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => store.dispatch(modalOpened({ kind: 'manageSubscription' }))}
            >
              Manage
            </Button>
          }
        >
          {elsewhere}
        </Alert>
      ) : null}
      {said && !confirmed ? (
        <Alert severity={said.severity} sx={{ mt: 2 }} role="status" data-testid="app-store-outcome">
          {waitedOut && outcome ? stillWaitingWords(PLAN_LABELS[outcome.plan]) : said.text}
        </Alert>
      ) : null}
      {problem ? (
        <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="subscribe-error">
          {problem}
        </Alert>
      ) : null}
    </Box>
  );

  const actions = (
    <>
      {onCancel ? (
        <Button onClick={onCancel} color="inherit">
          {waiting ? 'Close' : 'Not now'}
        </Button>
      ) : null}
      {billingOn && signedIn === false ? <SignInButton signIn={signIn} /> : null}
      {billingOn && signedIn && productId ? (
        <Button
          variant="contained"
          loading={busy || (waiting && !waitedOut)}
          disabled={!canBuy}
          onClick={() => void buy()}
          data-testid="subscribe-app-store"
        >
          Subscribe with the App Store
        </Button>
      ) : null}
    </>
  );

  return <FlowFrame layout={layout} body={body} actions={actions} />;
}
