import { Alert, Box, Button, CircularProgress, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { FLAGS_POLL_INTERVAL_MS, MAINTENANCE_DEFAULT_MESSAGE } from '../../shared/constants.ts';
import { type AdminFlag, useGetAdminFlagsQuery, useSetAdminFlagMutation } from './admin-api.ts';
import { AdminSection, when } from './admin-section.tsx';

/** What each SPEC flag does, in the order the page shows them (this product's maintenance first). */
const FLAG_WORDS: Record<AdminFlag['name'], { label: string; help: string; message?: string }> = {
  ehMaintenanceModeWeb: {
    label: 'Maintenance — web',
    help: 'Replaces the whole web app with the maintenance screen (this page stays usable).',
    message: 'Maintenance message',
  },
  ehMaintenanceModeMobile: {
    label: 'Maintenance — mobile apps',
    help: 'Replaces the whole iOS and Android app with the maintenance screen.',
    message: 'Maintenance message',
  },
  bannerMessage: {
    label: 'Banner message',
    help: 'Shows its message in a banner above every page while on.',
    message: 'Banner text',
  },
  dev: { label: 'Developer mode', help: 'Shows the developer tools (/dev) in the menu.' },
  stMaintenanceModeWeb: {
    label: 'Savvy Trader maintenance — web',
    help: 'The sister product’s web maintenance flag (not read by this app).',
    message: 'Maintenance message',
  },
  stMaintenanceModeMobile: {
    label: 'Savvy Trader maintenance — mobile apps',
    help: 'The sister product’s mobile maintenance flag (not read by this app).',
    message: 'Maintenance message',
  },
};
const ORDER = Object.keys(FLAG_WORDS) as AdminFlag['name'][];

function FlagRow({ flag }: { flag: AdminFlag }) {
  const words = FLAG_WORDS[flag.name];
  const [message, setMessage] = useState(flag.message ?? '');
  const [save, { isLoading, error }] = useSetAdminFlagMutation();
  const changed = message.trim() !== (flag.message ?? '');
  const toggle = (enabled: boolean) =>
    void save({ name: flag.name, enabled, ...(words.message ? { message: message.trim() || null } : {}) });
  return (
    <Box
      component="li"
      data-testid={`admin-flag-${flag.name}`}
      sx={{ listStyle: 'none', display: 'grid', gap: 1, py: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{words.label}</Typography>
          <Typography variant="body2" color="text.secondary">
            {words.help} <code>{flag.name}</code> · changed {when(flag.updatedAt)}
          </Typography>
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={flag.enabled}
              disabled={isLoading}
              onChange={(event) => toggle(event.target.checked)}
              slotProps={{ input: { 'aria-label': `${words.label}: ${flag.enabled ? 'on' : 'off'}` } }}
              data-testid={`admin-flag-switch-${flag.name}`}
            />
          }
          label={flag.enabled ? 'On' : 'Off'}
        />
      </Box>
      {words.message ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={words.message}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            helperText={
              flag.name.startsWith('ehMaintenance') && !message.trim()
                ? `Empty: “${MAINTENANCE_DEFAULT_MESSAGE}”`
                : undefined
            }
            sx={{ flex: '1 1 260px' }}
          />
          <Button
            variant="outlined"
            disabled={!changed || isLoading}
            onClick={() => void save({ name: flag.name, enabled: flag.enabled, message: message.trim() || null })}
          >
            Save message
          </Button>
        </Box>
      ) : null}
      {error ? <Alert severity="error">{errorMessage(error, 'The flag could not be saved.')}</Alert> : null}
    </Box>
  );
}

/** SPEC §1 feature flags and their messages, maintenance for web and mobile apart. */
export function FlagsTab() {
  const { data, error, isLoading, refetch } = useGetAdminFlagsQuery();
  const byName = new Map(data?.flags.map((flag) => [flag.name, flag]));
  return (
    <AdminSection title="Flags and messages" testId="admin-flags">
      <Typography variant="body2" color="text.secondary">
        Open pages check the flags every {FLAGS_POLL_INTERVAL_MS / 1000} seconds, so a change reaches them within that.
      </Typography>
      {isLoading ? (
        <CircularProgress aria-label="Loading the flags" />
      ) : !data ? (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error, 'The flags could not be loaded.')}
        </Alert>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Feature flags">
          {ORDER.map((name) => {
            const flag = byName.get(name);
            return flag ? <FlagRow key={`${name}-${flag.updatedAt}`} flag={flag} /> : null;
          })}
        </Box>
      )}
    </AdminSection>
  );
}
