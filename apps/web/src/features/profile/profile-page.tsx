import { CURRENCY } from '@eh/domain';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { errorMessage } from '../../shared/api.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppDispatch, useAppSelector, useAppSelectorInTransition } from '../../shared/hooks.ts';
import { initialsOf } from '../../shared/initials.ts';
import { billingDate, pricePerInterval, SUBSCRIPTION_STATUS_WORDS } from '../../shared/manage-words.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { pageById } from '../../shared/page-content.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { type Me, useGetMeQuery, useUpdateMeMutation } from '../../shared/users-api.ts';
import { identityErrorMessage, loadSession } from '../auth/index.ts';
import { useGetMySubscriptionQuery } from '../billing/index.ts';
import { CalendarFeedSection } from '../calendar-feed/index.ts';
import { SavedSearchesSection } from '../call-search/index.ts';
import { NotificationsSection } from '../notifications/index.ts';
import { canContinue, ONBOARDING_STEPS, readOnboarding, useGetUserSettingsQuery } from '../onboarding/index.ts';
import { BrowserNotificationsSetting } from '../push/index.ts';
import { AuthenticatorSetting } from './authenticator-setting.tsx';
import { DevicesList } from './devices-list.tsx';

const PAGE = pageById('profile');

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }} data-testid={testId}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function NameForm({ me }: { me: Me }) {
  const [name, setName] = useState(me.name ?? '');
  const [update, { isLoading, error, isSuccess }] = useUpdateMeMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void update({ id: me.id, name: name.trim() || null });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        label="Name"
        size="small"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(error)}
        helperText={error ? errorMessage(error) : isSuccess ? 'Saved' : ' '}
        sx={{ flex: 1, maxWidth: 360 }}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <Button type="submit" variant="outlined" disabled={isLoading || name.trim() === (me.name ?? '')}>
        Save
      </Button>
    </Box>
  );
}

function AccountSection({ me }: { me: Me }) {
  const dispatch = useAppDispatch();
  const initials = initialsOf(me.name, me.email);
  // Skipped from the moment of signing out: the page stays drawn a moment longer, and the cache's reset would
  // otherwise ask again without a session (a 401).
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const onboarding = readOnboarding(useGetUserSettingsQuery(undefined, { skip: !signedIn }).data?.settings);
  const onboardingLabel = canContinue(onboarding)
    ? `Continue setting up (step ${(onboarding?.step ?? 0) + 1} of ${ONBOARDING_STEPS.length})`
    : 'Set up again';
  return (
    <Section title="Account" testId="profile-account">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar
          src={me.avatarUrl ?? undefined}
          alt={me.name ?? me.email ?? 'Avatar'}
          sx={{ width: 72, height: 72, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {initials}
        </Avatar>
        <Button
          startIcon={<PhotoCameraIcon />}
          variant="outlined"
          onClick={() => dispatch(modalOpened({ kind: 'addAvatar' }))}
        >
          {me.avatarUrl ? 'Change avatar' : 'Add avatar'}
        </Button>
      </Box>
      <NameForm me={me} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            Email
          </Typography>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="profile-email">
            {me.email ?? '—'}
          </Typography>
        </Box>
        <Button onClick={() => dispatch(modalOpened({ kind: 'changeEmail' }))}>Change email</Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }}>
          Member since {dateFormat.format(new Date(me.createdAt))}
          {me.externalProviderData.length > 0 &&
            ` · Linked with ${me.externalProviderData.map((p) => p.providerName).join(', ')}`}
        </Typography>
        {/* Onboarding: stocks, a list, alerts and the theme, continued where it was left, or again once finished. */}
        <Button onClick={() => dispatch(modalOpened({ kind: 'onboarding' }))} data-testid="profile-onboarding">
          {onboardingLabel}
        </Button>
      </Box>
    </Section>
  );
}

function PlanSection({ me }: { me: Me }) {
  const dispatch = useAppDispatch();
  const subscription = me.accountSubscription;
  const paid = subscription.subscriptionType === 'paid';
  // The users row does not know a cancel at period end: the subscription does (the next charge will not come).
  const { data: billing } = useGetMySubscriptionQuery(undefined, { skip: !paid });
  const running = billing?.subscription?.status !== 'canceled' ? billing?.subscription : null;
  const endsOn = running?.cancelAtPeriodEnd ? running.currentPeriodEnd : null;
  // A paid plan no subscription bills (given by an operator, as the demo accounts' are): said as Manage says it,
  // never a price and a charge date that will not come.
  const unbilled = paid && billing !== undefined && !running;
  return (
    <Section title="Plan" testId="profile-plan">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }} data-testid="profile-plan-name">
          {PLAN_LABELS[me.displayPlan]}
        </Typography>
        {paid && <Chip size="small" label="Paid" color="primary" />}
        {paid && (
          <Chip
            size="small"
            variant="outlined"
            label={SUBSCRIPTION_STATUS_WORDS[subscription.status]}
            color={subscription.status === 'active' ? 'success' : 'warning'}
          />
        )}
      </Box>
      {me.team && me.displayPlan === me.team.plan && !paid ? (
        <Typography variant="body2" color="text.secondary" data-testid="profile-plan-team">
          Through your team, {me.team.name}: its owner manages the subscription.
        </Typography>
      ) : null}
      {paid && (
        <Typography variant="body2" color="text.secondary" data-testid="profile-plan-billing">
          {unbilled ? (
            'Without a subscription: nothing is billed.'
          ) : (
            <>
              {/* What the next charge will be: a first-period coupon or credit is over by then (the checkout said so). */}
              {pricePerInterval(
                running?.nextChargeAmount ?? Math.round(subscription.price * 100),
                CURRENCY,
                subscription.priceType,
              )}
              {endsOn
                ? ` · ends on ${billingDate(endsOn)}`
                : subscription.nextChargeDate && ` · next charge ${billingDate(subscription.nextChargeDate)}`}
            </>
          )}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {me.accountFeatures.listLimit === -1
          ? 'Unlimited stock lists'
          : `${me.accountFeatures.listLimit} stock list${me.accountFeatures.listLimit === 1 ? '' : 's'}`}
        {me.accountFeatures.alerts ? ' · alerts' : ''}
        {me.accountFeatures.ehs ? ' · EHS scores' : ''}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {paid ? (
          <>
            <Button
              variant="contained"
              onClick={() => dispatch(modalOpened({ kind: 'manageSubscription' }))}
              data-testid="profile-manage-subscription"
            >
              Manage subscription
            </Button>
            <Button variant="outlined" onClick={() => dispatch(modalOpened({ kind: 'choosePlan' }))}>
              Choose a plan
            </Button>
          </>
        ) : (
          <Button
            variant="outlined"
            onClick={() => dispatch(modalOpened({ kind: 'choosePlan' }))}
            data-testid="profile-see-plans"
          >
            See plans
          </Button>
        )}
        <Button onClick={() => dispatch(modalOpened({ kind: 'chargeHistory' }))} data-testid="profile-charge-history">
          Charge history
        </Button>
      </Box>
    </Section>
  );
}

function SecuritySection({ me }: { me: Me }) {
  const dispatch = useAppDispatch();
  const viaLink = useAppSelectorInTransition((state) => state.auth.viaLink);
  if (viaLink)
    return (
      <Section title="Sign-in and security" testId="profile-security">
        <Alert severity="info" role="status" data-testid="profile-security-via-link">
          You opened this page through a sign-in link, which lasts for this visit. To change your password,
          authenticator app or devices, sign out and sign in with your password.
        </Alert>
      </Section>
    );
  return (
    <Section title="Sign-in and security" testId="profile-security">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography sx={{ fontWeight: 600 }}>Password</Typography>
          <Typography variant="body2" color="text.secondary">
            Forgot it? Sign out and use “Forgot password?” on the sign-in page.
          </Typography>
        </Box>
        <Button variant="outlined" onClick={() => dispatch(modalOpened({ kind: 'changePassword' }))}>
          Change password
        </Button>
      </Box>
      <Divider />
      <AuthenticatorSetting account={me.email ?? me.id} />
      <Divider />
      <Typography sx={{ fontWeight: 600 }}>Devices</Typography>
      <DevicesList />
    </Section>
  );
}

function SessionsSection() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const end = (everywhere: boolean) => {
    setBusy(true);
    setError(null);
    loadSession()
      .then((session) => (everywhere ? session.endAllSessions(dispatch) : session.endSession(dispatch)))
      .then(() => navigate('/'))
      .catch((failure: unknown) => {
        setError(identityErrorMessage(failure));
        setBusy(false);
      });
  };
  return (
    <Section title="Sessions">
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={busy} onClick={() => end(false)} data-testid="profile-sign-out">
          Sign out
        </Button>
        <Button disabled={busy} onClick={() => end(true)} data-testid="profile-sign-out-everywhere">
          Sign out everywhere
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Signing out everywhere ends your sessions on every device and browser.
      </Typography>
    </Section>
  );
}

function DangerSection() {
  const dispatch = useAppDispatch();
  return (
    <Section title="Delete account">
      <Typography variant="body2" color="text.secondary">
        Deleting your account removes your lists, alerts, settings and sign-in for good.
      </Typography>
      <Button
        color="error"
        variant="outlined"
        sx={{ justifySelf: 'start' }}
        onClick={() => dispatch(modalOpened({ kind: 'deleteAccount' }))}
      >
        Delete account
      </Button>
    </Section>
  );
}

function SignedInProfile() {
  const me = useGetMeQuery();
  if (me.isLoading) return <CircularProgress aria-label="Loading your profile" />;
  if (!me.data) {
    return (
      <Alert severity="error" action={<Button onClick={() => void me.refetch()}>Try again</Button>}>
        {errorMessage(me.error, 'Your profile could not be loaded.')}
      </Alert>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ display: 'grid', gap: 3 }}>
        <AccountSection me={me.data} />
        <PlanSection me={me.data} />
        <CalendarFeedSection />
        <SessionsSection />
      </Box>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <SecuritySection me={me.data} />
        <BrowserNotificationsSetting />
        <NotificationsSection />
        <SavedSearchesSection />
        <DangerSection />
      </Box>
    </Box>
  );
}

/** SPEC §2 /profile: name, email, avatar, plan, and the signed-in user's security settings. */
export default function ProfilePage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const dispatch = useAppDispatch();
  const status = useAppSelectorInTransition((state) => state.auth.status);
  return (
    <PageFrame title={PAGE.title} description={PAGE.description}>
      {status === 'signedIn' ? (
        <SignedInProfile />
      ) : status === 'unknown' ? (
        <CircularProgress aria-label="Loading" />
      ) : (
        <Paper variant="outlined" sx={{ p: 3, display: 'grid', gap: 2, justifyItems: 'start', maxWidth: 520 }}>
          <Typography>Sign in to see and change your profile.</Typography>
          <Button variant="contained" onClick={() => dispatch(modalOpened({ kind: 'signIn' }))}>
            Sign in
          </Button>
        </Paper>
      )}
    </PageFrame>
  );
}
