import type { CalendarEvent } from '@eh/contracts';
import { Box, Button, Chip, DialogActions, DialogContent, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, periodLabel } from '../../shared/market/format.ts';
import { useGetEventQuery } from '../../shared/market/market-api.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { symbolPath } from '../../shared/routes.ts';
import { UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { useTimeZone } from './calendar-preferences.ts';
import { eventFigures, type FigureRow } from './event-figures.ts';
import { EVENT_LOOKS } from './extra-item.tsx';

export function FigureList({ rows }: { rows: readonly FigureRow[] }) {
  if (rows.length === 0) return null;
  return (
    <Box
      component="dl"
      data-testid="event-figures"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {row.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {row.href ? (
              <Link href={row.href} target="_blank" rel="noopener noreferrer">
                {row.value}
              </Link>
            ) : (
              row.value
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const STATUS_LABELS = { upcoming: 'Upcoming', live: 'Live now', closed: 'Finished' } as const;

/** An event's kind and whether it is upcoming, live or over (the modal and the event page). */
export function EventChips({ event, children }: { event: CalendarEvent; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
      <Chip size="small" label={EVENT_LOOKS[event.eventType].label} sx={{ fontWeight: 700 }} />
      <Chip
        size="small"
        variant="outlined"
        color={event.eventStatus === 'live' ? 'error' : 'default'}
        label={STATUS_LABELS[event.eventStatus]}
        data-testid="event-status"
      />
      {children}
    </Box>
  );
}

/** The company an event is about, linked to its symbol page, with the quarter for calls. */
export function EventSubject({
  event,
  color,
  onNavigate,
}: {
  event: CalendarEvent;
  color?: 'text.secondary';
  onNavigate?: () => void;
}) {
  if (!event.symbol) return null;
  const symbol = event.symbol.toUpperCase();
  return (
    <Typography variant="body2" {...(color ? { color } : { sx: { mt: 0.5 } })}>
      <Link component={RouterLink} to={symbolPath(symbol)} {...(onNavigate ? { onClick: onNavigate } : {})}>
        {symbol}
        {event.name ? ` · ${event.name}` : ''}
      </Link>
      {event.period && event.periodYear ? ` · ${periodLabel(event.period, event.periodYear)}` : ''}
    </Typography>
  );
}

/** What the reader's plan withholds of an event, then its figures. */
export function EventFigures({ event, timeZone }: { event: CalendarEvent; timeZone: string }) {
  return (
    <>
      {event.gated ? (
        <UpgradePrompt
          gate={event.gated}
          compact
          note={
            event.gated.feature === 'historicalAudio'
              ? 'The call’s page stays open to everyone.'
              : 'You see the release’s title and time.'
          }
        />
      ) : null}
      <FigureList rows={eventFigures(event, timeZone)} />
    </>
  );
}

export interface EventModalProps extends ModalContentProps<'ipoEvent' | 'economicEvent' | 'callEvent'> {
  /** What this kind adds under the common header (IPO terms, the call's media…). */
  extra?: (event: CalendarEvent) => ReactNode;
}

/**
 * The common body of the ipo, economic and call event modals: what and when (in the reader's zone), the company,
 * the figures the plan allows (an upgrade prompt where it withheld them), and the source.
 */
export function EventModalBody({ entry, onClose, extra }: EventModalProps) {
  const id = Number(entry.props.id);
  const [timeZone] = useTimeZone();
  const query = useGetEventQuery({ id }, { skip: !Number.isInteger(id) || id <= 0 });
  const event = query.data;
  return (
    <>
      <DialogContent dividers data-testid="event-details">
        {query.isLoading ? (
          <LoadingRows rows={4} />
        ) : query.error ? (
          <LoadError error={query.error} onRetry={query.refetch} />
        ) : event ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Box>
              <EventChips event={event} />
              <Typography component="h3" sx={{ fontWeight: 800, fontSize: '1.15rem' }} data-testid="event-title">
                {event.title}
              </Typography>
              <Typography color="text.secondary" data-testid="event-when">
                {formatDateTime(event.eventDate, timeZone)}
              </Typography>
              <EventSubject event={event} onNavigate={onClose} />
            </Box>
            {event.description ? <Typography variant="body2">{event.description}</Typography> : null}
            <EventFigures event={event} timeZone={timeZone} />
            {extra?.(event)}
            <Typography variant="caption" color="text.secondary">
              Source: {event.source === 'demo' ? 'demo data' : event.source}
            </Typography>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}
