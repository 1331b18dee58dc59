import { Link, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { pageById } from '../../app/page-content.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { SignInForm } from './sign-in-form.tsx';

const PAGE = pageById('signin');

export default function SignInPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const navigate = useNavigate();
  return (
    <PageFrame title={PAGE.title} description={PAGE.description}>
      <SignInForm onSignedIn={() => navigate('/')} />
      <Typography variant="body2" sx={{ mt: 3 }}>
        New here?{' '}
        <Link component={RouterLink} to="/create-account">
          Create an account
        </Link>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Google and Apple sign-in and the multi-factor steps arrive with the rest of the identity work.
      </Typography>
    </PageFrame>
  );
}
