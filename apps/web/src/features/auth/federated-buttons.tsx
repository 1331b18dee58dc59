import AppleIcon from '@mui/icons-material/Apple';
import GoogleIcon from '@mui/icons-material/Google';
import { Box, Button, Chip, Divider } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { preferences } from '../../shared/preferences.ts';
import type { FederatedProvider } from './hosted-ui.ts';
import { identityErrorMessage } from './identity-errors.ts';
import { useGetSignInOptionsQuery } from './sign-in-options-api.ts';

const PROVIDERS: { provider: FederatedProvider; label: string; icon: ReactNode }[] = [
  { provider: 'google', label: 'Continue with Google', icon: <GoogleIcon /> },
  { provider: 'apple', label: 'Continue with Apple', icon: <AppleIcon /> },
];

interface Props {
  onError: (message: string) => void;
}

/**
 * SPEC §1 sign-in methods google and apple, through the hosted UI; the last one used is marked. Only the providers
 * the server is configured for are offered; with none, the email form stands alone (no divider either).
 */
export function FederatedButtons({ onError }: Props) {
  const [leaving, setLeaving] = useState<FederatedProvider | null>(null);
  const { data } = useGetSignInOptionsQuery();
  const offered = PROVIDERS.filter(({ provider }) => data?.federatedProviders.includes(provider));
  const last = preferences.get('lastLoginProvider');
  const start = (provider: FederatedProvider) => {
    setLeaving(provider);
    import('./federated-sign-in.ts')
      .then((federated) => federated.startFederatedSignIn(provider))
      .catch((error: unknown) => {
        setLeaving(null);
        onError(identityErrorMessage(error));
      });
  };
  if (offered.length === 0) return null;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {offered.map(({ provider, label, icon }) => (
          <Button
            key={provider}
            variant="outlined"
            size="large"
            color="inherit"
            startIcon={icon}
            disabled={leaving !== null}
            data-testid={`continue-with-${provider}`}
            onClick={() => start(provider)}
            sx={{ justifyContent: 'center', borderColor: 'divider', position: 'relative' }}
          >
            {leaving === provider ? 'Redirecting…' : label}
            {last === provider && (
              <Chip
                size="small"
                label="Last used"
                color="primary"
                variant="outlined"
                sx={{ position: 'absolute', right: 8 }}
              />
            )}
          </Button>
        ))}
      </Box>
      <Divider sx={{ color: 'text.secondary', typography: 'body2' }}>or with email</Divider>
    </>
  );
}
