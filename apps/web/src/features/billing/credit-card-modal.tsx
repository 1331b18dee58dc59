import { DialogContent, Typography } from '@mui/material';
import { useAppDispatch } from '../../shared/hooks.ts';
import { cardName } from '../../shared/manage-words.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { CardForm } from './card-form.tsx';

/** The credit card modal (stackable): a card on its own, saved to the account's cards. */
export default function CreditCardModal({ onClose }: ModalContentProps<'creditCard'>) {
  const dispatch = useAppDispatch();
  return (
    <DialogContent data-testid="credit-card-modal">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Card numbers are never stored here: only the brand, the last four digits and the expiry date.
      </Typography>
      <CardForm
        onCancel={onClose}
        onSaved={(method) => {
          dispatch(toastShown({ message: `Saved ${cardName(method)}.`, severity: 'success' }));
          onClose();
        }}
      />
    </DialogContent>
  );
}
