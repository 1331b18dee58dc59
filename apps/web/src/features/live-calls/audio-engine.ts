/**
 * The app's one audio player (SPEC §3 sticky audio): a single audio element for the whole visit, so a call keeps
 * playing while the reader moves between pages. Plays any MP3 (or other format the browser plays) and any HLS
 * stream: natively where the browser can (Safari, iOS, Android), through hls.js elsewhere, loaded only then.
 * The call page's player and the sticky bar both show and steer it (useSyncExternalStore).
 */
import { useSyncExternalStore } from 'react';
import { isHls } from './live-calls-model.ts';

export interface AudioTrack {
  url: string;
  /** What is playing, as the player names it. */
  title: string;
  eventId: number;
  /** The call's page (the sticky bar leads back to it). */
  path: string | null;
  /** A live stream: no seeking, a Live mark instead of a duration. */
  live: boolean;
}

export type AudioStatus = 'idle' | 'loading' | 'playing' | 'paused' | 'error';

export interface AudioSnapshot {
  track: AudioTrack | null;
  status: AudioStatus;
  error: string | null;
  currentTime: number;
  duration: number;
}

const IDLE: AudioSnapshot = { track: null, status: 'idle', error: null, currentTime: 0, duration: 0 };

let snapshot: AudioSnapshot = IDLE;
const listeners = new Set<() => void>();
let element: HTMLAudioElement | null = null;
let hls: { destroy(): void } | null = null;
/** Bumped per load: a slow hls.js import of an older track is dropped. */
let loads = 0;

function set(patch: Partial<AudioSnapshot>) {
  snapshot = { ...snapshot, ...patch };
  for (const listener of listeners) listener();
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

function audio(): HTMLAudioElement {
  if (element) return element;
  const created = new Audio();
  created.preload = 'none';
  created.addEventListener('playing', () => set({ status: 'playing', error: null }));
  created.addEventListener('pause', () => {
    if (snapshot.status !== 'error') set({ status: 'paused' });
  });
  created.addEventListener('waiting', () => set({ status: 'loading' }));
  created.addEventListener('timeupdate', () => set({ currentTime: created.currentTime }));
  created.addEventListener('durationchange', () =>
    set({ duration: Number.isFinite(created.duration) ? created.duration : 0 }),
  );
  created.addEventListener('ended', () => set({ status: 'paused' }));
  created.addEventListener('error', () =>
    fail('The audio could not be played: the stream is unreachable or in a format this browser does not play.'),
  );
  element = created;
  return created;
}

function fail(message: string) {
  set({ status: 'error', error: message });
}

function unload() {
  hls?.destroy();
  hls = null;
  if (element) {
    element.pause();
    element.removeAttribute('src');
    element.load();
  }
}

/** Plays `track` (the same one again resumes it). */
export async function play(track: AudioTrack): Promise<void> {
  const player = audio();
  if (snapshot.track?.url === track.url && snapshot.status !== 'error') {
    set({ track });
    await player.play().catch((error: unknown) => fail(reason(error)));
    return;
  }
  unload();
  const load = ++loads;
  set({ track, status: 'loading', error: null, currentTime: 0, duration: 0 });
  if (isHls(track.url) && player.canPlayType(HLS_TYPE) === '') {
    const { default: Hls } = await import('hls.js/light');
    if (load !== loads) return;
    if (!Hls.isSupported()) {
      fail('This browser cannot play HLS streams.');
      return;
    }
    const stream = new Hls();
    stream.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) fail(`The stream could not be played (${data.details}).`);
    });
    stream.loadSource(track.url);
    stream.attachMedia(player);
    hls = stream;
  } else {
    player.src = track.url;
  }
  await player.play().catch((error: unknown) => {
    if (load === loads) fail(reason(error));
  });
}

function reason(error: unknown): string {
  if (error instanceof DOMException && error.name === 'NotAllowedError')
    return 'The browser blocked playback: press play again.';
  if (error instanceof DOMException && error.name === 'AbortError') return 'Playback was interrupted.';
  return 'The audio could not be played: the stream is unreachable or in a format this browser does not play.';
}

export function pause() {
  element?.pause();
}

/** Stops and forgets the track (the sticky bar closes). */
export function stop() {
  loads += 1;
  unload();
  set(IDLE);
}

export function seek(seconds: number) {
  if (element && !snapshot.track?.live) element.currentTime = Math.max(0, seconds);
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getSnapshot = (): AudioSnapshot => snapshot;

export function useAudio(): AudioSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, () => IDLE);
}
