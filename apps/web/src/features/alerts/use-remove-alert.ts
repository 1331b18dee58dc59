import type { AlertSettings } from '@eh/domain';
import { useAppDispatch } from '../../shared/hooks.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import {
  ALERT_UNDO_LABEL,
  alertRemovedMessage,
  alertRestoredMessage,
  alertRestoreFailedMessage,
} from './alert-messages.ts';
import { alertRestoreBody } from './alert-restore.ts';
import { useAddAlertMutation, useDeleteAlertMutation } from './alerts-api.ts';

/**
 * Removes a symbol's alert with an Undo in the toast that puts back every switch as it was: one click anywhere
 * never loses an alert's settings for good.
 */
export function useRemoveAlert() {
  const dispatch = useAppDispatch();
  const [add] = useAddAlertMutation();
  const [remove, removing] = useDeleteAlertMutation();
  const run = async (alert: AlertSettings & { symbol: string }) => {
    const symbol = alert.symbol;
    // Read before the removal drops it from the cache: the Undo sends back exactly these switches.
    const restore = alertRestoreBody(alert);
    const undo = async () => {
      const restored = await add(restore);
      dispatch(
        restored.error
          ? toastShown({ message: alertRestoreFailedMessage(symbol), severity: 'error' })
          : toastShown({ message: alertRestoredMessage(symbol), severity: 'success' }),
      );
    };
    const result = await remove({ symbol });
    dispatch(
      result.error
        ? toastShown({ message: `Failed to remove alerts for ${symbol}.`, severity: 'error' })
        : toastShown({
            message: alertRemovedMessage(symbol),
            severity: 'success',
            action: { label: ALERT_UNDO_LABEL, onClick: () => void undo() },
          }),
    );
  };
  return [run, removing] as const;
}
