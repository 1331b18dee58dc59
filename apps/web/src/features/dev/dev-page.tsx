import { Alert, Box, Button, Chip, Paper, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage } from '../../shared/api.ts';
import { DEV_TOOLS_OFF } from '../../shared/constants.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { FlagsTable, selectDevMode, useFlags } from '../flags/index.ts';
import { MarketHistorySection } from '../market-history/index.ts';
import { NotificationProvidersSection } from '../notifications/index.ts';
import { ReleaseNotesList, useGetReleaseNotesQuery } from '../release-notes/index.ts';
import { OUTBOX_LIMIT, useGetDevOutboxQuery } from './dev-api.ts';

const PAGE = pageById('dev');

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

function PlatformNotes({ platform }: { platform: 'web' | 'native' }) {
  const { data, error, isLoading } = useGetReleaseNotesQuery({ platform });
  return (
    <Box>
      <Typography variant="h3" sx={{ mb: 1.5 }}>
        {platform === 'web' ? 'Web' : 'Native apps'}
      </Typography>
      {isLoading ? (
        <Skeleton variant="rounded" height={120} />
      ) : error ? (
        <Alert severity="error">{errorMessage(error, 'Could not load release notes.')}</Alert>
      ) : (
        <ReleaseNotesList notes={data?.notes ?? []} headingLevel="h3" />
      )}
    </Box>
  );
}

function Outbox() {
  const { data, error, isLoading, isFetching, refetch } = useGetDevOutboxQuery({ limit: OUTBOX_LIMIT });
  return (
    <Section
      title="Outbox"
      action={
        <Button size="small" onClick={() => refetch()} loading={isFetching}>
          Refresh
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Email and SMS the embedded server would have sent, newest first (the last {OUTBOX_LIMIT}).
      </Typography>
      {isLoading ? (
        <Skeleton variant="rounded" height={120} />
      ) : error ? (
        <Alert severity="error">{errorMessage(error, 'Could not load the outbox.')}</Alert>
      ) : data?.messages.length ? (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {data.messages.map((message) => (
            <Paper component="li" variant="outlined" key={message.id} sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                <Chip size="small" label={message.channel} />
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  To {message.to}
                </Typography>
                <Typography variant="body2" color="text.secondary" component="time" dateTime={message.createdAt}>
                  {new Date(message.createdAt).toLocaleString()}
                </Typography>
              </Box>
              {message.subject ? <Typography sx={{ fontWeight: 600 }}>{message.subject}</Typography> : null}
              <Typography
                variant="body2"
                component="pre"
                sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, wordBreak: 'break-word' }}
              >
                {message.body}
              </Typography>
            </Paper>
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary">No messages yet.</Typography>
      )}
    </Section>
  );
}

/** Developer tools, only while the dev flag is on. */
export default function DevPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const flags = useFlags();
  const devMode = selectDevMode(flags.data?.flags);

  if (flags.isLoading) {
    return (
      <PageFrame title={PAGE.title}>
        <Skeleton variant="rounded" height={200} aria-label="Loading developer tools" />
      </PageFrame>
    );
  }
  if (!devMode) {
    return (
      <PageFrame title={PAGE.title} maxWidth="md">
        <Alert severity="info" data-testid="dev-tools-off">
          {DEV_TOOLS_OFF}
        </Alert>
        <Typography sx={{ mt: 2 }} color="text.secondary">
          An operator turns them on with <code>npm run flags -- set dev true</code>.
        </Typography>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={PAGE.title} description={PAGE.description}>
      <Section title="Market history">
        <MarketHistorySection />
      </Section>
      <Section title="Feature flags">
        <FlagsTable flags={flags.data?.flags} caption="Feature flags" />
      </Section>
      <Section title="Release notes">
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <PlatformNotes platform="web" />
          <PlatformNotes platform="native" />
        </Box>
      </Section>
      <Section title="Notification transports">
        <NotificationProvidersSection />
      </Section>
      <Outbox />
    </PageFrame>
  );
}
