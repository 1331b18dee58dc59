import { ALERT_SETTINGS, type AlertSetting, canUse } from '@eh/domain';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { TableScroll } from '../../components/table-scroll.tsx';
import { type ApiError, errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { symbolPath } from '../../shared/routes.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { useGetMeQuery } from '../../shared/users-api.ts';
import {
  useAddAlertMutation,
  useDeleteAlertMutation,
  useGetAlertsQuery,
  useUpdateAllAlertsMutation,
} from './alerts-api.ts';

/** Short column labels of the SPEC §3 alert switches. */
export const ALERT_SETTING_LABELS: Record<AlertSetting, string> = {
  liveCall: 'Live call',
  earningsResults: 'Results',
  eventTranscript: 'Transcript',
  eventTranscriptSummary: 'Summary',
  dailySummary: 'Daily',
  weeklySummary: 'Weekly',
  analystRatings: 'Ratings',
  guidance: 'Guidance',
  dividendPayment: 'Dividend',
  earningsReminder: 'Reminder',
  notifyByEmail: 'Email',
  notifyBySms: 'SMS',
  notifyByPush: 'Push',
};

/**
 * The manage-alerts view: every alert with its switches. Choosing switches is the alerts feature (paid plans);
 * free users see their default alerts and the upgrade prompt. Changes apply at once and are undone on failure.
 */
export function AlertsPanel({ symbol, inModal = false }: { symbol?: string; inModal?: boolean } = {}) {
  const dispatch = useAppDispatch();
  const { data } = useGetAlertsQuery();
  const { data: me } = useGetMeQuery();
  const [add] = useAddAlertMutation();
  const [updateAll] = useUpdateAllAlertsMutation();
  const [remove] = useDeleteAlertMutation();
  const editable = me ? canUse(me.accountFeatures, 'alerts') : false;
  const only = symbol?.toUpperCase();
  const alerts = (data?.alerts ?? []).filter((alert) => !only || alert.symbol === only);

  const undone = (error: ApiError | undefined, what: string) => {
    if (error)
      dispatch(toastShown({ message: `${what} failed and was undone: ${errorMessage(error)}`, severity: 'error' }));
  };
  const allOn = (setting: AlertSetting) => alerts.length > 0 && alerts.every((alert) => alert[setting]);

  return (
    <Card variant="outlined" sx={{ mt: inModal ? 0 : 4 }} data-testid="alerts-panel">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
            {only ? `Alerts for ${only}` : 'Your alerts'}
          </Typography>
          {only ? (
            <Button
              size="small"
              data-testid="alerts-manage-all"
              onClick={() => dispatch(modalOpened({ kind: 'manageAlerts' }))}
            >
              All your alerts
            </Button>
          ) : !inModal && editable && alerts.length > 0 ? (
            <Button
              size="small"
              data-testid="alerts-update-all"
              onClick={() => dispatch(modalOpened({ kind: 'updateAllAlerts' }))}
            >
              Update all alerts
            </Button>
          ) : null}
        </Box>
        {!editable ? (
          <Box sx={{ mb: 2 }}>
            <UpgradePrompt
              compact
              gate={{ feature: 'alerts', hidden: 0 }}
              note="Your alerts use the defaults: an earnings reminder, by email and push."
            />
          </Box>
        ) : null}
        {alerts.length === 0 ? (
          <Typography color="text.secondary">
            {only
              ? `No alerts on ${only} yet: Add to alerts turns them on.`
              : "No alerts yet: add them from a stock's page."}
          </Typography>
        ) : (
          <TableScroll label="Your alerts">
            <Table size="small" aria-label="Your alerts">
              <TableHead>
                <TableRow>
                  <TableCell>Symbol</TableCell>
                  {ALERT_SETTINGS.map((setting) => (
                    <TableCell key={setting} align="center" sx={{ whiteSpace: 'nowrap' }}>
                      {editable ? (
                        <FormControlLabel
                          sx={{ m: 0 }}
                          labelPlacement="top"
                          label={ALERT_SETTING_LABELS[setting]}
                          control={
                            <Checkbox
                              size="small"
                              checked={allOn(setting)}
                              slotProps={{ input: { 'aria-label': `${ALERT_SETTING_LABELS[setting]} for all alerts` } }}
                              onChange={async (event) =>
                                undone(
                                  (await updateAll({ [setting]: event.target.checked })).error,
                                  'Updating all alerts',
                                )
                              }
                            />
                          }
                        />
                      ) : (
                        ALERT_SETTING_LABELS[setting]
                      )}
                    </TableCell>
                  ))}
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {alerts.map((alert) => (
                  <TableRow key={alert.symbol} data-testid="alert-row" data-symbol={alert.symbol}>
                    <TableCell>
                      <RouterLink to={symbolPath(alert.symbol)}>{alert.symbol}</RouterLink>
                    </TableCell>
                    {ALERT_SETTINGS.map((setting) => (
                      <TableCell key={setting} align="center">
                        <Checkbox
                          size="small"
                          checked={alert[setting]}
                          disabled={!editable}
                          slotProps={{
                            input: { 'aria-label': `${ALERT_SETTING_LABELS[setting]} for ${alert.symbol}` },
                          }}
                          onChange={async (event) =>
                            undone(
                              (await add({ symbol: alert.symbol, [setting]: event.target.checked })).error,
                              `Updating alerts for ${alert.symbol}`,
                            )
                          }
                        />
                      </TableCell>
                    ))}
                    <TableCell>
                      <IconButton
                        size="small"
                        aria-label={`Remove alerts for ${alert.symbol}`}
                        onClick={async () =>
                          undone((await remove({ symbol: alert.symbol })).error, `Removing alerts for ${alert.symbol}`)
                        }
                      >
                        <DeleteOutlinedIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroll>
        )}
      </CardContent>
    </Card>
  );
}
