import type { OutboxMessage } from '@eh/contracts';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Chip, Paper, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage } from '../../shared/api.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { OUTBOX_LIMIT, useGetDevOutboxQuery } from './dev-api.ts';

const PAGE = pageById('devMail');

/** New mail shows up by itself while the page is open: a code asked for in another tab appears within seconds. */
export const MAILBOX_POLL_MS = 3000;

/** Sign-up, sign-in, reset and change-email codes are six digits (the identity provider's sendCode). */
const CODE = /\b(\d{6})\b/;

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function CopyCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard here (an insecure origin): the code is selectable text beside the button.
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', my: 1 }}>
      <Typography
        component="output"
        aria-label="Code"
        data-testid="mailbox-code"
        sx={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '1.75rem',
          fontWeight: 700,
          letterSpacing: '0.2em',
          userSelect: 'all',
          px: 1.5,
          py: 0.25,
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      >
        {code}
      </Typography>
      <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy code'}
      </Button>
    </Box>
  );
}

function Message({ message }: { message: OutboxMessage }) {
  const code = message.body.match(CODE)?.[1];
  return (
    <Paper component="li" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="mailbox-message">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Chip size="small" label={message.channel === 'email' ? 'Email' : 'SMS'} />
        <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
          To {message.to}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          component="time"
          dateTime={message.createdAt}
          sx={{ ml: { sm: 'auto' } }}
        >
          {timeFormat.format(new Date(message.createdAt))}
        </Typography>
      </Box>
      {message.subject ? (
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {message.subject}
        </Typography>
      ) : null}
      {code ? <CopyCode code={code} /> : null}
      <Typography
        variant="body2"
        component="pre"
        sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, wordBreak: 'break-word', color: 'text.secondary' }}
      >
        {message.body}
      </Typography>
    </Paper>
  );
}

/** The local mailbox (/dev/mail): what the server keeps instead of sending, newest first (decision 0012). */
export default function MailboxPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const [closed, setClosed] = useState(false);
  const { data, error, isLoading, isFetching, refetch } = useGetDevOutboxQuery(
    { limit: OUTBOX_LIMIT },
    // A closed mailbox stays closed until someone changes the server: no polling then (Refresh still asks).
    { pollingInterval: closed ? 0 : MAILBOX_POLL_MS, skipPollingIfUnfocused: true, refetchOnMountOrArgChange: true },
  );
  if (closed !== Boolean(error)) setClosed(Boolean(error));
  const refresh = (
    <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void refetch()} loading={isFetching}>
      Refresh
    </Button>
  );
  return (
    <PageFrame title={PAGE.title} description={PAGE.description} aside={refresh} maxWidth="md">
      {isLoading ? (
        <Skeleton variant="rounded" height={160} aria-label="Loading the mailbox" />
      ) : error ? (
        <Alert severity="warning" data-testid="mailbox-closed">
          {errorMessage(error, 'Could not open the mailbox.')}
        </Alert>
      ) : data?.messages.length ? (
        <Box component="ol" aria-label="Messages" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {data.messages.map((message) => (
            <Message key={message.id} message={message} />
          ))}
        </Box>
      ) : (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography sx={{ fontWeight: 600 }}>No mail yet</Typography>
          <Typography color="text.secondary">
            Create an account or ask for a code, and the message shows up here within a few seconds.
          </Typography>
        </Paper>
      )}
    </PageFrame>
  );
}
