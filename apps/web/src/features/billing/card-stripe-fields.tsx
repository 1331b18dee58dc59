import { Box, FormHelperText } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type Ref, useImperativeHandle, useState } from 'react';
import type { CardFieldsHandle } from './card-fields-handle.ts';

/** Stripe.js is fetched from Stripe when the first card form opens, once per publishable key. */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

interface Props {
  ref: Ref<CardFieldsHandle>;
  publishableKey: string;
  clientSecret: string;
  disabled?: boolean | undefined;
}

/**
 * Stripe Elements' card field: the number never touches our pages' code. Collecting confirms the SetupIntent of
 * POST /payments/setup with it, and answers the payment method id Stripe attached.
 */
export default function StripeCardFields(props: Props) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)}>
      <StripeCard {...props} />
    </Elements>
  );
}

function StripeCard({ ref, clientSecret, disabled }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const theme = useTheme();
  const [problem, setProblem] = useState<string | null>(null);
  useImperativeHandle(
    ref,
    () => ({
      collect: async () => {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) throw new Error('The card form is still loading: try again in a moment.');
        const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
        if (error) throw new Error(error.message ?? 'Your card could not be saved.');
        const method = setupIntent?.payment_method;
        if (!method) throw new Error('Your card could not be saved.');
        return typeof method === 'string' ? method : method.id;
      },
    }),
    [stripe, elements, clientSecret],
  );
  return (
    <Box data-testid="card-fields" data-provider="stripe">
      <Box
        sx={{
          px: 1.75,
          py: 2,
          border: 1,
          borderColor: problem ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: 'primary.main', boxShadow: (t) => `0 0 0 1px ${t.palette.primary.main}` },
        }}
      >
        <CardElement
          options={{
            disabled: Boolean(disabled),
            hidePostalCode: false,
            style: {
              base: {
                color: theme.palette.text.primary,
                fontFamily: theme.typography.fontFamily,
                fontSize: '16px',
                '::placeholder': { color: theme.palette.text.secondary },
              },
              invalid: { color: theme.palette.error.main },
            },
          }}
          onChange={(event) => setProblem(event.error?.message ?? null)}
        />
      </Box>
      {problem ? <FormHelperText error>{problem}</FormHelperText> : null}
    </Box>
  );
}
