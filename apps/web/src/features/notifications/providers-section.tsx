import { DELIVERY_STATUSES } from '@eh/domain';
import {
  Alert,
  Box,
  Button,
  Chip,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { errorMessage } from '../../shared/api.ts';
import { useGetNotificationProvidersQuery } from './notifications-api.ts';
import { STATUS_LABELS } from './notifications-text.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });
const at = (iso: string | null) => (iso ? timeFormat.format(new Date(iso)) : '—');

/** /dev: each notification transport's circuit (failures in a row, resting until) and the delivery queue. */
export function NotificationProvidersSection() {
  const { data, error, isLoading, isFetching, refetch } = useGetNotificationProvidersQuery();
  if (isLoading) return <Skeleton variant="rounded" height={160} />;
  if (!data)
    return <Alert severity="error">{errorMessage(error, 'Could not load the notification transports.')}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="notification-providers">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
          Deliveries:
        </Typography>
        {DELIVERY_STATUSES.map((status) => (
          <Chip key={status} size="small" variant="outlined" label={`${STATUS_LABELS[status]} ${data.queue[status]}`} />
        ))}
        <Button size="small" onClick={() => refetch()} loading={isFetching} sx={{ ml: 'auto' }}>
          Refresh
        </Button>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Notification transports">
          <TableHead>
            <TableRow>
              <TableCell>Transport</TableCell>
              <TableCell>Circuit</TableCell>
              <TableCell align="right" title="Failures in a row">
                Failures
              </TableCell>
              <TableCell>Last success</TableCell>
              <TableCell>Last error</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.providers.map((provider) => (
              <TableRow key={provider.name} data-testid={`provider-${provider.name}`}>
                <TableCell>{provider.name}</TableCell>
                <TableCell>
                  {provider.state === 'open' ? (
                    <Chip size="small" color="error" label={`Resting until ${at(provider.openUntil)}`} />
                  ) : (
                    <Chip size="small" color="success" variant="outlined" label="Working" />
                  )}
                </TableCell>
                <TableCell align="right">{provider.failures}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{at(provider.lastSuccessAt)}</TableCell>
                <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                  {provider.lastError ? `${provider.lastError} (${at(provider.lastFailureAt)})` : '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
