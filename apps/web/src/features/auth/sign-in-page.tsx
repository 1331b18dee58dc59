import { Link, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { readHostedUiReturn, withoutHostedUiParams } from './hosted-ui.ts';
import { HostedUiReturnView } from './hosted-ui-return.tsx';
import { SignInForm } from './sign-in-form.tsx';

const PAGE = pageById('signin');

export default function SignInPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: the address is cleaned as soon as the return is handled.
  const [returned] = useState(() => readHostedUiReturn(location.search));
  const [finishing, setFinishing] = useState(returned !== null);
  const [error, setError] = useState<string | null>(null);

  const goHome = useCallback(() => navigate('/', { replace: true }), [navigate]);
  const failed = useCallback(
    (message: string) => {
      setError(message);
      setFinishing(false);
      navigate(withoutHostedUiParams(location.pathname, location.search, location.hash), { replace: true });
    },
    [navigate, location.pathname, location.search, location.hash],
  );

  return (
    <PageFrame title={PAGE.title} description={PAGE.description} maxWidth="sm">
      {finishing && returned ? (
        <HostedUiReturnView returned={returned} onSignedIn={goHome} onFailed={failed} />
      ) : (
        <SignInForm
          key={error ?? ''}
          initialError={error}
          onSignedIn={goHome}
          onForgotPassword={(email) => navigate('/forgot-password', { state: { email } })}
          footer={
            <Typography variant="body2" sx={{ mt: 1 }}>
              New here?{' '}
              <Link component={RouterLink} to="/create-account">
                Create an account
              </Link>
            </Typography>
          }
        />
      )}
    </PageFrame>
  );
}
