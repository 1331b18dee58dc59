import ComputerIcon from '@mui/icons-material/Computer';
import { Alert, Box, Button, Chip, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { identityErrorMessage, loadCognito } from '../auth/index.ts';
import { deviceLabel } from './device-label.ts';
import { useIdentityData } from './use-identity-data.ts';

const loadClient = loadCognito;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The devices the identity provider knows for this user (ListDevices), each with Forget (ForgetDevice). */
export function DevicesList() {
  const devices = useIdentityData((client) => client.listDevices());
  const [forgetting, setForgetting] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const forget = (key: string) => {
    setForgetting(key);
    setError(null);
    loadClient()
      .then((client) => client.forgetDevice(key))
      .then(devices.reload, (failure: unknown) => setError(identityErrorMessage(failure)))
      .finally(() => setForgetting(null));
  };

  if (devices.loading && !devices.data) return <CircularProgress size={20} aria-label="Loading devices" />;
  const message = error ?? devices.error;
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="devices-list">
      {message && <Alert severity="error">{message}</Alert>}
      {devices.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No devices yet. A device is added when you sign in on it.
        </Typography>
      )}
      {devices.data?.map((device) => (
        <Box
          key={device.key}
          data-testid="device-row"
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}
        >
          <ComputerIcon color="action" />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography noWrap title={device.name ?? undefined} sx={{ fontWeight: 600 }}>
              {deviceLabel(device.name)}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              {device.current && <Chip size="small" color="primary" label="This device" />}
              <Chip size="small" variant="outlined" label={device.remembered ? 'Remembered' : 'Not remembered'} />
              {device.lastUsed && (
                <Typography variant="caption" color="text.secondary">
                  Last used {dateFormat.format(device.lastUsed)}
                </Typography>
              )}
            </Box>
          </Box>
          <Button size="small" disabled={forgetting !== null} onClick={() => forget(device.key)}>
            {forgetting === device.key ? 'Forgetting…' : 'Forget'}
          </Button>
        </Box>
      ))}
    </Box>
  );
}
