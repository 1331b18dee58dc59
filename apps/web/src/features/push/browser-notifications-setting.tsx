import { WEB_PUSH_APP_NAME } from '@eh/contracts';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Alert, Box, Button, Chip, CircularProgress, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { errorMessage, errorStatus } from '../../shared/api.ts';
import { useGetPushTokenCountQuery, useLazyGetVapidPublicKeyQuery, usePostPushTokenMutation } from './push-api.ts';
import { type BrowserPushState, readState, subscribe, unsubscribe } from './web-push.ts';

const STATE_LABELS: Record<BrowserPushState, string> = {
  unsupported: 'Not supported',
  blocked: 'Blocked',
  off: 'Off',
  on: 'On',
};

/**
 * The profile's "Browser notifications" setting: alerts as notifications from this browser. Reading the
 * state is all that happens on load; the permission prompt and the subscription come only from the button.
 */
export function BrowserNotificationsSetting() {
  const [state, setState] = useState<BrowserPushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [fetchKey] = useLazyGetVapidPublicKeyQuery();
  const [postToken] = usePostPushTokenMutation();
  const count = useGetPushTokenCountQuery({ appName: WEB_PUSH_APP_NAME });

  useEffect(() => {
    let live = true;
    readState()
      .then((read) => live && setState(read))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const run = (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    work()
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)))
      .finally(() => setBusy(false));
  };

  const turnOn = () =>
    run(async () => {
      const key = await fetchKey();
      if (!key.data) {
        throw new Error(
          errorStatus(key.error) === 404
            ? 'Browser notifications are not available on this server.'
            : errorMessage(key.error, 'The server’s notification key could not be loaded.'),
        );
      }
      let outcome: Awaited<ReturnType<typeof subscribe>>;
      try {
        outcome = await subscribe(key.data.publicKey);
      } catch (failure) {
        const reason = failure instanceof Error ? failure.message : String(failure);
        throw new Error(`Your browser could not subscribe to notifications: ${reason}`);
      }
      if (outcome.kind === 'denied') {
        setState('blocked');
        return;
      }
      if (outcome.kind === 'dismissed') {
        setNotice('Notifications stay off: the browser’s permission was not given.');
        return;
      }
      const saved = await postToken({
        token: JSON.stringify(outcome.subscription.toJSON()),
        appName: WEB_PUSH_APP_NAME,
      });
      if ('error' in saved) {
        // Not kept by the server: this browser would never get anything, so it does not stay subscribed.
        await outcome.subscription.unsubscribe().catch(() => undefined);
        throw new Error(errorMessage(saved.error, 'The server did not keep this browser’s subscription.'));
      }
      setState('on');
      setNotice('This browser will show your alerts as notifications.');
    });

  const turnOff = () =>
    run(async () => {
      await unsubscribe();
      setState('off');
      setNotice(
        'Notifications are off in this browser. Its subscription leaves your account when the next alert finds it gone.',
      );
    });

  const browsers = count.data?.count ?? 0;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}
      data-testid="browser-notifications"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <NotificationsActiveIcon color="action" />
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
            Browser notifications
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Your alerts as notifications from this browser, when push is switched on for a stock’s alerts.
          </Typography>
        </Box>
        {state === null ? (
          <CircularProgress size={20} aria-label="Loading" />
        ) : (
          <Chip
            label={STATE_LABELS[state]}
            color={state === 'on' ? 'success' : state === 'blocked' ? 'warning' : 'default'}
            size="small"
            data-testid="browser-notifications-status"
          />
        )}
        {(state === 'off' || state === 'on') && (
          <Button
            variant={state === 'off' ? 'contained' : 'text'}
            onClick={state === 'off' ? turnOn : turnOff}
            disabled={busy}
            data-testid="browser-notifications-toggle"
          >
            {state === 'off' ? 'Turn on' : 'Turn off'}
          </Button>
        )}
      </Box>
      {state === 'blocked' && (
        <Typography variant="body2" color="text.secondary">
          Notifications are blocked for this site. Allow them in your browser’s site settings, then come back here.
        </Typography>
      )}
      {state === 'unsupported' && (
        <Typography variant="body2" color="text.secondary">
          This browser cannot show notifications from websites.
        </Typography>
      )}
      {browsers > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="browser-notifications-count">
          Browser subscriptions on file for your account: {browsers}.
        </Typography>
      )}
      {notice && <Alert severity="success">{notice}</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
    </Paper>
  );
}
