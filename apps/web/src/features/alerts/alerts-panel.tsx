import {
  ALERT_CHANNEL_SETTINGS,
  ALERT_TOPIC_SETTINGS,
  type AlertSetting,
  type AlertSettings,
  canUse,
} from '@eh/domain';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import {
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Collapse,
  FormControlLabel,
  IconButton,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type ApiError, errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { symbolPath } from '../../shared/routes.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { useGetMeQuery } from '../../shared/users-api.ts';
import { ALERT_SETTING_LABELS, alertSummary } from './alert-messages.ts';
import { useAddAlertMutation, useGetAlertsQuery, useUpdateAllAlertsMutation } from './alerts-api.ts';
import { useRemoveAlert } from './use-remove-alert.ts';

/**
 * The switches of one alert (or of every alert at once), in two groups that wrap to the width they are given:
 * what it is about, and how it arrives. A phone shows two to a row; nothing scrolls sideways.
 */
function Switches({
  checked,
  disabled,
  labelFor,
  onChange,
}: {
  checked: (setting: AlertSetting) => boolean;
  disabled: boolean;
  /** The accessible name of a switch: "SMS for AAPL", "SMS for all alerts". */
  labelFor: (setting: AlertSetting) => string;
  onChange: (setting: AlertSetting, on: boolean) => void;
}) {
  const group = (title: string, settings: readonly AlertSetting[]) => (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ p: 0, mb: 0.25 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(128px, 1fr))', columnGap: 1 }}>
        {settings.map((setting) => (
          <FormControlLabel
            key={setting}
            sx={{ m: 0, minWidth: 0 }}
            label={ALERT_SETTING_LABELS[setting]}
            control={
              <Checkbox
                size="small"
                checked={checked(setting)}
                disabled={disabled}
                slotProps={{ input: { 'aria-label': labelFor(setting) } }}
                onChange={(event) => onChange(setting, event.target.checked)}
              />
            }
          />
        ))}
      </Box>
    </Box>
  );
  return (
    <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
      {group('Alert me about', ALERT_TOPIC_SETTINGS)}
      {group('By', ALERT_CHANNEL_SETTINGS)}
    </Box>
  );
}

/** One symbol's alert: its switches in a line, opened to change them (always open when it is the only one shown). */
function AlertRow({
  alert,
  editable,
  alwaysOpen,
  onChange,
  onRemove,
}: {
  alert: AlertSettings & { symbol: string };
  editable: boolean;
  alwaysOpen: boolean;
  onChange: (setting: AlertSetting, on: boolean) => void;
  onRemove: () => void;
}) {
  const [opened, setOpened] = useState(false);
  const open = alwaysOpen || opened;
  const panelId = `alert-switches-${alert.symbol}`;
  return (
    <Box
      component="li"
      data-testid="alert-row"
      data-symbol={alert.symbol}
      sx={{ py: 1, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <RouterLink to={symbolPath(alert.symbol)}>{alert.symbol}</RouterLink>
          <Typography variant="body2" color="text.secondary" data-testid="alert-summary">
            {alertSummary(alert)}
          </Typography>
        </Box>
        {alwaysOpen ? null : (
          <IconButton
            size="small"
            aria-label={`${open ? 'Close' : 'Change'} alerts for ${alert.symbol}`}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpened((value) => !value)}
          >
            {open ? <ExpandLessIcon fontSize="small" /> : <EditOutlinedIcon fontSize="small" />}
          </IconButton>
        )}
        <IconButton size="small" aria-label={`Remove alerts for ${alert.symbol}`} onClick={onRemove}>
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </Box>
      <Collapse in={open} unmountOnExit id={panelId}>
        <Switches
          checked={(setting) => alert[setting]}
          disabled={!editable}
          labelFor={(setting) => `${ALERT_SETTING_LABELS[setting]} for ${alert.symbol}`}
          onChange={onChange}
        />
      </Collapse>
    </Box>
  );
}

/**
 * The manage-alerts view: every alert as a line saying what it sends and how, opened to change its switches.
 * Choosing switches is the alerts feature (paid plans); free users see their default alerts and the upgrade
 * prompt. Changes apply at once and are undone on failure.
 */
export function AlertsPanel({ symbol, inModal = false }: { symbol?: string; inModal?: boolean } = {}) {
  const dispatch = useAppDispatch();
  const { data } = useGetAlertsQuery();
  const { data: me } = useGetMeQuery();
  const [add] = useAddAlertMutation();
  const [updateAll] = useUpdateAllAlertsMutation();
  const [removeAlert] = useRemoveAlert();
  const [everyOpen, setEveryOpen] = useState(false);
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
          <>
            {!only && editable && alerts.length > 1 ? (
              <Box sx={{ pb: 1, borderBottom: 1, borderColor: 'divider' }} data-testid="alerts-every">
                <Button
                  size="small"
                  aria-expanded={everyOpen}
                  aria-controls="alert-switches-every"
                  onClick={() => setEveryOpen((value) => !value)}
                  sx={{ ml: -1 }}
                >
                  {everyOpen ? 'Close: every alert' : `Change every alert at once (${alerts.length})`}
                </Button>
                <Collapse in={everyOpen} unmountOnExit id="alert-switches-every">
                  <Switches
                    checked={allOn}
                    disabled={false}
                    labelFor={(setting) => `${ALERT_SETTING_LABELS[setting]} for all alerts`}
                    onChange={async (setting, on) =>
                      undone((await updateAll({ [setting]: on })).error, 'Updating all alerts')
                    }
                  />
                </Collapse>
              </Box>
            ) : null}
            <Box component="ul" aria-label="Your alerts" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {alerts.map((alert) => (
                <AlertRow
                  key={alert.symbol}
                  alert={alert}
                  editable={editable}
                  alwaysOpen={only !== undefined}
                  onChange={async (setting, on) =>
                    undone(
                      (await add({ symbol: alert.symbol, [setting]: on })).error,
                      `Updating alerts for ${alert.symbol}`,
                    )
                  }
                  onRemove={() => void removeAlert(alert)}
                />
              ))}
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
