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
import { errorMessage } from '../../app/api.ts';
import { useDocumentMeta } from '../../app/document-meta.ts';
import { useAppDispatch, useAppSelectorInTransition } from '../../app/hooks.ts';
import { pageById } from '../../app/page-content.ts';
import { PageFrame } from '../../components/page-frame.tsx';
import { identityErrorMessage } from '../auth/identity-errors.ts';
import { billingDate, pricePerInterval, SUBSCRIPTION_STATUS_WORDS } from '../billing/manage-words.ts';
import { useGetMySubscriptionQuery } from '../billing/payments-api.ts';
import { CalendarFeedSection } from '../calendar-feed/calendar-feed-section.tsx';
import { modalOpened } from '../modals/modals-slice.ts';
import { NotificationsSection } from '../notifications/notifications-section.tsx';
import { BrowserNotificationsSetting } from '../push/browser-notifications-setting.tsx';
import { AuthenticatorSetting } from './authenticator-setting.tsx';
import { DevicesList } from './devices-list.tsx';
import { PLAN_LABELS } from './plan-labels.ts';
import { type Me, useGetMeQuery, useUpdateMeMutation } from './users-api.ts';

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
  const initials = (me.name ?? me.email ?? '?').trim().charAt(0).toUpperCase();
  return (
    <Section title="Account" testId="profile-account">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar src={me.avatarUrl ?? undefined} alt={me.name ?? me.email ?? 'Avatar'} sx={{ width: 72, height: 72 }}>
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
        {/* Onboarding again: stocks, a list, alerts and the theme (resumes where it was left). */}
        <Button onClick={() => dispatch(modalOpened({ kind: 'onboarding' }))} data-testid="profile-onboarding">
          Set up again
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
      {paid && (
        <Typography variant="body2" color="text.secondary" data-testid="profile-plan-billing">
          {pricePerInterval(Math.round(subscription.price * 100), CURRENCY, subscription.priceType)}
          {endsOn
            ? ` · ends on ${billingDate(endsOn)}`
            : subscription.nextChargeDate && ` · next charge ${billingDate(subscription.nextChargeDate)}`}
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
    import('../auth/session.ts')
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
