/**
 * The live call page's rules (pure TypeScript): a live transcript's segments merged from the page's read and the
 * socket (by `seq`, each once, in order) and grouped into speaker turns; an event's comments kept newest first
 * with the socket's created / updated / deleted applied once each; what a reader may do with a comment; and what
 * the page says about a call's audio.
 */
import type { CalendarEvent, CommunityPost, LiveTranscriptSegment } from '@eh/contracts';

// ---- the live transcript ---------------------------------------------------------------------------------------

/** `held` with `incoming` added: each seq once (the newer copy), in order. Returns `held` when nothing is new. */
export function mergeSegments(
  held: readonly LiveTranscriptSegment[],
  incoming: readonly LiveTranscriptSegment[],
): readonly LiveTranscriptSegment[] {
  if (incoming.length === 0) return held;
  const last = held.at(-1)?.seq ?? -1;
  // The usual case: the next segments, in order.
  if (incoming.every((segment, index) => segment.seq === last + 1 + index)) return [...held, ...incoming];
  const bySeq = new Map(held.map((segment) => [segment.seq, segment]));
  let changed = false;
  for (const segment of incoming) {
    if (!bySeq.has(segment.seq)) changed = true;
    bySeq.set(segment.seq, segment);
  }
  if (!changed) return held;
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

export interface SpeakerTurn {
  turn: number;
  speaker: string;
  role: string | null;
  section: string | null;
  /** The section changes here (a heading goes before the turn). */
  newSection: boolean;
  segments: LiveTranscriptSegment[];
}

/** Consecutive segments of one turn together, each turn marked where its section begins. */
export function speakerTurns(segments: readonly LiveTranscriptSegment[]): SpeakerTurn[] {
  const turns: SpeakerTurn[] = [];
  for (const segment of segments) {
    const current = turns.at(-1);
    if (current && current.turn === segment.turn) {
      current.segments.push(segment);
      continue;
    }
    turns.push({
      turn: segment.turn,
      speaker: segment.speaker,
      role: segment.role,
      section: segment.section,
      newSection: segment.section !== null && segment.section !== (current?.section ?? null),
      segments: [segment],
    });
  }
  return turns;
}

/** Within this many pixels of the bottom, the reader is following along: new segments scroll into view. */
export const FOLLOW_SLACK_PX = 48;

export function isAtBottom(box: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= FOLLOW_SLACK_PX;
}

// ---- comments --------------------------------------------------------------------------------------------------

export interface CommentsState {
  /** Newest first. */
  posts: CommunityPost[];
  /** The key of the next older page; null when every post is in. */
  lastKey: string | null;
  /** Posts deleted while this page was open (a late copy of them is not shown again). */
  deleted: ReadonlySet<string>;
}

export const emptyComments: CommentsState = { posts: [], lastKey: null, deleted: new Set() };

const newestFirst = (a: CommunityPost, b: CommunityPost) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

export type CommentsChange =
  | { type: 'page'; posts: readonly CommunityPost[]; lastKey: string | null }
  | { type: 'created' | 'updated'; post: CommunityPost }
  | { type: 'deleted'; id: string };

/** Applies a page, or one change from the socket or the reader's own action; each change counts once. */
export function applyComments(state: CommentsState, change: CommentsChange): CommentsState {
  switch (change.type) {
    case 'page': {
      // Posts that arrived over the socket before the page are kept; the page's copies count once.
      const known = new Map(state.posts.map((post) => [post.id, post]));
      for (const post of change.posts)
        if (!state.deleted.has(post.id)) known.set(post.id, newer(known.get(post.id), post));
      return { ...state, posts: [...known.values()].sort(newestFirst), lastKey: change.lastKey };
    }
    case 'created':
    case 'updated': {
      if (state.deleted.has(change.post.id)) return state;
      const index = state.posts.findIndex((post) => post.id === change.post.id);
      if (index < 0) return { ...state, posts: [...state.posts, change.post].sort(newestFirst) };
      const held = state.posts[index] as CommunityPost;
      const kept = newer(held, change.post);
      if (kept === held) return state;
      const posts = [...state.posts];
      posts[index] = kept;
      return { ...state, posts };
    }
    case 'deleted': {
      const deleted = new Set(state.deleted).add(change.id);
      return { ...state, deleted, posts: state.posts.filter((post) => post.id !== change.id) };
    }
  }
}

/** Of two copies of a post, the later edit. */
function newer(held: CommunityPost | undefined, incoming: CommunityPost): CommunityPost {
  if (!held) return incoming;
  return (incoming.updatedAt ?? '') >= (held.updatedAt ?? '') ? incoming : held;
}

export interface Viewer {
  userId: string | null;
  superAdmin: boolean;
}

/** What the reader may do with a post: the author edits and deletes, a super admin deletes. */
export function commentActions(
  post: Pick<CommunityPost, 'userId'>,
  viewer: Viewer,
): { edit: boolean; remove: boolean } {
  const own = viewer.userId !== null && post.userId === viewer.userId;
  return { edit: own, remove: own || viewer.superAdmin };
}

// ---- audio -----------------------------------------------------------------------------------------------------

export type AudioState =
  | { kind: 'playable'; url: string; live: boolean }
  | { kind: 'gated' }
  | { kind: 'demoReplay' }
  | { kind: 'none'; message: string };

/** What the call page offers to listen to, in words that are true. */
export function audioOf(event: Pick<CalendarEvent, 'eventStatus' | 'audioUrl' | 'gated' | 'details'>): AudioState {
  if (event.audioUrl) return { kind: 'playable', url: event.audioUrl, live: event.eventStatus === 'live' };
  if (event.gated?.feature === 'historicalAudio') return { kind: 'gated' };
  if (event.details.replay === true) return { kind: 'demoReplay' };
  if (event.eventStatus === 'upcoming')
    return { kind: 'none', message: 'The call has not started. No audio stream has been announced for it.' };
  if (event.eventStatus === 'live') return { kind: 'none', message: 'No audio stream is available for this call.' };
  return { kind: 'none', message: 'No recording is available for this call.' };
}

/** Whether a URL is an HLS playlist (the player then needs HLS support: native, or hls.js). */
export function isHls(url: string): boolean {
  try {
    return /\.m3u8$/i.test(new URL(url, 'https://x.invalid').pathname);
  } catch {
    return false;
  }
}

/** Whether the call streams its transcript live. */
export const hasLiveTranscript = (event: Pick<CalendarEvent, 'eventType' | 'details'>) =>
  event.eventType === 'call' &&
  typeof event.details.liveTranscript === 'object' &&
  event.details.liveTranscript !== null;
