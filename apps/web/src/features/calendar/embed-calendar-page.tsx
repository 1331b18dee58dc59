import { Box, Link, Typography } from '@mui/material';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { APP_NAME } from '../../shared/constants.ts';
import { useProvenance } from '../app-info/index.ts';
import { CalendarBoard } from './calendar-board.tsx';
import { useNow } from './calendar-page.tsx';
import { readSelectedDate, resolveEmbedLocation } from './calendar-route.ts';
import type { CalendarTarget } from './calendar-toolbar.tsx';

/** The query of an embed URL: the view, the day, and the host page's theme (kept across navigation). */
export function embedHref(target: CalendarTarget, theme: string | null): string {
  const query = new URLSearchParams();
  if (target.view !== 'week') query.set('view', target.view);
  query.set('selectedDate', target.date);
  if (theme === 'light' || theme === 'dark') query.set('theme', theme);
  return `/embed/calendar?${query.toString()}`;
}

/**
 * The calendar for other sites' iframes (SPEC §2 /embed/calendar): no site chrome, the host's `?theme=`, the same
 * views, filters and toggles as the calendar page, report details in a modal, and an attribution linking back.
 * `modals`: the modal stack's host, which the composition root hands in (app/embed-calendar.tsx).
 */
export default function EmbedCalendarPage({ modals }: { modals: ReactNode }) {
  // Plain URLSearchParams: react-router's search-params helpers would grow the always-loaded router chunk.
  const search = new URLSearchParams(useLocation().search);
  const navigate = useNavigate();
  const now = useNow();
  const provenance = useProvenance();
  const theme = search.get('theme');
  const view = search.get('view');
  const date = search.get('selectedDate');
  const location = useMemo(() => resolveEmbedLocation(view, date, now), [view, date, now]);
  const selected = readSelectedDate(search.get('selectedDate'), location);
  const hrefFor = useCallback((target: CalendarTarget) => embedHref(target, theme), [theme]);
  const go = useCallback(
    (target: CalendarTarget, options?: { replace?: boolean }) => navigate(hrefFor(target), options),
    [navigate, hrefFor],
  );
  return (
    <Box
      component="main"
      data-testid="embed-calendar"
      // The page's own padding at every width: the filter row bleeds to the edges by exactly the app's phone padding.
      sx={{ px: 2, py: 2, minHeight: '100vh', bgcolor: 'background.default', color: 'text.primary' }}
    >
      <CalendarBoard location={location} selected={selected} now={now} hrefFor={hrefFor} navigate={go} embedded />
      <Box
        component="footer"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          mt: 3,
          pt: 1.5,
          borderTop: 1,
          borderColor: 'divider',
          flexWrap: 'wrap',
        }}
      >
        <Logo size={18} />
        <Typography variant="caption" color="text.secondary">
          Powered by{' '}
          <Link href="/earnings-calendar/this-week" target="_blank" rel="noopener" data-testid="embed-attribution">
            {APP_NAME}
          </Link>
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }} data-testid="data-provenance">
          {provenance}
        </Typography>
      </Box>
      {modals}
    </Box>
  );
}
