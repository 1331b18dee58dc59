import { formatCents, type PaymentStatus, TEST_BILLING_LABEL } from '@eh/domain';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  DialogActions,
  DialogContent,
  Link,
  Typography,
} from '@mui/material';
import { errorMessage } from '../../shared/api.ts';
import { billingDate, chargeDescription, PAYMENT_STATUS_WORDS, PROVIDER_WORDS } from '../../shared/manage-words.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { type ChargesResponse, useGetChargesQuery } from './payments-api.ts';

type Charge = ChargesResponse['charges'][number];

const STATUS_COLOR: Readonly<Record<PaymentStatus, 'success' | 'error' | 'warning' | 'default'>> = {
  paid: 'success',
  pending: 'default',
  failed: 'error',
  refunded: 'default',
  disputed: 'warning',
};

function ChargeRow({ charge }: { charge: Charge }) {
  return (
    <Box
      component="li"
      data-testid="charge-row"
      data-status={charge.status}
      sx={{ display: 'grid', gap: 0.5, py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }} data-testid="charge-description">
          {chargeDescription(charge.description)}
        </Typography>
        <Typography
          sx={{
            fontWeight: 700,
            fontVariantNumeric: 'tabular-nums',
            textDecoration: charge.refunded ? 'line-through' : 'none',
          }}
          data-testid="charge-amount"
        >
          {formatCents(charge.amount, charge.currency)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" component="span">
          <time dateTime={charge.createdAt}>{billingDate(charge.createdAt)}</time> · {PROVIDER_WORDS[charge.provider]}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLOR[charge.status]}
          label={PAYMENT_STATUS_WORDS[charge.status]}
          data-testid="charge-status"
        />
        {charge.refunded && charge.status !== 'refunded' && (
          <Chip size="small" variant="outlined" label="Refunded" data-testid="charge-refunded" />
        )}
        {charge.receiptUrl && (
          <Link
            href={charge.receiptUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, ml: 'auto' }}
          >
            <ReceiptLongIcon fontSize="inherit" aria-hidden />
            Receipt
          </Link>
        )}
      </Box>
    </Box>
  );
}

/**
 * SPEC §2 charge history (stackable over manage subscription): every charge, newest first, with its date,
 * description, amount, payment status in words, provider, receipt when the provider gave one and a refunded mark.
 */
export default function ChargeHistoryModal({ onClose }: ModalContentProps<'chargeHistory'>) {
  const { data, isLoading, error, refetch } = useGetChargesQuery();
  const charges = data?.charges ?? [];
  // Charges of the offline test provider charged no card, whatever the server bills with today.
  const testLabel = charges.some((charge) => charge.provider === 'test') ? TEST_BILLING_LABEL : null;
  return (
    <>
      <DialogContent dividers data-testid="charge-history">
        {isLoading ? (
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
            <CircularProgress aria-label="Loading your charges" />
          </Box>
        ) : !data ? (
          <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
            {errorMessage(error, 'Your charges could not be loaded.')}
          </Alert>
        ) : charges.length === 0 ? (
          <Typography data-testid="charge-history-empty">
            No charges yet. Payments for your plan show here once they are made.
          </Typography>
        ) : (
          <>
            {testLabel && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="test-billing-label">
                {testLabel}
              </Typography>
            )}
            <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Charges">
              {charges.map((charge) => (
                <ChargeRow key={charge.id} charge={charge} />
              ))}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}
