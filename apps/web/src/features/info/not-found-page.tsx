import { Button, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { NOT_FOUND_HEADING } from '../../shared/constants.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';

/** Characters of the address the page repeats: a long bad link is shortened, and what is shown wraps anywhere. */
const SHOWN_PATH_MAX = 120;

function shownPath(pathname: string): string {
  return pathname.length > SHOWN_PATH_MAX ? `${pathname.slice(0, SHOWN_PATH_MAX - 1)}…` : pathname;
}

/** Unknown paths: a real page, not an error (the server answers them 404). */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentMeta(NOT_FOUND_HEADING, 'This address does not lead to a page.');
  return (
    <PageFrame title={NOT_FOUND_HEADING} maxWidth="md">
      <Typography sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        Nothing lives at <code>{shownPath(pathname)}</code>. The link may be old or mistyped.
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
