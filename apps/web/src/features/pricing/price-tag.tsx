import type { BillingInterval } from '@eh/domain';
import { Box, Typography } from '@mui/material';
import { type PlanOffer, priceLine, promoLine, type Quote } from './price-lines.ts';

export interface PriceTagProps {
  offer: PlanOffer;
  interval: BillingInterval;
  /** The server's quote with a coupon applied, when one fits this plan. */
  quote?: Quote | null;
  couponName?: string | null;
  compact?: boolean;
}

/** A plan's price from the server's price list: the amount, the interval, the yearly saving and a coupon's price. */
export function PriceTag({ offer, interval, quote, couponName, compact }: PriceTagProps) {
  const line = priceLine(offer, interval);
  if (!line) return null;
  const promo = quote ? promoLine(quote) : null;
  return (
    <Box data-testid={`price-${offer.plan}`} data-interval={interval} sx={{ mb: compact ? 0.5 : 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, flexWrap: 'wrap' }}>
        <Typography
          component="span"
          data-testid="price-amount"
          sx={{
            fontSize: compact ? '1.25rem' : '1.75rem',
            fontWeight: 800,
            lineHeight: 1.2,
            ...(promo ? { textDecoration: 'line-through', color: 'text.secondary', fontWeight: 600 } : {}),
          }}
        >
          {line.amount}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary">
          {line.per}
        </Typography>
      </Box>
      {promo ? (
        <Typography variant="body2" data-testid="price-promo" sx={{ fontWeight: 700, color: 'success.main' }}>
          {couponName ? `With ${couponName}: ` : ''}
          {promo}
        </Typography>
      ) : null}
      {line.note ? (
        <Typography
          variant={compact ? 'caption' : 'body2'}
          component="p"
          color="text.secondary"
          data-testid="price-note"
        >
          {line.note}
        </Typography>
      ) : null}
    </Box>
  );
}
