import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { APP_NAME } from '../../shared/constants.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { CALENDAR_HOME } from '../../shared/routes.ts';
import { useProvenance } from '../app-info/index.ts';
import { ABOUT_AUDIENCE, ABOUT_DATA, ABOUT_FEATURES } from './about-content.ts';

const PAGE = pageById('about');

export default function AboutPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const provenance = useProvenance();
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
          {ABOUT_FEATURES.map((feature) => (
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
        <Typography sx={{ mb: 1 }}>{ABOUT_AUDIENCE}</Typography>
      </Box>
      <Box component="section" aria-labelledby="about-data" sx={{ mb: 4 }}>
        <Typography variant="h2" id="about-data" sx={{ mb: 1 }}>
          Where the data comes from
        </Typography>
        <Typography sx={{ mb: 1 }}>{ABOUT_DATA}</Typography>
        <Typography color="text.secondary" data-testid="about-provenance" sx={{ minHeight: '1.5em' }}>
          {provenance ? `${provenance}.` : null}
        </Typography>
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
