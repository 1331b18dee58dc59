import type { MemberRole, TeamRole } from '@eh/domain';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  Skeleton,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { initialsOf } from '../../shared/initials.ts';
import { billingDate } from '../../shared/manage-words.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { type PersonActions, personActions, ROLE_NOTES, ROLE_WORDS } from './team-model.ts';
import {
  type Organization,
  type TeamUser,
  useGetTeamInvitesQuery,
  useGetTeamUsersQuery,
  useInviteMutation,
  useRemoveTeamUserMutation,
  useSetTeamRoleMutation,
} from './teams-api.ts';

const personName = (user: TeamUser) => user.name?.trim() || user.email || 'A member';

type Pending =
  | { kind: 'role'; role: MemberRole }
  | { kind: 'transfer' }
  | { kind: 'remove' }
  | { kind: 'leave' }
  | null;

/** What a confirmation says before a change that is hard to take back. */
function confirmText(pending: NonNullable<Pending>, user: TeamUser, team: string): string {
  const name = personName(user);
  switch (pending.kind) {
    case 'transfer':
      return `${name} becomes the owner of ${team}, with its billing. You become an admin, and only the new owner can hand it back.`;
    case 'remove':
      return `${name} leaves ${team} and loses the Team plan’s features at once. Their seat is free again.`;
    case 'leave':
      return `You leave ${team} and lose the Team plan’s features at once. Only a new invite brings you back.`;
    case 'role':
      return `${name} becomes ${pending.role === 'admin' ? 'an admin' : 'a member'}.`;
  }
}

const CONFIRM_LABEL = { transfer: 'Hand over', remove: 'Remove', leave: 'Leave team', role: 'Change role' } as const;

/**
 * The members, owner first, each with their role and when they joined, and the actions the viewer may take on them
 * (the domain's `can`: nobody acts on the owner; the owner on admins and members; an admin on members): change the
 * role, make owner (the owner, confirmed), remove (confirmed), or leave for oneself.
 */
export function TeamMembers({
  organization,
  viewer,
}: {
  organization: Organization;
  viewer: { role: TeamRole; userId: string | null };
}) {
  const users = useGetTeamUsersQuery({ orgId: organization.id });
  if (users.isLoading) return <Skeleton variant="rounded" height={120} />;
  if (!users.data)
    return (
      <Alert severity="error" action={<Button onClick={() => void users.refetch()}>Try again</Button>}>
        {errorMessage(users.error, 'The members could not be loaded.')}
      </Alert>
    );
  const members = users.data.users.filter((user) => user.role !== 'invitee');
  return (
    <Box component="ul" aria-label="Members" sx={{ m: 0, p: 0 }} data-testid="team-members">
      {members.map((user) => (
        <MemberRow
          key={user.userId ?? user.email}
          user={user}
          organization={organization}
          actions={personActions(viewer, user)}
          me={user.userId !== null && user.userId === viewer.userId}
        />
      ))}
    </Box>
  );
}

function MemberRow({
  user,
  organization,
  actions,
  me,
}: {
  user: TeamUser;
  organization: Organization;
  actions: PersonActions;
  me: boolean;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [setRole, roleState] = useSetTeamRoleMutation();
  const [remove, removeState] = useRemoveTeamUserMutation();
  const busy = roleState.isLoading || removeState.isLoading;
  const error = roleState.error ?? removeState.error;
  const name = personName(user);
  const hasActions = actions.roles.length > 0 || actions.transfer || actions.remove || actions.leave;

  const choose = (next: Pending) => {
    setAnchor(null);
    setPending(next);
  };
  const run = async () => {
    if (!pending || !user.userId) return;
    const ids = { orgId: organization.id, userId: user.userId };
    const result =
      pending.kind === 'role'
        ? await setRole({ ...ids, role: pending.role })
        : pending.kind === 'transfer'
          ? await setRole({ ...ids, role: 'owner' })
          : await remove(ids);
    if ('error' in result) return;
    setPending(null);
    const message = {
      role: `${name} is ${pending.kind === 'role' && pending.role === 'admin' ? 'an admin' : 'a member'} now.`,
      transfer: `${name} owns ${organization.name} now; you are an admin.`,
      remove: `${name} is no longer in ${organization.name}.`,
      leave: `You left ${organization.name}.`,
    }[pending.kind];
    dispatch(toastShown({ message, severity: 'success' }));
    if (pending.kind === 'leave') void navigate('/team');
  };

  return (
    <Box
      component="li"
      data-testid="team-member"
      data-role={user.role}
      data-email={user.email ?? ''}
      sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 1 }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
        {/* The account menu's colours: Material's grey default fails contrast once initials are two letters. */}
        <Avatar
          sx={{ width: 36, height: 36, fontSize: '1rem', bgcolor: 'primary.main', color: 'primary.contrastText' }}
          aria-hidden
        >
          {initialsOf(user.name, user.email)}
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {name}
            {me ? (
              <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
                {' (you)'}
              </Typography>
            ) : null}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[user.name ? user.email : null, user.joinedAt ? `joined ${billingDate(user.joinedAt)}` : null]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        <Chip
          size="small"
          label={ROLE_WORDS[user.role]}
          color={user.role === 'owner' ? 'primary' : 'default'}
          variant={user.role === 'owner' ? 'filled' : 'outlined'}
          title={ROLE_NOTES[user.role]}
          data-testid="team-member-role"
        />
        {hasActions ? (
          <>
            <IconButton
              aria-label={me ? 'Your membership' : `Actions for ${name}`}
              aria-haspopup="menu"
              onClick={(event) => setAnchor(event.currentTarget)}
              disabled={busy}
              data-testid="team-member-actions"
            >
              <MoreVertIcon />
            </IconButton>
            <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
              {actions.roles.map((next) => (
                <MenuItem key={next} onClick={() => choose({ kind: 'role', role: next })}>
                  <ListItemText
                    primary={`Make ${next === 'admin' ? 'admin' : 'member'}`}
                    secondary={ROLE_NOTES[next]}
                  />
                </MenuItem>
              ))}
              {actions.transfer ? (
                <MenuItem onClick={() => choose({ kind: 'transfer' })} data-testid="team-member-transfer">
                  <ListItemText primary="Make owner…" secondary="Hand the team and its billing over" />
                </MenuItem>
              ) : null}
              {actions.remove ? (
                <MenuItem onClick={() => choose({ kind: 'remove' })} data-testid="team-member-remove">
                  <ListItemText primary="Remove from team…" slotProps={{ primary: { color: 'error' } }} />
                </MenuItem>
              ) : null}
              {actions.leave ? (
                <MenuItem onClick={() => choose({ kind: 'leave' })} data-testid="team-member-leave">
                  <ListItemText primary="Leave team…" slotProps={{ primary: { color: 'error' } }} />
                </MenuItem>
              ) : null}
            </Menu>
          </>
        ) : null}
      </Box>
      {pending ? (
        <Alert
          severity={pending.kind === 'role' ? 'info' : 'warning'}
          data-testid="team-member-confirm"
          action={
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
              <Button color="inherit" size="small" onClick={() => setPending(null)} disabled={busy}>
                Cancel
              </Button>
              <Button
                color={pending.kind === 'role' ? 'primary' : 'error'}
                variant="contained"
                size="small"
                loading={busy}
                onClick={() => void run()}
                data-testid="team-member-confirm-button"
              >
                {CONFIRM_LABEL[pending.kind]}
              </Button>
            </Box>
          }
        >
          {confirmText(pending, user, organization.name)}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" role="alert">
          {errorMessage(error, 'The change could not be made.')}
        </Alert>
      ) : null}
    </Box>
  );
}

/**
 * The invites waiting for an answer, each with its role, when it was sent and whether it made a new account; the
 * owner and admins may take one back (the seat is free again).
 */
export function TeamInvites({ organization, mayUninvite }: { organization: Organization; mayUninvite: boolean }) {
  const invites = useGetTeamInvitesQuery({ orgId: organization.id, status: 'pending' });
  const [invite, state] = useInviteMutation();
  const [taking, setTaking] = useState<string | null>(null);
  if (invites.isLoading) return <Skeleton variant="rounded" height={64} />;
  if (!invites.data)
    return <Alert severity="error">{errorMessage(invites.error, 'The invites could not be loaded.')}</Alert>;
  const rows = invites.data.invites;
  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" data-testid="team-invites-empty">
        No invites waiting for an answer.
      </Typography>
    );
  return (
    <>
      {state.error ? (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {errorMessage(state.error, 'The invite could not be taken back.')}
        </Alert>
      ) : null}
      <Box component="ul" aria-label="Pending invites" sx={{ m: 0, p: 0 }} data-testid="team-invites">
        {rows.map((row) => (
          <Box
            component="li"
            key={row.id}
            data-testid="team-invite"
            data-email={row.email}
            sx={{
              listStyle: 'none',
              py: 1.25,
              borderBottom: 1,
              borderColor: 'divider',
              display: 'flex',
              gap: 1,
              alignItems: 'center',
              flexWrap: 'wrap',
            }}
          >
            <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.email}</Typography>
              <Typography variant="body2" color="text.secondary">
                {`${ROLE_WORDS[row.role]} · invited ${billingDate(row.createdAt)}`}
                {row.newAccount ? ' · new account' : ''}
              </Typography>
            </Box>
            {mayUninvite ? (
              <Button
                size="small"
                color="inherit"
                loading={state.isLoading && taking === row.email}
                disabled={state.isLoading}
                onClick={async () => {
                  setTaking(row.email);
                  await invite({ orgId: organization.id, removeEmails: [row.email] });
                }}
                data-testid="team-invite-take-back"
                aria-label={`Take back the invite to ${row.email}`}
              >
                Take back
              </Button>
            ) : null}
          </Box>
        ))}
      </Box>
    </>
  );
}
