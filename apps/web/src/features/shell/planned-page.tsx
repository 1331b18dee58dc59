import { Box, Paper, Typography } from '@mui/material';
import { useMatches, useParams } from 'react-router';
import { NOT_FOUND_HEADING } from '../../app/constants.ts';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { PAGE_DEFS, type PageDef, SECTION_ARRIVES_WITH } from '../../app/page-content.ts';
import { pageTitle, paramsAreValid } from '../../app/routes.ts';
import { ArrivesWith } from '../../components/arrives-with.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import NotFoundPage from '../info/not-found-page.tsx';

export interface PageHandle {
  pageId: string;
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as PageHandle).pageId === 'string';
}

/** The page definition of the deepest matched route. */
export function useCurrentPage(): PageDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isPageHandle(handle)) return PAGE_DEFS.find((page) => page.id === handle.pageId);
  }
  return undefined;
}

function PartnerHero({ partner }: { partner: string }) {
  return (
    <Paper
      variant="outlined"
      data-testid="partner-hero"
      sx={{ p: { xs: 2, sm: 3 }, mb: 4, borderColor: 'primary.main', borderWidth: 2 }}
    >
      <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
        In partnership with {partner}
      </Typography>
      <Typography>
        Welcome, {partner} audience. The {partner} offer on paid plans is applied at checkout once billing arrives.
      </Typography>
    </Paper>
  );
}

/**
 * The real frame of a page whose content comes with a later issue: its heading, what it will show, and an
 * honest empty state (or empty frames for each of its sections).
 */
export function PlannedPage() {
  const page = useCurrentPage();
  const params = useParams();
  const title = page ? pageTitle(page.title, params) : '';
  const valid = page !== undefined && paramsAreValid(params);
  // The not-found page sets its own title; this effect runs after it, so it must agree.
  useDocumentMeta(valid ? title : NOT_FOUND_HEADING, valid ? page.description : undefined);
  if (!valid) return <NotFoundPage />;
  const feature = page.arrivesWith ?? 'a later release';
  return (
    <PageFrame title={title} description={page.description}>
      {page.chrome === 'partner' && page.partner ? <PartnerHero partner={page.partner} /> : null}
      {page.sections ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
          }}
        >
          {page.sections.map((section) => (
            <Paper key={section} variant="outlined" component="section" sx={{ p: 2.5, minHeight: { xs: 0, sm: 140 } }}>
              <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
                {section}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Arrives with {SECTION_ARRIVES_WITH[section] ?? feature}.
              </Typography>
            </Paper>
          ))}
        </Box>
      ) : (
        <ArrivesWith feature={feature} />
      )}
    </PageFrame>
  );
}

export default PlannedPage;
