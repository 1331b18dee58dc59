import { WEB_CLIENT_BUILD } from '@eh/contracts';
import { Alert, Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { PageFrame } from '../../components/page-frame.tsx';
import { clientPlatform, flagPlatform, isNative } from '../../platform/platform.ts';
import { errorMessage } from '../../shared/api.ts';
import { API_BASE_URL, APP_NAME, CLIENT_VERSION } from '../../shared/constants.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { FlagsTable, useFlags } from '../flags/index.ts';
import { useGetAppInfoQuery } from './app-info-api.ts';
import { useProvenance } from './provenance.ts';

const PAGE = pageById('appInfo');

function Facts({ rows, label }: { rows: readonly [string, ReactNode][]; label: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(88px, auto) 1fr', sm: '200px 1fr' },
        columnGap: 2,
        rowGap: 1,
        m: 0,
      }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export default function AppInfoPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const server = useGetAppInfoQuery();
  const provenance = useProvenance();
  const flags = useFlags();
  return (
    <PageFrame title={PAGE.title} description={PAGE.description} maxWidth="md">
      <Section title="This app">
        <Facts
          label="Client"
          rows={[
            ['Name', APP_NAME],
            ['Version', CLIENT_VERSION],
            ['Build', String(WEB_CLIENT_BUILD)],
            ['Platform', `${clientPlatform()}${isNative() ? ' (native app)' : ' (browser)'}`],
            ['API', API_BASE_URL],
            ['Data', provenance ?? '…'],
          ]}
        />
      </Section>
      <Section title="Server">
        {server.isLoading ? (
          <Skeleton variant="rounded" height={160} aria-label="Loading server information" />
        ) : server.error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => server.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(server.error, 'Could not reach the server.')}
          </Alert>
        ) : server.data ? (
          <Facts
            label="Server"
            rows={[
              ['Name', server.data.name],
              ['Version', server.data.version],
              ['Mode', server.data.mode],
              ['Database', server.data.database === 'pglite' ? 'PGlite (embedded PostgreSQL)' : 'PostgreSQL'],
              ['Message bus', server.data.bus === 'memory' ? 'in process' : 'Redis'],
              ['Roles', server.data.roles.join(', ')],
              ['Started', new Date(server.data.startedAt).toLocaleString()],
            ]}
          />
        ) : null}
      </Section>
      <Section title={`Feature flags (${flagPlatform()})`}>
        {flags.isLoading ? (
          <Skeleton variant="rounded" height={120} aria-label="Loading flags" />
        ) : flags.error ? (
          <Alert severity="error">{errorMessage(flags.error, 'Could not load the flags.')}</Alert>
        ) : (
          <FlagsTable flags={flags.data?.flags} caption="Feature flags" />
        )}
      </Section>
    </PageFrame>
  );
}
