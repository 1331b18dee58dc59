/** The alerts feature's public face: what other features use of it. */
export { AddAlertButton } from './add-alert-button.tsx';
export {
  ALERT_SETTING_LABELS,
  ALERT_SIGN_IN_MESSAGE,
  alertAddedMessage,
  alertFailedMessage,
} from './alert-messages.ts';
export { useAddAlertMutation, useGetAlertsQuery } from './alerts-api.ts';
export { AlertsPanel } from './alerts-panel.tsx';
