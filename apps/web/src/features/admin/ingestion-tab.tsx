import { Alert, Box, Button, Chip, CircularProgress, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { type IngestionStatus, useGetIngestionQuery, useSetIngestionSwitchMutation } from './admin-api.ts';
import { AdminSection, when } from './admin-section.tsx';

const ALL = 'all';
const REFRESH_MS = 15_000;

const RUN_COLOURS = { succeeded: 'success', partial: 'warning', failed: 'error', running: 'info' } as const;

function Row({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <Box
      component="li"
      data-testid={testId}
      sx={{
        listStyle: 'none',
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        flexWrap: 'wrap',
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {children}
    </Box>
  );
}

function Switches({ status }: { status: IngestionStatus }) {
  const [reason, setReason] = useState('');
  const [setSwitch, { isLoading, error }] = useSetIngestionSwitchMutation();
  const allStopped = status.switches.some((s) => s.scope === ALL && s.stopped);
  const flip = (scope: string, stopped: boolean) =>
    void setSwitch({ scope, stopped, ...(stopped && reason.trim() ? { message: reason.trim() } : {}) });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label="Why (shown with the pause)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ flex: '1 1 240px' }}
        />
        <Button
          variant={allStopped ? 'contained' : 'outlined'}
          color={allStopped ? 'primary' : 'error'}
          disabled={isLoading}
          onClick={() => flip(ALL, !allStopped)}
          data-testid="admin-ingestion-all"
        >
          {allStopped ? 'Resume all ingestion' : 'Pause all ingestion'}
        </Button>
      </Box>
      {error ? <Alert severity="error">{errorMessage(error, 'The switch could not be set.')}</Alert> : null}
      <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Providers">
        {status.providers.map((provider) => {
          const own = status.switches.some((s) => s.scope === provider.name && s.stopped);
          return (
            <Row key={provider.name} testId={`admin-provider-${provider.name}`}>
              <Typography sx={{ fontWeight: 600, minWidth: { sm: 110 } }}>{provider.name}</Typography>
              <Chip
                size="small"
                color={provider.stopped ? 'error' : provider.scheduled ? 'success' : 'default'}
                variant="outlined"
                label={
                  provider.stopped
                    ? allStopped && !own
                      ? 'paused (all)'
                      : 'paused'
                    : provider.scheduled
                      ? 'scheduled'
                      : 'not scheduled'
                }
              />
              <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 180px', minWidth: 0 }}>
                Last run {when(provider.lastRunAt)}
                {provider.stopped && provider.message ? ` · “${provider.message}”` : ''}
              </Typography>
              <Button size="small" disabled={isLoading} onClick={() => flip(provider.name, !own)}>
                {own ? 'Resume' : 'Pause'}
              </Button>
            </Row>
          );
        })}
      </Box>
    </Box>
  );
}

/** Ingestion (decision 0006): the kill switch per provider and for all, the queue, the last runs and the errors. */
export function IngestionTab() {
  const { data, error, isLoading } = useGetIngestionQuery(undefined, { pollingInterval: REFRESH_MS });
  if (isLoading)
    return (
      <AdminSection title="Ingestion" testId="admin-ingestion">
        <CircularProgress aria-label="Loading the ingestion status" />
      </AdminSection>
    );
  if (!data)
    return (
      <AdminSection title="Ingestion" testId="admin-ingestion">
        <Alert severity="error">{errorMessage(error, 'The ingestion status could not be loaded.')}</Alert>
      </AdminSection>
    );
  const { queue } = data;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <AdminSection
        title="Ingestion"
        testId="admin-ingestion"
        aside={
          <Typography variant="body2" color="text.secondary" data-testid="admin-queue">
            Queue: {queue.queued} waiting · {queue.running} running · {queue.failed} failed
          </Typography>
        }
      >
        <Typography variant="body2" color="text.secondary">
          A paused provider’s jobs wait in the queue; one running stops at its next batch and goes back to wait.
        </Typography>
        <Switches status={data} />
      </AdminSection>
      <AdminSection title="Last runs" testId="admin-ingestion-runs">
        {data.lastRuns.length === 0 ? (
          <Typography>Nothing has run yet.</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Last run of each dataset">
            {data.lastRuns.map((run) => (
              <Row key={`${run.provider}-${run.dataset}`}>
                <Typography sx={{ fontWeight: 600, minWidth: 180 }}>
                  {run.provider} · {run.dataset}
                </Typography>
                <Chip size="small" variant="outlined" color={RUN_COLOURS[run.status]} label={run.status} />
                <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 200px', minWidth: 0 }}>
                  {when(run.startedAt)} · +{run.added} added · {run.changed} changed · {run.errors} errors
                  {run.message ? ` · ${run.message}` : ''}
                </Typography>
              </Row>
            ))}
          </Box>
        )}
      </AdminSection>
      <AdminSection title="Errors" testId="admin-ingestion-errors">
        {data.errors.length === 0 ? (
          <Typography>No failed or retrying jobs.</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Failed and retrying jobs">
            {data.errors.map((job) => (
              <Row key={job.jobId}>
                <Typography sx={{ fontWeight: 600, minWidth: 180 }}>
                  {job.name}
                  {job.provider ? ` · ${job.provider}` : ''}
                </Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  color={job.status === 'failed' ? 'error' : 'warning'}
                  label={job.status === 'failed' ? 'failed' : 'retrying'}
                />
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {when(job.at)} · attempt {job.attempts} · {job.lastError}
                </Typography>
              </Row>
            ))}
          </Box>
        )}
      </AdminSection>
    </Box>
  );
}
