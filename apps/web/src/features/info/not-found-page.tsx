import { Button, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { NOT_FOUND_HEADING } from '../../app/constants.ts';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { PageFrame } from '../../components/page-frame.tsx';

/** Unknown paths: a real page, not an error. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentMeta(NOT_FOUND_HEADING, 'This address does not lead to a page.');
  return (
    <PageFrame title={NOT_FOUND_HEADING} maxWidth="md">
      <Typography sx={{ mb: 3 }}>
        Nothing lives at <code>{pathname}</code>. The link may be old or mistyped.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mr: 1.5 }}>
        Go to the home page
      </Button>
      <Button component={RouterLink} to="/other-pages">
        See all pages
      </Button>
    </PageFrame>
  );
}
