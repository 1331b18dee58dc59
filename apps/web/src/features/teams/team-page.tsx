import { can, DEFAULT_PRICE_TYPE, TEAM_PLAN, type TeamRole } from '@eh/domain';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { Alert, Box, Button, Chip, CircularProgress, LinearProgress, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage } from '../../shared/api.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import { billingDate, pricePerInterval, SUBSCRIPTION_STATUS_WORDS } from '../../shared/manage-words.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { pageById } from '../../shared/page-content.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { useGetMeQuery } from '../../shared/users-api.ts';
import { priceLine, usePlanPrices } from '../pricing/index.ts';
import { InviteAnswers } from './invite-answer.tsx';
import { TeamInvoices } from './team-invoices.tsx';
import { TeamInvites, TeamMembers } from './team-members.tsx';
import { INVITE_PARAM, licences, ROLE_NOTES, ROLE_WORDS, seatsLine } from './team-model.ts';
import { type Organization, useGetMyOrganizationQuery, useGetTeamSubscriptionQuery } from './teams-api.ts';

const PAGE = pageById('team');

function Section({
  title,
  children,
  testId,
  aside,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  aside?: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, flex: '1 1 auto' }}>
          {title}
        </Typography>
        {aside}
      </Box>
      {children}
    </Paper>
  );
}

/**
 * SPEC §2 /team: the caller's organization (name, billing email, plan, seats used against licences), its
 * members with their roles and the pending invites, and its invoices for the owner. What each person may do follows
 * the domain's `can` (the server enforces the same): the owner and admins invite and manage members, the owner
 * manages the organization and its billing, a member reads. An invitee answers their invite here (the invite
 * email links to /team?invite=…); someone with no team reads what Team is and can start one.
 */
export default function TeamPage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const status = useAppSelectorInTransition((state) => state.auth.status);
  const [params] = useSearchParams();
  const token = params.get(INVITE_PARAM);
  return (
    <PageFrame title={PAGE.title} description={PAGE.description}>
      {status === 'signedIn' ? (
        <SignedInTeam token={token} />
      ) : status === 'unknown' ? (
        <CircularProgress aria-label="Loading" />
      ) : (
        <NoTeam signedOut invited={!!token} />
      )}
    </PageFrame>
  );
}

function SignedInTeam({ token }: { token: string | null }) {
  const mine = useGetMyOrganizationQuery();
  const { data: me } = useGetMeQuery();
  if (mine.isLoading) return <CircularProgress aria-label="Loading your team" />;
  if (!mine.data)
    return (
      <Alert severity="error" action={<Button onClick={() => void mine.refetch()}>Try again</Button>}>
        {errorMessage(mine.error, 'Your team could not be loaded.')}
      </Alert>
    );
  const { organization, role, invites } = mine.data;
  const member = organization && role && role !== 'invitee';
  const linkedGone = token !== null && !invites.some((invite) => invite.token === token);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {linkedGone && !member ? (
        <Alert severity="info" data-testid="team-invite-link-gone">
          {`No invite waiting for you matches this link: it was answered or taken back, or it was sent to another address${me?.email ? ` (you are signed in as ${me.email})` : ''}.`}
        </Alert>
      ) : null}
      {invites.length > 0 ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          {member ? (
            <Typography color="text.secondary">
              {`You have ${invites.length === 1 ? 'an invite' : 'invites'} to another team. A person is in one team at a time: leave ${organization.name} before you accept.`}
            </Typography>
          ) : null}
          <InviteAnswers invites={invites} token={token} />
        </Box>
      ) : null}
      {member ? (
        <TeamView organization={organization} role={role} userId={me?.id ?? null} />
      ) : invites.length === 0 ? (
        <NoTeam />
      ) : null}
    </Box>
  );
}

/** No team: what Team is, its price, and the way to start one (signed out: sign in first). */
function NoTeam({ signedOut, invited }: { signedOut?: boolean; invited?: boolean }) {
  const dispatch = useAppDispatch();
  const prices = usePlanPrices();
  const offer = prices.offerOf(TEAM_PLAN);
  const line = offer ? priceLine(offer, DEFAULT_PRICE_TYPE) : null;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, justifyItems: 'start', maxWidth: 680 }}
      data-testid={signedOut ? 'team-signed-out' : 'team-none'}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <GroupsOutlinedIcon color="primary" aria-hidden />
        <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
          {signedOut && invited
            ? 'Sign in to answer your invite'
            : `${PLAN_LABELS[TEAM_PLAN]}: Pro for your organization`}
        </Typography>
      </Box>
      {signedOut && invited ? (
        <Typography color="text.secondary">
          Sign in with the address the invite was sent to. New here? The invite email has a temporary password: you
          choose your own when you first sign in.
        </Typography>
      ) : (
        <>
          <Typography color="text.secondary">
            Everyone in the team gets the Pro plan’s features — EHS scores, short interest, corporate guidance, earnings
            moves, alerts and transcripts — on one bill, for as long as they are in the team.
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', display: 'grid', gap: 0.5 }}>
            <li>{`${ROLE_WORDS.owner}: ${ROLE_NOTES.owner.toLowerCase()}.`}</li>
            <li>{`${ROLE_WORDS.admin}: ${ROLE_NOTES.admin.toLowerCase()}.`}</li>
            <li>{`${ROLE_WORDS.member}: ${ROLE_NOTES.member.toLowerCase()}.`}</li>
          </Box>
          {line ? (
            <Typography
              sx={{ fontWeight: 700 }}
              data-testid="team-price-line"
            >{`${line.amount} ${line.per}`}</Typography>
          ) : null}
        </>
      )}
      {signedOut ? (
        <Button
          variant="contained"
          onClick={() => dispatch(modalOpened({ kind: 'signIn' }))}
          data-testid="team-sign-in"
        >
          Sign in
        </Button>
      ) : (
        <Button
          variant="contained"
          onClick={() => dispatch(modalOpened({ kind: 'upgradeToTeam' }))}
          data-testid="team-upgrade"
        >
          Upgrade to Team
        </Button>
      )}
    </Paper>
  );
}

function TeamView({
  organization,
  role,
  userId,
}: {
  organization: Organization;
  role: TeamRole;
  userId: string | null;
}) {
  const dispatch = useAppDispatch();
  const subscription = useGetTeamSubscriptionQuery({ orgId: organization.id });
  const seats = subscription.data?.seats ?? organization.seats;
  const current = subscription.data?.subscription ?? null;
  const live = current && current.status !== 'canceled' ? current : null;
  const charges = subscription.data?.charges ?? null;
  const mayInvite = can(role, 'invite', 'member');
  const owner = can(role, 'billing');
  const used = Math.min(100, (seats.seatsUsed / Math.max(1, seats.licenseCount)) * 100);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
      data-testid="team-view"
      data-role={role}
    >
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Section
          title="Members"
          testId="team-members-section"
          aside={
            mayInvite ? (
              <Button
                variant="contained"
                startIcon={<PersonAddAlt1Icon />}
                onClick={() => dispatch(modalOpened({ kind: 'bulkAddUser' }))}
                data-testid="team-invite-people"
              >
                Invite people
              </Button>
            ) : null
          }
        >
          <TeamMembers organization={organization} viewer={{ role, userId }} />
        </Section>
        <Section title="Pending invites" testId="team-invites-section">
          <TeamInvites organization={organization} mayUninvite={can(role, 'uninvite')} />
        </Section>
      </Box>

      <Box sx={{ display: 'grid', gap: 3 }}>
        <Section
          title={organization.name}
          testId="team-organization"
          aside={
            can(role, 'update') ? (
              <Button
                size="small"
                startIcon={<SettingsOutlinedIcon />}
                onClick={() => dispatch(modalOpened({ kind: 'manageOrganization' }))}
                data-testid="team-manage"
              >
                Manage
              </Button>
            ) : null
          }
        >
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Chip size="small" color="primary" label={`You: ${ROLE_WORDS[role]}`} data-testid="team-my-role" />
              <Typography variant="body2" color="text.secondary">
                {ROLE_NOTES[role]}
              </Typography>
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                Billing email
              </Typography>
              <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="team-billing-email">
                {organization.billingEmail}
              </Typography>
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                Plan
              </Typography>
              <Typography data-testid="team-plan">
                {live
                  ? `${PLAN_LABELS[TEAM_PLAN]} · ${SUBSCRIPTION_STATUS_WORDS[live.status]} · ${pricePerInterval(live.nextChargeAmount ?? live.amount, live.currency, live.priceType)}`
                  : subscription.isLoading
                    ? '…'
                    : `${PLAN_LABELS[TEAM_PLAN]} · not subscribed yet`}
              </Typography>
              {live?.currentPeriodEnd ? (
                <Typography variant="body2" color="text.secondary">
                  {live.cancelAtPeriodEnd
                    ? `Ends on ${billingDate(live.currentPeriodEnd)}`
                    : `Renews on ${billingDate(live.currentPeriodEnd)}`}
                </Typography>
              ) : null}
            </Box>
            <Box>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary">
                  Seats
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="team-seats">
                  {`${seats.seatsUsed} / ${licences(seats.licenseCount)}`}
                </Typography>
              </Box>
              <LinearProgress
                variant="determinate"
                value={used}
                aria-label={`Seats used: ${seatsLine(seats)}`}
                sx={{ my: 0.75, height: 6, borderRadius: 3 }}
              />
              <Typography variant="body2" color="text.secondary">
                {`${seats.members} ${seats.members === 1 ? 'member' : 'members'}, ${seats.pendingInvites} pending ${seats.pendingInvites === 1 ? 'invite' : 'invites'} · ${seats.seatsLeft === 0 ? 'no seat left' : `${seats.seatsLeft} left`}`}
              </Typography>
            </Box>
            {!live && !subscription.isLoading ? (
              <Alert
                severity="warning"
                data-testid="team-not-subscribed"
                action={
                  owner ? (
                    <Button
                      color="inherit"
                      size="small"
                      onClick={() => dispatch(modalOpened({ kind: 'upgradeToTeam' }))}
                      data-testid="team-subscribe"
                    >
                      Subscribe
                    </Button>
                  ) : null
                }
              >
                {owner
                  ? 'The team has no subscription: members get the Team plan’s features once it subscribes.'
                  : 'The team has no subscription: the owner subscribes it for members to get the Team plan’s features.'}
              </Alert>
            ) : null}
            {!owner ? (
              <Typography variant="body2" color="text.secondary" data-testid="team-read-only">
                {role === 'admin'
                  ? 'The owner manages the organization and its billing.'
                  : 'The owner and admins manage the team; ask them to change your role.'}
              </Typography>
            ) : null}
          </Box>
        </Section>
        {owner ? (
          <Section title="Invoices" testId="team-invoices-section">
            {subscription.isLoading ? (
              <CircularProgress size={24} aria-label="Loading the invoices" />
            ) : subscription.error ? (
              <Alert severity="error">{errorMessage(subscription.error, 'The invoices could not be loaded.')}</Alert>
            ) : (
              <TeamInvoices charges={charges ?? []} />
            )}
          </Section>
        ) : null}
      </Box>
    </Box>
  );
}
