import { formatCents, TEST_BILLING_LABEL } from '@eh/domain';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { Box, Chip, Link, Typography } from '@mui/material';
import { billingDate, chargeDescription, PAYMENT_STATUS_WORDS } from '../../shared/manage-words.ts';
import type { TeamSubscription } from './teams-api.ts';

type Charge = NonNullable<TeamSubscription['charges']>[number];

/** The team's charges, newest first (the owner's to see): date, what it paid for, amount and status, receipt. */
export function TeamInvoices({ charges }: { charges: readonly Charge[] }) {
  if (charges.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="team-invoices-empty">
        No charges yet. The team’s payments show here once they are made.
      </Typography>
    );
  const test = charges.some((charge) => charge.provider === 'test');
  return (
    <>
      {test ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {TEST_BILLING_LABEL}
        </Typography>
      ) : null}
      <Box component="ul" aria-label="Invoices" sx={{ m: 0, p: 0 }} data-testid="team-invoices">
        {charges.map((charge) => (
          <Box
            component="li"
            key={charge.id}
            data-testid="team-invoice"
            sx={{
              listStyle: 'none',
              py: 1.25,
              borderBottom: 1,
              borderColor: 'divider',
              display: 'flex',
              gap: 1,
              alignItems: 'center',
              flexWrap: 'wrap',
            }}
          >
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {chargeDescription(charge.description)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <time dateTime={charge.createdAt}>{billingDate(charge.createdAt)}</time>
              </Typography>
            </Box>
            <Chip
              size="small"
              variant="outlined"
              color={charge.status === 'paid' ? 'success' : charge.status === 'failed' ? 'error' : 'default'}
              label={charge.refunded && charge.status !== 'refunded' ? 'Refunded' : PAYMENT_STATUS_WORDS[charge.status]}
            />
            <Typography
              sx={{
                fontWeight: 700,
                fontVariantNumeric: 'tabular-nums',
                minWidth: 72,
                textAlign: 'right',
                textDecoration: charge.refunded ? 'line-through' : 'none',
              }}
            >
              {formatCents(charge.amount, charge.currency)}
            </Typography>
            {charge.receiptUrl ? (
              <Link
                href={charge.receiptUrl}
                target="_blank"
                rel="noopener noreferrer"
                variant="body2"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              >
                <ReceiptLongIcon fontSize="inherit" aria-hidden />
                Receipt
              </Link>
            ) : null}
          </Box>
        ))}
      </Box>
    </>
  );
}
