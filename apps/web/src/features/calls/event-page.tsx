import type { CalendarEvent } from '@eh/contracts';
import { DEMO_REPLAY_SOURCE, DEMO_SOURCE } from '@eh/domain';
import { Alert, Box, Button, Container, Paper, Typography } from '@mui/material';
import { lazy, Suspense, useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { NOT_FOUND_HEADING } from '../../shared/constants.ts';
import { DemoBadge } from '../../shared/demo-badge.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { formatDateTime } from '../../shared/market/format.ts';
import { useGetEventQuery } from '../../shared/market/market-api.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { pageById } from '../../shared/page-content.ts';
import { LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { pageTitle, paramsAreValid, SYMBOL_TABS, symbolPath } from '../../shared/routes.ts';
import { SymbolLogo } from '../../shared/symbol-logo.tsx';
import { EventChips, EventFigures, EventSubject, useTimeZone } from '../calendar/index.ts';
import { loadEventSlidesSection } from '../event-slides/index.ts';
import { NotFoundPage } from '../info/index.ts';
import { loadLiveCall } from '../live-calls/index.ts';
import { callLink, callPagePath, endedCallNote } from './calls-model.ts';

const EVENTS_TAB = SYMBOL_TABS.find((tab) => tab.key === 'events');

/** A call's audio, live transcript and comments: a chunk of their own, loaded with a call's page. */
const LiveCall = lazy(loadLiveCall);
/** A call's slides and reports beside a resizable side panel: a chunk of its own, loaded with a call's page. */
const EventSlidesSection = lazy(loadEventSlidesSection);

function EventView({ event }: { event: CalendarEvent }) {
  const [timeZone] = useTimeZone();
  const symbol = event.symbol?.toUpperCase() ?? null;
  const link = callLink(event);
  const dispatch = useAppDispatch();
  const isCall = event.eventType === 'call';
  const ended = endedCallNote(event);
  return (
    <Box data-testid="event-page" data-event-id={event.id}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
        {symbol ? <SymbolLogo symbol={symbol} size={44} /> : null}
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <EventChips event={event}>
            <DemoBadge source={event.source === DEMO_REPLAY_SOURCE ? DEMO_SOURCE : event.source} />
          </EventChips>
          <Typography variant="h1" component="h1" sx={{ wordBreak: 'break-word' }} data-testid="event-title">
            {event.title}
          </Typography>
        </Box>
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 2 }}>
        {ended ? (
          <Alert severity="info" role="status" data-testid="event-ended">
            {ended}
          </Alert>
        ) : null}
        <Box>
          <Typography sx={{ fontWeight: 600 }} data-testid="event-when">
            <time dateTime={event.eventDate}>{formatDateTime(event.eventDate, timeZone)}</time>
          </Typography>
          <EventSubject event={event} color="text.secondary" />
        </Box>
        {event.description ? <Typography>{event.description}</Typography> : null}
        <EventFigures event={event} timeZone={timeZone} />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {link?.kind === 'transcript' ? (
            <Button component={RouterLink} to={link.to} variant="contained" data-testid="event-transcript">
              Read the transcript
            </Button>
          ) : null}
          {event.audioUrl && !isCall ? (
            <Button href={event.audioUrl} target="_blank" rel="noopener noreferrer" variant="outlined">
              Recording
            </Button>
          ) : null}
          {event.youtubeUrl ? (
            <Button
              variant="outlined"
              onClick={() =>
                dispatch(modalOpened({ kind: 'video', props: { youtubeUrl: event.youtubeUrl, title: event.title } }))
              }
              data-testid="event-video"
            >
              Watch the video
            </Button>
          ) : null}
          {symbol ? (
            <Button component={RouterLink} to={symbolPath(symbol, EVENTS_TAB)} data-testid="event-symbol-events">
              {`All ${symbol} events`}
            </Button>
          ) : null}
          {event.eventType === 'call' ? (
            <Button component={RouterLink} to="/calls">
              All calls
            </Button>
          ) : null}
        </Box>
        <Typography variant="caption" color="text.secondary">
          Times are shown in your time zone ({timeZone.replace(/_/g, ' ')}). Source:{' '}
          {event.source === 'demo' ? 'demo data' : event.source === DEMO_REPLAY_SOURCE ? 'a demo replay' : event.source}
        </Typography>
      </Paper>
      {isCall && event.periodYear !== null ? (
        <Suspense fallback={null}>
          <EventSlidesSection event={event} />
        </Suspense>
      ) : null}
      {isCall ? (
        <Suspense fallback={<LoadingRows rows={4} />}>
          <LiveCall event={event} path={callPagePath(event)} />
        </Suspense>
      ) : null}
    </Box>
  );
}

/**
 * /{symbol}/events/{eventId} (SPEC §2): one call or event: when it happens in the reader's zone, its status and
 * details, the transcript and recording once published. A symbol that is not the event's own moves to the event's
 * own address; an unknown event gets the not-found page.
 */
export default function EventPage() {
  const params = useParams();
  const id = Number(params.eventId);
  const valid = paramsAreValid(params) && Number.isInteger(id) && id > 0;
  const query = useGetEventQuery({ id }, { skip: !valid });
  const event = query.data;
  const notFound = !valid || (query.error && 'status' in query.error && query.error.status === 404);
  const navigate = useNavigate();
  const canonical = event ? callPagePath(event) : null;
  const here = `/${encodeURIComponent((params.symbol ?? '').toUpperCase())}/events/${id}`;
  useEffect(() => {
    if (canonical && canonical !== here) navigate(`${canonical}${window.location.search}`, { replace: true });
  }, [canonical, here, navigate]);
  const page = pageById('symbolEvent');
  const [timeZone] = useTimeZone();
  useDocumentMeta(
    notFound ? NOT_FOUND_HEADING : (event?.title ?? pageTitle(page.title, params)),
    notFound
      ? undefined
      : event
        ? `${event.title}: ${formatDateTime(event.eventDate, timeZone)}. ${page.description}`
        : page.description,
  );
  if (notFound) return <NotFoundPage />;
  return (
    <Container maxWidth={event?.eventType === 'call' ? 'lg' : 'md'} sx={{ py: { xs: 3, md: 5 } }}>
      {event ? (
        <EventView event={event} />
      ) : query.error ? (
        <LoadError error={query.error} onRetry={query.refetch} />
      ) : (
        <LoadingRows rows={6} />
      )}
    </Container>
  );
}
