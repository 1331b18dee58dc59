import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { billingDate } from '../../shared/manage-words.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { ROLE_WORDS } from './team-model.ts';
import { type PendingInvite, useRespondToInviteMutation } from './teams-api.ts';

/**
 * The invites waiting for the caller's answer (POST /core/users/me/organization/invite/response): accept (the
 * caller becomes a member and has the Team plan's features at once) or decline (the seat is free again). The
 * invite of the email's link (`?invite=`) comes first and is answered by its token.
 */
export function InviteAnswers({ invites, token }: { invites: readonly PendingInvite[]; token: string | null }) {
  const ordered = [...invites].sort((a, b) => Number(b.token === token) - Number(a.token === token));
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="team-invites-for-me">
      {ordered.map((invite) => (
        <InviteAnswer key={invite.id} invite={invite} linked={invite.token === token} />
      ))}
    </Box>
  );
}

function InviteAnswer({ invite, linked }: { invite: PendingInvite; linked: boolean }) {
  const dispatch = useAppDispatch();
  const [respond, state] = useRespondToInviteMutation();
  const [answer, setAnswer] = useState<'accept' | 'decline' | null>(null);
  const send = async (response: 'accept' | 'decline') => {
    setAnswer(response);
    const result = await respond({ response, token: invite.token });
    if ('error' in result) return;
    dispatch(
      toastShown({
        message:
          response === 'accept'
            ? `You joined ${invite.organizationName}: the Team plan’s features are on.`
            : `You declined the invite to ${invite.organizationName}.`,
        severity: response === 'accept' ? 'success' : 'info',
      }),
    );
  };
  const role = ROLE_WORDS[invite.role].toLowerCase();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`Invite to ${invite.organizationName}`}
      data-testid="team-invite-for-me"
      data-linked={linked}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5, borderColor: linked ? 'primary.main' : undefined }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        <GroupAddOutlinedIcon color="primary" aria-hidden sx={{ mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', fontWeight: 700, overflowWrap: 'anywhere' }}>
            {`Join ${invite.organizationName}`}
          </Typography>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {`${invite.invitedByEmail ?? 'The team’s owner'} invited you as ${role === 'admin' ? 'an admin' : 'a member'} on ${billingDate(invite.createdAt)}. Members get the Team plan’s features — EHS scores, short interest, guidance and everything in Pro — for as long as they are in the team.`}
          </Typography>
        </Box>
      </Box>
      {state.error ? (
        <Alert severity="error" role="alert" data-testid="team-invite-error">
          {errorMessage(state.error, 'Your answer could not be sent.')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          loading={state.isLoading && answer === 'accept'}
          disabled={state.isLoading}
          onClick={() => void send('accept')}
          data-testid="team-invite-accept"
        >
          Accept and join
        </Button>
        <Button
          color="inherit"
          loading={state.isLoading && answer === 'decline'}
          disabled={state.isLoading}
          onClick={() => void send('decline')}
          data-testid="team-invite-decline"
        >
          Decline
        </Button>
      </Box>
    </Paper>
  );
}
