import type { PaymentMethodView } from '@eh/contracts';
import { Alert, Box, Button, Skeleton } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { type ApiError, errorMessage } from '../../shared/api.ts';
import { BillingModeNote } from '../../shared/card-billing-note.tsx';
import { CardFields, type CardFieldsHandle } from './card-fields.tsx';
import { useCardSetup } from './card-setup.ts';
import { useAddPaymentMethodMutation } from './payments-api.ts';

export interface CardFormProps {
  /** The saved card, once the server has it (POST /core/portfolios/payments/payment-methods). */
  onSaved(method: PaymentMethodView): void;
  onCancel?(): void;
  submitLabel?: string;
}

/**
 * A card on its own: entered (Stripe Elements, or test billing's plain form), then saved to the caller's cards.
 * The credit card modal shows it; the manage-subscription screen can reuse it to change the card. A refused card
 * shows the provider's words and nothing is saved.
 */
export function CardForm({ onSaved, onCancel, submitLabel = 'Save card' }: CardFormProps) {
  const { setup, error: setupError, renew } = useCardSetup(true);
  const [addPaymentMethod] = useAddPaymentMethodMutation();
  const card = useRef<CardFieldsHandle>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!card.current || busy) return;
    setProblem(null);
    setBusy(true);
    try {
      const id = await card.current.collect();
      if (!id) return;
      const saved = await addPaymentMethod({ stripePaymentMethodId: id }).unwrap();
      onSaved(saved);
    } catch (error) {
      setProblem(
        error instanceof Error ? error.message : errorMessage(error as ApiError, 'Your card could not be saved.'),
      );
      // A Stripe SetupIntent is used once: a new one for the next try.
      if (setup?.provider === 'stripe') renew();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="card-form">
      {setupError ? (
        <Alert
          severity="warning"
          data-testid="card-setup-error"
          action={
            <Button color="inherit" size="small" onClick={renew}>
              Try again
            </Button>
          }
        >
          {errorMessage(setupError, 'The card form could not be opened.')}
        </Alert>
      ) : !setup ? (
        <Skeleton variant="rounded" height={120} aria-label="Loading the card form" />
      ) : (
        <>
          <Box sx={{ mb: 2 }}>
            <BillingModeNote label={setup.label} dense />
          </Box>
          <CardFields ref={card} setup={setup} disabled={busy} />
        </>
      )}
      {problem ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="card-error" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
        {onCancel ? (
          <Button onClick={onCancel} color="inherit">
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="contained" loading={busy} disabled={!setup} data-testid="card-save">
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
