import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import { Alert, Box, Button, Chip, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { identityErrorMessage, loadCognito, MfaSetup } from '../auth/index.ts';
import { useIdentityData } from './use-identity-data.ts';

const loadClient = loadCognito;

/** VerifySoftwareToken's FriendlyDeviceName for the pairing. */
const AUTHENTICATOR_NAME = 'Authenticator app';

interface Props {
  account: string;
}

/** Two-step sign-in with an authenticator app: set up (QR code, then a code) or turn off. */
export function AuthenticatorSetting({ account }: Props) {
  const settings = useIdentityData((client) => client.securitySettings());
  const [secret, setSecret] = useState<string | null>(null);
  const [settingUp, setSettingUp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const on = settings.data?.mfa.includes('SOFTWARE_TOKEN_MFA') ?? false;

  const run = (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    work()
      .catch((failure: unknown) => setError(identityErrorMessage(failure)))
      .finally(() => setBusy(false));
  };

  const startSetup = () =>
    run(async () => {
      setSettingUp(true);
      setSecret(null);
      const issued = await (await loadClient()).associateSoftwareToken();
      setSecret(issued.secretCode);
    });

  const verify = (code: string) =>
    run(async () => {
      await (await loadClient()).enableSoftwareTokenMfa(code, AUTHENTICATOR_NAME);
      setSettingUp(false);
      setSecret(null);
      setNotice('Two-step sign-in is on. You’ll be asked for a code from your app when you sign in.');
      settings.reload();
    });

  const turnOff = () =>
    run(async () => {
      await (await loadClient()).disableSoftwareTokenMfa();
      setNotice('Two-step sign-in is off.');
      settings.reload();
    });

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="authenticator-setting">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <PhonelinkLockIcon color="action" />
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography sx={{ fontWeight: 600 }}>Authenticator app</Typography>
          <Typography variant="body2" color="text.secondary">
            A code from an app on your phone at each sign-in on a new device.
          </Typography>
        </Box>
        {settings.loading && !settings.data ? (
          <CircularProgress size={20} aria-label="Loading" />
        ) : (
          <Chip label={on ? 'On' : 'Off'} color={on ? 'success' : 'default'} size="small" data-testid="mfa-status" />
        )}
        {!settingUp &&
          settings.data &&
          (on ? (
            <Button onClick={turnOff} disabled={busy}>
              Turn off
            </Button>
          ) : (
            <Button variant="outlined" onClick={startSetup} disabled={busy}>
              Set up
            </Button>
          ))}
      </Box>
      {(error ?? settings.error) && <Alert severity="error">{error ?? settings.error}</Alert>}
      {notice && <Alert severity="success">{notice}</Alert>}
      {settingUp && (
        <MfaSetup
          secretCode={secret}
          account={account}
          busy={busy}
          onVerify={verify}
          onCancel={() => setSettingUp(false)}
          cancelLabel="Cancel"
        />
      )}
    </Box>
  );
}
