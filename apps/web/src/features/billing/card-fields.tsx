import { Box, Skeleton, TextField, Typography } from '@mui/material';
import { lazy, type Ref, Suspense, useImperativeHandle, useState } from 'react';
import type { CardFieldsHandle } from './card-fields-handle.ts';
import {
  type CardInput,
  type CardProblems,
  cardDigits,
  cardProblems,
  formatCardNumber,
  formatExpiry,
  testCardHints,
} from './card-model.ts';
import type { SetupResponse } from './payments-api.ts';

const StripeCardFields = lazy(() => import('./card-stripe-fields.tsx'));

export type { CardFieldsHandle } from './card-fields-handle.ts';

export interface CardFieldsProps {
  ref: Ref<CardFieldsHandle>;
  setup: SetupResponse;
  disabled?: boolean;
}

/** The card entry: Stripe Elements where Stripe is the provider, else test billing's plain form. */
export function CardFields({ ref, setup, disabled }: CardFieldsProps) {
  if (setup.provider === 'stripe') {
    if (!setup.publishableKey)
      return (
        <Typography color="error" data-testid="card-unavailable">
          Card entry is not set up on this server (no Stripe publishable key).
        </Typography>
      );
    return (
      <Suspense fallback={<Skeleton variant="rounded" height={56} aria-label="Loading the card form" />}>
        <StripeCardFields
          ref={ref}
          publishableKey={setup.publishableKey}
          clientSecret={setup.clientSecret}
          disabled={disabled}
        />
      </Suspense>
    );
  }
  return <TestCardFields ref={ref} disabled={disabled} />;
}

const EMPTY: CardInput = { number: '', expiry: '', cvc: '' };

/** Test billing's card form: number, expiry and CVC, checked here; the number is what the server reads. */
function TestCardFields({ ref, disabled }: { ref: Ref<CardFieldsHandle>; disabled?: boolean | undefined }) {
  const [card, setCard] = useState<CardInput>(EMPTY);
  const [problems, setProblems] = useState<CardProblems>({});
  useImperativeHandle(
    ref,
    () => ({
      collect: async () => {
        const found = cardProblems(card, new Date());
        setProblems(found);
        return Object.keys(found).length > 0 ? null : cardDigits(card.number);
      },
    }),
    [card],
  );
  const change = (field: keyof CardInput, value: string) => {
    setCard((previous) => ({ ...previous, [field]: value }));
    if (problems[field]) setProblems((previous) => ({ ...previous, [field]: undefined }));
  };
  return (
    <Box data-testid="card-fields" data-provider="test">
      <TextField
        fullWidth
        label="Card number"
        value={card.number}
        onChange={(event) => change('number', formatCardNumber(event.target.value))}
        error={!!problems.number}
        helperText={problems.number}
        disabled={disabled}
        autoComplete="cc-number"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23, 'data-testid': 'card-number' } }}
        sx={{ mb: 1.5 }}
      />
      <Box sx={{ display: 'flex', gap: 1.5 }}>
        <TextField
          label="Expiry (MM / YY)"
          value={card.expiry}
          onChange={(event) => change('expiry', formatExpiry(event.target.value, card.expiry))}
          error={!!problems.expiry}
          helperText={problems.expiry}
          disabled={disabled}
          autoComplete="cc-exp"
          placeholder="MM / YY"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7, 'data-testid': 'card-expiry' } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
        <TextField
          label="CVC"
          value={card.cvc}
          onChange={(event) => change('cvc', event.target.value.replace(/\D/g, '').slice(0, 4))}
          error={!!problems.cvc}
          helperText={problems.cvc}
          disabled={disabled}
          autoComplete="cc-csc"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, 'data-testid': 'card-cvc' } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
      </Box>
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 1 }} data-testid="test-card-hints">
        {`Test cards: ${testCardHints()
          .map((hint) => `${hint.number} ${hint.outcome}`)
          .join('; ')}. Any future expiry and any CVC.`}
      </Typography>
    </Box>
  );
}
