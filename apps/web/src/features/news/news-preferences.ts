/**
 * The news content types and news tag a reader chose (SPEC §3 client preferences: content types, by default
 * earnings results and call summaries; the tag top_stories), shared live between the feed, the news page and the
 * news settings modal.
 */
import { CONTENT_TYPES, type ContentType } from '@eh/domain';
import { useSyncExternalStore } from 'react';
import { preferences } from '../../shared/preferences.ts';

const listeners = new Set<() => void>();
let types: readonly ContentType[] = preferences.get('newsContentTypes');
let tag: string = preferences.get('newsTag');

function notify() {
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setNewsContentTypes(next: readonly ContentType[]) {
  // In the SPEC's order, so requests and checkboxes agree.
  types = CONTENT_TYPES.filter((type) => next.includes(type));
  preferences.set('newsContentTypes', [...types]);
  notify();
}

export function setNewsTag(next: string) {
  tag = next;
  preferences.set('newsTag', next);
  notify();
}

export function useNewsContentTypes(): readonly ContentType[] {
  return useSyncExternalStore(subscribe, () => types);
}

export function useNewsTag(): string {
  return useSyncExternalStore(subscribe, () => tag);
}

/** Tags the news settings offer (SPEC §3: default top_stories). */
export const NEWS_TAGS = [
  { key: 'top_stories', label: 'Top stories' },
  { key: 'earnings', label: 'Earnings' },
  { key: 'markets', label: 'Markets' },
] as const;
