import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage } from '../../shared/api.ts';
import { BillingModeNote } from '../../shared/card-billing-note.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { pageById } from '../../shared/page-content.ts';
import { useCurrentPlan } from '../../shared/use-current-plan.ts';
import { useGetMeQuery } from '../../shared/users-api.ts';
import { AffiliateDashboard } from './affiliate-dashboard.tsx';
import { AffiliateRequestsSection } from './affiliate-requests-section.tsx';
import { REQUEST_STATUS_NOTES } from './affiliate-words.ts';
import { type AffiliateProgram, useGetAffiliateProgramQuery, useGetMyAffiliateQuery } from './affiliates-api.ts';
import { JoinForm } from './join-form.tsx';
import { PayoutAccountSection } from './payout-account-section.tsx';
import { ProgramSteps } from './program-steps.tsx';
import { ReferralLink } from './referral-link.tsx';
import { Section } from './section.tsx';
import { RequestStatusChip } from './status-chip.tsx';

const PAGE = pageById('affiliateProgram');

function Membership({ program }: { program: AffiliateProgram }) {
  const dispatch = useAppDispatch();
  const { data, error, isLoading, refetch } = useGetMyAffiliateQuery();
  const { data: me } = useGetMeQuery();
  if (isLoading) return <CircularProgress aria-label="Loading your membership" />;
  if (!data)
    return (
      <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
        {errorMessage(error, 'Your membership could not be loaded.')}
      </Alert>
    );
  const affiliate = data.affiliate;
  return (
    <>
      <Section
        title="Your membership"
        testId="affiliate-membership"
        aside={affiliate ? <RequestStatusChip status={affiliate.status} /> : null}
      >
        {affiliate === null ? (
          <>
            <Typography>Ask to join: a person reviews each request, usually within a few days.</Typography>
            <Box>
              <Button
                variant="contained"
                onClick={() => dispatch(modalOpened({ kind: 'affiliate' }))}
                data-testid="affiliate-join-open"
              >
                Join the program
              </Button>
            </Box>
          </>
        ) : (
          <>
            <Typography data-testid="affiliate-status-note">{REQUEST_STATUS_NOTES[affiliate.status]}</Typography>
            {affiliate.status === 'approved' && <ReferralLink code={affiliate.code} />}
            {affiliate.status === 'rejected' && <JoinForm again />}
          </>
        )}
      </Section>
      {affiliate?.status === 'approved' && <PayoutAccountSection program={program} />}
      {affiliate && <AffiliateDashboard />}
      {data.superAdmin && <AffiliateRequestsSection ownUserId={me?.id ?? null} />}
    </>
  );
}

/**
 * /affiliate-program: the program explained with the server's numbers, then for a member their status
 * and referral link, the payout account and the dashboard; super admins decide on requests here too.
 */
export default function AffiliatePage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const dispatch = useAppDispatch();
  const { signedIn } = useCurrentPlan();
  const program = useGetAffiliateProgramQuery();
  // A member comes for their dashboard: the explanation moves below it.
  const member = useGetMyAffiliateQuery(undefined, { skip: !signedIn }).data?.affiliate != null;
  const how = (
    <Section title="How it works" testId="affiliate-how">
      {program.data ? (
        <ProgramSteps program={program.data} />
      ) : program.error ? (
        <Alert severity="error">{errorMessage(program.error, 'The program could not be loaded.')}</Alert>
      ) : (
        <CircularProgress aria-label="Loading the program" />
      )}
    </Section>
  );
  return (
    <PageFrame
      title={PAGE.title}
      description={PAGE.description}
      aside={program.data?.label ? <BillingModeNote label={program.data.label} dense /> : null}
    >
      <Box sx={{ display: 'grid', gap: 3 }}>
        {member ? null : how}
        {signedIn === null || !program.data ? null : signedIn ? (
          <Membership program={program.data} />
        ) : (
          <Section title="Join" testId="affiliate-signed-out">
            <Typography>Affiliates have an account: create a free one, or sign in, then ask to join.</Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={() => dispatch(modalOpened({ kind: 'createAccount' }))}>
                Create an account
              </Button>
              <Button variant="outlined" onClick={() => dispatch(modalOpened({ kind: 'signIn' }))}>
                Sign in
              </Button>
            </Box>
          </Section>
        )}
        {member ? how : null}
      </Box>
    </PageFrame>
  );
}
