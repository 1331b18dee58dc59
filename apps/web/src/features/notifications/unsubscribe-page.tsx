import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage, fieldErrors } from '../../shared/api.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { useGetUnsubscribeQuery, useUnsubscribeMutation } from './notifications-api.ts';

const PAGE = pageById('unsubscribe');

/** The page an email's unsubscribe link opens: what the link turns off, and one button that does it. */
export default function UnsubscribePage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const scope = useGetUnsubscribeQuery({ token }, { skip: token === '' });
  const [unsubscribe, result] = useUnsubscribeMutation();

  let content: React.ReactNode;
  if (token === '') content = <Alert severity="error">This unsubscribe link is missing its token.</Alert>;
  else if (scope.isLoading) content = <CircularProgress aria-label="Loading" />;
  else if (!scope.data) {
    // The server names the field for programs; a reader gets its words alone.
    const why = fieldErrors(scope.error).token ?? errorMessage(scope.error, 'This unsubscribe link is not valid.');
    content = <Alert severity="error">{why}</Alert>;
  } else if (result.data) {
    content = (
      <Alert severity="success" data-testid="unsubscribed">
        Turned off: {result.data.description}. You can turn it back on from the alerts of your lists.
      </Alert>
    );
  } else {
    content = (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography>This turns off:</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="unsubscribe-scope">
          {scope.data.description}
        </Typography>
        {result.error && <Alert severity="error">{errorMessage(result.error)}</Alert>}
        <Button variant="contained" loading={result.isLoading} onClick={() => void unsubscribe({ token })}>
          Unsubscribe
        </Button>
      </Box>
    );
  }
  return (
    <PageFrame title={PAGE.title} maxWidth="sm">
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {content}
      </Paper>
    </PageFrame>
  );
}
