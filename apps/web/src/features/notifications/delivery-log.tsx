import { Alert, Box, Button, Chip, CircularProgress, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { type DeliveryEntry, useGetDeliveriesQuery } from './notifications-api.ts';
import {
  CHANNEL_LABELS,
  deliveryNote,
  KIND_LABELS,
  NOTIFICATIONS_TEXT,
  STATUS_COLORS,
  STATUS_LABELS,
} from './notifications-text.ts';

/** Entries a page of the log shows. */
export const DELIVERY_LOG_PAGE_SIZE = 10;
/** While a delivery is waiting or sending, the log asks again this often. */
export const DELIVERY_LOG_POLL_MS = 3000;

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function when(entry: DeliveryEntry): string {
  if (entry.sentAt) return timeFormat.format(new Date(entry.sentAt));
  if (entry.status === 'queued' && Date.parse(entry.notBefore) > Date.now() + 60_000) {
    return `not before ${timeFormat.format(new Date(entry.notBefore))}`;
  }
  return timeFormat.format(new Date(entry.createdAt));
}

function Entry({ entry }: { entry: DeliveryEntry }) {
  const note = deliveryNote(entry);
  return (
    <Box
      component="li"
      data-testid="delivery-row"
      data-status={entry.status}
      data-channel={entry.channel}
      sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', display: 'grid', gap: 0.5, minWidth: 0 }}
    >
      <Link component={RouterLink} to={entry.path} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {entry.title}
      </Link>
      <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip size="small" color={STATUS_COLORS[entry.status]} label={STATUS_LABELS[entry.status]} />
        <Chip size="small" variant="outlined" label={CHANNEL_LABELS[entry.channel]} />
        <Typography variant="caption" color="text.secondary">
          {KIND_LABELS[entry.kind]}
          {entry.symbol ? ` · ${entry.symbol}` : ''} ·{' '}
          <time dateTime={entry.sentAt ?? entry.createdAt}>{when(entry)}</time>
        </Typography>
      </Box>
      {note && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {note}
        </Typography>
      )}
    </Box>
  );
}

/** "Notifications sent": the user's delivery log, newest first, a page at a time. */
export function DeliveryLog() {
  // The `before` cursor of each page opened after the first.
  const [cursors, setCursors] = useState<number[]>([]);
  const before = cursors.at(-1);
  const [pending, setPending] = useState(false);
  const page = useGetDeliveriesQuery(
    { limit: DELIVERY_LOG_PAGE_SIZE, ...(before ? { before } : {}) },
    { pollingInterval: pending ? DELIVERY_LOG_POLL_MS : 0 },
  );
  const entries = page.data?.deliveries ?? [];
  const waiting = entries.some(
    (entry) =>
      entry.status === 'sending' || (entry.status === 'queued' && Date.parse(entry.notBefore) <= Date.now() + 60_000),
  );
  useEffect(() => setPending(waiting), [waiting]);

  if (page.isLoading) return <CircularProgress size={20} aria-label="Loading notifications sent" />;
  if (page.error && !page.data)
    return <Alert severity="error">{errorMessage(page.error, NOTIFICATIONS_TEXT.loadError)}</Alert>;
  return (
    <Box data-testid="delivery-log" sx={{ display: 'grid', gap: 1 }}>
      {entries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {NOTIFICATIONS_TEXT.logEmpty}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </Box>
      )}
      {(cursors.length > 0 || page.data?.next) && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
            {NOTIFICATIONS_TEXT.newer}
          </Button>
          <Button
            size="small"
            disabled={!page.data?.next}
            onClick={() => {
              const next = page.data?.next;
              if (next) setCursors((c) => [...c, next]);
            }}
          >
            {NOTIFICATIONS_TEXT.older}
          </Button>
        </Box>
      )}
    </Box>
  );
}
