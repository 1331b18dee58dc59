import { Link, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

const PAGE = pageById('forgotPassword');

export default function ForgotPasswordPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const navigate = useNavigate();
  // The sign-in page passes the typed email in the history state, which keeps it out of the address.
  const { state } = useLocation();
  const email = typeof state?.email === 'string' ? state.email : '';
  return (
    <PageFrame title={PAGE.title} description={PAGE.description} maxWidth="sm">
      <ForgotPasswordForm initialEmail={email} onDone={() => navigate('/signin')} />
      <Typography variant="body2" sx={{ mt: 3 }}>
        Remembered it?{' '}
        <Link component={RouterLink} to="/signin">
          Sign in
        </Link>
      </Typography>
    </PageFrame>
  );
}
