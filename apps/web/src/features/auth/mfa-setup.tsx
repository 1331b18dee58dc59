import { Box, Button, Skeleton, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { APP_NAME } from '../../shared/constants.ts';
import { CodeField } from './code-field.tsx';
import { groupSecret, otpauthUri } from './otpauth.ts';
import { useCodeEntry } from './use-code-entry.ts';

// The QR encoder loads only with this screen.
const QrCode = lazy(() => import('./qr-code.tsx'));

const QR_SIZE = 200;

interface Props {
  /** AssociateSoftwareToken's secret; null while it is being fetched. */
  secretCode: string | null;
  /** The account the authenticator app lists the code under. */
  account: string;
  busy: boolean;
  onVerify: (code: string) => void;
  onCancel: () => void;
  cancelLabel?: string;
}

/**
 * Authenticator-app setup: scan the QR code (or type the key), then prove it with a code the app shows
 * (VerifySoftwareToken). Used by the MFA_SETUP sign-in step and by the profile's security section.
 */
export function MfaSetup({ secretCode, account, busy, onVerify, onCancel, cancelLabel = 'Start over' }: Props) {
  const { code, setCode, error, submit } = useCodeEntry(onVerify);
  const placeholder = <Skeleton variant="rounded" width={QR_SIZE} height={QR_SIZE} />;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }} data-testid="mfa-setup">
      <Typography>
        Scan this code with an authenticator app (Google Authenticator, 1Password, Authy…), then enter the 6-digit code
        it shows.
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box sx={{ p: 1, bgcolor: '#fff', borderRadius: 2, border: 1, borderColor: 'divider' }}>
          {secretCode ? (
            <Suspense fallback={placeholder}>
              <QrCode
                value={otpauthUri({ issuer: APP_NAME, account, secret: secretCode })}
                label={`QR code for ${APP_NAME} in an authenticator app`}
                size={QR_SIZE}
              />
            </Suspense>
          ) : (
            placeholder
          )}
        </Box>
        <Box sx={{ minWidth: 0, flex: '1 1 200px' }}>
          <Typography variant="body2" color="text.secondary">
            Can’t scan it? Enter this key in the app:
          </Typography>
          <Typography
            data-testid="mfa-secret"
            data-secret={secretCode ?? ''}
            sx={{ fontFamily: 'monospace', fontSize: '1rem', fontWeight: 600, wordBreak: 'break-all', mt: 0.5 }}
          >
            {secretCode ? groupSecret(secretCode) : '…'}
          </Typography>
        </Box>
      </Box>
      <CodeField label="Code from the app" value={code} onChange={setCode} error={error} />
      <Button type="submit" variant="contained" disabled={busy || !secretCode}>
        {busy ? 'Checking…' : 'Verify and turn on'}
      </Button>
      <Button type="button" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
    </Box>
  );
}
