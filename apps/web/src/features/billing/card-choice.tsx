import { Alert, Button, FormControlLabel, Radio, RadioGroup, Skeleton } from '@mui/material';
import type { Ref } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { cardExpiry, cardName } from '../../shared/manage-words.ts';
import { CardFields, type CardFieldsHandle } from './card-fields.tsx';
import type { CardSetup } from './card-setup.ts';

/** The "a new card" choice beside the saved cards' ids. */
export const NEW_CARD = 'new';
export type CardChoiceValue = number | typeof NEW_CARD;

interface SavedCard {
  id: number;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The first saved card unless another (or a new one) was chosen. */
export function chosenCard(choice: CardChoiceValue | null, saved: readonly SavedCard[]): CardChoiceValue {
  return choice ?? saved[0]?.id ?? NEW_CARD;
}

export interface CardChoiceProps extends CardSetup {
  loading: boolean;
  saved: readonly SavedCard[];
  selected: CardChoiceValue;
  onChoose(choice: CardChoiceValue): void;
  cardRef: Ref<CardFieldsHandle>;
  busy: boolean;
}

/**
 * Paying with a saved card or a new one (a person's subscription and a team's): the saved cards as radios, and for a
 * new card the card fields once the SetupIntent is there, or the reason it isn't with a way to ask again.
 */
export function CardChoice({
  loading,
  saved,
  selected,
  onChoose,
  setup,
  error,
  renew,
  cardRef,
  busy,
}: CardChoiceProps) {
  return (
    <>
      {loading ? <Skeleton variant="rounded" height={56} /> : null}
      {saved.length > 0 ? (
        <RadioGroup
          value={String(selected)}
          onChange={(event) => onChoose(event.target.value === NEW_CARD ? NEW_CARD : Number(event.target.value))}
          aria-label="Card"
          sx={{ mb: 1 }}
          data-testid="saved-cards"
        >
          {saved.map((row) => (
            <FormControlLabel
              key={row.id}
              value={String(row.id)}
              control={<Radio />}
              label={`${cardName(row)}, ${cardExpiry(row)}`}
            />
          ))}
          <FormControlLabel value={NEW_CARD} control={<Radio />} label="A new card" data-testid="new-card" />
        </RadioGroup>
      ) : null}
      {selected === NEW_CARD && !loading ? (
        error ? (
          <Alert
            severity="warning"
            data-testid="card-setup-error"
            action={
              <Button color="inherit" size="small" onClick={renew}>
                Try again
              </Button>
            }
          >
            {errorMessage(error, 'The card form could not be opened.')}
          </Alert>
        ) : setup ? (
          <CardFields ref={cardRef} setup={setup} disabled={busy} />
        ) : (
          <Skeleton variant="rounded" height={120} aria-label="Loading the card form" />
        )
      ) : null}
    </>
  );
}
