import AppleIcon from '@mui/icons-material/Apple';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventIcon from '@mui/icons-material/Event';
import GoogleIcon from '@mui/icons-material/Google';
import { Alert, Box, Button, CircularProgress, Paper, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import { useAppDispatch } from '../../shared/hooks.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import {
  useCreateCalendarFeedMutation,
  useDeleteCalendarFeedMutation,
  useGetCalendarFeedQuery,
} from './calendar-feed-api.ts';
import { googleCalendarUrl, isPrivateHost, webcalUrl } from './calendar-feed-links.ts';

/** What the section says, once (DESIGN §7). */
export const CALENDAR_FEED_TEXT = {
  title: 'Calendar feed',
  intro:
    'Subscribe to the earnings dates of the stocks in your lists and alerts from Google Calendar, Apple Calendar, Outlook or any calendar app. Each report shows its session and whether its date is confirmed or estimated, and moves when the date moves.',
  turnOn: 'Turn on calendar feed',
  privacy: 'Anyone with this link can see which stocks you follow. Keep it to yourself; if it leaks, get a new link.',
  refresh: 'Calendar apps check a subscribed calendar on their own schedule, from every hour to about once a day.',
  privateHost:
    'This server is on your own computer or network: Google Calendar fetches feeds from its own servers and cannot reach it.',
  rotateConfirm: 'Get a new link? Your current link stops working at once: calendars subscribed to it stop updating.',
  copied: 'Calendar link copied',
  copyByHand: 'Press Ctrl+C (⌘C) to copy the selected link',
  turnedOff: 'Calendar feed turned off: its link no longer works',
  rotated: 'New calendar link ready: the old one no longer works',
} as const;

/** The profile's calendar feed: turn on, copy or add the secret link, get a new one, turn off. */
export function CalendarFeedSection() {
  const dispatch = useAppDispatch();
  const feed = useGetCalendarFeedQuery();
  const [create, creating] = useCreateCalendarFeedMutation();
  const [remove, removing] = useDeleteCalendarFeedMutation();
  const [confirming, setConfirming] = useState(false);
  const field = useRef<HTMLInputElement | null>(null);
  const busy = creating.isLoading || removing.isLoading;
  const url = feed.data?.feed?.url ?? null;
  const failure = creating.error ?? removing.error;

  const turnOn = async (rotate: boolean) => {
    setConfirming(false);
    const done = await create();
    if ('data' in done && rotate) dispatch(toastShown({ message: CALENDAR_FEED_TEXT.rotated, severity: 'success' }));
  };
  const turnOff = async () => {
    setConfirming(false);
    const done = await remove();
    if ('data' in done) dispatch(toastShown({ message: CALENDAR_FEED_TEXT.turnedOff, severity: 'success' }));
  };
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      dispatch(toastShown({ message: CALENDAR_FEED_TEXT.copied, severity: 'success' }));
    } catch {
      // No clipboard permission (an insecure origin, an old browser): select it for a manual copy.
      field.current?.select();
      dispatch(toastShown({ message: CALENDAR_FEED_TEXT.copyByHand, severity: 'info' }));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }} data-testid="calendar-feed">
      <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        {CALENDAR_FEED_TEXT.title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {CALENDAR_FEED_TEXT.intro}
      </Typography>
      {feed.isLoading ? (
        <CircularProgress size={24} aria-label="Loading your calendar feed" />
      ) : feed.error ? (
        <Alert severity="error" action={<Button onClick={() => void feed.refetch()}>Try again</Button>}>
          {errorMessage(feed.error, 'Your calendar feed could not be loaded.')}
        </Alert>
      ) : url ? (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              label="Your calendar link"
              size="small"
              value={url}
              inputRef={field}
              onFocus={(event) => event.target.select()}
              sx={{ flex: 1, minWidth: 0 }}
              slotProps={{
                htmlInput: {
                  readOnly: true,
                  spellCheck: false,
                  'data-testid': 'calendar-feed-url',
                  style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.8rem' },
                },
              }}
            />
            <Button
              variant="outlined"
              startIcon={<ContentCopyIcon />}
              onClick={() => void copy()}
              data-testid="calendar-feed-copy"
            >
              Copy
            </Button>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<GoogleIcon />}
              href={googleCalendarUrl(url)}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="calendar-feed-google"
            >
              Add to Google Calendar
            </Button>
            <Button
              variant="contained"
              startIcon={<AppleIcon />}
              href={webcalUrl(url)}
              data-testid="calendar-feed-apple"
            >
              Add to Apple Calendar
            </Button>
          </Box>
          {isPrivateHost(url) && (
            <Typography variant="body2" color="text.secondary" data-testid="calendar-feed-private-host">
              {CALENDAR_FEED_TEXT.privateHost}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            {CALENDAR_FEED_TEXT.privacy} {CALENDAR_FEED_TEXT.refresh}
          </Typography>
          {confirming ? (
            <Alert severity="warning" data-testid="calendar-feed-rotate-confirm">
              <Box sx={{ display: 'grid', gap: 1 }}>
                {CALENDAR_FEED_TEXT.rotateConfirm}
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  <Button
                    color="warning"
                    variant="contained"
                    size="small"
                    disabled={busy}
                    onClick={() => void turnOn(true)}
                    data-testid="calendar-feed-rotate-yes"
                  >
                    Get new link
                  </Button>
                  <Button color="inherit" size="small" onClick={() => setConfirming(false)}>
                    Cancel
                  </Button>
                </Box>
              </Box>
            </Alert>
          ) : (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button disabled={busy} onClick={() => setConfirming(true)} data-testid="calendar-feed-rotate">
                Get a new link
              </Button>
              <Button color="error" disabled={busy} onClick={() => void turnOff()} data-testid="calendar-feed-off">
                Turn off
              </Button>
            </Box>
          )}
        </>
      ) : (
        <Button
          variant="contained"
          startIcon={<EventIcon />}
          disabled={busy}
          onClick={() => void turnOn(false)}
          sx={{ justifySelf: 'start' }}
          data-testid="calendar-feed-on"
        >
          {CALENDAR_FEED_TEXT.turnOn}
        </Button>
      )}
      {failure && <Alert severity="error">{errorMessage(failure)}</Alert>}
    </Paper>
  );
}
