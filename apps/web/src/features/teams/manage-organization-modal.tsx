import { can, MAX_TEAM_LICENSES } from '@eh/domain';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  DialogActions,
  DialogContent,
  Divider,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, type ReactNode, useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { useGetMeQuery } from '../../shared/users-api.ts';
import { LicenceChange } from './licence-change.tsx';
import { OrganizationFields } from './organization-fields.tsx';
import { licences, type OrganizationInput, organizationProblems, personActions, ROLE_WORDS } from './team-model.ts';
import { TeamSection } from './team-section.tsx';
import {
  type Organization,
  type TeamUser,
  useGetMyOrganizationQuery,
  useGetTeamSubscriptionQuery,
  useGetTeamUsersQuery,
  useSetTeamRoleMutation,
  useUpdateOrganizationMutation,
} from './teams-api.ts';

/**
 * SPEC §2 manage organization (prop `licenseCount`: a count to propose), for the team's owner: its name and
 * billing email, its licences with what the change costs, and handing the team to another member (with a
 * confirmation: the owner becomes an admin). Anyone else reads why not.
 */
export default function ManageOrganizationModal({ entry, onClose }: ModalContentProps<'manageOrganization'>) {
  const mine = useGetMyOrganizationQuery();
  const organization = mine.data?.organization ?? null;
  const role = mine.data?.role ?? null;
  const proposed = typeof entry.props.licenseCount === 'number' ? entry.props.licenseCount : undefined;
  let blocked: ReactNode = null;
  if (mine.isLoading)
    blocked = (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
        <CircularProgress aria-label="Loading your team" />
      </Box>
    );
  else if (!mine.data)
    blocked = <Alert severity="error">{errorMessage(mine.error, 'Your team could not be loaded.')}</Alert>;
  else if (!organization || !can(role, 'update'))
    blocked = <Alert severity="info">Only the team’s owner manages the organization.</Alert>;
  if (blocked || !organization)
    return (
      <>
        <DialogContent>{blocked}</DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </>
    );
  return (
    <>
      <DialogContent data-testid="manage-organization">
        <DetailsForm organization={organization} />
        <Divider sx={{ my: 2.5 }} />
        <LicencesPart organization={organization} proposed={proposed} />
        <Divider sx={{ my: 2.5 }} />
        <TransferPart organization={organization} onTransferred={onClose} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}

function DetailsForm({ organization }: { organization: Organization }) {
  const [input, setInput] = useState<OrganizationInput>({
    name: organization.name,
    billingEmail: organization.billingEmail,
  });
  const [tried, setTried] = useState(false);
  const [update, state] = useUpdateOrganizationMutation();
  const problems = tried ? organizationProblems(input) : {};
  const name = input.name.trim();
  const billingEmail = input.billingEmail.trim().toLowerCase();
  const changed = name !== organization.name || billingEmail !== organization.billingEmail;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!changed || Object.keys(organizationProblems(input)).length > 0) return;
    await update({
      orgId: organization.id,
      ...(name !== organization.name ? { name } : {}),
      ...(billingEmail !== organization.billingEmail ? { billingEmail } : {}),
    });
  };

  return (
    <TeamSection title="Organization">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }}>
        <OrganizationFields value={input} onChange={setInput} problems={problems} disabled={state.isLoading} />
        {state.error ? (
          <Alert severity="error" role="alert">
            {errorMessage(state.error, 'The organization could not be saved.')}
          </Alert>
        ) : state.isSuccess && !changed ? (
          <Alert severity="success" role="status" data-testid="organization-saved">
            Saved.
          </Alert>
        ) : null}
        <Box>
          <Button
            type="submit"
            variant="outlined"
            disabled={!changed}
            loading={state.isLoading}
            data-testid="organization-save"
          >
            Save
          </Button>
        </Box>
      </Box>
    </TeamSection>
  );
}

function LicencesPart({ organization, proposed }: { organization: Organization; proposed: number | undefined }) {
  const dispatch = useAppDispatch();
  const subscription = useGetTeamSubscriptionQuery({ orgId: organization.id });
  const [changed, setChanged] = useState<number | null>(null);
  const live = subscription.data?.subscription;
  return (
    <TeamSection title="Licences" testId="manage-licences">
      {subscription.isLoading ? (
        <CircularProgress size={24} aria-label="Loading the subscription" />
      ) : subscription.error ? (
        <Alert severity="error">{errorMessage(subscription.error, 'The subscription could not be loaded.')}</Alert>
      ) : live && live.status !== 'canceled' ? (
        <>
          {changed !== null ? (
            <Alert severity="success" role="status" sx={{ mb: 1.5 }} data-testid="licences-changed">
              {`The team now has ${licences(changed)}.`}
            </Alert>
          ) : null}
          <LicenceChange
            key={organization.seats.licenseCount}
            organization={organization}
            subscription={live}
            initial={proposed !== undefined ? Math.min(MAX_TEAM_LICENSES, proposed) : undefined}
            onChanged={setChanged}
          />
        </>
      ) : (
        <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
          <Typography variant="body2" color="text.secondary">
            {`The team has no subscription: ${licences(organization.seats.licenseCount)}, and members get the Team plan once it subscribes.`}
          </Typography>
          <Button
            variant="outlined"
            onClick={() =>
              dispatch(modalOpened({ kind: 'upgradeToTeam', props: proposed ? { licenseCount: proposed } : {} }))
            }
          >
            Subscribe the team
          </Button>
        </Box>
      )}
    </TeamSection>
  );
}

const personName = (user: TeamUser) => user.name?.trim() || user.email || 'A member';

function TransferPart({ organization, onTransferred }: { organization: Organization; onTransferred(): void }) {
  const dispatch = useAppDispatch();
  const { data: me } = useGetMeQuery();
  const users = useGetTeamUsersQuery({ orgId: organization.id });
  const [chosen, setChosen] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [transfer, state] = useSetTeamRoleMutation();
  const viewer = { role: 'owner' as const, userId: me?.id ?? organization.ownerId };
  const candidates = (users.data?.users ?? []).filter((user) => user.userId && personActions(viewer, user).transfer);
  const target = candidates.find((user) => user.userId === chosen);

  const confirm = async () => {
    if (!target?.userId) return;
    const result = await transfer({ orgId: organization.id, userId: target.userId, role: 'owner' });
    if ('error' in result) return;
    onTransferred();
    dispatch(
      toastShown({
        message: `${personName(target)} owns ${organization.name} now; you are an admin.`,
        severity: 'success',
      }),
    );
  };

  return (
    <TeamSection title="Ownership" testId="manage-transfer">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        A team has one owner, who pays and manages it. Handing it over makes you an admin; only the new owner can hand
        it back.
      </Typography>
      {candidates.length === 0 ? (
        <Typography variant="body2" data-testid="manage-transfer-none">
          Invite someone first: ownership goes to a member who has accepted.
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <TextField
            select
            size="small"
            label="New owner"
            value={chosen}
            onChange={(event) => {
              setChosen(event.target.value);
              setConfirming(false);
            }}
            disabled={state.isLoading}
            sx={{ maxWidth: 360 }}
            slotProps={{ htmlInput: { 'data-testid': 'transfer-to' } }}
          >
            {candidates.map((user) => (
              <MenuItem key={user.userId} value={user.userId ?? ''}>
                {`${personName(user)} (${ROLE_WORDS[user.role]})`}
              </MenuItem>
            ))}
          </TextField>
          {confirming && target ? (
            <Alert
              severity="warning"
              data-testid="transfer-confirm"
              action={
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  <Button color="inherit" size="small" onClick={() => setConfirming(false)}>
                    Keep it
                  </Button>
                  <Button
                    color="warning"
                    variant="contained"
                    size="small"
                    loading={state.isLoading}
                    onClick={() => void confirm()}
                    data-testid="transfer-confirm-button"
                  >
                    Hand over
                  </Button>
                </Box>
              }
            >
              {`${personName(target)} becomes the owner of ${organization.name}, with its billing. You become an admin.`}
            </Alert>
          ) : (
            <Box>
              <Button
                variant="outlined"
                color="warning"
                disabled={!target}
                onClick={() => setConfirming(true)}
                data-testid="transfer-start"
              >
                Make owner…
              </Button>
            </Box>
          )}
          {state.error ? (
            <Alert severity="error" role="alert">
              {errorMessage(state.error, 'Ownership could not be handed over.')}
            </Alert>
          ) : null}
        </Box>
      )}
    </TeamSection>
  );
}
