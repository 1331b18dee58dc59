import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { FAQ } from './faq-content.ts';

const PAGE = pageById('faq');

export default function FaqPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  return (
    <PageFrame title={PAGE.title} description={PAGE.description} maxWidth="md">
      {FAQ.map((group) => (
        <Box component="section" key={group.heading} sx={{ mb: 4 }}>
          <Typography variant="h2" sx={{ mb: 1.5 }}>
            {group.heading}
          </Typography>
          {group.entries.map((entry) => (
            <Accordion key={entry.id} disableGutters variant="outlined" sx={{ '&:not(:last-of-type)': { mb: -0.125 } }}>
              <AccordionSummary
                expandIcon={<ExpandMoreIcon />}
                id={`faq-${entry.id}-summary`}
                aria-controls={`faq-${entry.id}-answer`}
              >
                <Typography component="h3" sx={{ fontWeight: 600 }}>
                  {entry.question}
                </Typography>
              </AccordionSummary>
              <AccordionDetails id={`faq-${entry.id}-answer`}>
                {entry.answer.map((paragraph) => (
                  <Typography key={paragraph} sx={{ mb: 1 }}>
                    {paragraph}
                  </Typography>
                ))}
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      ))}
      <Typography>
        Did not find your answer?{' '}
        <Link component={RouterLink} to="/feedback">
          Ask us through the feedback page
        </Link>
        .
      </Typography>
    </PageFrame>
  );
}
