import { Alert, Box, Button, CircularProgress, Tab, Tabs, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage, errorStatus } from '../../shared/api.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { pageById } from '../../shared/page-content.ts';
import { useCurrentPlan } from '../../shared/use-current-plan.ts';
import { AffiliateRequestsSection } from '../affiliates/index.ts';
import { type AdminSession, useGetAdminSessionQuery } from './admin-api.ts';
import { AdminSection } from './admin-section.tsx';
import { FlagsTab } from './flags-tab.tsx';
import { IngestionTab } from './ingestion-tab.tsx';
import { ModerationTab } from './moderation-tab.tsx';
import { ReleaseNotesTab } from './release-notes-tab.tsx';

const PAGE = pageById('admin');

const TABS = [
  { key: 'flags', label: 'Flags & messages' },
  { key: 'release-notes', label: 'Release notes' },
  { key: 'community', label: 'Community' },
  { key: 'affiliates', label: 'Affiliate requests' },
  { key: 'ingestion', label: 'Ingestion' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function Tools({ session }: { session: AdminSession }) {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'flags';
  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_, value: TabKey) => setParams(value === 'flags' ? {} : { tab: value }, { replace: true })}
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Admin tools"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={t.label}
            id={`admin-tab-${t.key}`}
            aria-controls="admin-tab-panel"
            data-testid={`admin-tab-${t.key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="admin-tab-panel" aria-labelledby={`admin-tab-${tab}`} sx={{ minWidth: 0 }}>
        {tab === 'flags' && <FlagsTab />}
        {tab === 'release-notes' && <ReleaseNotesTab />}
        {tab === 'community' && <ModerationTab />}
        {tab === 'affiliates' && <AffiliateRequestsSection ownUserId={session.userId} />}
        {tab === 'ingestion' && <IngestionTab />}
      </Box>
    </Box>
  );
}

function Gate() {
  const session = useGetAdminSessionQuery();
  if (session.isLoading) return <CircularProgress aria-label="Checking your access" />;
  if (session.data) return <Tools session={session.data} />;
  const status = errorStatus(session.error);
  if (status === 403)
    return (
      <AdminSection title="Not allowed" testId="admin-not-allowed">
        <Typography>
          This page is for the product’s super admins. Your account is not one, so nothing here is available to it.
        </Typography>
      </AdminSection>
    );
  return (
    <Alert severity="error" action={<Button onClick={() => void session.refetch()}>Try again</Button>}>
      {errorMessage(session.error, 'Your access could not be checked.')}
    </Alert>
  );
}

/** /admin: the super-admin tools; the server checks the flag on every call. */
export default function AdminPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const dispatch = useAppDispatch();
  const { signedIn } = useCurrentPlan();
  return (
    <PageFrame title={PAGE.title} description={PAGE.description}>
      {signedIn === null ? (
        <CircularProgress aria-label="Checking your session" />
      ) : signedIn ? (
        <Gate />
      ) : (
        <AdminSection title="Sign in" testId="admin-signed-out">
          <Typography>Sign in with a super admin’s account to use these tools.</Typography>
          <Box>
            <Button variant="contained" onClick={() => dispatch(modalOpened({ kind: 'signIn' }))}>
              Sign in
            </Button>
          </Box>
        </AdminSection>
      )}
    </PageFrame>
  );
}
