import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Button, Paper, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppDispatch, useAppSelector, useAppSelectorInTransition } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { pageById } from '../../shared/page-content.ts';
import { PLAN_LABELS } from '../../shared/plan-labels.ts';
import { preferences } from '../../shared/preferences.ts';
import { CALENDAR_HOME } from '../../shared/routes.ts';
import { themeToggled } from '../../shared/ui-slice.ts';
import { useGetMeQuery } from '../../shared/users-api.ts';
import { useGetAlertsQuery } from '../alerts/index.ts';
import { TOUR_PAGE_PATH } from '../demo/index.ts';
import { LISTS_ARGS, useGetListsQuery } from '../lists/index.ts';
import { isFinished, readOnboarding, useGetUserSettingsQuery } from '../onboarding/index.ts';

const PAGE = pageById('welcome');

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** One step of the checklist: done or not (from the account's own data), what is there, and what to do next. */
function Step({
  id,
  title,
  done,
  status,
  action,
  failed = false,
}: {
  id: string;
  title: string;
  /** Undefined while the account's data loads. */
  done: boolean | undefined;
  /** The account's data could not be read: said instead of loading for ever. */
  failed?: boolean;
  status: ReactNode;
  action: ReactNode;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid={`welcome-step-${id}`}
      data-done={done === undefined ? undefined : String(done)}
      sx={{
        p: 2,
        display: 'grid',
        gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', sm: 'auto minmax(0, 1fr) auto' },
        gridTemplateAreas: { xs: '"icon text" ". action"', sm: '"icon text action"' },
        columnGap: 1.5,
        rowGap: 1,
        alignItems: 'center',
      }}
    >
      <Box sx={{ gridArea: 'icon', display: 'flex' }}>
        {done ? (
          <CheckCircleIcon color="success" titleAccess="Done" />
        ) : (
          <RadioButtonUncheckedIcon color="disabled" titleAccess={done === undefined ? 'Loading' : 'Not yet'} />
        )}
      </Box>
      <Box sx={{ gridArea: 'text', minWidth: 0 }}>
        <Typography variant="h3" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="div">
          {failed ? 'Could not be read just now.' : done === undefined ? <Skeleton width={220} /> : status}
        </Typography>
      </Box>
      <Box sx={{ gridArea: 'action' }}>{action}</Box>
    </Paper>
  );
}

/** A signed-in reader's first steps, each read from the account: its lists, its alerts, the theme, the plan. */
function FirstSteps() {
  const dispatch = useAppDispatch();
  const { data: me, isError: meFailed } = useGetMeQuery();
  const { data: lists, isError: listsFailed } = useGetListsQuery(LISTS_ARGS);
  const { data: alerts, isError: alertsFailed } = useGetAlertsQuery();
  const { data: settings } = useGetUserSettingsQuery();
  const mode = useAppSelector((state) => state.ui.themeMode);
  // Read on each render: a toggle changes `mode`, and the choice is stored by then (the store's listener).
  const themeChosen = preferences.get('theme') !== null;
  const onboarding = settings ? readOnboarding(settings.settings) : undefined;
  const symbols = lists ? new Set(lists.lists.flatMap((list) => (list.items ?? []).map((item) => item.symbol))) : null;
  const alertCount = alerts?.alerts.length;
  const paid = me ? me.accountSubscription.subscriptionType === 'paid' : undefined;
  const openOnboarding = () => dispatch(modalOpened({ kind: 'onboarding' }));

  return (
    <>
      <Paper
        variant="outlined"
        data-testid="welcome-setup"
        sx={{ p: { xs: 2, sm: 2.5 }, mb: 3, borderColor: 'primary.main', display: 'flex', gap: 2, flexWrap: 'wrap' }}
      >
        <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
          <Typography variant="h2" sx={{ mb: 0.5 }}>
            {me?.name ? `Hello, ${me.name.trim().split(/\s+/)[0]}` : 'Set up in four steps'}
          </Typography>
          <Typography color="text.secondary" data-testid="welcome-setup-status">
            {onboarding === undefined
              ? '\u00a0'
              : isFinished(onboarding)
                ? 'You have been through the set-up. Run it again any time to add stocks or change your alerts.'
                : onboarding && onboarding.step > 0
                  ? `Your set-up stopped at step ${onboarding.step + 1} of 4; it goes on from there.`
                  : 'Pick the stocks you follow, make your first list of them, turn on their alerts and choose a theme.'}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={openOnboarding} data-testid="welcome-onboarding">
            {onboarding && isFinished(onboarding) ? 'Set up again' : onboarding?.step ? 'Go on' : 'Start'}
          </Button>
          <Button component={RouterLink} to={TOUR_PAGE_PATH} data-testid="welcome-tour">
            Take the tour
          </Button>
        </Box>
      </Paper>
      <Box
        component="ol"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
        aria-label="Your first steps"
      >
        <Step
          id="list"
          failed={listsFailed && !lists}
          title="Stocks you follow"
          done={symbols ? symbols.size > 0 : undefined}
          status={
            lists && symbols
              ? symbols.size > 0
                ? `${plural(symbols.size, 'stock')} in ${plural(lists.lists.length, 'list')}.`
                : lists.lists.length > 0
                  ? 'Your list has no stocks yet.'
                  : 'No list yet.'
              : null
          }
          action={
            <Button component={RouterLink} to="/my-stocks" data-testid="welcome-my-stocks">
              My Stocks
            </Button>
          }
        />
        <Step
          id="alerts"
          failed={alertsFailed && !alerts}
          title="Alerts"
          done={alertCount === undefined ? undefined : alertCount > 0}
          status={
            alertCount === undefined
              ? null
              : alertCount > 0
                ? `On for ${plural(alertCount, 'stock')}.`
                : 'No alerts yet: Add to alerts on a stock’s page turns them on.'
          }
          action={
            <Button onClick={() => dispatch(modalOpened({ kind: 'manageAlerts' }))} data-testid="welcome-alerts">
              Manage alerts
            </Button>
          }
        />
        <Step
          id="theme"
          title="Theme"
          done={themeChosen}
          status={`${mode === 'dark' ? 'Dark' : 'Light'}, ${themeChosen ? 'your choice' : 'as this device is set'}.`}
          action={
            <Button onClick={() => dispatch(themeToggled())} data-testid="welcome-theme">
              Switch to {mode === 'dark' ? 'light' : 'dark'}
            </Button>
          }
        />
        <Step
          id="plan"
          failed={meFailed && !me}
          title="Plan"
          done={paid}
          status={
            me
              ? paid
                ? `You are on ${PLAN_LABELS[me.accountSubscription.plan]}.`
                : 'Free: the calendar, quotes, news and one list. Plus adds alerts you choose, transcripts and AI summaries.'
              : null
          }
          action={
            <Button component={RouterLink} to="/pricing" data-testid="welcome-plans">
              {paid ? 'Plans' : 'See plans'}
            </Button>
          }
        />
      </Box>
    </>
  );
}

/** A visitor who is not signed in: what an account adds, and the tour. */
function Visitor() {
  const dispatch = useAppDispatch();
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="welcome-account">
        <Typography variant="h2" sx={{ mb: 1 }}>
          Create a free account
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Keep a list of the stocks you follow and turn on an earnings reminder for each. A new account is offered a
          set-up: pick stocks, make your list of them, turn on their alerts and choose a theme.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            onClick={() => dispatch(modalOpened({ kind: 'createAccount' }))}
            data-testid="welcome-create-account"
          >
            Create account
          </Button>
          <Button onClick={() => dispatch(modalOpened({ kind: 'signIn' }))} data-testid="welcome-sign-in">
            Sign in
          </Button>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="welcome-browse">
        <Typography variant="h2" sx={{ mb: 1 }}>
          Or look around first
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          No account is needed to browse: the earnings calendar, quotes, calls, news and the EH500. The tour shows the
          main pages one after the other.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" component={RouterLink} to={TOUR_PAGE_PATH} data-testid="welcome-tour">
            Take the tour
          </Button>
          <Button component={RouterLink} to={CALENDAR_HOME}>
            Earnings calendar
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}

/**
 * /welcome (SPEC §2): the first steps. Signed in, a checklist read from the account (its lists, alerts, theme and
 * plan) with the set-up (the onboarding modal, decision 0030) to start, go on with or run again; signed out, what an
 * account adds and the tour.
 */
export default function WelcomePage() {
  useDocumentMeta(PAGE.title, PAGE.description);
  const auth = useAppSelectorInTransition((state) => state.auth.status);
  return (
    <PageFrame title={PAGE.title} description={PAGE.description} maxWidth="md">
      {auth === 'unknown' ? <Skeleton height={200} /> : auth === 'signedIn' ? <FirstSteps /> : <Visitor />}
    </PageFrame>
  );
}
