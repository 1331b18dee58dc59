import { Box, Button, Paper, Typography } from '@mui/material';
import { lighten, type Theme } from '@mui/material/styles';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { COUPON_PARAM, couponSummary, useGetCouponQuery, usePlanPrices } from '../pricing/index.ts';

/** What each partner home says to its audience (the partner viewer flag is the route's `partner`). */
export const PARTNER_COPY: Readonly<
  Record<string, { headline: string; offer: string; colour: string; coupon: string }>
> = {
  CNBC: {
    headline: 'Welcome, CNBC viewers',
    offer: 'Follow the reports discussed on air: exact times, confirmed dates and the calls’ transcripts.',
    colour: '#005594',
    coupon: 'CNBC',
  },
  Wolf: {
    headline: 'Welcome, Wolf members',
    offer: 'Every report your watchlist cares about, with the EHS score and the exact time of each call.',
    colour: '#6b3fa0',
    coupon: 'WOLF',
  },
};

/**
 * The partner's banner on its home: its name, a welcome and, when the partner's coupon can be used, what it takes
 * off. "Get the offer" opens the promotion modal (the price with the code, then the subscribe modal with it
 * applied) where billing is on; "See plans" carries the code to /pricing, which shows the prices with it.
 */
export function PartnerHero({ partner }: { partner: string }) {
  const copy: { headline: string; offer: string; colour: string; coupon?: string } = PARTNER_COPY[partner] ?? {
    headline: `Welcome, ${partner} audience`,
    offer: 'The earnings calendar, earnings calls and the news that moves stocks.',
    colour: '#1b5e20',
  };
  const dispatch = useAppDispatch();
  const { data: coupon } = useGetCouponQuery(copy.coupon ? { name: copy.coupon } : skipToken);
  const { billing } = usePlanPrices();
  return (
    <Paper
      variant="outlined"
      data-testid="partner-hero"
      sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderColor: copy.colour, borderWidth: 2, borderLeftWidth: 8 }}
    >
      <Typography
        variant="overline"
        sx={{
          fontWeight: 800,
          letterSpacing: 1,
          // The partner's colour is dark: on the dark theme it is lightened to stay readable.
          color: (theme: Theme) => (theme.palette.mode === 'dark' ? lighten(copy.colour, 0.55) : copy.colour),
        }}
      >
        In partnership with {partner}
      </Typography>
      <Typography variant="h2" component="p" sx={{ mb: 1 }}>
        {copy.headline}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {copy.offer}
      </Typography>
      {coupon ? (
        <Typography sx={{ mb: 2, fontWeight: 700 }} data-testid="partner-offer">
          {`${partner} offer, code ${coupon.name}: ${couponSummary(coupon, PLAN_LABELS)}.`}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {coupon && billing ? (
          <Button
            variant="contained"
            onClick={() => dispatch(modalOpened({ kind: 'promotion', props: { coupon: coupon.name } }))}
            data-testid="partner-claim"
          >
            Get the offer
          </Button>
        ) : null}
        <Button
          variant={coupon && billing ? 'outlined' : 'contained'}
          component={RouterLink}
          to={coupon ? `/pricing?${COUPON_PARAM}=${encodeURIComponent(coupon.name)}` : '/pricing'}
          data-testid="partner-see-plans"
        >
          See plans
        </Button>
        <Button component={RouterLink} to="/earnings-calendar/this-week">
          This week’s reports
        </Button>
      </Box>
    </Paper>
  );
}
