import type { CalendarEvent, LiveTranscriptSegment } from '@eh/contracts';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { Box, Button, Typography } from '@mui/material';
import { useLayoutEffect, useRef, useState } from 'react';
import { UpgradePrompt } from '../../shared/upgrade-prompt.tsx';
import { isAtBottom, speakerTurns } from './live-calls-model.ts';

export interface TranscriptView {
  segments: readonly LiveTranscriptSegment[];
  available: boolean;
  gated: boolean;
  loading: boolean;
  error: string | null;
}

function emptyText(event: CalendarEvent, view: TranscriptView): string {
  if (view.error) return view.error;
  if (view.loading) return 'Loading the transcript…';
  if (!view.available)
    return event.eventStatus === 'closed'
      ? 'This call had no live transcript.'
      : 'This call has no live transcript feed. The transcript follows once it is published.';
  if (event.eventStatus === 'upcoming') return 'The live transcript starts when the call does.';
  if (event.eventStatus === 'live') return 'Waiting for the first words…';
  return 'Nothing was transcribed live.';
}

/**
 * SPEC §2 live panel liveTranscript: the call's sentences as they are spoken, by speaker turn, under the part of
 * the call they belong to. It follows the newest sentence while the reader is at the bottom; a reader who
 * scrolled up stays where they are, and a button brings them back.
 */
export function LiveTranscriptPanel({ event, view }: { event: CalendarEvent; view: TranscriptView }) {
  const box = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const [behind, setBehind] = useState(false);
  const count = view.segments.length;
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || count === 0) return;
    if (following.current) element.scrollTop = element.scrollHeight;
    else setBehind(true);
  }, [count]);
  const onScroll = () => {
    const element = box.current;
    if (!element) return;
    following.current = isAtBottom(element);
    if (following.current) setBehind(false);
  };
  const toLatest = () => {
    const element = box.current;
    if (!element) return;
    following.current = true;
    setBehind(false);
    element.scrollTo({ top: element.scrollHeight });
  };
  if (view.gated)
    return (
      <UpgradePrompt
        gate={{ feature: 'transcript', hidden: 1 }}
        note="The call has ended: its transcript is kept for members."
      />
    );
  const turns = speakerTurns(view.segments);
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        ref={box}
        onScroll={onScroll}
        role="log"
        aria-label="Live transcript"
        tabIndex={0}
        data-testid="live-transcript"
        data-segments={count}
        sx={{
          height: { xs: '55vh', md: '60vh' },
          overflowY: 'auto',
          pr: 1,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {turns.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }} data-testid="live-transcript-empty">
            {emptyText(event, view)}
          </Typography>
        ) : (
          turns.map((turn) => (
            <Box key={turn.turn} sx={{ mb: 2 }}>
              {turn.newSection && turn.section !== turn.speaker ? (
                <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block' }}>
                  {turn.section}
                </Typography>
              ) : null}
              <Typography component="p" sx={{ fontWeight: 700 }} data-testid="live-speaker">
                {turn.speaker}
                {turn.role ? (
                  <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>{` · ${turn.role}`}</Box>
                ) : null}
              </Typography>
              <Typography component="p">
                {turn.segments.map((segment, index) => (
                  <span key={segment.seq} data-testid="live-segment" data-seq={segment.seq}>
                    {index > 0 ? ' ' : ''}
                    {segment.text}
                  </span>
                ))}
              </Typography>
            </Box>
          ))
        )}
      </Box>
      {behind ? (
        <Button
          size="small"
          variant="contained"
          startIcon={<ArrowDownwardIcon />}
          onClick={toLatest}
          data-testid="live-transcript-latest"
          sx={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)' }}
        >
          Latest
        </Button>
      ) : null}
    </Box>
  );
}
