import { Link, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { pageById } from '../../app/page-content.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

const PAGE = pageById('forgotPassword');

export default function ForgotPasswordPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const navigate = useNavigate();
  return (
    <PageFrame title={PAGE.title} description={PAGE.description} maxWidth="sm">
      <ForgotPasswordForm onDone={() => navigate('/signin')} />
      <Typography variant="body2" sx={{ mt: 3 }}>
        Remembered it?{' '}
        <Link component={RouterLink} to="/signin">
          Sign in
        </Link>
      </Typography>
    </PageFrame>
  );
}
