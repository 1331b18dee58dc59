import { Box, Chip, Link, List, ListItem, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../shared/market/format.ts';
import { type CalendarEventItem, useGetSymbolEventsQuery } from '../../shared/market/market-api.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { SectionCard } from '../../shared/section-card.tsx';
import { type SymbolSectionProps, useTimeZone } from '../../shared/symbol-context.ts';
import { UpgradePrompt } from '../../shared/upgrade-prompt.tsx';

/** SPEC §3 calendar event types as a reader names them. */
export const EVENT_TYPE_LABELS: Readonly<Record<string, string>> = {
  call: 'Earnings call',
  economic: 'Economic release',
  economic_fed: 'Fed',
  ipo: 'IPO',
  dividend_ex: 'Ex-dividend',
  dividend_payment: 'Dividend payment',
};

const STATUS_COLORS = { upcoming: 'info', live: 'error', closed: 'default' } as const;
const STATUS_LABELS = { upcoming: 'Upcoming', live: 'Live now', closed: 'Ended' } as const;

function EventRow({ event, symbol }: { event: CalendarEventItem; symbol: string }) {
  const timeZone = useTimeZone();
  const transcript =
    event.eventType === 'call' && event.eventStatus === 'closed' && event.periodYear && event.period
      ? `/quote/${encodeURIComponent(symbol.toUpperCase())}/${event.periodYear}/${event.period}`
      : null;
  return (
    <ListItem divider sx={{ display: 'block', px: { xs: 2, sm: 2.5 }, py: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Chip size="small" label={EVENT_TYPE_LABELS[event.eventType] ?? event.eventType} variant="outlined" />
        <Chip size="small" label={STATUS_LABELS[event.eventStatus]} color={STATUS_COLORS[event.eventStatus]} />
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(event.eventDate, timeZone)}
        </Typography>
      </Box>
      <Link
        component={RouterLink}
        to={`/${encodeURIComponent(symbol.toUpperCase())}/events/${event.id}`}
        sx={{ fontWeight: 600, color: 'text.primary' }}
      >
        {event.title}
      </Link>
      {event.description ? (
        <Typography variant="body2" color="text.secondary">
          {event.description}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, mt: 0.5, flexWrap: 'wrap' }}>
        {transcript ? (
          <Link component={RouterLink} to={transcript} variant="body2">
            Transcript
          </Link>
        ) : null}
        {event.audioUrl ? (
          <Link href={event.audioUrl} target="_blank" rel="noopener noreferrer" variant="body2">
            Recording
          </Link>
        ) : null}
        {event.youtubeUrl ? (
          <Link href={event.youtubeUrl} target="_blank" rel="noopener noreferrer" variant="body2">
            Watch
          </Link>
        ) : null}
      </Box>
      {event.gated ? (
        <Box sx={{ mt: 1 }}>
          <UpgradePrompt gate={event.gated} compact />
        </Box>
      ) : null}
    </ListItem>
  );
}

/** The company's calls, dividend dates and IPO, newest first. */
export function EventsTab({ symbol, compact }: SymbolSectionProps) {
  const events = useGetSymbolEventsQuery({ symbol });
  const items = events.data?.events ?? [];
  return (
    <SectionCard title="Events" headingLevel={compact ? 'h3' : 'h2'} flush data-testid="events">
      {events.isLoading ? (
        <Box sx={{ px: 2 }}>
          <LoadingRows rows={4} height={48} />
        </Box>
      ) : events.error ? (
        <Box sx={{ px: 2 }}>
          <LoadError error={events.error} onRetry={events.refetch} />
        </Box>
      ) : items.length === 0 ? (
        <Box sx={{ px: 2.5 }}>
          <EmptyState>No calls or other events on record for {symbol.toUpperCase()}.</EmptyState>
        </Box>
      ) : (
        <List disablePadding data-testid="events-list">
          {items.slice(0, compact ? 10 : undefined).map((event) => (
            <EventRow key={event.id} event={event} symbol={symbol} />
          ))}
        </List>
      )}
    </SectionCard>
  );
}
