import { can, formatCents, type InviteRole, MAX_INVITE_EMAILS, type TeamRole } from '@eh/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { FlowFrame, type FlowLayout } from '../../components/flow-frame.tsx';
import { type ApiError, errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { LicenceChange } from './licence-change.tsx';
import {
  addressStatuses,
  inviteRoles,
  type LicencesShort,
  licences,
  licencesShortOf,
  parseAddresses,
  ROLE_NOTES,
  ROLE_WORDS,
  SKIP_WORDS,
  seatsAfter,
  seatsLine,
} from './team-model.ts';
import {
  type InvitesResult,
  type Organization,
  type TeamSubscription,
  useGetTeamSubscriptionQuery,
  useGetTeamUsersQuery,
  useInviteMutation,
} from './teams-api.ts';

export interface InviteFormProps {
  organization: Organization;
  role: TeamRole;
  /** In the bulk add user modal (its content and actions) or on /team/invite. */
  layout: FlowLayout;
  onDone(): void;
}

const STATUS_CHIP = {
  new: { label: 'to invite', color: 'primary' },
  member: { label: 'already in the team', color: 'default' },
  invited: { label: 'already invited', color: 'default' },
} as const;

/**
 * Inviting many people at once (the bulk add user modal and /team/invite): addresses pasted in any shape, checked
 * here (not an address, twice, already in the team or invited), the seats they take against the licences, then
 * POST …/invites. The answer says who got a new account (a temporary password went with their invite) and who was
 * skipped; past the licences, the server's 409 with the price of one more licence, and the owner can buy what is
 * missing right there.
 */
export function InviteForm({ organization, role, layout, onDone }: InviteFormProps) {
  const orgId = organization.id;
  const users = useGetTeamUsersQuery({ orgId });
  const owner = can(role, 'billing');
  const subscription = useGetTeamSubscriptionQuery(owner ? { orgId } : skipToken);
  const [text, setText] = useState('');
  const roles = inviteRoles(role);
  const [inviteRole, setInviteRole] = useState<InviteRole>(roles[0] ?? 'member');
  const [tried, setTried] = useState(false);
  const [invite, state] = useInviteMutation();
  const [result, setResult] = useState<InvitesResult | null>(null);
  const [short, setShort] = useState<LicencesShort | null>(null);
  const [bought, setBought] = useState<number | null>(null);
  const fieldId = useId();

  const parsed = useMemo(() => parseAddresses(text), [text]);
  const statuses = useMemo(() => addressStatuses(parsed.valid, users.data?.users ?? []), [parsed, users.data]);
  const toInvite = statuses.filter((row) => row.status === 'new').map((row) => row.email);
  const seats = users.data?.seats ?? organization.seats;
  const after = seatsAfter(seats, toInvite.length);
  const live = subscription.data?.subscription;
  const subscribed = !!live && live.status !== 'canceled';
  const problem = !tried
    ? null
    : parsed.valid.length === 0
      ? 'Paste at least one email address.'
      : parsed.invalid.length > 0
        ? `Fix or remove what is not an address: ${parsed.invalid.join(', ')}.`
        : parsed.tooMany
          ? `At most ${MAX_INVITE_EMAILS} addresses at a time.`
          : toInvite.length === 0
            ? 'Everyone listed is in the team or invited already.'
            : null;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setTried(true);
    setShort(null);
    setBought(null);
    if (parsed.valid.length === 0 || parsed.invalid.length > 0 || parsed.tooMany || toInvite.length === 0) return;
    const answer = await invite({ orgId, inviteEmails: toInvite, role: inviteRole });
    if ('data' in answer && answer.data) {
      setResult(answer.data);
      setText('');
      setTried(false);
    } else if ('error' in answer) setShort(licencesShortOf(answer.error as ApiError));
  };

  if (result)
    return (
      <FlowFrame
        layout={layout}
        body={<InviteResult result={result} />}
        actions={
          <>
            <Button onClick={() => setResult(null)} data-testid="invite-more">
              Invite more
            </Button>
            <Button variant="contained" onClick={onDone} data-testid="invite-done">
              Done
            </Button>
          </>
        }
      />
    );

  return (
    <FlowFrame
      layout={layout}
      body={
        <Box component="form" id={`${fieldId}-form`} noValidate onSubmit={submit} data-testid="invite-form">
          <TextField
            id={fieldId}
            label="Email addresses"
            multiline
            minRows={4}
            maxRows={12}
            fullWidth
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={!!problem}
            helperText={problem ?? 'Paste or type them separated by commas, spaces or new lines.'}
            disabled={state.isLoading}
            placeholder={'jane@example.com, sam@example.com\nAlex Kim <alex@example.com>'}
            slotProps={{ htmlInput: { 'data-testid': 'invite-emails', spellCheck: false } }}
          />
          {roles.length > 1 ? (
            <Box sx={{ mt: 2 }}>
              <FormLabel id={`${fieldId}-role`} sx={{ fontSize: '0.875rem' }}>
                They join as
              </FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${fieldId}-role`}
                value={inviteRole}
                onChange={(event) => setInviteRole(event.target.value as InviteRole)}
              >
                {roles.map((option) => (
                  <FormControlLabel
                    key={option}
                    value={option}
                    control={<Radio size="small" />}
                    label={`${ROLE_WORDS[option]} — ${ROLE_NOTES[option].toLowerCase()}`}
                    data-testid={`invite-role-${option}`}
                  />
                ))}
              </RadioGroup>
            </Box>
          ) : null}

          {parsed.valid.length + parsed.invalid.length > 0 ? (
            <Box sx={{ mt: 2 }} data-testid="invite-preview">
              <Box
                component="ul"
                aria-label="Addresses"
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, m: 0, p: 0 }}
              >
                {statuses.map((row) => (
                  <Box component="li" key={row.email} sx={{ listStyle: 'none', minWidth: 0, maxWidth: '100%' }}>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={STATUS_CHIP[row.status].color}
                      label={`${row.email} · ${STATUS_CHIP[row.status].label}`}
                      data-testid="invite-address"
                      data-status={row.status}
                      sx={{ maxWidth: '100%' }}
                    />
                  </Box>
                ))}
                {parsed.invalid.map((token) => (
                  <Box
                    component="li"
                    key={`invalid-${token}`}
                    sx={{ listStyle: 'none', minWidth: 0, maxWidth: '100%' }}
                  >
                    <Chip
                      size="small"
                      color="error"
                      variant="outlined"
                      label={`${token} · not an address`}
                      data-testid="invite-address"
                      data-status="invalid"
                      sx={{ maxWidth: '100%' }}
                    />
                  </Box>
                ))}
              </Box>
              {parsed.duplicates.length > 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {`Listed twice, invited once: ${parsed.duplicates.join(', ')}.`}
                </Typography>
              ) : null}
            </Box>
          ) : null}

          <Box sx={{ mt: 2 }} data-testid="invite-seats">
            {users.isLoading ? (
              <Skeleton width={240} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {`Seats: ${seatsLine(seats)}.`}
                {toInvite.length > 0
                  ? ` ${toInvite.length} ${toInvite.length === 1 ? 'invite takes a seat' : 'invites take a seat each'}.`
                  : ''}
              </Typography>
            )}
            {toInvite.length > 0 && !after.fits && !short ? (
              <Alert severity="warning" sx={{ mt: 1 }} data-testid="invite-seats-short">
                {`These invites need ${licences(after.short)} more than the team has. ${
                  owner ? 'Buy them below, or invite fewer people.' : 'Ask the team’s owner to add licences.'
                }`}
              </Alert>
            ) : null}
          </Box>

          {short ? (
            <Alert
              ref={(node) => node?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })}
              severity="warning"
              role="alert"
              sx={{ mt: 2 }}
              data-testid="invite-licences-short"
            >
              {short.message}
            </Alert>
          ) : state.error && !licencesShortOf(state.error) ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="invite-error">
              {errorMessage(state.error, 'The invites could not be sent.')}
            </Alert>
          ) : bought !== null ? (
            <Alert severity="success" role="status" sx={{ mt: 2 }} data-testid="invite-licences-bought">
              {`The team has ${licences(bought)} now: send the ${toInvite.length === 1 ? 'invite' : 'invites'}.`}
            </Alert>
          ) : null}

          {(short || (toInvite.length > 0 && !after.fits)) && owner ? (
            <AddLicences
              organization={{ ...organization, seats }}
              subscription={subscribed ? live : null}
              needed={short?.licencesNeeded ?? after.short}
              oneMore={short?.oneMoreLicense ?? null}
              onAdded={(count) => {
                setShort(null);
                setBought(count);
              }}
            />
          ) : null}
        </Box>
      }
      actions={
        <>
          <Button onClick={onDone} color="inherit">
            Cancel
          </Button>
          <Button
            type="submit"
            form={`${fieldId}-form`}
            variant="contained"
            loading={state.isLoading}
            data-testid="invite-send"
          >
            {toInvite.length > 1 ? `Send ${toInvite.length} invites` : 'Send invite'}
          </Button>
        </>
      }
    />
  );
}

/** The owner's way past the licences: buy what is missing (a subscribed team) or subscribe first. */
function AddLicences({
  organization,
  subscription,
  needed,
  oneMore,
  onAdded,
}: {
  organization: Organization;
  subscription: NonNullable<TeamSubscription['subscription']> | null;
  needed: number;
  oneMore: LicencesShort['oneMoreLicense'];
  onAdded(licenseCount: number): void;
}) {
  const dispatch = useAppDispatch();
  return (
    <Box
      sx={{ mt: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
      data-testid="invite-add-licences"
      component="section"
      aria-label="Add licences"
    >
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Add licences
      </Typography>
      {subscription ? (
        <LicenceChange
          organization={organization}
          subscription={subscription}
          initial={organization.seats.licenseCount + Math.max(1, needed)}
          onChanged={onAdded}
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
          <Typography variant="body2" color="text.secondary">
            {`The team has no subscription yet: subscribe with the licences it needs${
              oneMore ? ` (${formatCents(oneMore.amount, oneMore.currency)} a licence, ${oneMore.interval})` : ''
            }.`}
          </Typography>
          <Button
            variant="outlined"
            onClick={() =>
              dispatch(
                modalOpened({
                  kind: 'upgradeToTeam',
                  props: { licenseCount: organization.seats.seatsUsed + Math.max(1, needed) },
                }),
              )
            }
          >
            Subscribe the team
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** Who was invited (and who got a new account with it) and who was skipped, after the server answered. */
function InviteResult({ result }: { result: InvitesResult }) {
  const fresh = result.invited.filter((invite) => invite.newAccount).length;
  return (
    <Box data-testid="invite-result" sx={{ display: 'grid', gap: 1.5 }}>
      <Alert severity="success" role="status">
        {result.invited.length === 0
          ? 'No one new was invited.'
          : `${result.invited.length} ${result.invited.length === 1 ? 'invite' : 'invites'} sent.${
              fresh > 0
                ? ` ${fresh} ${fresh === 1 ? 'address had' : 'addresses had'} no account: one was made, and the invite carries its temporary password.`
                : ''
            }`}
      </Alert>
      {result.invited.length > 0 ? (
        <Box component="ul" aria-label="Invited" sx={{ m: 0, p: 0, display: 'grid', gap: 0.75 }}>
          {result.invited.map((invite) => (
            <Box
              component="li"
              key={invite.id}
              data-testid="invited-row"
              data-new-account={invite.newAccount}
              sx={{ listStyle: 'none', display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{invite.email}</Typography>
              <Chip size="small" variant="outlined" label={ROLE_WORDS[invite.role]} />
              <Chip
                size="small"
                variant="outlined"
                color={invite.newAccount ? 'primary' : 'default'}
                label={invite.newAccount ? 'New account' : 'Has an account'}
              />
            </Box>
          ))}
        </Box>
      ) : null}
      {result.skipped.length > 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="invite-skipped">
          {`Skipped: ${result.skipped.map((row) => `${row.email} (${SKIP_WORDS[row.reason]})`).join(', ')}.`}
        </Typography>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {`Seats: ${seatsLine(result.seats)}. Invites wait on the team page until they are answered.`}
      </Typography>
    </Box>
  );
}
