import type { BillingInterval, Plan } from '@eh/domain';
import { Alert, Box, Button, DialogActions, DialogContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { FlowFrame, type FlowLayout } from '../../components/flow-frame.tsx';
import { type ApiError, errorMessage } from '../../shared/api.ts';
import { BillingModeNote } from '../../shared/card-billing-note.tsx';
import { CardChoice } from './card-choice.tsx';
import { NotForSale } from './plan-choice.tsx';
import { CHECKOUT_IDS } from './subscriber.ts';
import type { Checkout } from './use-checkout.ts';

export interface CheckoutFormProps {
  checkout: Checkout;
  /** A person's: in the subscribe modal or on the /stripe/checkout page. None: the form is a modal's content itself. */
  layout?: FlowLayout;
  plan?: Plan;
  interval: BillingInterval;
  /** What the subscriber chooses before the price: a person's plan and coupon, a team's licences. */
  choose: ReactNode;
  /** The price to pay, line by line (see QuotePart). */
  summary: ReactNode;
  /** Where the card is chosen (PayWith), or what stands in its place. */
  payWith: ReactNode;
  /** Said above a refusal, and below it. */
  above?: ReactNode;
  below?: ReactNode;
  onCancel?: () => void;
  /** An action before the pay button (a person signed out: to the sign-in). */
  action?: ReactNode;
  /** Whether the pay button may be pressed (it shows once the checkout is ready), and its words. */
  canPay: boolean;
  payLabel: string;
  onPay(): void;
}

/**
 * The one card checkout, for a person or an organization (the Subscriber): the billing mode, what is chosen, the
 * price to pay, the card, a refusal in the provider's words, then "Not now" and the pay button. What differs by
 * subscriber comes in as parts, its calls from useCheckout.
 */
export function CheckoutForm(props: CheckoutFormProps) {
  const { checkout, layout, interval } = props;
  const { billing } = checkout;
  const ids = CHECKOUT_IDS[checkout.subscriber.kind];
  const content = (
    <>
      {billing?.label ? (
        <Box sx={{ mb: 2 }}>
          <BillingModeNote label={billing.label} dense />
        </Box>
      ) : null}
      <NotForSale billing={billing} />
      {props.choose}
      <CheckoutSection title="To pay">{props.summary}</CheckoutSection>
      {props.payWith}
      {props.above}
      {checkout.problem ? (
        <Alert
          ref={(node) => node?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })}
          severity="error"
          sx={layout ? { mt: 2 } : undefined}
          role="alert"
          data-testid={ids.problem}
        >
          {checkout.problem}
        </Alert>
      ) : null}
      {props.below}
    </>
  );
  const actions = (
    <>
      {props.onCancel ? (
        <Button onClick={props.onCancel} color="inherit">
          Not now
        </Button>
      ) : null}
      {props.action}
      {checkout.ready ? (
        <Button
          variant="contained"
          loading={checkout.busy}
          disabled={!props.canPay}
          onClick={props.onPay}
          data-testid={ids.pay}
        >
          {props.payLabel}
        </Button>
      ) : null}
    </>
  );
  // No form around the flow: the coupon field and the sign-in form are forms of their own.
  return layout ? (
    <FlowFrame
      layout={layout}
      body={
        <Box data-testid={ids.root} data-plan={props.plan} data-interval={interval}>
          {content}
        </Box>
      }
      actions={actions}
    />
  ) : (
    <>
      <DialogContent data-testid={ids.root} data-interval={interval}>
        {content}
      </DialogContent>
      <DialogActions>{actions}</DialogActions>
    </>
  );
}

/** A titled part of a checkout. */
export function CheckoutSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The subscriber's cards to pay with, or a new one, and what else it says there. */
export function PayWith({ checkout, children }: { checkout: Checkout; children?: ReactNode }) {
  return (
    <CheckoutSection title="Pay with">
      <CardChoice
        loading={checkout.cardsLoading}
        saved={checkout.saved}
        selected={checkout.selected}
        onChoose={checkout.choose}
        setup={checkout.card.setup}
        error={checkout.card.error}
        renew={checkout.card.renew}
        cardRef={checkout.cardRef}
        busy={checkout.busy}
      />
      {children}
    </CheckoutSection>
  );
}

/** The server's price to pay: why it could not be read, a placeholder until it is there, then its lines. */
export function QuotePart<Q>({
  query,
  errorTestId,
  quote,
  waiting,
  testId,
  grid,
  children,
}: {
  query: { isError: boolean; error?: unknown };
  errorTestId: string;
  quote: Q | null;
  /** What stands in the price's place before it can be asked (the loading placeholder when none). */
  waiting?: ReactNode;
  testId: string;
  grid?: boolean;
  children(quote: Q): ReactNode;
}) {
  if (query.isError)
    return (
      <Alert severity="warning" data-testid={errorTestId}>
        {errorMessage(query.error as ApiError, 'The price could not be read.')}
      </Alert>
    );
  if (!quote) return waiting ?? <Skeleton variant="rounded" height={96} aria-label="Loading the price" />;
  return (
    <Box
      data-testid={testId}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        px: 2,
        py: 1.5,
        ...(grid ? { display: 'grid', gap: 0.5 } : {}),
      }}
    >
      {children(quote)}
    </Box>
  );
}

/** A line of the price: what for and how much; `spaced` is a person's summary (its rows padded, the total larger). */
export function PriceRow({
  label,
  amount,
  strong,
  testId,
  spaced,
}: {
  label: string;
  amount: string;
  strong?: boolean;
  testId: string;
  spaced?: boolean;
}) {
  const fontSize = spaced && strong ? '1.05rem' : undefined;
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        ...(spaced ? { py: 0.25 } : {}),
        fontWeight: strong ? 800 : 400,
      }}
      data-testid={spaced ? testId : undefined}
    >
      <Typography component="span" sx={{ fontWeight: 'inherit', fontSize }}>
        {label}
      </Typography>
      <Typography
        component="span"
        data-testid={`${testId}-amount`}
        sx={{ fontWeight: 'inherit', fontVariantNumeric: 'tabular-nums', fontSize }}
      >
        {amount}
      </Typography>
    </Box>
  );
}
