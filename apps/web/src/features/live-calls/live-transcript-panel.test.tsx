import type { LiveTranscriptSegment } from '@eh/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callEvent } from '../calls/call-fixture.ts';
import { FOLLOW_SLACK_PX } from './live-calls-model.ts';
import { LiveTranscriptPanel, type TranscriptView } from './live-transcript-panel.tsx';

/** A call on air whose transcript streams. */
const LIVE = callEvent({ id: 41, eventStatus: 'live', periodYear: null, period: null });

/** The sentences spoken so far: three to a turn, the operator's turn first, then the executives' in turn. */
function spoken(count: number): LiveTranscriptSegment[] {
  const speakers = ['Operator', 'Chief Executive Officer', 'Chief Financial Officer'];
  return Array.from({ length: count }, (_, seq) => {
    const turn = Math.floor(seq / 3);
    const speaker = speakers[turn % speakers.length] ?? 'Operator';
    return {
      seq,
      speaker,
      role: speaker === 'Operator' ? null : 'Walmart Inc.',
      section: speaker === 'Operator' ? 'Operator' : 'Prepared Remarks',
      turn,
      text: `Sentence ${seq}.`,
      spokenAt: new Date(Date.UTC(2026, 10, 19, 13, 30, seq)).toISOString(),
    };
  });
}

const view = (count: number): TranscriptView => ({
  segments: spoken(count),
  available: true,
  gated: false,
  loading: false,
  error: null,
});

const LINE_PX = 40;
const BOX_PX = 200;

/**
 * happy-dom lays nothing out: the transcript's box is given a layout of its own, a line of LINE_PX per sentence
 * in a box BOX_PX high, scrolled as a browser scrolls it (never past either end).
 */
function layOut(box: HTMLElement) {
  let top = 0;
  const height = () => Math.max(BOX_PX, box.querySelectorAll('[data-testid="live-segment"]').length * LINE_PX);
  const clamp = (value: number) => Math.min(Math.max(0, value), height() - BOX_PX);
  Object.defineProperties(box, {
    scrollHeight: { configurable: true, get: height },
    clientHeight: { configurable: true, get: () => BOX_PX },
    scrollTop: {
      configurable: true,
      get: () => top,
      set: (value: number) => {
        top = clamp(value);
      },
    },
    scrollTo: {
      configurable: true,
      value: ({ top: to }: { top: number }) => {
        top = clamp(to);
      },
    },
  });
  return { bottom: () => height() - BOX_PX };
}

const latest = () => screen.queryByRole('button', { name: 'Latest' });

describe('the live transcript', () => {
  it('follows the newest sentence, holds a reader who scrolled back where they are, and Latest brings them back', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<LiveTranscriptPanel event={LIVE} view={view(0)} />);
    const box = screen.getByRole('log', { name: 'Live transcript' });
    expect(screen.getByTestId('live-transcript-empty').textContent).toBe('Waiting for the first words…');
    const { bottom } = layOut(box);

    // What was said so far lands: the box shows its end.
    rerender(<LiveTranscriptPanel event={LIVE} view={view(10)} />);
    expect(box.dataset.segments).toBe('10');
    expect(bottom()).toBe(10 * LINE_PX - BOX_PX);
    expect(box.scrollTop).toBe(bottom());
    // A new sentence: still at the end.
    rerender(<LiveTranscriptPanel event={LIVE} view={view(12)} />);
    expect(box.scrollTop).toBe(12 * LINE_PX - BOX_PX);
    expect(latest()).toBeNull();

    // The reader scrolls back to the start: sentences arrive, the reader stays, and is offered the latest.
    box.scrollTop = 0;
    fireEvent.scroll(box);
    rerender(<LiveTranscriptPanel event={LIVE} view={view(14)} />);
    expect(box.dataset.segments).toBe('14');
    expect(box.scrollTop).toBe(0);
    rerender(<LiveTranscriptPanel event={LIVE} view={view(15)} />);
    expect(box.scrollTop).toBe(0);
    const button = latest();
    if (!button) throw new Error('no Latest button for a reader who scrolled back');

    // Latest: at the end again, the button gone, and the next sentence followed by itself.
    await user.click(button);
    expect(box.scrollTop).toBe(15 * LINE_PX - BOX_PX);
    expect(latest()).toBeNull();
    rerender(<LiveTranscriptPanel event={LIVE} view={view(16)} />);
    expect(box.scrollTop).toBe(16 * LINE_PX - BOX_PX);

    // Scrolled back again, then down by hand to within a few lines of the end: following again, the offer gone.
    box.scrollTop = LINE_PX;
    fireEvent.scroll(box);
    rerender(<LiveTranscriptPanel event={LIVE} view={view(17)} />);
    expect(box.scrollTop).toBe(LINE_PX);
    expect(latest()).not.toBeNull();
    box.scrollTop = bottom() - FOLLOW_SLACK_PX;
    fireEvent.scroll(box);
    expect(latest()).toBeNull();
    rerender(<LiveTranscriptPanel event={LIVE} view={view(18)} />);
    expect(box.scrollTop).toBe(18 * LINE_PX - BOX_PX);
  });
});
