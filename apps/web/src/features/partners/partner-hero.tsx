import { Box, Button, Paper, Typography } from '@mui/material';
import { lighten, type Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

/** What each partner home says to its audience (the partner viewer flag is the route's `partner`). */
export const PARTNER_COPY: Readonly<Record<string, { headline: string; offer: string; colour: string }>> = {
  CNBC: {
    headline: 'Welcome, CNBC viewers',
    offer: 'Follow the reports discussed on air: exact times, confirmed dates and the calls’ transcripts.',
    colour: '#005594',
  },
  Wolf: {
    headline: 'Welcome, Wolf members',
    offer: 'Every report your watchlist cares about, with the EHS score and the exact time of each call.',
    colour: '#6b3fa0',
  },
};

/** The partner's banner on its home: its name, a welcome and the offer (applied at checkout once billing exists). */
export function PartnerHero({ partner }: { partner: string }) {
  const copy = PARTNER_COPY[partner] ?? {
    headline: `Welcome, ${partner} audience`,
    offer: 'The earnings calendar, earnings calls and the news that moves stocks.',
    colour: '#1b5e20',
  };
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
        {copy.offer} The {partner} offer on paid plans is applied at checkout when billing opens.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to="/pricing">
          See plans
        </Button>
        <Button component={RouterLink} to="/earnings-calendar/this-week">
          This week’s reports
        </Button>
      </Box>
    </Paper>
  );
}
