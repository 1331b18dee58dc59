import type { CommunityPost, LiveTranscriptSegment } from '@eh/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyComments,
  audioOf,
  commentActions,
  emptyComments,
  isAtBottom,
  isHls,
  mergeSegments,
  speakerTurns,
} from './live-calls-model.ts';

const segment = (seq: number, turn: number, speaker: string, section = 'Prepared Remarks'): LiveTranscriptSegment => ({
  seq,
  speaker,
  role: null,
  section,
  turn,
  text: `sentence ${seq}`,
  spokenAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
});

const post = (id: string, createdAt: string, extra: Partial<CommunityPost> = {}): CommunityPost => ({
  id,
  eventId: 1,
  content: id,
  userId: 'u1',
  userName: null,
  createdAt,
  updatedAt: null,
  ...extra,
});

describe(mergeSegments.name, () => {
  it('appends the next segments, and merges overlapping or out-of-order ones by seq, each once', () => {
    const held = [segment(0, 0, 'Operator'), segment(1, 0, 'Operator')];
    expect(mergeSegments(held, [segment(2, 1, 'CEO')]).map((s) => s.seq)).toEqual([0, 1, 2]);
    expect(mergeSegments(held, [segment(1, 0, 'Operator'), segment(3, 1, 'CEO')]).map((s) => s.seq)).toEqual([0, 1, 3]);
    expect(mergeSegments(held, [segment(0, 0, 'Operator')])).toBe(held);
    expect(mergeSegments(held, [])).toBe(held);
  });
});

describe(speakerTurns.name, () => {
  it('groups consecutive segments of a turn and marks where a section begins', () => {
    const turns = speakerTurns([
      segment(0, 0, 'Operator', 'Operator'),
      segment(1, 0, 'Operator', 'Operator'),
      segment(2, 1, 'CEO'),
      segment(3, 2, 'CFO'),
      segment(4, 3, 'Operator', 'Q&A'),
    ]);
    expect(turns.map((t) => [t.speaker, t.segments.length, t.newSection])).toEqual([
      ['Operator', 2, true],
      ['CEO', 1, true],
      ['CFO', 1, false],
      ['Operator', 1, true],
    ]);
  });
});

describe(isAtBottom.name, () => {
  it('counts a reader within a few lines of the end as following along', () => {
    expect(isAtBottom({ scrollTop: 560, scrollHeight: 1000, clientHeight: 400 })).toBe(true);
    expect(isAtBottom({ scrollTop: 400, scrollHeight: 1000, clientHeight: 400 })).toBe(false);
  });
});

describe(applyComments.name, () => {
  it('keeps posts newest first, each once, with the later edit, and never brings a deleted one back', () => {
    let state = applyComments(emptyComments, {
      type: 'page',
      posts: [post('b', '2026-01-01T00:00:02.000Z'), post('a', '2026-01-01T00:00:01.000Z')],
      lastKey: 'k1',
    });
    expect(state.posts.map((p) => p.id)).toEqual(['b', 'a']);
    expect(state.lastKey).toBe('k1');
    state = applyComments(state, { type: 'created', post: post('c', '2026-01-01T00:00:03.000Z') });
    state = applyComments(state, { type: 'created', post: post('c', '2026-01-01T00:00:03.000Z') });
    expect(state.posts.map((p) => p.id)).toEqual(['c', 'b', 'a']);
    const edited = post('b', '2026-01-01T00:00:02.000Z', { content: 'edited', updatedAt: '2026-01-01T00:01:00.000Z' });
    state = applyComments(state, { type: 'updated', post: edited });
    // An older copy arriving late does not undo the edit.
    state = applyComments(state, { type: 'updated', post: post('b', '2026-01-01T00:00:02.000Z') });
    expect(state.posts[1]?.content).toBe('edited');
    state = applyComments(state, { type: 'deleted', id: 'a' });
    state = applyComments(state, { type: 'page', posts: [post('a', '2026-01-01T00:00:01.000Z')], lastKey: null });
    state = applyComments(state, { type: 'created', post: post('a', '2026-01-01T00:00:01.000Z') });
    expect(state.posts.map((p) => p.id)).toEqual(['c', 'b']);
    expect(state.lastKey).toBeNull();
  });
});

describe(commentActions.name, () => {
  it('lets the author edit and delete, a super admin delete, and a visitor nothing', () => {
    expect(commentActions({ userId: 'u1' }, { userId: 'u1', superAdmin: false })).toEqual({ edit: true, remove: true });
    expect(commentActions({ userId: 'u1' }, { userId: 'u2', superAdmin: true })).toEqual({ edit: false, remove: true });
    expect(commentActions({ userId: 'u1' }, { userId: 'u2', superAdmin: false })).toEqual({
      edit: false,
      remove: false,
    });
    expect(commentActions({ userId: null }, { userId: null, superAdmin: false })).toEqual({
      edit: false,
      remove: false,
    });
  });
});

describe(audioOf.name, () => {
  const base = { eventStatus: 'live' as const, audioUrl: null, gated: null, details: {} };
  it('says what can be heard, honestly', () => {
    expect(audioOf({ ...base, audioUrl: 'https://x.test/a.m3u8' })).toEqual({
      kind: 'playable',
      url: 'https://x.test/a.m3u8',
      live: true,
    });
    expect(audioOf({ ...base, eventStatus: 'closed', gated: { feature: 'historicalAudio', hidden: 1 } })).toEqual({
      kind: 'gated',
    });
    expect(audioOf({ ...base, details: { replay: true } })).toEqual({ kind: 'demoReplay' });
    expect(audioOf({ ...base, eventStatus: 'closed' })).toMatchObject({ kind: 'none' });
  });

  it('knows an HLS playlist by its path', () => {
    expect(isHls('https://cdn.test/live/master.m3u8?token=1')).toBe(true);
    expect(isHls('https://cdn.test/call.mp3')).toBe(false);
  });
});
