import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { APP_NAME, DATA_PROVENANCE } from '../../app/constants.ts';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { pageById } from '../../app/page-content.ts';
import { CALENDAR_HOME } from '../../app/routes.ts';
import { PageFrame } from '../../components/page-frame.tsx';

const PAGE = pageById('about');

const FEATURES = [
  {
    heading: 'Who reports, and exactly when',
    text: 'The earnings calendar shows every report of the week with its time in your timezone, whether it comes before or after the market, and whether the date is confirmed by the company or still estimated.',
  },
  {
    heading: 'Results the moment they land',
    text: 'The earnings feed puts EPS and revenue against estimates as companies release them, followed by the transcript and an AI summary that links back to the passages it draws on.',
  },
  {
    heading: 'Calls, live',
    text: 'Listen to earnings calls as they happen, with a live transcript and comments from other listeners, or replay them later.',
  },
  {
    heading: 'Everything else that moves a stock',
    text: 'News, SEC filings, dividends, short interest, analyst ratings and price history on one page per symbol, plus our EHS score and the EH500 ranking.',
  },
  {
    heading: 'Your stocks, your alerts',
    text: 'Keep lists of the stocks you follow with holdings and cash, and get alerts by email, push and SMS before they report, when results land and when a call starts.',
  },
] as const;

export default function AboutPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  return (
    <PageFrame
      title={`About ${APP_NAME}`}
      description={`${APP_NAME} is an earnings and markets tracker for traders and everyone who follows earnings calls.`}
      maxWidth="md"
    >
      <Box component="section" aria-labelledby="about-what" sx={{ mb: 4 }}>
        <Typography variant="h2" id="about-what" sx={{ mb: 2 }}>
          What you can do
        </Typography>
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          {FEATURES.map((feature) => (
            <Box key={feature.heading}>
              <Typography variant="h3" sx={{ mb: 0.5 }}>
                {feature.heading}
              </Typography>
              <Typography color="text.secondary">{feature.text}</Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Box component="section" aria-labelledby="about-who" sx={{ mb: 4 }}>
        <Typography variant="h2" id="about-who" sx={{ mb: 1 }}>
          Who it is for
        </Typography>
        <Typography sx={{ mb: 1 }}>
          Visitors can browse everything public without an account. A free account keeps a stock list; the Plus and Pro
          plans add alerts, transcripts, analyst ratings, short interest and more; teams share one plan with roles for
          their members. {APP_NAME} runs in the browser and as apps for iOS and Android, with the same account
          everywhere.
        </Typography>
      </Box>
      <Box component="section" aria-labelledby="about-data" sx={{ mb: 4 }}>
        <Typography variant="h2" id="about-data" sx={{ mb: 1 }}>
          Where the data comes from
        </Typography>
        <Typography sx={{ mb: 1 }}>
          Report dates, results and estimates come from market-data providers; filings from SEC EDGAR; short interest
          from FINRA; crypto prices from CoinGecko. Every report records its source and when its date last changed.
        </Typography>
        <Typography color="text.secondary">{DATA_PROVENANCE}.</Typography>
      </Box>
      <Box component="section" aria-labelledby="about-next">
        <Typography variant="h2" id="about-next" sx={{ mb: 1 }}>
          Start here
        </Typography>
        <Typography>
          Open the{' '}
          <Link component={RouterLink} to={CALENDAR_HOME}>
            earnings calendar
          </Link>
          , read the{' '}
          <Link component={RouterLink} to="/faq">
            answers to common questions
          </Link>
          , or{' '}
          <Link component={RouterLink} to="/feedback">
            tell us what would make {APP_NAME} better
          </Link>
          .
        </Typography>
      </Box>
    </PageFrame>
  );
}
