import { describe, expect, it } from 'vitest';
import {
  CALL_LIVE_MINUTES,
  COMMUNITY_POST_MAX_CHARS,
  COMMUNITY_POST_MAX_LINES,
  callScript,
  callStatusAt,
  DEMO_REPLAY_EVERY_MS,
  normalisePostText,
  postTextProblem,
  replayChoice,
  replaySlots,
  SENTENCE_PAUSE_MS,
  SPEAKING_WORDS_PER_MINUTE,
  segmentsSaid,
  sentencesOf,
  TURN_PAUSE_MS,
} from './live-calls.ts';

describe(callStatusAt.name, () => {
  const hour = CALL_LIVE_MINUTES * 60_000;
  it('is upcoming before the start, live for its length and closed from its end', () => {
    expect(callStatusAt(1000, hour, 999)).toBe('upcoming');
    expect(callStatusAt(1000, hour, 1000)).toBe('live');
    expect(callStatusAt(1000, hour, 1000 + hour - 1)).toBe('live');
    expect(callStatusAt(1000, hour, 1000 + hour)).toBe('closed');
  });
});

describe(sentencesOf.name, () => {
  it('splits after a full stop, question or exclamation mark before a capital, digit or quote', () => {
    expect(sentencesOf('Thank you. Revenue was $1.25 billion, up 3.5%! Could you say more? "Yes."')).toEqual([
      'Thank you.',
      'Revenue was $1.25 billion, up 3.5%!',
      'Could you say more?',
      '"Yes."',
    ]);
  });

  it('keeps a sentence whole when lower-case follows a full stop', () => {
    expect(sentencesOf('Sales in the U.S. grew. Margins held.')).toEqual(['Sales in the U.S. grew.', 'Margins held.']);
  });
});

describe(callScript.name, () => {
  const sections = [
    { title: 'Operator', paragraphs: [{ speaker: 'Operator', role: null, text: 'Welcome to the call. Go ahead.' }] },
    {
      title: 'Prepared Remarks',
      paragraphs: [
        { speaker: 'CEO', role: 'Acme', text: 'Thank you. We had a good quarter.' },
        { speaker: 'CEO', role: 'Acme', text: 'Demand was strong.' },
        { speaker: 'CFO', role: 'Acme', text: 'Earnings per share were $1.10.' },
      ],
    },
  ];

  it('times each sentence at speaking pace, in order, with speaker turns and pauses', () => {
    const script = callScript(sections);
    expect(script.segments.map((s) => [s.seq, s.speaker, s.turn, s.section, s.text])).toEqual([
      [0, 'Operator', 0, 'Operator', 'Welcome to the call.'],
      [1, 'Operator', 0, 'Operator', 'Go ahead.'],
      [2, 'CEO', 1, 'Prepared Remarks', 'Thank you.'],
      [3, 'CEO', 1, 'Prepared Remarks', 'We had a good quarter.'],
      [4, 'CEO', 1, 'Prepared Remarks', 'Demand was strong.'],
      [5, 'CFO', 2, 'Prepared Remarks', 'Earnings per share were $1.10.'],
    ]);
    const [first, second, third] = script.segments;
    // Four words at 150 a minute: 1.6 s.
    expect(first?.startMs).toBe(0);
    expect(first?.endMs).toBe(Math.round((4 / SPEAKING_WORDS_PER_MINUTE) * 60_000));
    expect(second?.startMs).toBe((first?.endMs ?? 0) + SENTENCE_PAUSE_MS);
    expect(third?.startMs).toBe((second?.endMs ?? 0) + TURN_PAUSE_MS);
    for (let index = 1; index < script.segments.length; index += 1) {
      expect(script.segments[index]?.startMs).toBeGreaterThan(script.segments[index - 1]?.endMs ?? 0);
    }
    expect(script.lengthMs).toBe(script.segments.at(-1)?.endMs);
  });

  it('counts a segment as said once its last word is', () => {
    const script = callScript(sections);
    expect(segmentsSaid(script, 0)).toBe(0);
    expect(segmentsSaid(script, (script.segments[0]?.endMs ?? 0) - 1)).toBe(0);
    expect(segmentsSaid(script, script.segments[0]?.endMs ?? 0)).toBe(1);
    expect(segmentsSaid(script, script.lengthMs)).toBe(script.segments.length);
    expect(segmentsSaid(script, script.lengthMs * 10)).toBe(script.segments.length);
  });
});

describe(replaySlots.name, () => {
  it('lists the slots on the clock between two instants, and each slot replays the next call in turn', () => {
    const every = DEMO_REPLAY_EVERY_MS;
    expect(replaySlots(every * 10 + 1, every * 13)).toEqual([every * 11, every * 12, every * 13]);
    expect(replaySlots(every * 10, every * 10)).toEqual([every * 10]);
    expect(replayChoice(every * 11, 5)).toBe(1);
    expect(replayChoice(every * 12, 5)).toBe(2);
    expect(replayChoice(every * 15, 5)).toBe(0);
    expect(replayChoice(every * 15, 0)).toBe(-1);
  });
});

describe(normalisePostText.name, () => {
  it('keeps markup as typed text and removes what has no visible meaning', () => {
    expect(normalisePostText('  <b>Great</b> call\u202E!\r\n\r\n\r\n\tNext\u0007 line   ')).toBe(
      '<b>Great</b> call!\n\n Next line',
    );
    expect(normalisePostText('e\u0301')).toBe('é');
    expect(normalisePostText('👍🏽 family: 👨‍👩‍👧')).toBe('👍🏽 family: 👨‍👩‍👧');
  });

  it('names what is wrong: empty, too long, too many lines', () => {
    expect(postTextProblem(normalisePostText(' \n\t '))).toBe('must not be empty');
    expect(postTextProblem('x'.repeat(COMMUNITY_POST_MAX_CHARS))).toBeNull();
    // Characters are code points: an emoji is one.
    expect(postTextProblem('😀'.repeat(COMMUNITY_POST_MAX_CHARS))).toBeNull();
    expect(postTextProblem('x'.repeat(COMMUNITY_POST_MAX_CHARS + 1))).toMatch(/at most 1000 characters/);
    expect(
      postTextProblem(
        Array(COMMUNITY_POST_MAX_LINES + 1)
          .fill('a')
          .join('\n'),
      ),
    ).toMatch(/at most 20 lines/);
  });
});
