import CreditCardIcon from '@mui/icons-material/CreditCard';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { cardExpiry, cardName } from '../../shared/manage-words.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { useDeletePaymentMethodMutation, useGetPaymentMethodsQuery } from './payments-api.ts';

/**
 * The saved cards, newest first (the newest pays), each removable after a confirmation; "Update card" opens the
 * card modal, which saves a new one.
 */
export function ManageCards({ needsCard }: { needsCard: boolean }) {
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useGetPaymentMethodsQuery();
  const [remove, removeState] = useDeletePaymentMethodMutation();
  const [confirming, setConfirming] = useState<number | null>(null);
  const cards = data?.paymentMethods ?? [];

  const confirmRemove = async (id: number) => {
    const result = await remove({ id });
    if (!('error' in result)) setConfirming(null);
  };

  return (
    <Box component="section" aria-labelledby="manage-cards-heading" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="manage-cards-heading" component="h3" sx={{ fontWeight: 700 }}>
        Cards
      </Typography>
      {isLoading && <Skeleton variant="rounded" height={40} />}
      {error && <Alert severity="error">{errorMessage(error, 'Your cards could not be loaded.')}</Alert>}
      {removeState.error && (
        <Alert severity="error" role="alert">
          {errorMessage(removeState.error, 'The card could not be removed.')}
        </Alert>
      )}
      {data && cards.length === 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="manage-no-cards">
          {needsCard ? 'No card saved: add one so the next payment can be made.' : 'No card saved.'}
        </Typography>
      )}
      {cards.map((card, index) => (
        <Box
          key={card.id}
          data-testid="manage-card"
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            flexWrap: 'wrap',
            py: 0.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <CreditCardIcon fontSize="small" color="action" aria-hidden />
          <Box sx={{ flex: 1, minWidth: 160 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {cardName(card)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {cardExpiry(card)}
              {index === 0 && cards.length > 1 ? ' · pays next' : ''}
            </Typography>
          </Box>
          {confirming === card.id ? (
            <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
              <Button
                size="small"
                color="error"
                variant="contained"
                disabled={removeState.isLoading}
                onClick={() => confirmRemove(card.id)}
                aria-label={`Remove ${cardName(card)} for good`}
              >
                {removeState.isLoading ? 'Removing…' : 'Remove'}
              </Button>
              <Button size="small" disabled={removeState.isLoading} onClick={() => setConfirming(null)}>
                Keep
              </Button>
            </Box>
          ) : (
            <Button
              size="small"
              color="error"
              onClick={() => {
                removeState.reset();
                setConfirming(card.id);
              }}
              aria-label={`Remove ${cardName(card)}`}
            >
              Remove
            </Button>
          )}
        </Box>
      ))}
      <Button
        variant="outlined"
        sx={{ justifySelf: 'start' }}
        onClick={() => dispatch(modalOpened({ kind: 'creditCard' }))}
        data-testid="manage-update-card"
      >
        {cards.length > 0 ? 'Update card' : 'Add a card'}
      </Button>
    </Box>
  );
}
