import type { CalendarEvent } from '@eh/contracts';
import { Alert, Box, Button, Chip, Link, Paper, Tab, Tabs, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { DemoBadge } from '../../shared/demo-badge.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { periodLabel, relativeDays } from '../../shared/market/format.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { pageById } from '../../shared/page-content.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { SymbolLogo } from '../../shared/symbol-logo.tsx';
import { dayHeading, GatedNotice, useTimeZone } from '../calendar/index.ts';
import type { LiveStatus } from '../live/index.ts';
import { useLiveStatus } from '../live/index.ts';
import { useGetYoutubeStreamQuery } from '../live-calls/index.ts';
import { useGetCallsQuery } from './calls-api.ts';
import {
  byDay,
  CALL_TABS,
  CALLS_PAGE_SIZE,
  type CallTab,
  callLink,
  callPagePath,
  callTabOf,
  callTime,
  localDay,
  splitLive,
} from './calls-model.ts';

/**
 * How often the live and upcoming list is read again while the live socket is not open (a call goes live, or
 * ends); while it is open, each call's moves arrive as `event` messages and patch the list (live-cache.ts).
 */
const LIVE_POLL_MS = 60_000;

/** Once the socket opens again after being lost, the list is read once: the moves it missed meanwhile. */
function useRefetchOnReopen(status: LiveStatus, refetch: () => unknown) {
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (status === 'open' && (was === 'reconnecting' || was === 'stopped')) void refetch();
  }, [status, refetch]);
}

function CallRow({ call, timeZone }: { call: CalendarEvent; timeZone: string }) {
  const link = callLink(call);
  const page = callPagePath(call);
  const symbol = call.symbol?.toUpperCase() ?? '';
  return (
    <Box
      component="li"
      data-testid="call-row"
      data-event-id={call.id}
      data-symbol={symbol}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'auto minmax(0, 1fr) auto', sm: 'auto minmax(0, 1fr) auto auto' },
        gridTemplateAreas: { xs: '"logo name link" "logo time link"', sm: '"logo name time link"' },
        columnGap: 1.5,
        rowGap: 0.25,
        alignItems: 'center',
        px: { xs: 1.5, sm: 2 },
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Box sx={{ gridArea: 'logo' }}>
        <SymbolLogo symbol={symbol || '?'} size={36} />
      </Box>
      <Box sx={{ gridArea: 'name', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Typography component="span" sx={{ fontWeight: 700 }} data-testid="call-symbol">
            {symbol || '—'}
          </Typography>
          {call.eventStatus === 'live' ? <Chip size="small" color="error" label="Live" /> : null}
          {call.period && call.periodYear ? (
            <Typography component="span" variant="body2" color="text.secondary" data-testid="call-period">
              {periodLabel(call.period, call.periodYear)}
            </Typography>
          ) : null}
        </Box>
        {page ? (
          <Link
            component={RouterLink}
            to={page}
            variant="body2"
            color="text.primary"
            underline="hover"
            data-testid="call-company"
            sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {call.name ?? call.title}
          </Link>
        ) : (
          <Typography variant="body2" noWrap data-testid="call-company">
            {call.name ?? call.title}
          </Typography>
        )}
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="call-time"
        sx={{ gridArea: 'time', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        <time dateTime={call.eventDate}>{callTime(call.eventDate, timeZone)}</time>
      </Typography>
      <Box sx={{ gridArea: 'link', justifySelf: 'end' }}>
        {link ? (
          <Button
            component={RouterLink}
            to={link.to}
            size="small"
            variant={link.kind === 'live' ? 'contained' : link.kind === 'transcript' ? 'outlined' : 'text'}
            data-testid={`call-${link.kind}`}
            aria-label={`${link.label}: ${symbol}${call.period && call.periodYear ? ` ${periodLabel(call.period, call.periodYear)}` : ''}`}
          >
            {link.label}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

/** Calls grouped by the reader's day, each day a heading and its rows. */
function CallDays({ calls, timeZone }: { calls: readonly CalendarEvent[]; timeZone: string }) {
  const today = localDay(new Date().toISOString(), timeZone);
  return (
    <>
      {byDay(calls, timeZone).map(({ day, calls: dayCalls }) => {
        const relative = relativeDays(day, today);
        return (
          <Box component="section" key={day} aria-labelledby={`calls-day-${day}`} sx={{ mb: 2 }}>
            <Typography variant="subtitle2" component="h3" id={`calls-day-${day}`} sx={{ mb: 0.75 }}>
              {dayHeading(day)}
              {/^(today|tomorrow|yesterday)$/.test(relative) ? (
                <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                  {` · ${relative}`}
                </Box>
              ) : null}
            </Typography>
            <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="calls-day">
              {dayCalls.map((call) => (
                <CallRow key={call.id} call={call} timeZone={timeZone} />
              ))}
            </Paper>
          </Box>
        );
      })}
    </>
  );
}

function ShowMore({ shown, onMore, loading }: { shown: number; onMore: () => void; loading: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
      <Button variant="outlined" onClick={onMore} disabled={loading} data-testid="calls-more">
        Show more
      </Button>
      <Typography variant="body2" color="text.secondary">
        {shown.toLocaleString('en-US')} shown
      </Typography>
    </Box>
  );
}

function UpcomingPanel({ timeZone }: { timeZone: string }) {
  const [limit, setLimit] = useState(CALLS_PAGE_SIZE);
  const status = useLiveStatus();
  const calls = useGetCallsQuery({ tab: 'upcoming', limit }, { pollingInterval: status === 'open' ? 0 : LIVE_POLL_MS });
  useRefetchOnReopen(status, calls.refetch);
  if (calls.isLoading) return <LoadingRows rows={6} height={56} />;
  if (calls.error) return <LoadError error={calls.error} onRetry={calls.refetch} />;
  const { live, upcoming } = splitLive(calls.data?.events ?? []);
  return (
    <>
      <Box component="section" aria-labelledby="calls-live-h" sx={{ mb: 3 }} data-testid="calls-live">
        <Typography variant="h3" component="h2" id="calls-live-h" sx={{ mb: 1 }}>
          Live now
        </Typography>
        {live.length ? (
          <CallDays calls={live} timeZone={timeZone} />
        ) : (
          <EmptyState>No earnings call is live right now.</EmptyState>
        )}
      </Box>
      <Box component="section" aria-labelledby="calls-upcoming-h" data-testid="calls-upcoming">
        <Typography variant="h3" component="h2" id="calls-upcoming-h" sx={{ mb: 1 }}>
          Upcoming
        </Typography>
        {upcoming.length ? (
          <CallDays calls={upcoming} timeZone={timeZone} />
        ) : (
          <EmptyState>No earnings call is scheduled yet.</EmptyState>
        )}
        {calls.data?.hasMore ? (
          <ShowMore
            shown={calls.data.events.length}
            loading={calls.isFetching}
            onMore={() => setLimit((value) => value + CALLS_PAGE_SIZE)}
          />
        ) : null}
      </Box>
    </>
  );
}

function RecordedPanel({ timeZone }: { timeZone: string }) {
  const [limit, setLimit] = useState(CALLS_PAGE_SIZE);
  const status = useLiveStatus();
  const calls = useGetCallsQuery({ tab: 'recorded', limit });
  useRefetchOnReopen(status, calls.refetch);
  if (calls.isLoading) return <LoadingRows rows={8} height={56} />;
  if (calls.error) return <LoadError error={calls.error} onRetry={calls.refetch} />;
  const events = calls.data?.events ?? [];
  return (
    <Box component="section" aria-labelledby="calls-recorded-h" data-testid="calls-recorded">
      <Typography variant="h3" component="h2" id="calls-recorded-h" sx={{ mb: 1 }}>
        Recorded
      </Typography>
      {/* What the plan withheld (recordings of finished calls): one line over the list, not one per row. */}
      <GatedNotice gated={calls.data?.gated ?? []} historyStart={null} />
      {events.length ? (
        <CallDays calls={events} timeZone={timeZone} />
      ) : (
        <EmptyState>No call has been recorded yet.</EmptyState>
      )}
      {calls.data?.hasMore ? (
        <ShowMore
          shown={events.length}
          loading={calls.isFetching}
          onMore={() => setLimit((value) => value + CALLS_PAGE_SIZE)}
        />
      ) : null}
    </Box>
  );
}

/** The event streaming on YouTube now (SPEC §7 /events/youtube-stream), if one is: a way into the video modal. */
function VideoStream() {
  const dispatch = useAppDispatch();
  const stream = useGetYoutubeStreamQuery(undefined, { pollingInterval: LIVE_POLL_MS }).data?.stream;
  if (!stream) return null;
  return (
    <Alert
      severity="success"
      icon={false}
      sx={{ mb: 2 }}
      data-testid="calls-video"
      action={
        <Button color="inherit" size="small" onClick={() => dispatch(modalOpened({ kind: 'video' }))}>
          Watch
        </Button>
      }
    >
      {`Streaming on video now: ${stream.title}`}
    </Alert>
  );
}

/**
 * /calls: earnings calls live now and coming up, and recorded calls, in the reader's time zone; a live call's row
 * leads to its live page, a finished one's to its transcript once published, else to the company's events.
 */
export default function CallsPage() {
  const page = pageById('calls');
  useDocumentMeta(page.title, page.description);
  const [timeZone] = useTimeZone();
  const [params, setParams] = useSearchParams();
  const tab = callTabOf(params.get('tab'));
  const first = useGetCallsQuery({ tab, limit: CALLS_PAGE_SIZE }).data?.events[0];
  const choose = (next: CallTab) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === CALL_TABS[0].key) updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return (
    <PageFrame
      title={page.title}
      description={page.description}
      maxWidth="md"
      aside={<DemoBadge source={first?.source} />}
    >
      <Alert severity="info" sx={{ mb: 2 }} data-testid="calls-note">
        Open a live call to follow its transcript as it is spoken and its comments as they are written, with its audio
        where the company streams it. Finished calls link to their transcript once it is published.
      </Alert>
      <VideoStream />
      <Tabs
        value={tab}
        onChange={(_, value: CallTab) => choose(value)}
        aria-label="Calls"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {CALL_TABS.map((item) => (
          <Tab
            key={item.key}
            value={item.key}
            label={item.label}
            id={`calls-tab-${item.key}`}
            aria-controls={`calls-panel-${item.key}`}
            data-testid={`calls-tab-${item.key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`calls-panel-${tab}`} aria-labelledby={`calls-tab-${tab}`}>
        {tab === 'recorded' ? <RecordedPanel timeZone={timeZone} /> : <UpcomingPanel timeZone={timeZone} />}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {`Times are shown in your time zone (${timeZone.replace(/_/g, ' ')}).`}
      </Typography>
    </PageFrame>
  );
}
