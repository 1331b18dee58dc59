import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { Button } from '@mui/material';
import { errorStatus } from '../../app/api.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { toastShown } from '../toasts/toasts-slice.ts';
import {
  ALERT_ADDED_DURATION_MS,
  ALERT_SIGN_IN_DURATION_MS,
  ALERT_SIGN_IN_MESSAGE,
  alertAddedMessage,
  alertFailedMessage,
  alertRemovedMessage,
} from './alert-messages.ts';
import { useAddAlertMutation, useDeleteAlertMutation, useGetAlertsQuery } from './alerts-api.ts';

/**
 * The symbol header's alerts toggle (SPEC §5, §8): adds the default alerts (the server applies saved preferences
 * for plans with the alerts feature), or removes them. Signed-out visitors get the sign-in message.
 */
export function AddAlertButton({ symbol }: { symbol: string }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((state) => state.auth.status === 'signedIn');
  const display = symbol.toUpperCase();
  const { data } = useGetAlertsQuery(undefined, { skip: !signedIn });
  const [add, adding] = useAddAlertMutation();
  const [remove, removing] = useDeleteAlertMutation();
  const active = data?.alerts.some((alert) => alert.symbol === display) ?? false;

  const onClick = async () => {
    if (!signedIn) {
      dispatch(
        toastShown({ message: ALERT_SIGN_IN_MESSAGE, severity: 'error', durationMs: ALERT_SIGN_IN_DURATION_MS }),
      );
      return;
    }
    if (active) {
      const result = await remove({ symbol: display });
      dispatch(
        result.error
          ? toastShown({ message: `Failed to remove alerts for ${display}.`, severity: 'error' })
          : toastShown({ message: alertRemovedMessage(display), severity: 'success' }),
      );
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

  return (
    <Button
      data-testid="add-alert"
      aria-pressed={active}
      size="small"
      variant={active ? 'contained' : 'outlined'}
      startIcon={active ? <NotificationsActiveIcon /> : <NotificationsNoneIcon />}
      disabled={adding.isLoading || removing.isLoading}
      onClick={onClick}
    >
      {active ? 'Alerts on' : 'Add to alerts'}
    </Button>
  );
}
