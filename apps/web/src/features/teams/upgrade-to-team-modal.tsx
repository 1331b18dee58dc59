import { BILLING_INTERVALS, type BillingInterval, DEFAULT_PRICE_TYPE, MAX_TEAM_LICENSES, TEAM_PLAN } from '@eh/domain';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  DialogActions,
  DialogContent,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { useGetMeQuery } from '../../shared/users-api.ts';
import { priceLine, usePlanPrices } from '../pricing/index.ts';
import { OrganizationFields } from './organization-fields.tsx';
import { TeamCheckout } from './team-checkout.tsx';
import { type OrganizationInput, organizationProblems, ROLE_WORDS } from './team-model.ts';
import {
  type MyOrganization,
  type Organization,
  useCreateOrganizationMutation,
  useGetMyOrganizationQuery,
  useGetTeamSubscriptionQuery,
} from './teams-api.ts';

const STEPS = ['Organization', 'Licences and card'] as const;

const requestedInterval = (value: unknown): BillingInterval =>
  BILLING_INTERVALS.find((interval) => interval === value) ?? DEFAULT_PRICE_TYPE;
const requestedLicences = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) ? Math.min(MAX_TEAM_LICENSES, Math.max(1, value)) : 1;

/**
 * SPEC §2 upgrade to team (props `priceType`, `licenseCount`): the caller's organization first (name and billing
 * email; POST /core/organizations makes them its owner), then its licences and card (the Team plan, bought for the
 * organization), then the team page. An owner whose team has no subscription yet starts at the second step; someone
 * already in a team, or whose team subscribes, is sent to the team page instead.
 */
export default function UpgradeToTeamModal({ entry, onClose }: ModalContentProps<'upgradeToTeam'>) {
  const status = useAppSelectorInTransition((state) => state.auth.status);
  const signedIn = status === 'signedIn';
  const mine = useGetMyOrganizationQuery(signedIn ? undefined : skipToken);
  const priceType = requestedInterval(entry.props.priceType);
  const licenseCount = requestedLicences(entry.props.licenseCount);

  if (status === 'unknown' || (signedIn && mine.isLoading)) return <Loading />;
  if (!signedIn) return <SignInFirst onClose={onClose} />;
  if (!mine.data)
    return (
      <Message onClose={onClose}>
        <Alert severity="error" action={<Button onClick={() => void mine.refetch()}>Try again</Button>}>
          {errorMessage(mine.error, 'Your team could not be loaded.')}
        </Alert>
      </Message>
    );
  const { organization, role } = mine.data;
  if (organization && (role === 'admin' || role === 'member'))
    return (
      <AlreadyInTeam onClose={onClose}>
        {`You are ${role === 'admin' ? 'an admin' : 'a member'} of ${organization.name}: you have the Team plan's features through it. A person is in one team at a time.`}
      </AlreadyInTeam>
    );
  if (organization && role === 'owner')
    return (
      <OwnerCheckout organization={organization} priceType={priceType} licenseCount={licenseCount} onClose={onClose} />
    );
  return <CreateOrganization mine={mine.data} onClose={onClose} />;
}

function Loading() {
  return (
    <DialogContent>
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
        <CircularProgress aria-label="Loading your team" />
      </Box>
    </DialogContent>
  );
}

function Message({ children, onClose, actions }: { children: ReactNode; onClose(): void; actions?: ReactNode }) {
  return (
    <>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          Close
        </Button>
        {actions}
      </DialogActions>
    </>
  );
}

function TeamSteps({ active }: { active: number }) {
  return (
    <Stepper activeStep={active} sx={{ px: 3, pt: 1, pb: 1 }} aria-label="Steps">
      {STEPS.map((label) => (
        <Step key={label}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

function OpenTeamButton({ onClose }: { onClose(): void }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="contained"
      onClick={() => {
        onClose();
        void navigate('/team');
      }}
      data-testid="upgrade-team-open"
    >
      Open your team
    </Button>
  );
}

function AlreadyInTeam({ children, onClose }: { children: ReactNode; onClose(): void }) {
  return (
    <Message onClose={onClose} actions={<OpenTeamButton onClose={onClose} />}>
      <Typography data-testid="upgrade-team-already">{children}</Typography>
    </Message>
  );
}

/** Signed out: what Team is, and an account first. */
function SignInFirst({ onClose }: { onClose(): void }) {
  const dispatch = useAppDispatch();
  const prices = usePlanPrices();
  const offer = prices.offerOf(TEAM_PLAN);
  const line = offer ? priceLine(offer, DEFAULT_PRICE_TYPE) : null;
  return (
    <Message
      onClose={onClose}
      actions={
        <>
          <Button onClick={() => dispatch(modalOpened({ kind: 'createAccount' }))}>Create an account</Button>
          <Button variant="contained" onClick={() => dispatch(modalOpened({ kind: 'signIn' }))}>
            Sign in
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 1 }}>
        Team gives everyone in your organization the Pro plan’s features, on one bill, with roles for who invites and
        who pays.
      </Typography>
      {line ? <Typography color="text.secondary" sx={{ mb: 1 }}>{`${line.amount} ${line.per}.`}</Typography> : null}
      <Typography color="text.secondary" data-testid="upgrade-team-sign-in">
        Sign in first: the organization belongs to your account, and you will be its owner.
      </Typography>
    </Message>
  );
}

/** Step 1: the organization, owned by the caller. */
function CreateOrganization({ mine, onClose }: { mine: MyOrganization; onClose(): void }) {
  const { data: me } = useGetMeQuery();
  const [input, setInput] = useState<OrganizationInput | null>(null);
  const value = input ?? { name: '', billingEmail: me?.email ?? '' };
  const [tried, setTried] = useState(false);
  const [create, state] = useCreateOrganizationMutation();
  const problems = tried ? organizationProblems(value) : {};
  const invite = mine.invites[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(organizationProblems(value)).length > 0) return;
    // The answer (the caller as owner) refetches the team: the modal moves to the second step.
    await create({ name: value.name.trim(), billingEmail: value.billingEmail.trim().toLowerCase() });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="upgrade-team-create">
      <TeamSteps active={0} />
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Team gives everyone you invite the Pro plan’s features while they are in the team. You own the organization:
          you choose its licences, pay for them and decide who is an admin.
        </Typography>
        {invite ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="upgrade-team-invited">
            {`${invite.organizationName} invited you as ${ROLE_WORDS[invite.role].toLowerCase()}: to join it instead, answer the invite on the team page.`}
          </Alert>
        ) : null}
        <OrganizationFields value={value} onChange={setInput} problems={problems} disabled={state.isLoading} />
        {state.error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="upgrade-team-error">
            {errorMessage(state.error, 'The organization could not be created.')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          Not now
        </Button>
        <Button type="submit" variant="contained" loading={state.isLoading} data-testid="upgrade-team-next">
          Continue
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Step 2 for an owner whose team does not subscribe yet; a team that does is managed from its page. */
function OwnerCheckout({
  organization,
  priceType,
  licenseCount,
  onClose,
}: {
  organization: Organization;
  priceType: BillingInterval;
  licenseCount: number;
  onClose(): void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const subscription = useGetTeamSubscriptionQuery({ orgId: organization.id });
  const [done, setDone] = useState(false);
  if (subscription.isLoading) return <Loading />;
  const current = subscription.data?.subscription;
  if (!done && current && current.status !== 'canceled')
    return (
      <AlreadyInTeam onClose={onClose}>
        {`${organization.name} is on the Team plan already. Change its licences from Manage organization on the team page.`}
      </AlreadyInTeam>
    );
  return (
    <>
      <TeamSteps active={1} />
      <TeamCheckout
        organization={organization}
        priceType={priceType}
        licenseCount={Math.max(licenseCount, organization.seats.licenseCount)}
        onCancel={onClose}
        onSubscribed={() => {
          setDone(true);
          onClose();
          dispatch(
            toastShown({
              message: `${organization.name} is on the Team plan. Invite your people next.`,
              severity: 'success',
            }),
          );
          void navigate('/team');
        }}
      />
    </>
  );
}
