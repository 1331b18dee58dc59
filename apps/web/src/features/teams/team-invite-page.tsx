import { can } from '@eh/domain';
import { Alert, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage } from '../../shared/api.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { pageById } from '../../shared/page-content.ts';
import { InviteAnswers } from './invite-answer.tsx';
import { InviteForm } from './invite-form.tsx';
import { useGetMyOrganizationQuery } from './teams-api.ts';

const PAGE = pageById('teamInvite');

/**
 * SPEC §2 /team/invite: the bulk invite as a page (for the owner and admins): paste many addresses, see which are
 * in the team already and which got a new account, against the seats. An invitee who lands here answers their
 * invite; anyone else is sent to the team page.
 */
export default function TeamInvitePage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const status = useAppSelectorInTransition((state) => state.auth.status);
  return (
    <PageFrame title={PAGE.title} description={PAGE.description} maxWidth="md">
      {status === 'signedIn' ? (
        <SignedInInvite />
      ) : status === 'unknown' ? (
        <CircularProgress aria-label="Loading" />
      ) : (
        <SignInPrompt />
      )}
    </PageFrame>
  );
}

function SignInPrompt() {
  const dispatch = useAppDispatch();
  return (
    <Paper variant="outlined" sx={{ p: 3, display: 'grid', gap: 2, justifyItems: 'start', maxWidth: 560 }}>
      <Typography>Sign in to invite people to your team, or to answer an invite.</Typography>
      <Button variant="contained" onClick={() => dispatch(modalOpened({ kind: 'signIn' }))}>
        Sign in
      </Button>
    </Paper>
  );
}

function SignedInInvite() {
  const navigate = useNavigate();
  const mine = useGetMyOrganizationQuery();
  if (mine.isLoading) return <CircularProgress aria-label="Loading your team" />;
  if (!mine.data)
    return (
      <Alert severity="error" action={<Button onClick={() => void mine.refetch()}>Try again</Button>}>
        {errorMessage(mine.error, 'Your team could not be loaded.')}
      </Alert>
    );
  const { organization, role, invites } = mine.data;
  if (organization && role && can(role, 'invite', 'member'))
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="team-invite-page">
        <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 2 }}>
          {`Invite people to ${organization.name}`}
        </Typography>
        <InviteForm organization={organization} role={role} layout="page" onDone={() => void navigate('/team')} />
      </Paper>
    );
  if (role === 'invitee' || (!organization && invites.length > 0))
    return <InviteAnswers invites={invites} token={null} />;
  return (
    <Alert
      severity="info"
      data-testid="team-invite-not-allowed"
      action={
        <Button color="inherit" component={RouterLink} to="/team">
          Your team
        </Button>
      }
    >
      {organization
        ? `Only the owner and admins of ${organization.name} invite people.`
        : 'You have no team yet: start one on the team page, then invite people here.'}
    </Alert>
  );
}
