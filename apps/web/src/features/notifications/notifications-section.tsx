import { MAX_DAILY_NOTIFICATION_CAP, NOTIFICATION_CHANNELS, type NotificationChannel } from '@eh/domain';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Divider,
  FormControlLabel,
  Paper,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useMemo, useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { DeliveryLog } from './delivery-log.tsx';
import {
  type NotificationPreferences,
  useGetNotificationPreferencesQuery,
  useSaveNotificationPreferencesMutation,
  useSendTestNotificationMutation,
} from './notifications-api.ts';
import { CHANNEL_LABELS, NOTIFICATIONS_TEXT } from './notifications-text.ts';

/** Quiet hours a user turns on start from these until they change them. */
const DEFAULT_QUIET = { start: '22:00', end: '07:00' } as const;

function zoneNames(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const dispatch = useAppDispatch();
  const [timeZone, setTimeZone] = useState(saved.timeZone);
  const [quiet, setQuiet] = useState(saved.quietStart !== null);
  const [start, setStart] = useState(saved.quietStart ?? DEFAULT_QUIET.start);
  const [end, setEnd] = useState(saved.quietEnd ?? DEFAULT_QUIET.end);
  const [cap, setCap] = useState(String(saved.dailyCap));
  const [save, { isLoading, error }] = useSaveNotificationPreferencesMutation();
  const zones = useMemo(() => zoneNames(saved.timeZone), [saved.timeZone]);

  const capNumber = Number(cap);
  const capValid =
    cap.trim() !== '' && Number.isInteger(capNumber) && capNumber >= 0 && capNumber <= MAX_DAILY_NOTIFICATION_CAP;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!capValid) return;
    const done = await save({
      timeZone,
      quietStart: quiet ? start : null,
      quietEnd: quiet ? end : null,
      dailyCap: capNumber,
    });
    if ('data' in done) dispatch(toastShown({ message: NOTIFICATIONS_TEXT.saved, severity: 'success' }));
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'grid', gap: 2 }}
      data-testid="notification-preferences"
    >
      <Autocomplete
        options={zones}
        value={timeZone}
        disableClearable
        onChange={(_event, value) => setTimeZone(value)}
        renderInput={(params) => <TextField {...params} label={NOTIFICATIONS_TEXT.timeZone} size="small" />}
        sx={{ maxWidth: 360 }}
      />
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <FormControlLabel
          control={<Switch checked={quiet} onChange={(e) => setQuiet(e.target.checked)} />}
          label={NOTIFICATIONS_TEXT.quietHours}
          sx={{ justifySelf: 'start' }}
        />
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          <TextField
            type="time"
            size="small"
            label={NOTIFICATIONS_TEXT.quietFrom}
            value={start}
            disabled={!quiet}
            onChange={(e) => setStart(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 160 }}
          />
          <TextField
            type="time"
            size="small"
            label={NOTIFICATIONS_TEXT.quietTo}
            value={end}
            disabled={!quiet}
            onChange={(e) => setEnd(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 160 }}
          />
        </Box>
      </Box>
      <TextField
        type="number"
        size="small"
        label={NOTIFICATIONS_TEXT.dailyCap}
        value={cap}
        onChange={(e) => setCap(e.target.value)}
        error={!capValid}
        helperText={
          capValid ? NOTIFICATIONS_TEXT.dailyCapHelp : `A whole number from 0 to ${MAX_DAILY_NOTIFICATION_CAP}`
        }
        slotProps={{ htmlInput: { min: 0, max: MAX_DAILY_NOTIFICATION_CAP, step: 1 } }}
        sx={{ maxWidth: 360 }}
      />
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <Button type="submit" variant="outlined" loading={isLoading} disabled={!capValid} sx={{ justifySelf: 'start' }}>
        {NOTIFICATIONS_TEXT.save}
      </Button>
    </Box>
  );
}

function TestButtons() {
  const dispatch = useAppDispatch();
  const [send, { error, isLoading, originalArgs }] = useSendTestNotificationMutation();
  const test = async (channel: NotificationChannel) => {
    const done = await send({ channel });
    if ('data' in done) dispatch(toastShown({ message: NOTIFICATIONS_TEXT.testQueued, severity: 'success' }));
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography sx={{ fontWeight: 600 }}>{NOTIFICATIONS_TEXT.testTitle}</Typography>
      <Typography variant="body2" color="text.secondary">
        {NOTIFICATIONS_TEXT.testIntro}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {NOTIFICATION_CHANNELS.map((channel) => (
          <Button
            key={channel}
            size="small"
            variant="outlined"
            data-testid={`test-${channel}`}
            loading={isLoading && originalArgs?.channel === channel}
            disabled={isLoading}
            onClick={() => void test(channel)}
          >
            {CHANNEL_LABELS[channel]}
          </Button>
        ))}
      </Box>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
    </Box>
  );
}

/** The profile's "Notifications": time zone, quiet hours, daily cap, a test per channel, and what was sent. */
export function NotificationsSection() {
  const preferences = useGetNotificationPreferencesQuery();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
      data-testid="profile-notifications"
    >
      <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        {NOTIFICATIONS_TEXT.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {NOTIFICATIONS_TEXT.intro}
      </Typography>
      {preferences.data ? (
        <PreferencesForm key={JSON.stringify(preferences.data)} saved={preferences.data} />
      ) : preferences.error ? (
        <Alert severity="error">{errorMessage(preferences.error, NOTIFICATIONS_TEXT.loadError)}</Alert>
      ) : (
        <CircularProgress size={20} aria-label="Loading notification settings" />
      )}
      <Divider />
      <TestButtons />
      <Divider />
      <Typography sx={{ fontWeight: 600 }} component="h3">
        {NOTIFICATIONS_TEXT.logTitle}
      </Typography>
      <DeliveryLog />
    </Paper>
  );
}
