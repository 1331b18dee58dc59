import { Button, Container, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useMatches, useNavigate, useParams } from 'react-router';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { CalendarBoard } from './calendar-board.tsx';
import {
  type CalendarPageId,
  isCalendarPageId,
  readSelectedDate,
  resolveCalendarLocation,
  THIS_MONTH_PATH,
  thisWeekPath,
  viewPath,
  weekOfPath,
  withSelectedDate,
} from './calendar-route.ts';
import type { CalendarTarget } from './calendar-toolbar.tsx';

/** Re-reads "now" every minute, so "this week" and "today" roll over while the page stays open. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function usePageId(): CalendarPageId {
  const matches = useMatches();
  for (const match of matches) {
    const handle = match.handle as { pageId?: unknown } | undefined;
    if (isCalendarPageId(handle?.pageId)) return handle.pageId;
  }
  return 'calendarWeek';
}

/**
 * Every calendar route of SPEC §2 (this week, this month, week of, month of, and the list's this week and week
 * of): reads the window from the URL and `?selectedDate=`, moves a week slug that is not a Monday to the Monday's
 * URL, and shows the board. Each window has its own URL, title and description.
 */
export default function CalendarPage() {
  const pageId = usePageId();
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const now = useNow();
  const location = useMemo(
    () => resolveCalendarLocation(pageId, { dateSlug: params.dateSlug, monthYearSlug: params.monthYearSlug }, now),
    [pageId, params.dateSlug, params.monthYearSlug, now],
  );
  const hrefFor = useCallback(
    (target: CalendarTarget) =>
      withSelectedDate(viewPath(target.view, target.date, now), target.select ? target.date : null),
    [now],
  );
  const go = useCallback(
    (target: CalendarTarget, options?: { replace?: boolean }) => navigate(hrefFor(target), options),
    [navigate, hrefFor],
  );

  // A week slug that is not a Monday moves to the Monday's URL, keeping the day it named as the selected day.
  const canonical =
    !('invalid' in location) && location.view !== 'month' && location.nonCanonicalSlug
      ? withSelectedDate(
          weekOfPath(location.view, location.week.start),
          readSelectedDate(location.nonCanonicalSlug, location),
        )
      : null;
  useEffect(() => {
    if (canonical) navigate(canonical, { replace: true });
  }, [canonical, navigate]);

  if ('invalid' in location) return <NoSuchWindow view={location.view} />;
  if (canonical) return null;
  const selected = readSelectedDate(new URLSearchParams(search).get('selectedDate'), location);
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2, md: 4 }, px: { xs: 2, sm: 3 } }}>
      <CalendarBoard location={location} selected={selected} now={now} hrefFor={hrefFor} navigate={go} />
    </Container>
  );
}

function NoSuchWindow({ view }: { view: 'week' | 'list' | 'month' }) {
  const what = view === 'month' ? 'month' : 'week';
  useDocumentMeta(`No such ${what}`, 'The calendar covers 1900 to 2099.');
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        No such {what}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        This address does not name a {what} between January 1900 and December 2099.
      </Typography>
      <Button component={RouterLink} to={view === 'month' ? THIS_MONTH_PATH : thisWeekPath(view)} variant="contained">
        Go to this {what}
      </Button>
    </Container>
  );
}
