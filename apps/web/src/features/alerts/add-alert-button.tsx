import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import TuneIcon from '@mui/icons-material/Tune';
import { Box, Button, IconButton } from '@mui/material';
import { Hint } from '../../components/hint.tsx';
import { errorStatus } from '../../shared/api.ts';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import {
  ALERT_ADDED_DURATION_MS,
  ALERT_SIGN_IN_DURATION_MS,
  ALERT_SIGN_IN_MESSAGE,
  alertAddedMessage,
  alertFailedMessage,
} from './alert-messages.ts';
import { alertCountsArgs, useAddAlertMutation, useGetAlertCountsQuery, useGetAlertsQuery } from './alerts-api.ts';
import { useRemoveAlert } from './use-remove-alert.ts';

/**
 * The symbol header's alerts toggle (SPEC §5, §8): adds the default alerts (the server applies saved preferences
 * for plans with the alerts feature), or removes them, with an Undo in the toast that puts back every switch as it
 * was. Signed-out visitors get the sign-in message.
 */
export function AddAlertButton({ symbol }: { symbol: string }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelectorInTransition((state) => state.auth.status === 'signedIn');
  // Until startup knows whether someone is signed in, a click could only answer 'please sign in' wrongly.
  const authKnown = useAppSelectorInTransition((state) => state.auth.status !== 'unknown');
  const display = symbol.toUpperCase();
  const { data } = useGetAlertsQuery(undefined, { skip: !signedIn });
  const [add, adding] = useAddAlertMutation();
  const [removeAlert, removing] = useRemoveAlert();
  const current = data?.alerts.find((alert) => alert.symbol === display);
  const active = current !== undefined;
  // SPEC §7 counts: how many users have alerts on this symbol (refetched after every alert change).
  const { data: counts } = useGetAlertCountsQuery(alertCountsArgs([display]), { skip: !signedIn });
  const followers = counts?.symbols[display];

  const onClick = async () => {
    if (!signedIn) {
      dispatch(
        toastShown({ message: ALERT_SIGN_IN_MESSAGE, severity: 'error', durationMs: ALERT_SIGN_IN_DURATION_MS }),
      );
      return;
    }
    if (current) {
      await removeAlert(current);
      return;
    }
    const result = await add({ symbol: display });
    if (result.error) {
      const unauthorised = errorStatus(result.error) === 401;
      dispatch(
        toastShown({
          message: unauthorised ? ALERT_SIGN_IN_MESSAGE : alertFailedMessage(display),
          severity: 'error',
          durationMs: ALERT_SIGN_IN_DURATION_MS,
        }),
      );
      return;
    }
    dispatch(
      toastShown({ message: alertAddedMessage(display), severity: 'success', durationMs: ALERT_ADDED_DURATION_MS }),
    );
  };

  const button = (
    <Button
      data-testid="add-alert"
      aria-pressed={active}
      size="small"
      variant={active ? 'contained' : 'outlined'}
      startIcon={active ? <NotificationsActiveIcon /> : <NotificationsNoneIcon />}
      disabled={!authKnown || adding.isLoading || removing.isLoading}
      onClick={onClick}
    >
      {active ? 'Alerts on' : 'Add to alerts'}
      {followers !== undefined ? (
        <Box
          component="span"
          data-testid="alert-count"
          data-count={followers}
          sx={{
            ml: 1,
            px: 0.75,
            minWidth: 20,
            borderRadius: 1,
            fontSize: '0.75rem',
            lineHeight: '20px',
            textAlign: 'center',
            fontVariantNumeric: 'tabular-nums',
            bgcolor: active ? 'rgba(255,255,255,0.22)' : 'action.selected',
          }}
        >
          {followers.toLocaleString('en-US')}
        </Box>
      ) : null}
    </Button>
  );
  const hinted =
    followers === undefined ? (
      button
    ) : (
      <Hint
        title={`${followers.toLocaleString('en-US')} ${followers === 1 ? 'user has' : 'users have'} alerts on ${display}`}
      >
        {/* A span: the tooltip still answers while the button is busy (disabled). */}
        <span>{button}</span>
      </Hint>
    );
  if (!signedIn) return hinted;
  // The symbol's alert switches (the alerts modal), beside the toggle.
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {hinted}
      <Hint title={`Alert settings for ${display}`}>
        <IconButton
          size="small"
          data-testid="alert-settings"
          aria-label={`Alert settings for ${display}`}
          onClick={() => dispatch(modalOpened({ kind: 'alerts', props: { symbol: display } }))}
        >
          <TuneIcon fontSize="small" />
        </IconButton>
      </Hint>
    </Box>
  );
}
