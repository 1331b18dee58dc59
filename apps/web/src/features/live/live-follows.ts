/**
 * What the screens on show follow over the live socket, counted: components say what they show through
 * `useLiveQuotes` / `useLiveTargets`, an item is subscribed when its first follower arrives and unsubscribed when
 * its last one leaves (the client batches both, 500 ms, so a page swapping one component for another sends
 * nothing), and everything followed is subscribed again on every open. Small and free of socket code: pages
 * import it, while the client itself loads after the first paint (live-start.ts) and attaches here.
 */
import type { LiveTargetItems } from '@eh/contracts';
import { LIVE_QUOTE_TARGETS, LIVE_TARGETS, type LiveTarget, type MarketAssetType, targetCount } from '@eh/domain';
import { useEffect, useRef } from 'react';
import { useAppSelectorInTransition } from '../../shared/hooks.ts';
import type { LiveStatus } from './live-client.ts';
import type { LiveState } from './live-slice.ts';

/** What the registry needs of the client. */
export interface LiveSubscriber {
  readonly status: LiveStatus;
  subscribe(targets: LiveTargetItems): unknown;
  unsubscribe(targets: LiveTargetItems): unknown;
  onOpen(listener: () => void): () => void;
}

type Item = string | number;

/** Followers of each item, by target then item key (symbols upper-case). */
const counts = new Map<LiveTarget, Map<string, { item: Item; count: number }>>();
let client: LiveSubscriber | null = null;
let detach: (() => void) | null = null;

/** Items as the server compares them: symbols in any case, the rest as given. */
const keyOf = (target: LiveTarget, item: Item) =>
  typeof item === 'number'
    ? `#${item}`
    : target in LIVE_QUOTE_TARGETS || target === 'newsSymbols'
      ? item.toUpperCase()
      : item;

function targetsOf(entries: [LiveTarget, Item][]): LiveTargetItems {
  const targets: Record<string, Item[]> = {};
  for (const [target, item] of entries) {
    const items = targets[target] ?? [];
    items.push(item);
    targets[target] = items;
  }
  return targets as LiveTargetItems;
}

function entriesOf(targets: LiveTargetItems): [LiveTarget, Item][] {
  return LIVE_TARGETS.flatMap((target) =>
    ((targets[target] ?? []) as Item[]).map((item): [LiveTarget, Item] => [target, item]),
  );
}

/** Everything followed now. */
export function followedTargets(): LiveTargetItems {
  const entries: [LiveTarget, Item][] = [];
  for (const [target, items] of counts) for (const { item } of items.values()) entries.push([target, item]);
  return targetsOf(entries);
}

/** Follows `targets`; the returned function lets go of them (once). */
export function follow(targets: LiveTargetItems): () => void {
  const added: [LiveTarget, Item][] = [];
  const held = entriesOf(targets);
  for (const [target, item] of held) {
    const items = counts.get(target) ?? new Map<string, { item: Item; count: number }>();
    counts.set(target, items);
    const entry = items.get(keyOf(target, item));
    if (entry) entry.count += 1;
    else {
      items.set(keyOf(target, item), { item, count: 1 });
      added.push([target, item]);
    }
  }
  // Without an open socket this fails, and the open's resubscription brings the items along.
  if (added.length > 0 && client?.status === 'open') client.subscribe(targetsOf(added));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const removed: [LiveTarget, Item][] = [];
    for (const [target, item] of held) {
      const items = counts.get(target);
      const entry = items?.get(keyOf(target, item));
      if (!items || !entry) continue;
      entry.count -= 1;
      if (entry.count === 0) {
        items.delete(keyOf(target, item));
        removed.push([target, item]);
      }
    }
    if (removed.length > 0) client?.unsubscribe(targetsOf(removed));
  };
}

/** The client joins: what is followed goes with each open (the first included). */
export function attachLiveClient(next: LiveSubscriber | null) {
  detach?.();
  client = next;
  if (!next) {
    detach = null;
    return;
  }
  const all = () => {
    const targets = followedTargets();
    if (targetCount(targets) > 0) next.subscribe(targets);
  };
  detach = next.onOpen(all);
  if (next.status === 'open') all();
}

/** An asset whose quote a component shows. */
export interface LiveAsset {
  type: MarketAssetType;
  symbol: string;
}

/** The targets of assets' quotes (indexes have no quote target and are left out). */
export function quoteTargets(assets: readonly LiveAsset[]): LiveTargetItems {
  const entries: [LiveTarget, Item][] = [];
  for (const target of Object.keys(LIVE_QUOTE_TARGETS) as (keyof typeof LIVE_QUOTE_TARGETS)[])
    for (const asset of assets) if (asset.type === LIVE_QUOTE_TARGETS[target]) entries.push([target, asset.symbol]);
  return targetsOf(entries);
}

/** Follows `targets` while the component is mounted (and while they stay the same). */
export function useLiveTargets(targets: LiveTargetItems | null | undefined) {
  const entries = targets ? entriesOf(targets) : [];
  const key = entries
    .map(([target, item]) => `${target}:${keyOf(target, item)}`)
    .sort()
    .join('\n');
  const latest = useRef(targets);
  latest.current = targets;
  useEffect(() => {
    const current = latest.current;
    if (!key || !current) return;
    return follow(current);
  }, [key]);
}

/** Streams the quotes of `assets` into the cache while the component is mounted. */
export function useLiveQuotes(assets: readonly LiveAsset[] | null | undefined) {
  useLiveTargets(assets ? quoteTargets(assets) : null);
}

/** The socket's status; idle until it has started (after the first paint). */
export const selectLive = (state: unknown): Pick<LiveState, 'status' | 'paused'> =>
  (state as { live?: LiveState }).live ?? IDLE;
const IDLE: Pick<LiveState, 'status' | 'paused'> = { status: 'idle', paused: false };

export function useLiveStatus(): LiveStatus {
  return useAppSelectorInTransition((state) => selectLive(state).status);
}
