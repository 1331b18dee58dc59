import type { CalendarEvent } from '@eh/contracts';
import { Box, Button, Chip, DialogActions, DialogContent, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { symbolPath } from '../../app/routes.ts';
import { formatDateTime, periodLabel } from '../market/format.ts';
import { useGetEventQuery } from '../market/market-api.ts';
import type { ModalContentProps } from '../modals/modal-content.ts';
import { LoadError, LoadingRows } from '../quote/query-state.tsx';
import { UpgradePrompt } from '../quote/upgrade-prompt.tsx';
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

export interface EventModalProps extends ModalContentProps {
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
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 0.5, flexWrap: 'wrap' }}>
                <Chip size="small" label={EVENT_LOOKS[event.eventType].label} sx={{ fontWeight: 700 }} />
                <Chip
                  size="small"
                  variant="outlined"
                  color={event.eventStatus === 'live' ? 'error' : 'default'}
                  label={
                    event.eventStatus === 'live' ? 'Live now' : event.eventStatus === 'closed' ? 'Finished' : 'Upcoming'
                  }
                />
              </Box>
              <Typography component="h3" sx={{ fontWeight: 800, fontSize: '1.15rem' }} data-testid="event-title">
                {event.title}
              </Typography>
              <Typography color="text.secondary" data-testid="event-when">
                {formatDateTime(event.eventDate, timeZone)}
              </Typography>
              {event.symbol ? (
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  <Link component={RouterLink} to={symbolPath(event.symbol)} onClick={onClose}>
                    {event.symbol}
                    {event.name ? ` · ${event.name}` : ''}
                  </Link>
                  {event.period && event.periodYear ? ` · ${periodLabel(event.period, event.periodYear)}` : ''}
                </Typography>
              ) : null}
            </Box>
            {event.description ? <Typography variant="body2">{event.description}</Typography> : null}
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
